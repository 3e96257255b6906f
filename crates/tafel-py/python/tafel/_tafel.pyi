"""Type stubs of the extension module `tafel._tafel` (built from crates/tafel-py/src/python)."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

CHANCE_PLAYER: int
TERMINAL_PLAYER: int

ActionLike = Union[int, np.integer]

def games() -> List[str]:
    """The names of every game, in the order listings show them."""

def load_game(name: str, **settings: Any) -> Game:
    """Game `name` with its settings as keyword arguments; refused with the command line's messages."""

def rules(name: str, notes: bool = False) -> str:
    """The rules of game `name` in Markdown for a player; `notes=True`: the whole document (the server's `/rules/{name}`)."""

def best_move(
    state: State,
    level: Optional[int],
    nodes: Optional[int] = None,
    time_ms: Optional[int] = None,
    seed: Optional[int] = None,
) -> Dict[str, Any]:
    """The best move of `state` and the mover's chances (see `tafel.ai.best_move`)."""

def restore_state(game: Game, code: str, history: Sequence[ActionLike]) -> State:
    """The state of `game` at `code` after `history` (what unpickling calls)."""

def _load_game_from_settings(name: str, settings: Dict[str, str]) -> Game:
    """`load_game(name, **settings)` (what unpickling calls)."""

class Game:
    """A game with its settings."""

    @property
    def name(self) -> str:
        """The game's name, as `load_game` takes it."""
    @property
    def title(self) -> str:
        """The game's title for people."""
    @property
    def summary(self) -> str:
        """One sentence about the game."""
    def settings(self) -> Dict[str, str]:
        """Every setting in force."""
    def setting_specs(self) -> List[Dict[str, Any]]:
        """Every setting the game has: key, label, default, choices, choices_by, form, help, applies_when."""
    def num_players(self) -> int:
        """The number of seats."""
    def player_name(self, player: int) -> str:
        """The name of seat `player`."""
    def num_distinct_actions(self) -> int:
        """How many player action numbers there are."""
    def max_chance_outcomes(self) -> int:
        """How many chance outcome numbers there are (0 without chance)."""
    def max_game_length(self) -> Optional[int]:
        """The most player moves a game can last."""
    def observation_tensor_shape(self) -> List[int]:
        """The shape of `State.observation_tensor()`."""
    def observation_tensor_size(self) -> int:
        """The number of values in `State.observation_tensor()`."""
    def min_utility(self) -> float:
        """-1: a loss."""
    def max_utility(self) -> float:
        """1: a win."""
    def new_initial_state(self) -> State:
        """The start position."""
    def state_from_code(self, code: str) -> State:
        """The position with `code`."""
    def vector(self, n: int, seed: Optional[int] = None) -> Vector:
        """`n` start positions stepped together."""

class State:
    """A position, with OpenSpiel's state interface."""

    def current_player(self) -> int:
        """The seat to move, -1 for chance, -4 when the game is over."""
    def is_chance_node(self) -> bool:
        """Whether chance acts next."""
    def is_terminal(self) -> bool:
        """Whether the game is over."""
    def is_player_node(self) -> bool:
        """Whether a player is to move."""
    def is_simultaneous_node(self) -> bool:
        """Never."""
    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The legal actions (or chance outcomes), ascending."""
    def legal_actions_mask(self, player: Optional[int] = None) -> npt.NDArray[np.bool_]:
        """True at the legal actions."""
    def apply_action(self, action: ActionLike) -> None:
        """Plays a legal action."""
    def chance_outcomes(self) -> Tuple[Tuple[int, float], ...]:
        """The chance outcomes and their probabilities (an immutable tuple, shared between calls)."""
    def returns(self) -> List[float]:
        """Each seat's return."""
    def rewards(self) -> List[float]:
        """The same as `returns()`."""
    def player_return(self, player: int) -> float:
        """Seat `player`'s return."""
    def history(self) -> List[int]:
        """The actions played since the start or the code."""
    def move_number(self) -> int:
        """The length of `history()`."""
    def code(self) -> str:
        """The position code."""
    def result(self) -> str:
        """The result in words, `*` while the game goes on."""
    def action_to_string(self, first: ActionLike, second: Optional[ActionLike] = None) -> str:
        """A legal action in the game's notation; `(player, action)` also accepted, the player being the one to act."""
    def string_to_action(self, first: Union[str, int], second: Optional[str] = None) -> int:
        """The legal action written in notation; `(player, text)` also accepted, the player being the one to act."""
    def observation_tensor(self, player: Optional[int] = None, view: Union[str, int, None] = None) -> npt.NDArray[np.float32]:
        """The observation tensor; `view`: "absolute" (default), "mover" or a seat."""
    def observation_string(self, player: Optional[int] = None) -> str:
        """The observation as text."""
    def perft(self, depth: int) -> int:
        """The number of sequences of `depth` plies (a chance outcome and the move after it are one ply)."""
    def random_playouts(self, n: int, seed: Optional[int] = None) -> Dict[str, Any]:
        """Statistics of `n` random games from here."""
    def get_game(self) -> Game:
        """The game of this position."""
    def clone(self) -> State:
        """An independent copy."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...

class Vector:
    """N positions of one game stepped together."""

    def __len__(self) -> int: ...
    def observations(self, view: Union[str, int, None] = None) -> npt.NDArray[np.float32]:
        """`[N, *observation_tensor_shape]`; `view`: "absolute" (default), "mover" or a seat."""
    def legal_actions_mask(self) -> npt.NDArray[np.bool_]:
        """`[N, num_distinct_actions]`."""
    def legal_actions(self) -> npt.NDArray[np.int64]:
        """`[N, K]`: each row's legal actions ascending, then -1."""
    def sample_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action per position, from the vector's generator."""
    def current_players(self) -> npt.NDArray[np.int32]:
        """The seat to move in each position."""
    def codes(self) -> List[str]:
        """The position codes (whole states)."""
    def final_observations(self, view: Union[str, int, None] = None) -> npt.NDArray[np.float32]:
        """`[N, *observation_tensor_shape]`: where the last step's finished games ended, zeros elsewhere."""
    def reset(self, rows: Sequence[ActionLike], until_seat: Optional[int] = None) -> None:
        """Starts the games of `rows` again (the other seats then play up to `until_seat`)."""
    def state(self, row: ActionLike) -> State:
        """A copy of row `row`'s position."""
    def step(self, actions: Union[Sequence[int], npt.NDArray[np.integer]], until_seat: Optional[int] = None) -> Tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        """One action per position (the other seats then play up to `until_seat`); returns (returns `[N, players]`, done `[N]`)."""
