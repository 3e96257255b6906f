//! The generator's loop: plays source games (`puzzles/play.rs`), judges a sample of their
//! positions ([`super::judge`]) and keeps the puzzles, with a [`Report`] of what it did.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use tafel_core::{Game, GameSettings};

use super::format::{Check, Kept, Puzzle, Source};
use super::judge::{Judge, Verdict};
use super::line::answer_line;
use super::play::play;
use super::themes::themes;
use super::{PuzzleError, PuzzleGame};

/// The most positions judged per source game, and the most puzzles kept from one: puzzles
/// come from many games rather than many from a few.
const JUDGED_PER_GAME: usize = 30;
/// See [`JUDGED_PER_GAME`].
const KEPT_PER_GAME: usize = 4;
/// Source games played per puzzle asked for, at most, before the generator gives up.
const GAMES_PER_PUZZLE: u64 = 20;

/// How to generate puzzles.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PuzzleOptions {
    /// The seed of the source games and the searches: the same seed gives the same puzzles.
    pub seed: u64,
    /// How many puzzles to keep.
    pub count: usize,
    /// The solved table to judge with, for a game solved by one (Karl's Race); without it the
    /// game looks at its default place ([`super::PuzzleGame::puzzle_solver`]).
    pub table: Option<PathBuf>,
}

/// What a generation did, for people: how many puzzles were kept, and for the searched ones
/// the first search's margins and how often the second search agreed.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Report {
    /// The solver that made puzzles exact, for people ([`super::PuzzleSolver`]'s name).
    pub solver: String,
    /// Source games played.
    pub games: u64,
    /// Positions judged.
    pub positions: u64,
    /// Puzzles kept by the solver's values.
    pub exact: usize,
    /// Candidates of the first search that the second search re-checked.
    pub rechecked: usize,
    /// Of those, the ones where it agreed (and that were kept).
    pub agreed: usize,
    /// The first search's margin of every kept searched puzzle.
    pub margins: Vec<f64>,
}

impl Report {
    /// Puzzles kept in all.
    pub fn kept(&self) -> usize {
        self.exact + self.agreed
    }

    /// The share of re-checked candidates where the second search agreed, if any was.
    pub fn agreement(&self) -> Option<f64> {
        (self.rechecked > 0).then(|| self.agreed as f64 / self.rechecked as f64)
    }

    /// The kept searched puzzles by margin: `(from, to, count)` for the ranges 0-0.1,
    /// 0.1-0.2, 0.2-0.3, 0.3-0.5, 0.5-0.75 and 0.75-1.
    pub fn margin_counts(&self) -> Vec<(f64, f64, usize)> {
        const EDGES: [f64; 7] = [0.0, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0];
        EDGES
            .windows(2)
            .enumerate()
            .map(|(i, w)| {
                let last = i == EDGES.len() - 2;
                let n = self
                    .margins
                    .iter()
                    .filter(|&&m| m >= w[0] && (m < w[1] || last))
                    .count();
                (w[0], w[1], n)
            })
            .collect()
    }
}

/// The puzzles found, and the report.
#[derive(Clone, PartialEq, Debug)]
pub struct Generated {
    /// The puzzles, numbered in the order found, with their values.
    pub puzzles: Vec<Kept>,
    /// What the generation did.
    pub report: Report,
}

/// The settings of `game` that differ from the defaults.
fn changed_settings<G: Game>(game: &G) -> BTreeMap<String, String> {
    <G::Settings as GameSettings>::SPECS
        .iter()
        .map(|spec| (spec.key, game.settings().get(spec.key)))
        .filter(|(key, value)| {
            let spec = <G::Settings as GameSettings>::SPECS
                .iter()
                .find(|s| s.key == *key);
            spec.is_some_and(|s| s.default != value)
        })
        .map(|(key, value)| (key.to_string(), value))
        .collect()
}

/// Keeps puzzles from source games' positions, as many as asked for: the judge, the positions
/// seen, and what was kept so far. The self-played games ([`generate_typed`]) and a server's
/// games (`puzzles/mine.rs`) go through it alike.
pub(crate) struct Keeper<'a, G: PuzzleGame> {
    game: &'a G,
    settings: BTreeMap<String, String>,
    judge: Judge<G>,
    seen: HashSet<String>,
    count: usize,
    /// The puzzles kept and the report so far.
    pub(crate) generated: Generated,
}

impl<'a, G: PuzzleGame> Keeper<'a, G> {
    /// A keeper of `options.count` puzzles of `game`, its searches seeded from
    /// `options.seed`, its solver reading `options.table` if named, skipping the positions
    /// (codes) in `seen`.
    pub(crate) fn new(
        game: &'a G,
        options: &PuzzleOptions,
        seen: HashSet<String>,
    ) -> Result<Self, PuzzleError> {
        let judge = Judge::new(game, options.seed, options.table.as_deref())?;
        let report = Report {
            solver: judge.solver.clone(),
            ..Report::default()
        };
        Ok(Keeper {
            game,
            settings: changed_settings(game),
            judge,
            seen,
            count: options.count,
            generated: Generated {
                puzzles: Vec::new(),
                report,
            },
        })
    }

    /// Whether as many puzzles as asked for are kept.
    pub(crate) fn full(&self) -> bool {
        self.generated.puzzles.len() >= self.count
    }

    /// Judges up to [`JUDGED_PER_GAME`] of one source game's `positions` (each with the
    /// number of moves before it), in their order, and keeps up to [`KEPT_PER_GAME`];
    /// `name` gives a kept puzzle's id and source from its ply and its number from 1.
    pub(crate) fn judge_game(
        &mut self,
        positions: Vec<(u32, G::State)>,
        name: &dyn Fn(u32, usize) -> (String, Source),
    ) {
        let game = self.game;
        self.generated.report.games += 1;
        let mut kept_here = 0;
        for (ply, state) in positions.into_iter().take(JUDGED_PER_GAME) {
            if kept_here == KEPT_PER_GAME || self.full() {
                break;
            }
            let code = game.format_position(&state);
            if !self.seen.insert(code.clone()) {
                continue;
            }
            let report = &mut self.generated.report;
            report.positions += 1;
            let verdict = self.judge.verdict(game, &state);
            match verdict {
                Verdict::No => {}
                Verdict::Exact(_) => report.exact += 1,
                Verdict::Searched { first, second } => {
                    report.rechecked += 1;
                    if Verdict::agrees(&first, &second) {
                        report.agreed += 1;
                        report.margins.push(first.margin());
                    }
                }
            }
            let Some((top, exact)) = verdict.kept() else {
                continue;
            };
            let line = answer_line(&mut self.judge, game, &state, top.best);
            let mut after = state.clone();
            let solution = line
                .iter()
                .map(|&mv| {
                    let text = game.format_move(&after, mv);
                    game.apply(&mut after, mv);
                    text
                })
                .collect();
            let (id, source) = name(ply, self.generated.puzzles.len() + 1);
            self.generated.puzzles.push(Kept {
                puzzle: Puzzle {
                    id,
                    game: G::INFO.name.to_string(),
                    settings: self.settings.clone(),
                    code,
                    solution,
                    themes: themes(game, &state, &line, top.value),
                    source,
                },
                check: Check {
                    exact,
                    best: top.value,
                    second: top.second,
                },
            });
            kept_here += 1;
        }
    }
}

/// Generates puzzles of `game` as `options` say; `progress` hears the report after every
/// source game.
pub(crate) fn generate_typed<G: PuzzleGame>(
    game: &G,
    options: &PuzzleOptions,
    progress: &mut dyn FnMut(&Report),
) -> Result<Generated, PuzzleError> {
    let mut keeper = Keeper::new(game, options, HashSet::new())?;
    let most_games = options.count as u64 * GAMES_PER_PUZZLE;
    for index in 0..most_games {
        if keeper.full() {
            break;
        }
        let source = play(game, options.seed, index);
        let levels = source.levels;
        keeper.judge_game(source.positions, &|ply, number| {
            let id = format!("{}-{number:04}", G::INFO.name);
            let source = Source::Generated {
                seed: options.seed,
                game: index,
                ply,
                levels,
            };
            (id, source)
        });
        progress(&keeper.generated.report);
    }
    Ok(keeper.generated)
}
