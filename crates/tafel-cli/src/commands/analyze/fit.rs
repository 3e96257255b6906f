//! `tafel analyze GAME --fit`: the data set and the fitted curve that map the game's analysis
//! search's scores to chances on the one scale (`tafel_ai::scale`).
//!
//! Games are played between computer levels (both sides at the same level, the levels taken in
//! turn from `--levels`), each after a few random plies so that the games differ. A few
//! positions of each game, chosen at random, are searched by the analysis search without the
//! solvers, and each becomes a row: the search's expected result and what the side to move
//! finally got. The curve is fitted to all rows; to show how well it predicts games it did not
//! see, a second fit on the even-numbered games is checked on the odd-numbered ones.

use std::path::Path;

use anyhow::{bail, Context, Result};
use rand::seq::index::sample;
use rand::SeedableRng;
use tafel_ai::scale::fit::{self, Point};
use tafel_ai::scale::{AssessOptions, Calibration, Curve, FitSource, SearchKind};
use tafel_core::{DynGame, DynPosition, Status};

use super::selfplay::{play, position_after};
use crate::commands::play::Seat;

/// What one fit run is asked to do.
pub struct FitPlan<'a> {
    /// The levels the games are played at, in turn.
    pub levels: &'a [u32],
    /// Games to play.
    pub games: u64,
    /// Random plies at the start of each game.
    pub opening: u32,
    /// Positions searched per game.
    pub per_game: usize,
    /// The work budget per position (nodes; the analysis search's own by default).
    pub work: Option<u64>,
    /// The seed.
    pub seed: u64,
    /// The folder the data set and calibration go to.
    pub out: &'a Path,
    /// The command line that ran, for the record.
    pub command: String,
}

/// The rows one game gives.
fn game_points(
    game: &dyn DynGame,
    start: &dyn DynPosition,
    plan: &FitPlan,
    options: &AssessOptions,
    index: u64,
) -> Result<Vec<Point>> {
    let level = plan.levels[(index % plan.levels.len() as u64) as usize];
    let played = play(
        game,
        start,
        &[Seat::Ai(level)],
        plan.opening,
        plan.seed,
        index,
    )?;
    let candidates = &played.decisions[played.opening..];
    if candidates.is_empty() {
        return Ok(Vec::new());
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(plan.seed ^ index.wrapping_mul(0x9E37));
    let mut chosen: Vec<usize> = sample(
        &mut rng,
        candidates.len(),
        plan.per_game.min(candidates.len()),
    )
    .into_iter()
    .collect();
    chosen.sort_unstable();
    let mut points = Vec::new();
    for i in chosen {
        let decision = candidates[i];
        let position = position_after(start, &played.moves, decision.index)?;
        debug_assert!(matches!(position.status(), Status::ToMove(_)));
        let answer = tafel_ai::scale::assess(game, position.as_ref(), options)?;
        // Proven results are exact anyway; the curve is for the search's estimates.
        let Some(score) =
            tafel_ai::scale::score_logit(answer.evaluation).and(answer.evaluation.expected())
        else {
            continue;
        };
        points.push(Point {
            game: index,
            ply: (i + played.opening) as u32,
            score,
            result: played.payoffs[decision.seat.index()],
        });
    }
    Ok(points)
}

/// Plays the games, searches their positions, fits the curve, writes `<game>.csv` and
/// `<game>.json` into the plan's folder and returns the report.
pub fn run(
    game: &dyn DynGame,
    start: &dyn DynPosition,
    plan: &FitPlan,
    progress: &indicatif::ProgressBar,
) -> Result<String> {
    use rayon::prelude::*;
    let ai = tafel_ai::game_ai(game)?;
    let analysis = ai.analysis();
    let Some(kind) = SearchKind::of(analysis, game.num_players()) else {
        bail!(
            "the analysis search of {} is not a search",
            game.info().name
        );
    };
    if kind == SearchKind::Mcts {
        // Fine in principle, but no curve is kept for MCTS: say so rather than write one.
        bail!(
            "the analysis search here is MCTS, which has no fitted curve (two-player games only)"
        );
    }
    let work = plan
        .work
        .or(analysis.work())
        .context("the analysis search has no budget")?;
    let options = AssessOptions {
        algorithm: Some(analysis),
        work: Some(work),
        exact: false,
        ..AssessOptions::default()
    };
    let points: Vec<Point> = (0..plan.games)
        .into_par_iter()
        .map(|i| {
            let points = game_points(game, start, plan, &options, i);
            progress.inc(1);
            points
        })
        .collect::<Result<Vec<_>>>()?
        .into_iter()
        .flatten()
        .collect();
    progress.finish_and_clear();
    if let Some(first) = points.first() {
        if points.iter().all(|p| p.result == first.result) {
            bail!(
                "every searched position's game ended alike (result {} for the side to move): \
                 the scores cannot be fitted to results; try other settings or levels",
                first.result
            );
        }
    }
    let Some(all) = fit::fit(&points) else {
        bail!("no position was left to fit (every one was proven)");
    };
    let name = game.info().name;
    let settings = tafel_core::settings::pairs_to_string(&game.settings());
    let curve = Curve {
        search: kind,
        nodes: work,
        intercept: round(all.intercept),
        slope: round(all.slope),
        draw_width: round(all.draw_width),
        fitted_on: FitSource {
            settings: settings.clone(),
            players: format!(
                "ai:L vs ai:L, L = {} in turn",
                plan.levels
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            games: plan.games,
            positions: points.len() as u64,
            seed: plan.seed,
            log_loss: round(all.log_loss),
            command: plan.command.clone(),
        },
    };
    std::fs::create_dir_all(plan.out)
        .with_context(|| format!("cannot create {}", plan.out.display()))?;
    let csv = plan.out.join(format!("{name}.csv"));
    std::fs::write(&csv, fit::write_csv(&points))
        .with_context(|| format!("cannot write {}", csv.display()))?;
    let json = plan.out.join(format!("{name}.json"));
    let mut calibration = match std::fs::read_to_string(&json) {
        Ok(text) => Calibration::parse(&text)
            .with_context(|| format!("{} is not a calibration file", json.display()))?,
        Err(_) => Calibration {
            game: name.to_string(),
            curves: Vec::new(),
        },
    };
    calibration.curves.retain(|c| c.search != kind);
    calibration.curves.push(curve.clone());
    std::fs::write(&json, calibration.to_json())
        .with_context(|| format!("cannot write {}", json.display()))?;
    Ok(report(&points, &curve, &csv, &json))
}

/// Six decimals: what the file keeps, and what the tests compare with a refit.
fn round(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// The fit's figures, the calibration table of a fit on the even games checked on the odd
/// ones, and where the files went.
fn report(points: &[Point], curve: &Curve, csv: &Path, json: &Path) -> String {
    let games = {
        let mut g: Vec<u64> = points.iter().map(|p| p.game).collect();
        g.dedup();
        g.len()
    };
    let draws = points.iter().filter(|p| p.result == 0.5).count();
    let mut out = format!(
        "{} positions from {games} games ({draws} of them in drawn games), searched by {} with {} nodes each\n",
        points.len(),
        curve.search,
        curve.nodes
    );
    out += &format!(
        "curve: intercept {:+.4}, slope {:.4}, draw width {:.4}; log-loss {:.4} nats per position\n",
        curve.intercept, curve.slope, curve.draw_width, curve.fitted_on.log_loss
    );
    let (train, test): (Vec<Point>, Vec<Point>) = points.iter().partition(|p| p.game % 2 == 0);
    if let (Some(half), false) = (fit::fit(&train), test.is_empty()) {
        out += &format!(
            "held out: fitted on the {} positions of even games, checked on the {} of odd games\n",
            train.len(),
            test.len()
        );
        out += "  predicted score   positions  games  win: predicted observed  draw: predicted observed\n";
        for bin in fit::calibration_table(&test, |x| half.chance_at(x), 10) {
            out += &format!(
                "  {:.1}-{:.1}         {:>9}  {:>5}       {:>6.3} {:>8.3}        {:>6.3} {:>8.3}\n",
                bin.range.0,
                bin.range.1,
                bin.points,
                bin.games,
                bin.predicted_win,
                bin.observed_win,
                bin.predicted_draw,
                bin.observed_draw
            );
        }
    }
    out += &format!(
        "data set: {}\ncalibration: {}\n",
        csv.display(),
        json.display()
    );
    out
}
