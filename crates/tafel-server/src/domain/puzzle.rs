//! Puzzles (`/puzzles`, issue #48, docs/learn.md): a position of a game where one move, or a
//! short forced line, is clearly best. A puzzle is the generator's
//! ([`tafel_ai::puzzles::Puzzle`], one line of a shipped file `data/puzzles/<game>.jsonl`, or
//! mined from the server's games): its id, game, settings, position code (the side to move is
//! the solver; a dice game's code carries the die already rolled), its solution, the solver's
//! moves at even indexes and the opponent's replies at odd ones, its themes and its source.
//!
//! A puzzle is read here and checked on the game's own rules (every move of its solution legal
//! where it is played, the solver to move before each of theirs), and a solver's moves are
//! judged against it: a move is right when it reaches the position the solution's move
//! reaches (another spelling of it, or another move to the same position), or when it wins
//! the game at once.

use std::ops::Deref;
use std::sync::Arc;

use tafel_ai::puzzles::{Kept, Puzzle as PuzzleData, Source};
use tafel_core::{DynGame, DynPosition, Status};

use crate::domain::ids::AccountId;
use crate::domain::Error;
use crate::msg;

/// The most moves a solution may have (the solver's and the replies together).
pub const MAX_SOLUTION_MOVES: usize = 15;

/// The longest puzzle id, theme, move, settings value or browser id, in characters.
pub const MAX_WORD_CHARS: usize = 64;

/// The most themes a puzzle may have.
const MAX_THEMES: usize = 8;

/// A puzzle's rules and its position, as the game holds them.
pub type Posed = (Arc<dyn DynGame>, Box<dyn DynPosition>);

/// A puzzle the server poses: the generator's [`tafel_ai::puzzles::Puzzle`] (its fields are
/// read through this one), checked on its game's rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle(PuzzleData);

impl Deref for Puzzle {
    type Target = PuzzleData;

    fn deref(&self) -> &PuzzleData {
        &self.0
    }
}

/// What a solver's moves so far come to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// Every move right, and the solution goes on: the opponent's reply, to be played next.
    Reply(String),
    /// Every move right, and the solution is complete.
    Solved,
    /// A move was not the solution's.
    Failed,
}

impl Puzzle {
    /// The puzzle of one line of a puzzles file ([`Kept`]: the values that made it a puzzle
    /// are not kept), checked on its game's rules, or why not.
    pub fn from_line(line: &str) -> Result<Puzzle, Error> {
        let line: Kept = serde_json::from_str(line)
            .map_err(|e| Error::invalid(msg!("puzzle-line-unreadable", reason = e.to_string())))?;
        Puzzle::checked(line.puzzle)
    }

    /// `puzzle`, checked on its game's rules, or why not.
    pub fn checked(puzzle: PuzzleData) -> Result<Puzzle, Error> {
        let puzzle = Puzzle(puzzle);
        puzzle.check()?;
        Ok(puzzle)
    }

    /// A puzzle as the store holds it, checked when it was added.
    pub(crate) fn stored(puzzle: PuzzleData) -> Puzzle {
        Puzzle(puzzle)
    }

    /// Checks the puzzle: a readable id, at most [`MAX_THEMES`] themes, a solution of odd
    /// length up to [`MAX_SOLUTION_MOVES`], every move legal where it is played and the solver
    /// to move before each of theirs.
    fn check(&self) -> Result<(), Error> {
        let id = &self.id;
        if !is_word(id) {
            return Err(Error::invalid(msg!("puzzle-id-unreadable", id)));
        }
        let moves = self.solution.len();
        if moves.is_multiple_of(2) || moves > MAX_SOLUTION_MOVES {
            let max = MAX_SOLUTION_MOVES;
            return Err(Error::invalid(msg!(
                "puzzle-solution-length",
                id,
                moves,
                max
            )));
        }
        if self.themes.len() > MAX_THEMES || !self.themes.iter().all(|t| is_word(t)) {
            return Err(Error::invalid(msg!("puzzle-themes-unreadable", id)));
        }
        let (_, mut position) = self.start()?;
        let solver = self.solver(position.as_ref())?;
        for (i, mv) in self.solution.iter().enumerate() {
            if i % 2 == 0 && position.status() != Status::ToMove(solver) {
                return Err(Error::invalid(msg!("puzzle-solver-not-to-move", id, mv)));
            }
            position.play(mv).map_err(Error::illegal)?;
        }
        Ok(())
    }

    /// The id of the server's game the puzzle was found in, for one mined from the server's
    /// games (`source.server_game`).
    pub fn source_game(&self) -> Option<&str> {
        match &self.source {
            Source::Played { server_game, .. } => Some(server_game),
            Source::Generated { .. } => None,
        }
    }

    /// The puzzle's rules and its position.
    pub fn start(&self) -> Result<Posed, Error> {
        let settings: Vec<(String, String)> = self.settings.clone().into_iter().collect();
        let rules = tafel_games::registry()
            .get(&self.game)
            .map_err(Error::invalid)?
            .build(&settings)
            .map_err(Error::invalid)?;
        let position = rules.parse_position(&self.code).map_err(Error::invalid)?;
        Ok((rules, position))
    }

    /// The seat to move in the puzzle's position: the solver.
    fn solver(&self, position: &dyn DynPosition) -> Result<tafel_core::Player, Error> {
        match position.status() {
            Status::ToMove(side) => Ok(side),
            _ => Err(Error::invalid(msg!("puzzle-nobody-to-move", id = self.id))),
        }
    }

    /// How many moves the solver makes.
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// Judges `moves`, the solver's moves so far (the replies come from the solution): the
    /// next reply, solved or failed. Refused when there are none, more than the solution has,
    /// or one is not legal where it is played (a client's mistake, not an attempt).
    pub fn judge(&self, moves: &[String]) -> Result<Judgement, Error> {
        let needed = self.solver_moves();
        if moves.is_empty() || moves.len() > needed {
            let sent = moves.len();
            return Err(Error::invalid(msg!("puzzle-moves-count", sent, needed)));
        }
        let (_, mut position) = self.start()?;
        let solver = self.solver(position.as_ref())?;
        for (i, sent) in moves.iter().enumerate() {
            let mut played = position.clone_box();
            played.play(sent).map_err(Error::illegal)?;
            position
                .play(&self.solution[2 * i])
                .map_err(Error::illegal)?;
            let wins = matches!(played.status(), Status::Over(o) if o.winners.contains(solver));
            if played.code() != position.code() && !wins {
                return Ok(Judgement::Failed);
            }
            if wins || 2 * i + 1 == self.solution.len() {
                return Ok(Judgement::Solved);
            }
            if i + 1 == moves.len() {
                return Ok(Judgement::Reply(self.solution[2 * i + 1].clone()));
            }
            position
                .play(&self.solution[2 * i + 1])
                .map_err(Error::illegal)?;
        }
        Ok(Judgement::Failed)
    }
}

/// Whether `text` is a short word: 1 to [`MAX_WORD_CHARS`] letters, digits, `-`, `_` or `.`.
fn is_word(text: &str) -> bool {
    (1..=MAX_WORD_CHARS).contains(&text.chars().count())
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Who attempts puzzles: an account, or a browser without one (the random id it keeps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solver {
    /// A signed-in account: its attempts are rated.
    Account(AccountId),
    /// A browser nobody signed in on: its attempts are kept, never rated.
    Browser(String),
}

impl Solver {
    /// The browser whose id is `id`: a word of 8 to [`MAX_WORD_CHARS`] characters.
    pub fn browser(id: &str) -> Result<Solver, Error> {
        if id.chars().count() >= 8 && is_word(id) {
            Ok(Solver::Browser(id.to_string()))
        } else {
            Err(Error::invalid(msg!("browser-id-unreadable")))
        }
    }

    /// The key attempts are stored by: `account:<id>` or `browser:<id>`.
    pub fn key(&self) -> String {
        match self {
            Solver::Account(id) => format!("account:{}", id.as_str()),
            Solver::Browser(id) => format!("browser:{id}"),
        }
    }

    /// The account, if the solver is one.
    pub fn account(&self) -> Option<&AccountId> {
        match self {
            Solver::Account(id) => Some(id),
            Solver::Browser(_) => None,
        }
    }
}

/// The index of day `day` (days since the Unix epoch)'s puzzle among `count` puzzles: the
/// same for everyone on that day, from a fixed mix of the day's number (SplitMix64), so that
/// neighbouring days' puzzles are far apart.
pub fn daily_index(day: i64, count: usize) -> usize {
    let mut z = (day as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z % count.max(1) as u64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kauri's end: the first player's `f` captures the last seeds and wins.
    const KAURI: &str = r#"{"id":"kauri-t1","game":"kauri","settings":{},"code":"a/0+1,0+1,0+1,0+1,0+2,1+1/0+1,4+0,0+1,0+1,0+1,0+1/28,27","solution":["f"],"themes":["end"],"source":{"server_game":"g1","ply":3},"check":{"exact":false,"best":1.0,"second":0.0}}"#;

    #[test]
    fn a_line_is_read_and_checked_on_the_rules() {
        let puzzle = Puzzle::from_line(KAURI).unwrap();
        assert_eq!(puzzle.solver_moves(), 1);
        assert_eq!(puzzle.source_game(), Some("g1"));
        let bad = KAURI.replace(r#"["f"]"#, r#"["f","a"]"#);
        let refused = Puzzle::from_line(&bad).unwrap_err();
        assert_eq!(refused.message.key, "puzzle-solution-length");
        let illegal = KAURI.replace(r#"["f"]"#, r#"["z"]"#);
        assert!(Puzzle::from_line(&illegal).is_err());
        let id = KAURI.replace("kauri-t1", "a b");
        assert_eq!(
            Puzzle::from_line(&id).unwrap_err().message.key,
            "puzzle-id-unreadable"
        );
        assert_eq!(
            Puzzle::from_line("{").unwrap_err().message.key,
            "puzzle-line-unreadable"
        );
    }

    #[test]
    fn moves_are_judged_against_the_solution() {
        let puzzle = Puzzle::from_line(KAURI).unwrap();
        assert_eq!(puzzle.judge(&["f".into()]).unwrap(), Judgement::Solved);
        assert_eq!(puzzle.judge(&["a".into()]).unwrap(), Judgement::Failed);
        assert!(puzzle.judge(&[]).is_err());
        assert!(puzzle.judge(&["f".into(), "f".into()]).is_err());
        assert!(puzzle.judge(&["nonsense".into()]).is_err());
    }

    #[test]
    fn browsers_and_days() {
        assert!(Solver::browser("short").is_err());
        assert!(Solver::browser("a b c d e f g h").is_err());
        let browser = Solver::browser("b-1234567890").unwrap();
        assert_eq!(browser.key(), "browser:b-1234567890");
        assert_eq!(daily_index(20_000, 7), daily_index(20_000, 7));
        assert!((0..100).all(|day| daily_index(day, 7) < 7));
        assert_eq!(daily_index(5, 0), 0);
    }
}
