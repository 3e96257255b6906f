"""Tafel's games inside OpenSpiel: `register()` registers every game as
`python_tafel_<name>` (hyphens become underscores: `python_tafel_black_path`), with its
GameType, GameInfo and an observer, so that `pyspiel.load_game("python_tafel_kauri")` and
OpenSpiel's Python algorithms work on them.

Settings are the game's parameters, typed as OpenSpiel's game strings type them, so that
`pyspiel.load_game(str(game))` loads the same game: whole numbers are ints
(`{"players": 4}`), `true` and `false` bools, anything else a string, with its commas written
as colons (commas separate parameters in a game string: Black Path's `start` is `"0:0:W"`;
`"0,0,W"` is accepted too). A game carries every setting, defaults included, so `str(game)`
names them all. Games and states pickle and deep-copy, and `pyspiel.serialize_game_and_state`
works; `load_game(game_string)` registers the games first (what unpickling calls).

Actions, chance outcomes, players and returns are Tafel's own (docs/python.md); each OpenSpiel
state wraps a `tafel.State` as `state.tafel_state`. `bot(level)` is Tafel's player as a
`pyspiel.Bot`. Needs `open-spiel` (2.0.2 is the version tested).
"""

from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np
import pyspiel

import tafel
from tafel.ai import Agent

PREFIX = "python_tafel_"


def short_name(name: str) -> str:
    """OpenSpiel's name of Tafel's game `name`: `python_tafel_black_path` for `black-path`."""
    return PREFIX + name.replace("-", "_")


Parameter = Union[bool, int, float, str]

_INT = set("+-0123456789")


def parameter(text: str) -> Parameter:
    """A Tafel setting's text as the value OpenSpiel's game strings read it as (as
    `GameParameterFromString` types it): `true`/`false` a bool, a whole number an int, a
    decimal a float, anything else a string with its commas written as colons."""
    if text in ("true", "True", "false", "False"):
        return text in ("true", "True")
    if text and set(text) <= _INT:
        return int(text)
    if text and set(text) <= _INT | {"."}:
        return float(text)
    return text.replace(",", ":")


def setting(value: Parameter) -> str:
    """An OpenSpiel parameter's value as the Tafel setting's text (the inverse of
    `parameter`; a string's colons become commas again)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value.replace(":", ",")
    return str(value)


def load_game(game_string: str) -> "TafelGame":
    """`pyspiel.load_game(game_string)` after `register()`: what unpickling a game calls."""
    register()
    return pyspiel.load_game(game_string)


def _deserialize_state(data: str) -> "TafelState":
    """The state of `pyspiel.serialize_game_and_state`'s `data`, after `register()`: what
    unpickling a state calls."""
    register()
    return pyspiel.deserialize_game_and_state(data)[1]


class TafelObserver:
    """OpenSpiel's observer (the PyObserver interface): the observation tensor of
    `tafel.State.observation_tensor` and the text of `observation_string`. Both are the same
    for every player: the games have perfect information."""

    def __init__(self, shape: List[int], params: Optional[Dict] = None) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state: "TafelState", player: int) -> None:
        """Fills `tensor` with the observation of `state`."""
        self.tensor[:] = state.tafel_state.observation_tensor().ravel()

    def string_from(self, state: "TafelState", player: int) -> str:
        """The observation of `state` as text."""
        return state.tafel_state.observation_string()


class TafelState(pyspiel.State):
    """An OpenSpiel state holding a `tafel.State`."""

    def __init__(self, game: "TafelGame", tafel_state: tafel.State) -> None:
        super().__init__(game)
        self.tafel_state = tafel_state

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance (-1) or terminal (-4) player."""
        return self.tafel_state.current_player()

    def _legal_actions(self, player: int) -> List[int]:
        """The legal actions of the player to move, ascending."""
        return self.tafel_state.legal_actions()

    def chance_outcomes(self):
        """The chance outcomes with their probabilities, as a new list (OpenSpiel's algorithms
        may shuffle it)."""
        return list(self.tafel_state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        """Plays `action` (a chance outcome at a chance node)."""
        self.tafel_state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """`action` in the game's notation, played by `player` (who must be the one to act:
        the seat to move, or -1 at a chance node)."""
        return self.tafel_state.action_to_string(player, action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.tafel_state.is_terminal()

    def returns(self) -> List[float]:
        """1 for a win, -1 for a loss, 0 for a draw or an unfinished game, per seat."""
        return self.tafel_state.returns()

    def __str__(self) -> str:
        return str(self.tafel_state)

    def __deepcopy__(self, memo: Dict[int, Any]) -> "TafelState":
        """An independent copy (`clone()`)."""
        return self.clone()

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        """Pickling: OpenSpiel's `serialize_game_and_state`, read back after `register()`."""
        return _deserialize_state, (pyspiel.serialize_game_and_state(self.get_game(), self),)


class TafelGame(pyspiel.Game):
    """An OpenSpiel game made of a Tafel game; `params` are its settings (OpenSpiel's typed
    parameters, see `parameter`; missing ones take their defaults)."""

    name: str = ""

    def __init__(self, params: Optional[Dict[str, Parameter]] = None) -> None:
        settings = {key: setting(value) for key, value in (params or {}).items()}
        self.tafel_game = tafel.load_game(self.name, **settings)
        length = self.tafel_game.max_game_length()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.tafel_game.num_distinct_actions(),
            max_chance_outcomes=self.tafel_game.max_chance_outcomes(),
            num_players=self.tafel_game.num_players(),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length if length is not None else 2**31 - 1,
        )
        every = {key: parameter(text) for key, text in self.tafel_game.settings().items()}
        super().__init__(game_type(self.name), info, every)

    def new_initial_state(self) -> TafelState:
        """The start position."""
        return TafelState(self, self.tafel_game.new_initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None) -> TafelObserver:
        """The observer of every observation type (the games have perfect information)."""
        return TafelObserver(self.tafel_game.observation_tensor_shape(), params)

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        """Pickling: the game string, loaded again by `load_game`."""
        return load_game, (str(self),)


def game_type(name: str) -> "pyspiel.GameType":
    """OpenSpiel's GameType of Tafel's game `name`, its default settings as typed parameters."""
    game = tafel.load_game(name)
    players = [2, 4] if name == "karls-race" else [game.num_players()] * 2
    chance = (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if game.max_chance_outcomes()
              else pyspiel.GameType.ChanceMode.DETERMINISTIC)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Tafel {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(players),
        min_num_players=min(players),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={key: parameter(text) for key, text in game.settings().items()},
    )


def register() -> List[str]:
    """Registers every Tafel game with OpenSpiel (again is harmless); returns their OpenSpiel
    names."""
    names = []
    registered = set(pyspiel.registered_names())
    for name in tafel.games():
        if short_name(name) not in registered:
            game_class = type(f"TafelGame_{name.replace('-', '_')}", (TafelGame,), {"name": name})
            pyspiel.register_game(game_type(name), game_class)
        names.append(short_name(name))
    return names


class TafelBot(pyspiel.Bot):
    """Tafel's player at one level as an OpenSpiel bot (`pyspiel.evaluate_bots` takes it), for
    the games `register()` made."""

    def __init__(self, level: Optional[int] = 5, nodes: Optional[int] = None,
                 time_ms: Optional[int] = None, seed: int = 1) -> None:
        pyspiel.Bot.__init__(self)
        self.agent = Agent(level=level, nodes=nodes, time_ms=time_ms, seed=seed)

    def step(self, state) -> int:
        """The chosen action."""
        return self.agent.step(state)

    def restart_at(self, state) -> None:
        """Nothing to forget."""

    def inform_action(self, state, player_id, action) -> None:
        """Nothing to learn."""

    def provides_policy(self) -> bool:
        """No: one move is chosen."""
        return False


def bot(level: Optional[int] = 5, **options) -> TafelBot:
    """Tafel's player at `level` as a `pyspiel.Bot` (options as `tafel.ai.best_move`'s)."""
    return TafelBot(level=level, **options)
