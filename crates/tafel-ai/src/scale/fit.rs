//! Fitting a [`Curve`](super::Curve) to searched positions of finished games, and checking how
//! well a curve's chances match what happened.
//!
//! The data set is one row per searched position: the game it came from, its ply, the
//! search's expected result for the side to move (`score`, in 0..1) and the side to move's
//! actual result (`result`: 1 won, 0.5 drawn, 0 lost). `tafel analyze GAME --fit` makes it
//! ([`write_csv`]), and the tests read the committed ones back ([`parse_csv`]).
//!
//! The model is the ordered logistic one of [`super::Curve`], fitted by maximum likelihood
//! (Newton's method with a backtracking line search, and a very weak ridge term so that a
//! data set that some score separates perfectly still gives finite parameters).

use std::fmt;

use super::{ordered_chance, score_logit, sigmoid, Chance};
use crate::agent::Evaluation;

/// One searched position of a finished game.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Point {
    /// The game it came from (its number in the data set).
    pub game: u64,
    /// Its ply in that game (moves played before it, chance outcomes not counted).
    pub ply: u32,
    /// The search's expected result for the side to move, 0..1.
    pub score: f64,
    /// The side to move's result: 1 won, 0.5 drawn, 0 lost.
    pub result: f64,
}

impl Point {
    /// The score's logit, the curve's input.
    pub fn x(&self) -> f64 {
        score_logit(Evaluation::Expected(self.score)).expect("a score maps to a logit")
    }
}

/// The header line of the data set.
pub const CSV_HEADER: &str = "game,ply,score,result";

/// The data set as CSV text.
pub fn write_csv(points: &[Point]) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    for p in points {
        out.push_str(&format!(
            "{},{},{:.6},{}\n",
            p.game, p.ply, p.score, p.result
        ));
    }
    out
}

/// A malformed line of a data set.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CsvError {
    /// The line's number, from 1.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for CsvError {}

/// Reads a data set written by [`write_csv`].
pub fn parse_csv(text: &str) -> Result<Vec<Point>, CsvError> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header)) if header.trim() == CSV_HEADER => {}
        _ => {
            return Err(CsvError {
                line: 1,
                reason: format!("the first line must be `{CSV_HEADER}`"),
            })
        }
    }
    let mut points = Vec::new();
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |reason: String| CsvError {
            line: i + 1,
            reason,
        };
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let [game, ply, score, result] = fields[..] else {
            return Err(bad(format!("expected 4 fields, found {}", fields.len())));
        };
        let number = |name: &str, text: &str| -> Result<f64, CsvError> {
            text.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| bad(format!("{name} `{text}` is not a number")))
        };
        let score = number("score", score)?;
        let result = number("result", result)?;
        if !(0.0..=1.0).contains(&score) {
            return Err(bad(format!("score {score} is not between 0 and 1")));
        }
        if ![0.0, 0.5, 1.0].contains(&result) {
            return Err(bad(format!("result {result} is not 0, 0.5 or 1")));
        }
        points.push(Point {
            game: game
                .parse()
                .map_err(|_| bad(format!("game `{game}` is not a number")))?,
            ply: ply
                .parse()
                .map_err(|_| bad(format!("ply `{ply}` is not a number")))?,
            score,
            result,
        });
    }
    Ok(points)
}

/// The fitted parameters of an ordered logistic curve (see [`super::Curve`]).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Fit {
    /// The intercept.
    pub intercept: f64,
    /// The slope on the score's logit.
    pub slope: f64,
    /// Half the draw band's width (0 when the data have no draws).
    pub draw_width: f64,
    /// The average negative log-likelihood per point (nats).
    pub log_loss: f64,
}

impl Fit {
    /// The chances the fit gives a point with logit `x`.
    pub fn chance_at(&self, x: f64) -> Chance {
        ordered_chance(self.intercept, self.slope, self.draw_width, x)
    }
}

/// The weight of the ridge term: tiny next to the data, enough to keep a perfectly separated
/// data set finite.
const RIDGE: f64 = 1e-3;

/// The negative log-likelihood of `points` under `(a, b, c)` and its gradient.
fn objective(points: &[(f64, f64)], theta: [f64; 3], draws: bool) -> (f64, [f64; 3]) {
    let [a, b, c] = theta;
    let c = if draws { c } else { 0.0 };
    let mut value = RIDGE * (a * a + b * b + c * c);
    let mut grad = [2.0 * RIDGE * a, 2.0 * RIDGE * b, 2.0 * RIDGE * c];
    for &(x, result) in points {
        let z = a + b * x;
        // d(-log L)/dz and d(-log L)/dc.
        let (nll, dz, dc) = if result > 0.75 {
            let v = sigmoid(z - c);
            (-ln(v), -(1.0 - v), 1.0 - v)
        } else if result < 0.25 {
            let u = sigmoid(z + c);
            (-ln(1.0 - u), u, u)
        } else {
            let (u, v) = (sigmoid(z + c), sigmoid(z - c));
            let d = (u - v).max(1e-300);
            let (du, dv) = (u * (1.0 - u), v * (1.0 - v));
            (-ln(d), -(du - dv) / d, -(du + dv) / d)
        };
        value += nll;
        grad[0] += dz;
        grad[1] += dz * x;
        grad[2] += dc;
    }
    if !draws {
        grad[2] = 0.0;
    }
    (value, grad)
}

fn ln(p: f64) -> f64 {
    p.max(1e-300).ln()
}

/// Solves the 3 x 3 system `m y = r` (Gaussian elimination with partial pivoting); `None` if
/// it is singular.
fn solve3(mut m: [[f64; 3]; 3], mut r: [f64; 3]) -> Option<[f64; 3]> {
    for col in 0..3 {
        let pivot = (col..3).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        r.swap(col, pivot);
        for row in col + 1..3 {
            let f = m[row][col] / m[col][col];
            let pivot_row = m[col];
            for (cell, above) in m[row].iter_mut().zip(pivot_row).skip(col) {
                *cell -= f * above;
            }
            r[row] -= f * r[col];
        }
    }
    let mut y = [0.0; 3];
    for row in (0..3).rev() {
        let rest: f64 = (row + 1..3).map(|k| m[row][k] * y[k]).sum();
        y[row] = (r[row] - rest) / m[row][row];
    }
    Some(y)
}

/// Fits the ordered logistic curve to `points` by maximum likelihood. Without a drawn game in
/// the data the draw band is 0 (plain logistic regression). `None` for an empty data set.
pub fn fit(points: &[Point]) -> Option<Fit> {
    if points.is_empty() {
        return None;
    }
    let data: Vec<(f64, f64)> = points.iter().map(|p| (p.x(), p.result)).collect();
    let draws = points.iter().any(|p| p.result == 0.5);
    let mut theta = [0.0, 1.0, if draws { 0.5 } else { 0.0 }];
    let (mut value, mut grad) = objective(&data, theta, draws);
    let active = if draws { 3 } else { 2 };
    for _ in 0..200 {
        // The Hessian by central differences of the analytic gradient.
        let mut hessian = [[0.0; 3]; 3];
        for j in 0..active {
            let h = 1e-5 * (1.0 + theta[j].abs());
            let (mut up, mut down) = (theta, theta);
            up[j] += h;
            down[j] -= h;
            let (_, gu) = objective(&data, up, draws);
            let (_, gd) = objective(&data, down, draws);
            for i in 0..3 {
                hessian[i][j] = (gu[i] - gd[i]) / (2.0 * h);
            }
        }
        if !draws {
            hessian[2] = [0.0, 0.0, 1.0];
            hessian[0][2] = 0.0;
            hessian[1][2] = 0.0;
        }
        let step = solve3(hessian, grad).unwrap_or(grad);
        // Backtracking: halve the step until the objective falls (and the band stays >= 0).
        let mut t = 1.0;
        let mut improved = false;
        for _ in 0..60 {
            let candidate = [
                theta[0] - t * step[0],
                theta[1] - t * step[1],
                (theta[2] - t * step[2]).max(0.0),
            ];
            let (v, g) = objective(&data, candidate, draws);
            if v < value {
                let gain = value - v;
                theta = candidate;
                value = v;
                grad = g;
                improved = gain > 1e-12 * (1.0 + value.abs());
                break;
            }
            t /= 2.0;
        }
        if !improved {
            break;
        }
    }
    let [intercept, slope, draw_width] = theta;
    let fitted = Fit {
        intercept,
        slope,
        draw_width: if draws { draw_width } else { 0.0 },
        log_loss: 0.0,
    };
    let log_loss = log_loss(points, |x| fitted.chance_at(x));
    Some(Fit { log_loss, ..fitted })
}

/// The average negative log-likelihood of the points' results under `chance` (nats).
pub fn log_loss(points: &[Point], chance: impl Fn(f64) -> Chance) -> f64 {
    let total: f64 = points
        .iter()
        .map(|p| {
            let c = chance(p.x());
            -ln(if p.result > 0.75 {
                c.win
            } else if p.result < 0.25 {
                c.loss()
            } else {
                c.draw
            })
        })
        .sum();
    total / points.len().max(1) as f64
}

/// One bin of a calibration table: the points whose predicted score fell in it.
#[derive(Clone, PartialEq, Debug)]
pub struct Bin {
    /// The bin's range of predicted scores (win + draw / 2).
    pub range: (f64, f64),
    /// Points in the bin.
    pub points: usize,
    /// Distinct games the points came from.
    pub games: usize,
    /// The mean predicted chance to win.
    pub predicted_win: f64,
    /// The share of the points whose side to move won.
    pub observed_win: f64,
    /// The mean predicted chance to draw.
    pub predicted_draw: f64,
    /// The share that drew.
    pub observed_draw: f64,
    /// The standard deviation of a single point's win (0 or 1) in the bin, for error bars.
    pub win_spread: f64,
}

/// The calibration table of `chance` on `points`: `bins` equal bins of the predicted score,
/// empty ones left out.
pub fn calibration_table(
    points: &[Point],
    chance: impl Fn(f64) -> Chance,
    bins: usize,
) -> Vec<Bin> {
    let bins = bins.max(1);
    let mut groups: Vec<Vec<(Point, Chance)>> = vec![Vec::new(); bins];
    for p in points {
        let c = chance(p.x());
        let i = ((c.score() * bins as f64) as usize).min(bins - 1);
        groups[i].push((*p, c));
    }
    groups
        .into_iter()
        .enumerate()
        .filter(|(_, g)| !g.is_empty())
        .map(|(i, g)| {
            let n = g.len() as f64;
            let mean = |f: &dyn Fn(&(Point, Chance)) -> f64| g.iter().map(f).sum::<f64>() / n;
            let observed_win = mean(&|(p, _)| (p.result > 0.75) as u8 as f64);
            let mut games: Vec<u64> = g.iter().map(|(p, _)| p.game).collect();
            games.sort_unstable();
            games.dedup();
            Bin {
                range: (i as f64 / bins as f64, (i + 1) as f64 / bins as f64),
                points: g.len(),
                games: games.len(),
                predicted_win: mean(&|(_, c)| c.win),
                observed_win,
                predicted_draw: mean(&|(_, c)| c.draw),
                observed_draw: mean(&|(p, _)| (p.result == 0.5) as u8 as f64),
                win_spread: (observed_win * (1.0 - observed_win)).sqrt(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Points drawn from a known ordered logistic model.
    fn synthetic(truth: Fit, n: usize, seed: u64) -> Vec<Point> {
        let mut rng = SmallRng::seed_from_u64(seed);
        (0..n)
            .map(|i| {
                let score: f64 = rng.random_range(0.02..0.98);
                let point = Point {
                    game: i as u64,
                    ply: 0,
                    score,
                    result: 0.0,
                };
                let c = truth.chance_at(point.x());
                let roll: f64 = rng.random();
                let result = if roll < c.win {
                    1.0
                } else if roll < c.win + c.draw {
                    0.5
                } else {
                    0.0
                };
                Point { result, ..point }
            })
            .collect()
    }

    #[test]
    fn recovers_a_known_model_with_draws() {
        let truth = Fit {
            intercept: 0.2,
            slope: 0.7,
            draw_width: 0.6,
            log_loss: 0.0,
        };
        let fitted = fit(&synthetic(truth, 20_000, 5)).unwrap();
        assert!((fitted.intercept - 0.2).abs() < 0.05, "{fitted:?}");
        assert!((fitted.slope - 0.7).abs() < 0.05, "{fitted:?}");
        assert!((fitted.draw_width - 0.6).abs() < 0.05, "{fitted:?}");
    }

    #[test]
    fn recovers_a_known_model_without_draws() {
        let truth = Fit {
            intercept: -0.3,
            slope: 1.4,
            draw_width: 0.0,
            log_loss: 0.0,
        };
        let fitted = fit(&synthetic(truth, 20_000, 6)).unwrap();
        assert_eq!(fitted.draw_width, 0.0);
        assert!((fitted.intercept + 0.3).abs() < 0.06, "{fitted:?}");
        assert!((fitted.slope - 1.4).abs() < 0.06, "{fitted:?}");
        // The fitted model explains the data at least as well as the truth does.
        let points = synthetic(truth, 20_000, 6);
        assert!(fitted.log_loss <= log_loss(&points, |x| truth.chance_at(x)) + 1e-9);
    }

    #[test]
    fn separated_data_give_finite_parameters() {
        let points: Vec<Point> = (0..100)
            .map(|i| Point {
                game: i,
                ply: 0,
                score: if i % 2 == 0 { 0.9 } else { 0.1 },
                result: if i % 2 == 0 { 1.0 } else { 0.0 },
            })
            .collect();
        let fitted = fit(&points).unwrap();
        assert!(fitted.slope.is_finite() && fitted.slope > 0.0, "{fitted:?}");
        assert!(fitted.chance_at(points[0].x()).win > 0.99);
    }

    #[test]
    fn csv_round_trips_and_names_bad_lines() {
        let points = synthetic(
            Fit {
                intercept: 0.0,
                slope: 1.0,
                draw_width: 0.3,
                log_loss: 0.0,
            },
            50,
            1,
        );
        let back = parse_csv(&write_csv(&points)).unwrap();
        assert_eq!(back.len(), points.len());
        for (a, b) in back.iter().zip(&points) {
            assert_eq!((a.game, a.ply, a.result), (b.game, b.ply, b.result));
            assert!((a.score - b.score).abs() < 1e-6);
        }
        let err = parse_csv("game,ply,score,result\n1,2,0.5,1\n1,2,1.5,1\n").unwrap_err();
        assert_eq!(err.to_string(), "line 3: score 1.5 is not between 0 and 1");
        assert!(parse_csv("1,2,3\n").is_err());
        assert!(parse_csv("game,ply,score,result\n1,2,x,1\n").is_err());
    }

    #[test]
    fn the_table_of_a_true_model_is_calibrated() {
        let truth = Fit {
            intercept: 0.1,
            slope: 1.0,
            draw_width: 0.4,
            log_loss: 0.0,
        };
        let points = synthetic(truth, 50_000, 9);
        for bin in calibration_table(&points, |x| truth.chance_at(x), 10) {
            let se = (bin.win_spread / (bin.points as f64).sqrt()).max(1e-3);
            assert!(
                (bin.observed_win - bin.predicted_win).abs() < 4.0 * se,
                "{bin:?}"
            );
        }
    }
}
