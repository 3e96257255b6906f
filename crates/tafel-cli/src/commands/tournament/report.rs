//! What the tournament tells: a line per finished game, the live table on the terminal, and
//! at the end the standings, each pairing's statistics as fastchess prints them, and the
//! SPRT's decision.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use indicatif::{ProgressBar, ProgressStyle};
use tafel_core::{DynGame, Player};
use tafel_tournament::elo::EloInterval;
use tafel_tournament::pentanomial::{GameScore, Pentanomial};
use tafel_tournament::sprt::{Hypothesis, Sprt};

use super::clock::TimeControl;
use super::referee::Played;
use super::schedule::Schedule;
use super::spec::EngineSpec;

/// One engine's games so far.
#[derive(Default)]
struct Standing {
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    /// Faults by their label (crash, hang, illegal, ...).
    faults: BTreeMap<&'static str, u64>,
}

/// The tournament's results as they come in.
pub struct Report<'a> {
    game: &'a dyn DynGame,
    engines: &'a [EngineSpec],
    schedule: &'a Schedule,
    tc: TimeControl,
    sprt: Option<Sprt>,
    /// What the first seat scored in each finished game.
    first_seat: Vec<Option<GameScore>>,
    standings: Vec<Standing>,
    /// Each pairing's complete pairs, from the lower-numbered engine's side.
    pairings: BTreeMap<(usize, usize), Pentanomial>,
    decision: Option<Hypothesis>,
    finished: usize,
    progress: ProgressBar,
}

impl<'a> Report<'a> {
    /// A report with nothing played yet; the live table shows on standard error when it is
    /// a terminal.
    pub fn new(
        game: &'a dyn DynGame,
        engines: &'a [EngineSpec],
        schedule: &'a Schedule,
        tc: TimeControl,
        sprt: Option<Sprt>,
    ) -> Report<'a> {
        let progress = ProgressBar::new(schedule.games() as u64).with_style(
            ProgressStyle::with_template("{msg}\n{bar:40} {pos}/{len} games, {elapsed} elapsed")
                .expect("a valid template"),
        );
        Report {
            game,
            engines,
            schedule,
            tc,
            sprt,
            first_seat: vec![None; schedule.games()],
            standings: engines.iter().map(|_| Standing::default()).collect(),
            pairings: BTreeMap::new(),
            decision: None,
            finished: 0,
            progress,
        }
    }

    /// The first lines: what is played.
    pub fn print_header(&self, seed: u64, gauntlet: bool, concurrency: usize) {
        let names: Vec<&str> = self.engines.iter().map(|e| e.name.as_str()).collect();
        say(format_args!(
            "{}: {} between {} ({} games in pairs), tc {}, concurrency {concurrency}, seed {seed}",
            self.game.info().name,
            if gauntlet { "gauntlet" } else { "round robin" },
            names.join(", "),
            self.schedule.games(),
            self.tc,
        ));
    }

    /// Counts a finished game and prints its line; returns whether the SPRT has just been
    /// decided (the tournament then stops).
    pub fn record(&mut self, index: usize, played: &Played) -> bool {
        let seats = self.schedule.seats(index);
        let scores = [played.first_seat, played.first_seat.reversed()];
        for (seat, &engine) in seats.iter().enumerate() {
            let standing = &mut self.standings[engine];
            standing.games += 1;
            match scores[seat] {
                GameScore::Win => standing.wins += 1,
                GameScore::Draw => standing.draws += 1,
                GameScore::Loss => standing.losses += 1,
            }
        }
        if let Some((seat, fault)) = &played.fault {
            *self.standings[seats[*seat]]
                .faults
                .entry(fault.label())
                .or_default() += 1;
        }
        self.first_seat[index] = Some(played.first_seat);
        self.finished += 1;
        let line = self.game_line(index, played);
        self.progress.suspend(|| say(format_args!("{line}")));
        let decided = self.count_pair(index / 2);
        self.progress.set_message(self.table());
        self.progress.inc(1);
        decided
    }

    /// `game 3/40 (round 1): A (White) vs B (Black): Black wins (...), 31 plies`.
    fn game_line(&self, index: usize, played: &Played) -> String {
        let seats = self.schedule.seats(index);
        let mut line = format!(
            "game {}/{} (round {}): {} ({}) vs {} ({}): {}, {} plies",
            index + 1,
            self.schedule.games(),
            self.schedule.cycle(index),
            self.engines[seats[0]].name,
            self.game.player_name(Player(0)),
            self.engines[seats[1]].name,
            self.game.player_name(Player(1)),
            played.result,
            played.moves.len()
        );
        if let Some((seat, fault)) = &played.fault {
            let _ = write!(line, "; {} {fault}", self.engines[seats[*seat]].name);
        }
        line
    }

    /// Adds pair `pair` to its pairing's counts once both its games are in; returns whether
    /// the SPRT is decided by it.
    fn count_pair(&mut self, pair: usize) -> bool {
        let (Some(first), Some(second)) =
            (self.first_seat[2 * pair], self.first_seat[2 * pair + 1])
        else {
            return false;
        };
        let plan = self.schedule.pair(2 * pair);
        // The pair's first engine sat first in game one and second in game two.
        let (a, b) = (first, second.reversed());
        let (key, (a, b)) = if plan.first < plan.second {
            ((plan.first, plan.second), (a, b))
        } else {
            ((plan.second, plan.first), (a.reversed(), b.reversed()))
        };
        self.pairings.entry(key).or_default().add_pair(a, b);
        let Some(sprt) = self.sprt else {
            return false;
        };
        if self.decision.is_some() {
            return false;
        }
        let llr = sprt.llr(&self.pairing(0, 1));
        self.decision = sprt.decision(llr);
        self.decision.is_some()
    }

    /// Engine `a`'s pairs against engine `b`, from `a`'s side.
    fn pairing(&self, a: usize, b: usize) -> Pentanomial {
        let table = self
            .pairings
            .get(&(a.min(b), a.max(b)))
            .copied()
            .unwrap_or_default();
        if a < b {
            table
        } else {
            table.reversed()
        }
    }

    /// Engine `e`'s pairs against everyone, from its side.
    fn against_field(&self, e: usize) -> Pentanomial {
        let mut total = Pentanomial::default();
        for other in (0..self.engines.len()).filter(|&o| o != e) {
            total.add(&self.pairing(e, other));
        }
        total
    }

    /// The standings, best score first.
    fn table(&self) -> String {
        let mut order: Vec<usize> = (0..self.engines.len()).collect();
        let points = |e: usize| {
            let s = &self.standings[e];
            s.wins as f64 + s.draws as f64 / 2.0
        };
        order.sort_by(|&a, &b| points(b).total_cmp(&points(a)).then(a.cmp(&b)));
        let width = self
            .engines
            .iter()
            .map(|e| e.name.len())
            .max()
            .unwrap_or(6)
            .max(6);
        let mut out = format!(
            "{:>3}  {:<width$}  {:>6} {:>6} {:>6} {:>6} {:>8} {:>7}  {:<22} {:<22}  faults\n",
            "#",
            "engine",
            "games",
            "wins",
            "draws",
            "losses",
            "points",
            "score",
            "Elo vs field (pairs)",
            "Ptnml(0-2)"
        );
        for (rank, &e) in order.iter().enumerate() {
            let s = &self.standings[e];
            let score = if s.games > 0 {
                format!("{:.1}%", 100.0 * points(e) / s.games as f64)
            } else {
                "-".to_string()
            };
            let field = self.against_field(e);
            let elo = field
                .elo()
                .map(elo_with_error)
                .unwrap_or_else(|| "-".into());
            let ptnml = format!("{:?}", field.by_points());
            let faults = if s.faults.is_empty() {
                "-".to_string()
            } else {
                s.faults
                    .iter()
                    .map(|(label, n)| format!("{label} {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let _ = writeln!(
                out,
                "{:>3}  {:<width$}  {:>6} {:>6} {:>6} {:>6} {:>8.1} {:>7}  {:<22} {:<22}  {faults}",
                rank + 1,
                self.engines[e].name,
                s.games,
                s.wins,
                s.draws,
                s.losses,
                points(e),
                score,
                elo,
                ptnml,
            );
        }
        out.trim_end().to_string()
    }

    /// The final report: the standings, every pairing's statistics, the SPRT.
    pub fn finish(&self) {
        self.progress.finish_and_clear();
        let unplayed = self.schedule.games() - self.finished;
        say(format_args!(""));
        match self.decision {
            Some(hypothesis) => say(format_args!(
                "SPRT decided ({}): {} games played, {unplayed} not",
                match hypothesis {
                    Hypothesis::H0 => "H0 accepted",
                    Hypothesis::H1 => "H1 accepted",
                },
                self.finished
            )),
            None => say(format_args!("{} games played", self.finished)),
        }
        say(format_args!("{}", self.table()));
        for a in 0..self.engines.len() {
            for b in a + 1..self.engines.len() {
                if self.pairings.contains_key(&(a, b)) {
                    say(format_args!(""));
                    say(format_args!("{}", self.pairing_block(a, b).trim_end()));
                }
            }
        }
        if let Some(sprt) = self.sprt {
            let llr = sprt.llr(&self.pairing(0, 1));
            let (lower, upper) = sprt.bounds();
            let (elo0, elo1) = sprt.elos();
            say(format_args!(
                "LLR: {llr:.2} ({lower:.2}, {upper:.2}) [{elo0:.2}, {elo1:.2}] (logistic Elo, \
                 pentanomial)"
            ));
        }
    }

    /// One pairing as fastchess prints a match, from `a`'s side (its complete pairs only).
    fn pairing_block(&self, a: usize, b: usize) -> String {
        let table = self.pairing(a, b);
        let mut out = format!(
            "Results of {} vs {} ({}):\n",
            self.engines[a].name, self.engines[b].name, self.tc
        );
        let elo = table
            .elo()
            .map(elo_with_error)
            .unwrap_or_else(|| "-".into());
        let nelo = table
            .normalized_elo()
            .map(|(nelo, error)| format!("{nelo:.2} +/- {error:.2}"))
            .unwrap_or_else(|| "-".into());
        let _ = writeln!(out, "Elo: {elo}, nElo: {nelo}");
        let percent = |x: Option<f64>| x.map_or("-".into(), |x| format!("{:.2} %", 100.0 * x));
        let _ = writeln!(
            out,
            "LOS: {}, DrawRatio: {}",
            percent(table.los()),
            percent(table.draw_ratio())
        );
        // Games of the complete pairs: a pair of 2 points is two wins, and so on.
        let (w, d, l) = (
            2 * table.ww + table.wd + table.wl,
            table.wd + table.ld + 2 * table.dd,
            2 * table.ll + table.ld + table.wl,
        );
        let games = w + d + l;
        let points = w as f64 + d as f64 / 2.0;
        let _ = writeln!(
            out,
            "Games: {games}, Wins: {w}, Losses: {l}, Draws: {d}, Points: {points:.1} ({})",
            percent((games > 0).then(|| points / games as f64))
        );
        let ratio = if table.dd > 0 {
            format!("{:.2}", table.wl as f64 / table.dd as f64)
        } else {
            "-".into()
        };
        let _ = writeln!(
            out,
            "Ptnml(0-2): {:?}, WL/DD Ratio: {ratio}",
            table.by_points()
        );
        out
    }
}

/// `+77.71 +/- 33.03`, as fastchess prints an Elo and its error; the interval's ends where
/// one is infinite (a side that won every pair), and no interval where every pair scored alike.
fn elo_with_error(elo: EloInterval) -> String {
    let value = |x: f64| {
        if x.is_finite() {
            // Adding zero turns −0 into +0.
            format!("{:+.2}", x + 0.0)
        } else if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    };
    let error = elo.error();
    if error.is_finite() && error > 0.0 {
        format!("{} +/- {error:.2}", value(elo.elo))
    } else if elo.low == elo.high {
        format!("{} (no interval: every pair scored alike)", value(elo.elo))
    } else {
        format!(
            "{} (95%: {} to {})",
            value(elo.elo),
            value(elo.low),
            value(elo.high)
        )
    }
}

/// Writes `text` and a newline to standard output. A closed output (`tafel tournament | head`)
/// ends the process quietly, as other command-line tools end, rather than in a panic; the
/// engines, whose standard input then closes, end too.
fn say(text: std::fmt::Arguments) {
    use std::io::Write;
    if writeln!(std::io::stdout().lock(), "{text}").is_err() {
        std::process::exit(0);
    }
}
