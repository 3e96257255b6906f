"""Tafel's six games for Python, shaped like OpenSpiel's API.

    >>> import tafel
    >>> game = tafel.load_game("kauri", tiebreak="old")
    >>> state = game.new_initial_state()
    >>> state.legal_actions()
    [0, 1, 2, 3, 4, 5]

`tafel.openspiel`, `tafel.pettingzoo`, `tafel.ai` and `tafel.text` are the adapters and
helpers; docs/python.md in the Tafel repository is the guide, with every game's action map and
observation layout.
"""

from ._tafel import (
    CHANCE_PLAYER,
    TERMINAL_PLAYER,
    Game,
    State,
    Vector,
    games,
    load_game,
    rules,
)
from . import ai, text

__all__ = [
    "CHANCE_PLAYER",
    "TERMINAL_PLAYER",
    "Game",
    "State",
    "Vector",
    "games",
    "load_game",
    "ai",
    "rules",
    "text",
]
