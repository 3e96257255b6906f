//! `tafel.State`: one position, shaped like OpenSpiel's `pyspiel.State`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use super::PyGame;
use super::{action_of, arrays, int_of, optional_whole, view_of, whole};
use crate::game::AnyGame;
use crate::state::AnyState;
use crate::vector::View;
use tafel_core::Player;

/// A position with the actions that led to it: OpenSpiel's state interface in Tafel's integers.
#[pyclass(module = "tafel._tafel", name = "State")]
pub struct PyState {
    owner: PyGame,
    inner: Box<dyn AnyState>,
}

impl PyState {
    /// Wraps `inner`, a position of `owner`.
    pub fn new(owner: PyGame, inner: Box<dyn AnyState>) -> Self {
        PyState { owner, inner }
    }

    /// The game and the position, for the players.
    pub fn parts(&self) -> (&dyn AnyGame, &dyn AnyState) {
        (self.owner.inner().as_ref(), self.inner.as_ref())
    }

    /// The game.
    fn game(&self) -> &dyn AnyGame {
        self.owner.inner().as_ref()
    }

    /// The player number of an optional argument, refused unless it is `None` or a seat.
    fn player_of(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<Option<i64>> {
        let player = player.map(|p| int_of(p, "a player")).transpose()?;
        self.check_player(player)?;
        Ok(player)
    }

    /// Refuses a player number other than `None` or a seat.
    fn check_player(&self, player: Option<i64>) -> PyResult<()> {
        let players = self.game().dyn_game().num_players() as i64;
        match player {
            Some(p) if !(0..players).contains(&p) => Err(PyValueError::new_err(format!(
                "player {p} does not exist; the game has {players} players (0 to {})",
                players - 1
            ))),
            _ => Ok(()),
        }
    }

    /// Refuses OpenSpiel's `player` argument of a move unless it is the player who acts:
    /// the seat to move, or -1 (chance) at a chance node. Actions mean moves only in their
    /// position, for the one who makes them.
    fn check_actor(&self, player: &Bound<'_, PyAny>) -> PyResult<()> {
        let player = int_of(player, "a player")?;
        let actor = self.inner.current_player();
        if player == i64::from(actor) {
            return Ok(());
        }
        Err(PyValueError::new_err(match actor {
            crate::state::TERMINAL_PLAYER => {
                format!("player {player} is not to move: the game is over")
            }
            crate::state::CHANCE_PLAYER => {
                format!("player {player} is not to move: chance (-1) acts here")
            }
            seat => format!("player {player} is not to move: player {seat} is"),
        }))
    }

    /// The action of OpenSpiel's two call forms: `(action)` or `(player, action)`, the player
    /// checked by [`PyState::check_actor`].
    fn one_or_two(
        &self,
        first: &Bound<'_, PyAny>,
        second: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<i64> {
        match second {
            None => action_of(first),
            Some(action) => {
                let action = action_of(action)?;
                self.check_actor(first)?;
                Ok(action)
            }
        }
    }
}

#[pymethods]
impl PyState {
    /// The seat to move (0, 1, ...), -1 when chance acts, -4 when the game is over (OpenSpiel's
    /// numbers).
    fn current_player(&self) -> i32 {
        self.inner.current_player()
    }

    /// Whether chance acts next (a die is rolled or a start arrangement drawn).
    fn is_chance_node(&self) -> bool {
        self.inner.current_player() == crate::state::CHANCE_PLAYER
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.current_player() == crate::state::TERMINAL_PLAYER
    }

    /// Whether a player is to move.
    fn is_player_node(&self) -> bool {
        self.inner.current_player() >= 0
    }

    /// Never: Tafel's games take turns.
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// The legal actions (chance outcomes at a chance node), ascending; empty when the game is
    /// over or `player` is not to move.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<u32>> {
        match self.player_of(player)? {
            Some(p) if p != i64::from(self.inner.current_player()) => Ok(Vec::new()),
            _ => Ok(self.inner.legal_actions()?),
        }
    }

    /// A numpy bool array, true at the legal actions: `num_distinct_actions()` long, or
    /// `max_chance_outcomes()` long at a chance node.
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let width = if self.is_chance_node() {
            self.game().num_chance_outcomes()
        } else {
            self.game().num_actions()
        };
        let mut mask = vec![false; width];
        for action in self.legal_actions(player)? {
            mask[action as usize] = true;
        }
        arrays::array(py, &mask, &[width])
    }

    /// Plays `action`, which must be legal (a chance outcome at a chance node).
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = action_of(action)?;
        Ok(self.inner.apply_action(action)?)
    }

    /// The chance outcomes and their probabilities, `((outcome, probability), ...)`, ascending;
    /// empty unless chance acts. The tuple is immutable and the same object for the same
    /// distribution (a die's faces), so that a roll does not build it again.
    fn chance_outcomes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.owner
            .chances()
            .tuple(py, self.inner.chance_outcomes()?)
    }

    /// Each seat's return: 1 for a win, -1 for a loss, 0 for a draw or an unfinished game.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// The returns of the last action: `returns()` (Tafel's games score only at the end).
    fn rewards(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// Seat `player`'s return.
    fn player_return(&self, player: &Bound<'_, PyAny>) -> PyResult<f64> {
        let player = self.player_of(Some(player))?.unwrap_or_default();
        Ok(self.inner.returns()[player as usize])
    }

    /// The actions played since the start (or since the code this state was made from).
    fn history(&self) -> Vec<u32> {
        self.inner.history().to_vec()
    }

    /// The number of actions in `history()`.
    fn move_number(&self) -> usize {
        self.inner.history().len()
    }

    /// The position code (`game.state_from_code` reads it back).
    fn code(&self) -> String {
        self.inner.code()
    }

    /// The result in words (`"White wins: reached the opposite corner"`), `"*"` while the
    /// game goes on.
    fn result(&self) -> String {
        self.inner.describe_status()
    }

    /// `action` in the game's notation (`"b4-c3"`). OpenSpiel's form `(player, action)` is
    /// accepted too, `player` being the one who acts here (the seat to move, or -1 at a chance
    /// node). The action must be legal here.
    #[pyo3(signature = (first, second=None))]
    fn action_to_string(
        &self,
        first: &Bound<'_, PyAny>,
        second: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let action = self.one_or_two(first, second)?;
        Ok(self.inner.action_to_string(action)?)
    }

    /// The legal action written `text` in the game's notation; `(player, text)` is accepted
    /// too, `player` being the one who acts here.
    #[pyo3(signature = (first, second=None))]
    fn string_to_action(&self, first: &Bound<'_, PyAny>, second: Option<&str>) -> PyResult<u32> {
        let text: String = match second {
            None => first
                .extract()
                .map_err(|_| PyTypeError::new_err("a move is a str"))?,
            Some(text) => {
                self.check_actor(first)?;
                text.to_string()
            }
        };
        Ok(self.inner.string_to_action(&text)?)
    }

    /// The observation as a float32 numpy array of `game.observation_tensor_shape()` (its
    /// layout per game in docs/python.md). Every player sees the same: the games have perfect
    /// information. `view` turns it: `"absolute"` (the default), `"mover"` (the seat to
    /// move's side) or a seat number (the parts that belong to a seat, that seat's first).
    #[pyo3(signature = (player=None, view=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
        view: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.player_of(player)?;
        let players = self.game().dyn_game().num_players();
        let seat =
            match view.map(|v| view_of(v, players)).transpose()? {
                None | Some(View::Absolute) => None,
                Some(View::Seat(seat)) => Some(seat),
                Some(View::Mover) => match self.inner.current_player() {
                    seat if seat >= 0 => Some(Player(seat as u8)),
                    _ => return Err(PyValueError::new_err(
                        "view=\"mover\": no seat is to move here (chance acts or the game is over)",
                    )),
                },
            };
        let shape = self.game().observation_shape();
        let mut values = vec![0.0; shape.iter().product()];
        self.inner.observe(seat, &mut values);
        arrays::array(py, &values, &shape)
    }

    /// The observation as text: the picture, then the position code and whose turn it is.
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        self.player_of(player)?;
        Ok(self.observation_text())
    }

    /// perft(`depth`): the number of sequences of `depth` plies, a chance outcome and the move
    /// after it forming one ply (as `tafel perft` counts), at most depth 16.
    fn perft(&self, py: Python<'_>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
        let depth = whole(depth, "depth", u64::from(crate::state::MAX_PERFT_DEPTH))? as u32;
        let inner = &self.inner;
        Ok(py.detach(|| inner.perft(depth))?)
    }

    /// `n` uniform random games from here (chance by its probabilities) with a generator
    /// seeded by `seed`: a dict with `games`, `plies` (player moves), `longest`, `wins` (per
    /// seat) and `draws`.
    #[pyo3(signature = (n, seed=None))]
    fn random_playouts<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let n = whole(n, "n", crate::state::MAX_PLAYOUTS)?;
        let seed = optional_whole(seed, "seed", u64::MAX)?.unwrap_or(0);
        let inner = &self.inner;
        let stats = py.detach(|| inner.random_playouts(n, seed))?;
        let players = self.game().dyn_game().num_players();
        let dict = PyDict::new(py);
        dict.set_item("games", stats.games)?;
        dict.set_item("plies", stats.plies)?;
        dict.set_item("longest", stats.longest)?;
        dict.set_item("wins", stats.wins[..players].to_vec())?;
        dict.set_item("draws", stats.draws)?;
        Ok(dict)
    }

    /// The game this position belongs to.
    fn get_game(&self) -> PyGame {
        self.owner.clone()
    }

    /// An independent copy.
    fn clone(&self) -> PyState {
        PyState::new(self.owner.clone(), self.inner.clone_box())
    }

    /// `copy.copy`: an independent copy (`clone()`).
    fn __copy__(&self) -> PyState {
        self.clone()
    }

    /// `copy.deepcopy`: an independent copy (`clone()`), as OpenSpiel's Python states copy.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// Pickling: the state is rebuilt from where its history begins and its actions.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("tafel._tafel")?.getattr("restore_state")?;
        let game = self.owner.clone().into_pyobject(py)?.into_any();
        let args = PyTuple::new(
            py,
            [
                game,
                self.inner.origin_code().into_pyobject(py)?.into_any(),
                self.history().into_pyobject(py)?.into_any(),
            ],
        )?;
        Ok((restore, args))
    }

    /// The text picture of the position.
    fn __str__(&self) -> String {
        self.inner.picture()
    }

    /// The game's name and the position code.
    fn __repr__(&self) -> String {
        format!(
            "<tafel.State {} {:?}>",
            self.game().dyn_game().info().name,
            self.inner.code()
        )
    }
}

impl PyState {
    /// The picture, the code and whose turn it is, in words.
    fn observation_text(&self) -> String {
        let game = self.game().dyn_game();
        let turn = match self.inner.current_player() {
            crate::state::CHANCE_PLAYER => "chance acts next".to_string(),
            crate::state::TERMINAL_PLAYER => format!("game over: {}", self.inner.describe_status()),
            seat => format!(
                "{} to move",
                game.player_name(tafel_core::Player(seat as u8))
            ),
        };
        format!(
            "{}\nposition: {}\n{turn}",
            self.inner.picture(),
            self.inner.code()
        )
    }
}

/// The state of `game` at `code` after `history`, an iterable of actions (what pickling
/// stores). An action that is not an int raises `TypeError`, one that is not legal (or beyond
/// 64 bits) `ValueError`.
#[pyfunction]
pub fn restore_state(game: &PyGame, code: &str, history: &Bound<'_, PyAny>) -> PyResult<PyState> {
    let inner = game.inner();
    let mut state = inner.state_from_code(code)?;
    for action in history.try_iter()? {
        state.apply_action(action_of(&action?)?)?;
    }
    Ok(PyState::new(game.clone(), state))
}
