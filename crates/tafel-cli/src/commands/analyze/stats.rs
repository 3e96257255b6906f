//! What the games are like: length, branching, the first player's results and the game-tree
//! complexity, over games between given players, with SVG plots.

use std::path::Path;

use anyhow::{Context, Result};
use plotters::prelude::*;
use serde::Serialize;

use super::selfplay::PlayedGame;

/// Mean, spread and range of a sample.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct Summary {
    /// The mean.
    pub mean: f64,
    /// The sample standard deviation.
    pub sd: f64,
    /// The median.
    pub median: f64,
    /// The smallest value.
    pub min: u64,
    /// The largest value.
    pub max: u64,
}

impl Summary {
    /// The summary of `values` (not empty).
    pub fn of(values: &[u64]) -> Summary {
        let n = values.len() as f64;
        let mean = values.iter().sum::<u64>() as f64 / n;
        let var = values
            .iter()
            .map(|&v| (v as f64 - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let mid = sorted.len() / 2;
        let median = if sorted.len() % 2 == 1 {
            sorted[mid] as f64
        } else {
            (sorted[mid - 1] + sorted[mid]) as f64 / 2.0
        };
        Summary {
            mean,
            sd: var.sqrt(),
            median,
            min: sorted[0],
            max: *sorted.last().expect("not empty"),
        }
    }
}

/// A proportion with its 95% Wilson score interval.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct Proportion {
    /// How many.
    pub count: u64,
    /// The share of the games.
    pub share: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Proportion {
    /// `count` of `n`, with the Wilson interval (z = 1.96), which stays inside 0..1 and is
    /// sound near 0 and 1, where the normal approximation is not.
    pub fn of(count: u64, n: u64) -> Proportion {
        let z = 1.96_f64;
        let nf = n.max(1) as f64;
        let p = count as f64 / nf;
        let centre = (p + z * z / (2.0 * nf)) / (1.0 + z * z / nf);
        let half = z * (p * (1.0 - p) / nf + z * z / (4.0 * nf * nf)).sqrt() / (1.0 + z * z / nf);
        Proportion {
            count,
            share: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}

/// The branching factor at one ply.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct PlyBranching {
    /// The ply (moves played before it), from 0.
    pub ply: usize,
    /// Games that reached it.
    pub games: u64,
    /// Their mean number of legal moves there.
    pub mean: f64,
}

/// Everything `tafel analyze GAME --games N` reports.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct GameStats {
    /// The game's name.
    pub game: String,
    /// Its settings, `key=value` separated by spaces.
    pub settings: String,
    /// Who played, seat by seat.
    pub players: Vec<String>,
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// Random plies at the start of each game.
    pub opening: u32,
    /// Game length in plies (moves; chance outcomes not counted).
    pub length: Summary,
    /// The lengths' histogram: `(from, to, games)` with `to` excluded.
    pub histogram: Vec<(u64, u64, u64)>,
    /// The mean number of legal moves over every position where someone moved.
    pub branching: f64,
    /// The mean number of legal moves by ply.
    pub branching_by_ply: Vec<PlyBranching>,
    /// Games the first player won.
    pub first_wins: Proportion,
    /// Games drawn.
    pub draws: Proportion,
    /// Games the first player lost.
    pub first_losses: Proportion,
    /// log10 of the game-tree complexity estimate: the mean branching factor to the power of
    /// the mean length.
    pub log10_complexity: f64,
}

/// About this many bars in the length histogram.
const BARS: u64 = 24;

impl GameStats {
    /// The statistics of `games` (not empty).
    pub fn of(
        games: &[PlayedGame],
        header: (String, String, Vec<String>),
        seed: u64,
        opening: u32,
    ) -> GameStats {
        let (game, settings, players) = header;
        let lengths: Vec<u64> = games.iter().map(|g| g.decisions.len() as u64).collect();
        let length = Summary::of(&lengths);
        let width = (length.max - length.min + 1).div_ceil(BARS).max(1);
        let mut histogram: Vec<(u64, u64, u64)> = (length.min..=length.max)
            .step_by(width as usize)
            .map(|from| (from, from + width, 0))
            .collect();
        for &l in &lengths {
            histogram[((l - length.min) / width) as usize].2 += 1;
        }
        let (mut total, mut positions) = (0u64, 0u64);
        let mut by_ply: Vec<(u64, u64)> = Vec::new();
        for g in games {
            for (ply, d) in g.decisions.iter().enumerate() {
                total += d.choices as u64;
                positions += 1;
                if by_ply.len() <= ply {
                    by_ply.resize(ply + 1, (0, 0));
                }
                by_ply[ply].0 += 1;
                by_ply[ply].1 += d.choices as u64;
            }
        }
        let branching = total as f64 / positions.max(1) as f64;
        let n = games.len() as u64;
        let first =
            |f: &dyn Fn(f64) -> bool| games.iter().filter(|g| f(g.payoffs[0])).count() as u64;
        GameStats {
            game,
            settings,
            players,
            games: n,
            seed,
            opening,
            length,
            histogram,
            branching,
            branching_by_ply: by_ply
                .iter()
                .enumerate()
                .map(|(ply, &(games, sum))| PlyBranching {
                    ply,
                    games,
                    mean: sum as f64 / games as f64,
                })
                .collect(),
            first_wins: Proportion::of(first(&|p| p > 0.5), n),
            draws: Proportion::of(first(&|p| p == 0.5), n),
            first_losses: Proportion::of(first(&|p| p < 0.5), n),
            log10_complexity: length.mean * branching.log10(),
        }
    }

    /// The report for people.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{}: {} games, {} ({}), seed {}, {} random opening plies\n",
            self.game,
            self.games,
            self.players.join(" vs "),
            if self.settings.is_empty() {
                "default settings"
            } else {
                &self.settings
            },
            self.seed,
            self.opening
        );
        let l = &self.length;
        out += &format!(
            "length (plies): mean {:.1}, sd {:.1}, median {}, range {}-{}\n",
            l.mean, l.sd, l.median, l.min, l.max
        );
        let most = self.histogram.iter().map(|b| b.2).max().unwrap_or(1).max(1);
        for &(from, to, count) in &self.histogram {
            let bar = "#".repeat(((count * 40).div_ceil(most)) as usize);
            out += &format!("  {from:>5}-{:<5} {count:>6} {bar}\n", to - 1);
        }
        out += &format!(
            "branching factor: mean {:.2} legal moves per position\n",
            self.branching
        );
        let shown: Vec<String> = self
            .branching_by_ply
            .iter()
            .take(12)
            .map(|b| format!("{:.1}", b.mean))
            .collect();
        out += &format!("  by ply from 0: {} ...\n", shown.join(" "));
        let p = |name: &str, x: &Proportion| {
            format!(
                "{name}: {} ({:.1}%, 95% interval {:.1}-{:.1}%)\n",
                x.count,
                x.share * 100.0,
                x.low * 100.0,
                x.high * 100.0
            )
        };
        out += &p("first player wins", &self.first_wins);
        out += &p("draws", &self.draws);
        out += &p("first player losses", &self.first_losses);
        out += &format!(
            "game-tree complexity: {:.2}^{:.1} = 10^{:.1}\n",
            self.branching, self.length.mean, self.log10_complexity
        );
        out
    }

    /// Writes the plots into `dir` as `<game>-<players>-length.svg` and
    /// `<game>-<players>-branching.svg`; returns their paths.
    pub fn plot(&self, dir: &Path) -> Result<Vec<std::path::PathBuf>> {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let mut label: Vec<String> = self.players.iter().map(|p| p.replace(':', "")).collect();
        label.dedup();
        let stem = format!("{}-{}", self.game, label.join("-"));
        let length = dir.join(format!("{stem}-length.svg"));
        let branching = dir.join(format!("{stem}-branching.svg"));
        self.plot_lengths(&length)
            .with_context(|| format!("cannot draw {}", length.display()))?;
        self.plot_branching(&branching)
            .with_context(|| format!("cannot draw {}", branching.display()))?;
        Ok(vec![length, branching])
    }

    fn title(&self, what: &str) -> String {
        format!(
            "{}: {what} ({} games, {})",
            self.game,
            self.games,
            self.players.join(" vs ")
        )
    }

    fn plot_lengths(&self, path: &Path) -> Result<()> {
        let root = SVGBackend::new(path, (720, 400)).into_drawing_area();
        root.fill(&WHITE)?;
        let top = self.histogram.iter().map(|b| b.2).max().unwrap_or(1);
        let (from, to) = (
            self.histogram.first().map_or(0, |b| b.0),
            self.histogram.last().map_or(1, |b| b.1),
        );
        let mut chart = ChartBuilder::on(&root)
            .caption(self.title("game length"), ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d(from..to, 0..top + top / 10 + 1)?;
        chart
            .configure_mesh()
            .x_desc("plies")
            .y_desc("games")
            .disable_x_mesh()
            .draw()?;
        chart.draw_series(
            self.histogram
                .iter()
                .map(|&(a, b, count)| Rectangle::new([(a, 0), (b, count)], BLUE.mix(0.6).filled())),
        )?;
        root.present()?;
        Ok(())
    }

    fn plot_branching(&self, path: &Path) -> Result<()> {
        let root = SVGBackend::new(path, (720, 400)).into_drawing_area();
        root.fill(&WHITE)?;
        // Plies reached by at least a tenth of the games (at least 5), so that the line
        // does not end in the noise of a few long games.
        let enough = (self.games / 10).max(5);
        let points: Vec<(usize, f64)> = self
            .branching_by_ply
            .iter()
            .filter(|b| b.games >= enough)
            .map(|b| (b.ply, b.mean))
            .collect();
        let last = points.last().map_or(1, |p| p.0 + 1);
        let top = points.iter().map(|p| p.1).fold(1.0, f64::max);
        let mut chart = ChartBuilder::on(&root)
            .caption(self.title("branching by ply"), ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d(0..last, 0.0..top * 1.1)?;
        chart
            .configure_mesh()
            .x_desc(format!("ply (reached by at least {enough} games)"))
            .y_desc("legal moves (mean)")
            .draw()?;
        chart.draw_series(LineSeries::new(points, RED.stroke_width(2)))?;
        root.present()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_and_intervals() {
        let s = Summary::of(&[2, 4, 4, 4, 5, 5, 7, 9]);
        assert_eq!((s.mean, s.median, s.min, s.max), (5.0, 4.5, 2, 9));
        assert!((s.sd - 2.138).abs() < 1e-3);
        // Wilson: 50 of 100 is 0.404 to 0.596; 0 of 10 still has a finite upper end.
        let p = Proportion::of(50, 100);
        assert!(
            (p.low - 0.404).abs() < 1e-3 && (p.high - 0.596).abs() < 1e-3,
            "{p:?}"
        );
        let p = Proportion::of(0, 10);
        assert_eq!(p.low, 0.0);
        assert!((p.high - 0.278).abs() < 1e-3, "{p:?}");
    }
}
