//! One position of any game behind [`AnyState`], in integers: OpenSpiel's state interface.

use std::sync::{Arc, OnceLock};

use tafel_core::erased::ErasedPosition;
use tafel_core::game::GameExt;
use tafel_core::playout::PlayoutStats;
use tafel_core::{DynPosition, Game, Player, Status};

use crate::encoding::Encoded;
use crate::Error;

/// OpenSpiel's player number of chance.
pub const CHANCE_PLAYER: i32 = -1;
/// OpenSpiel's player number of a finished game.
pub const TERMINAL_PLAYER: i32 = -4;
/// The deepest perft a state runs.
pub const MAX_PERFT_DEPTH: u32 = 16;
/// The most random games one call plays.
pub const MAX_PLAYOUTS: u64 = 100_000_000;

/// A position with the actions that led to it from where it started.
pub trait AnyState: Send + Sync {
    /// The seat to move, [`CHANCE_PLAYER`] or [`TERMINAL_PLAYER`].
    fn current_player(&self) -> i32;
    /// The legal actions (player actions or chance outcomes), ascending.
    fn legal_actions(&self) -> Result<Vec<u32>, Error>;
    /// The chance outcomes with their probabilities, ascending; empty unless chance acts.
    fn chance_outcomes(&self) -> Result<Vec<(u32, f64)>, Error>;
    /// Plays `action`, which must be legal.
    fn apply_action(&mut self, action: i64) -> Result<(), Error>;
    /// `action` in the game's notation; it must be legal here.
    fn action_to_string(&self, action: i64) -> Result<String, Error>;
    /// The legal action written `text` in the game's notation.
    fn string_to_action(&self, text: &str) -> Result<u32, Error>;
    /// Each seat's return: 1 for a win, -1 for a loss, 0 for a draw or an unfinished game.
    fn returns(&self) -> Vec<f64>;
    /// The actions played since the state was made from the start or from a code.
    fn history(&self) -> &[u32];
    /// The position code where [`AnyState::history`] begins.
    fn origin_code(&self) -> String;
    /// The position code.
    fn code(&self) -> String;
    /// The text picture.
    fn picture(&self) -> String;
    /// The result in words, `*` while the game goes on.
    fn describe_status(&self) -> String;
    /// Writes the observation into `out` (zeroed, as long as the shape's product), seen from
    /// `seat`'s side ([`crate::encoding::observe_from`]) or absolute for `None`.
    fn observe(&self, seat: Option<Player>, out: &mut [f32]);
    /// perft(`depth`): the number of sequences of `depth` plies, a chance outcome and the move
    /// after it forming one ply (as `tafel perft` counts).
    fn perft(&self, depth: u32) -> Result<u64, Error>;
    /// `games` random games from here with a generator seeded by `seed`.
    fn random_playouts(&self, games: u64, seed: u64) -> Result<PlayoutStats, Error>;
    /// The same position as the command line and the server know positions.
    fn dyn_position(&self) -> Box<dyn DynPosition>;
    /// A copy.
    fn clone_box(&self) -> Box<dyn AnyState>;
}

/// A position of the game `G` behind [`AnyState`].
pub struct TypedState<G: Encoded> {
    rules: Arc<G>,
    state: G::State,
    origin: Arc<G::State>,
    history: Vec<u32>,
    /// The legal moves and their numbers, found once per position: a Python loop asks for
    /// them several times per ply (`legal_actions`, `chance_outcomes`, `apply_action`).
    legal: OnceLock<Result<Legal<G>, Error>>,
}

/// The legal moves of a position in the game's order, their action numbers, and the numbers
/// in ascending order.
struct Legal<G: Game> {
    moves: Vec<G::Move>,
    actions: Vec<u32>,
    sorted: Vec<u32>,
}

impl<G: Encoded> TypedState<G> {
    /// `state`, with an empty history beginning there.
    pub fn new(rules: Arc<G>, state: G::State) -> Self {
        TypedState {
            origin: Arc::new(state.clone()),
            rules,
            state,
            history: Vec::new(),
            legal: OnceLock::new(),
        }
    }

    /// The legal moves and their action numbers (found on the first call for a position).
    fn legal(&self) -> Result<&Legal<G>, Error> {
        self.legal
            .get_or_init(|| {
                let moves = self.rules.legal_move_vec(&self.state);
                let mut actions = Vec::with_capacity(moves.len());
                self.rules
                    .encode_moves(&self.state, &moves, &mut actions)
                    .map_err(Error::Value)?;
                let mut sorted = actions.clone();
                sorted.sort_unstable();
                Ok(Legal {
                    moves,
                    actions,
                    sorted,
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The legal move numbered `action`, or why there is none.
    fn move_of(&self, action: i64) -> Result<G::Move, Error> {
        let legal = self.legal()?;
        legal_move(&legal.moves, &legal.actions, action)
    }
}

/// The move of `moves` whose number in `actions` is `action`, or an error listing the legal
/// numbers.
pub fn legal_move<M: Copy>(moves: &[M], actions: &[u32], action: i64) -> Result<M, Error> {
    if moves.is_empty() {
        return Err(Error::Value(format!(
            "action {action}: the game is over, no action is legal"
        )));
    }
    if let Some(i) = actions.iter().position(|&a| i64::from(a) == action) {
        return Ok(moves[i]);
    }
    let mut legal = actions.to_vec();
    legal.sort_unstable();
    let shown: Vec<String> = legal.iter().take(40).map(u32::to_string).collect();
    let more = if legal.len() > shown.len() {
        " ..."
    } else {
        ""
    };
    Err(Error::Value(format!(
        "action {action} is not legal here; legal actions: {}{more}",
        shown.join(" ")
    )))
}

/// Each seat's return in `status`: 1 for a winner, -1 for the others, 0 for all in a draw or
/// an unfinished game.
pub fn returns_of(status: &Status, players: usize) -> Vec<f64> {
    let mut returns = vec![0.0; players];
    write_returns(status, &mut returns);
    returns
}

/// Writes [`returns_of`] into `out`, one value per seat (a vector's step writes a finished
/// game's returns into its row without an allocation).
pub fn write_returns(status: &Status, out: &mut [f64]) {
    for (seat, slot) in out.iter_mut().enumerate() {
        *slot = match status {
            Status::Over(outcome) if !outcome.is_draw() => {
                if outcome.winners.contains(tafel_core::Player(seat as u8)) {
                    1.0
                } else {
                    -1.0
                }
            }
            _ => 0.0,
        };
    }
}

impl<G: Encoded> AnyState for TypedState<G> {
    fn current_player(&self) -> i32 {
        match self.rules.status(&self.state) {
            Status::ToMove(player) => i32::from(player.0),
            Status::Chance => CHANCE_PLAYER,
            Status::Over(_) => TERMINAL_PLAYER,
        }
    }
    fn legal_actions(&self) -> Result<Vec<u32>, Error> {
        Ok(self.legal()?.sorted.clone())
    }
    fn chance_outcomes(&self) -> Result<Vec<(u32, f64)>, Error> {
        if !matches!(self.rules.status(&self.state), Status::Chance) {
            return Ok(Vec::new());
        }
        let Legal { moves, actions, .. } = self.legal()?;
        let mut outcomes: Vec<(u32, f64)> = (0..moves.len())
            .map(|i| {
                let p = self.rules.chance_probability(&self.state, moves, i);
                (actions[i], p)
            })
            .collect();
        outcomes.sort_unstable_by_key(|&(action, _)| action);
        Ok(outcomes)
    }
    fn apply_action(&mut self, action: i64) -> Result<(), Error> {
        let mv = self.move_of(action)?;
        self.rules.apply(&mut self.state, mv);
        self.history.push(action as u32);
        self.legal = OnceLock::new();
        Ok(())
    }
    fn action_to_string(&self, action: i64) -> Result<String, Error> {
        let mv = self.move_of(action)?;
        Ok(self.rules.format_move(&self.state, mv))
    }
    fn string_to_action(&self, text: &str) -> Result<u32, Error> {
        let mv = self
            .rules
            .parse_legal_move(&self.state, text)
            .map_err(|e| Error::Value(e.to_string()))?;
        let legal = self.legal()?;
        let i = legal
            .moves
            .iter()
            .position(|&m| m == mv)
            .expect("a legal move is among the legal moves");
        Ok(legal.actions[i])
    }
    fn returns(&self) -> Vec<f64> {
        returns_of(&self.rules.status(&self.state), self.rules.num_players())
    }
    fn history(&self) -> &[u32] {
        &self.history
    }
    fn origin_code(&self) -> String {
        self.rules.format_position(&self.origin)
    }
    fn code(&self) -> String {
        self.rules.format_position(&self.state)
    }
    fn picture(&self) -> String {
        self.rules.picture(&self.state)
    }
    fn describe_status(&self) -> String {
        tafel_core::record::describe_status(self.rules.as_ref(), &self.state)
    }
    fn observe(&self, seat: Option<Player>, out: &mut [f32]) {
        crate::encoding::observe_from(self.rules.as_ref(), &self.state, seat, out);
    }
    fn perft(&self, depth: u32) -> Result<u64, Error> {
        if depth > MAX_PERFT_DEPTH {
            return Err(Error::Value(format!(
                "perft depth {depth} is too deep; at most {MAX_PERFT_DEPTH}"
            )));
        }
        Ok(tafel_core::perft::perft(
            self.rules.as_ref(),
            &self.state,
            depth,
        ))
    }
    fn random_playouts(&self, games: u64, seed: u64) -> Result<PlayoutStats, Error> {
        if games > MAX_PLAYOUTS {
            return Err(Error::Value(format!(
                "{games} random games are too many for one call; at most {MAX_PLAYOUTS}"
            )));
        }
        Ok(tafel_core::playout::random_playouts(
            self.rules.as_ref(),
            &self.state,
            games,
            seed,
        ))
    }
    fn dyn_position(&self) -> Box<dyn DynPosition> {
        Box::new(ErasedPosition {
            game: self.rules.clone(),
            state: self.state.clone(),
        })
    }
    fn clone_box(&self) -> Box<dyn AnyState> {
        Box::new(TypedState {
            rules: self.rules.clone(),
            state: self.state.clone(),
            origin: self.origin.clone(),
            history: self.history.clone(),
            legal: OnceLock::new(),
        })
    }
}
