"""Tafel's computer players from Python: the best move of a position and the mover's chances,
and an agent usable as an OpenSpiel bot."""

from typing import Optional, TypedDict

from . import _tafel
from ._tafel import State


class BestMove(TypedDict):
    """What `best_move` answers."""

    action: int
    move: str
    win: float
    draw: float
    exact: bool
    effort: str


def best_move(
    state: State,
    level: Optional[int] = 5,
    nodes: Optional[int] = None,
    time_ms: Optional[int] = None,
    seed: int = 1,
) -> BestMove:
    """The best move of `state` (a player must be to move) at strength `level` (1 to 6, see
    docs/ai.md; `None` for the game's analysis search with its solvers asked first), with
    `nodes` of work instead of the level's own and at most `time_ms` milliseconds. `win` and
    `draw` are the mover's chances on the scale `tafel hint` shows; `exact` says whether they
    are proven."""
    return _tafel.best_move(state, level=level, nodes=nodes, time_ms=time_ms, seed=seed)


class Agent:
    """A Tafel player at one level, with the methods OpenSpiel's bots have (`step`,
    `restart_at`, `inform_action`), for `tafel.State`s and for the states of
    `tafel.openspiel`'s games alike."""

    def __init__(self, level: Optional[int] = 5, nodes: Optional[int] = None,
                 time_ms: Optional[int] = None, seed: int = 1) -> None:
        self.level = level
        self.nodes = nodes
        self.time_ms = time_ms
        self.seed = seed
        self.moves = 0

    def step(self, state) -> int:
        """The action this player chooses in `state`."""
        inner = getattr(state, "tafel_state", state)
        self.moves += 1
        answer = best_move(inner, level=self.level, nodes=self.nodes, time_ms=self.time_ms,
                           seed=self.seed + self.moves)
        return answer["action"]

    def restart_at(self, state) -> None:
        """Nothing to forget: each move is searched afresh."""

    def inform_action(self, state, player_id, action) -> None:
        """Nothing to learn from the other players' moves."""

    def provides_policy(self) -> bool:
        """No: the agent chooses one move."""
        return False
