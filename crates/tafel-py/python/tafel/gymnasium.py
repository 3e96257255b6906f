"""Tafel's games as single-agent Gymnasium environments: the agent plays one seat, a chosen
opponent (uniformly random, or one of Tafel's levels) plays the others, and chance (dice,
drawn start arrangements) is resolved by the environment's generator, seeded by
`reset(seed=...)`.

    env = tafel.gymnasium.env("kauri", opponent=3)   # or, after tafel.gymnasium.register():
    env = gymnasium.make("tafel/kauri-v0", opponent=3)
    observation, info = env.reset(seed=1)
    observation, reward, terminated, truncated, info = env.step(info["action_mask"].argmax())

The observation is the game's observation tensor (docs/python.md's layouts), the action space
every action number, and `info["action_mask"]` (int8, one per action number) says which are
legal, as MaskablePPO of sb3-contrib reads it through `action_masks()`. The reward comes at the
end: the agent's return (1 win, -1 loss, 0 draw). An illegal action ends the episode as a loss
(`info["illegal_action"]`), so that any action of the space can be stepped. Needs `gymnasium`
(1.0 or later).

`vector_env(game, num_envs)` is the batched counterpart (`TafelVectorEnv`): a Gymnasium vector
environment over the Rust vector, against random play, with Gymnasium 1.x's same-step
auto-reset and the final observation in `info["final_obs"]`.
"""

from typing import Any, Dict, List, Optional, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces

import tafel
from tafel.ai import best_move

# The largest value in an observation tensor: counts of seeds for Kauri, else 1 (0/1 planes,
# and the history part of Quarx and Carreaux, whose values lie in [0, 1]).
_HIGH = {"kauri": 60.0}


def observation_space(game: tafel.Game) -> spaces.Box:
    """The Box of `game`'s observation tensors: float32, from 0 to 1 (Kauri: to 60 seeds)."""
    shape = tuple(game.observation_tensor_shape())
    return spaces.Box(0.0, _HIGH.get(game.name, 1.0), shape, np.float32)


Opponent = Union[str, int]

def _view(view: str, seat: int) -> Union[str, int]:
    """The `view` argument of `observation_tensor` for an environment's `view` option."""
    if view not in ("absolute", "seat"):
        raise ValueError(f"view is \"absolute\" or \"seat\", not {view!r}")
    return seat if view == "seat" else "absolute"


# How many games `reset` starts before it gives up on the agent ever getting to move.
RESTARTS = 100


class TafelEnv(gymnasium.Env):
    """Tafel's game `game` (its settings as keyword arguments) with the agent in seat `seat`
    against `opponent`: `"random"` (a uniformly random legal move) or a level of Tafel's
    players (an int, see docs/ai.md). In Karl's Race for four the opponent plays the three
    other seats, the agent's partner included. A game that is over before the agent's first
    move is started again by `reset` (up to `RESTARTS` times). `view="seat"` gives the
    observations from the agent's seat (`State.observation_tensor(view=seat)`: its own
    pieces first); `"absolute"`, the default, the game's layout."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game: str, opponent: Opponent = "random", seat: int = 0,
                 render_mode: Optional[str] = None, view: str = "absolute",
                 **settings: Any) -> None:
        self.game = tafel.load_game(game, **settings)
        if opponent != "random" and (isinstance(opponent, bool) or not isinstance(opponent, int)):
            raise ValueError(f"the opponent is \"random\" or a level (an int), not {opponent!r}")
        if not 0 <= seat < self.game.num_players():
            raise ValueError(f"seat {seat} does not exist; the game has "
                             f"{self.game.num_players()} seats")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, "
                             f"not {render_mode!r}")
        self.opponent = opponent
        self.seat = seat
        self.view = _view(view, seat)
        self.render_mode = render_mode
        self.observation_space = observation_space(self.game)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.tafel_state = self.game.new_initial_state()

    def _play_until_the_agent_moves(self) -> None:
        """Resolves chance and plays the opponent until the agent is to move or the game is
        over."""
        state = self.tafel_state
        while not state.is_terminal() and state.current_player() != self.seat:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                weights = np.array([p for _, p in outcomes])
                index = self.np_random.choice(len(outcomes), p=weights / weights.sum())
                state.apply_action(outcomes[index][0])
            elif self.opponent == "random":
                state.apply_action(int(self.np_random.choice(state.legal_actions())))
            else:
                seed = int(self.np_random.integers(2**63))
                state.apply_action(best_move(state, level=self.opponent, seed=seed)["action"])

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent as a bool mask (what MaskablePPO asks for)."""
        return self._mask().astype(bool)

    def _mask(self) -> np.ndarray:
        """The agent's legal actions as int8, none once the game is over."""
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if not self.tafel_state.is_terminal():
            mask[self.tafel_state.legal_actions()] = 1
        return mask

    def _observe(self, **info: Any) -> Tuple[np.ndarray, Dict[str, Any]]:
        """The observation and the info with the mask."""
        observation = self.tafel_state.observation_tensor(view=self.view)
        return observation, {"action_mask": self._mask(), **info}

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[dict] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Starts a new game and plays until the agent is to move; `seed` seeds the dice and
        the opponent."""
        super().reset(seed=seed)
        for _ in range(RESTARTS):
            self.tafel_state = self.game.new_initial_state()
            self._play_until_the_agent_moves()
            if not self.tafel_state.is_terminal():
                return self._observe()
        raise ValueError(f"in {RESTARTS} games of {self.game!r} seat {self.seat} never got "
                         "to move")

    def step(self, action: int) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        """Plays the agent's `action`, then the opponent until the agent is to move again or
        the game is over. An illegal action (or a step after the end) ends the episode with
        reward -1."""
        action = int(action)
        if self.tafel_state.is_terminal() or action not in self.tafel_state.legal_actions():
            observation, info = self._observe(illegal_action=True)
            return observation, -1.0, True, False, info
        self.tafel_state.apply_action(action)
        self._play_until_the_agent_moves()
        terminated = self.tafel_state.is_terminal()
        reward = self.tafel_state.returns()[self.seat] if terminated else 0.0
        observation, info = self._observe()
        return observation, reward, terminated, False, info

    def render(self) -> Optional[str]:
        """The position's picture (`ansi`), or nothing without a render mode."""
        return str(self.tafel_state) if self.render_mode == "ansi" else None


def env(game: str, opponent: Opponent = "random", seat: int = 0,
        render_mode: Optional[str] = None, view: str = "absolute", **settings: Any) -> TafelEnv:
    """Game `game` (with its settings as keyword arguments) as a single-agent Gymnasium
    environment, the agent in `seat` against `opponent` (`"random"` or a Tafel level),
    observed from `view` (`"absolute"` or `"seat"`)."""
    return TafelEnv(game, opponent=opponent, seat=seat, render_mode=render_mode, view=view,
                    **settings)


def register() -> List[str]:
    """Registers every game with Gymnasium as `tafel/<name>-v0` (`gymnasium.make("tafel/kauri-v0",
    opponent=3, tiebreak="old")`; again is harmless); returns the ids."""
    ids = []
    for name in tafel.games():
        env_id = f"tafel/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=TafelEnv, kwargs={"game": name})
        ids.append(env_id)
    return ids


class TafelVectorEnv(gymnasium.vector.VectorEnv):
    """`num_envs` games of `game` (its settings as keyword arguments) stepped together in Rust
    (`tafel.Game.vector`), the agent in seat `seat` of every one, the other seats playing
    uniformly random legal moves inside the step (drawn in Rust from the vector's generator,
    as chance is). Gymnasium 1.x's same-step auto-reset (`metadata["autoreset_mode"]` is
    `AutoresetMode.SAME_STEP`): a game that ends in `step` reports `terminated` and its reward
    (the agent's return) and is started again at once; the observation returned is the new
    game's, the finished game's is `info["final_obs"]` (with `info["_final_obs"]`, as
    Gymnasium's own vector environments give it). `info["action_mask"]` (int8, `[N, actions]`)
    marks the legal actions, `action_masks()` gives them as bools, `legal_actions()` as
    compact lists (for Quarx's 65,536 actions). An illegal action raises `ValueError` and
    plays nothing. `view="seat"` gives the observations from the agent's seat
    (`Vector.observations(view=seat)`); `"absolute"`, the default, the game's layout."""

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}

    def __init__(self, game: str, num_envs: int, seat: int = 0, view: str = "absolute",
                 **settings: Any) -> None:
        self.game = tafel.load_game(game, **settings)
        if not 0 <= seat < self.game.num_players():
            raise ValueError(f"seat {seat} does not exist; the game has "
                             f"{self.game.num_players()} seats")
        self.seat = seat
        self.view = _view(view, seat)
        self.num_envs = num_envs
        self.single_observation_space = observation_space(self.game)
        self.single_action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self.vector = self.game.vector(num_envs, seed=0)

    def _infos(self) -> Dict[str, Any]:
        """The info of every sub-environment: the masks."""
        return {"action_mask": self.vector.legal_actions_mask().astype(np.int8),
                "_action_mask": np.ones(self.num_envs, bool)}

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[dict] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Starts every game again, played up to the agent's first move; `seed` seeds the
        vector's generator (the dice and the other seats)."""
        super().reset(seed=seed)
        vector_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        self.vector = self.game.vector(self.num_envs, seed=vector_seed)
        self.vector.reset(range(self.num_envs), until_seat=self.seat)
        return self.vector.observations(view=self.view), self._infos()

    def step(self, actions: Any) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          Dict[str, Any]]:
        """Plays one action per game, then the other seats until the agent is to move again;
        finished games are reported and started again in the same step."""
        returns, done = self.vector.step(np.asarray(actions), until_seat=self.seat)
        infos = self._infos()
        if done.any():
            finals = self.vector.final_observations(view=self.view)
            for row in np.flatnonzero(done):
                infos = self._add_info(infos, {"final_obs": finals[row], "final_info": {}}, row)
        rewards = returns[:, self.seat].copy()
        truncations = np.zeros(self.num_envs, bool)
        return self.vector.observations(view=self.view), rewards, done, truncations, infos

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game as a bool array `[N, actions]`."""
        return self.vector.legal_actions_mask()

    def legal_actions(self) -> np.ndarray:
        """The legal actions of every game as lists (`Vector.legal_actions`): int64
        `[N, K]`, each row ascending, then -1."""
        return self.vector.legal_actions()


def vector_env(game: str, num_envs: int, seat: int = 0, view: str = "absolute",
               **settings: Any) -> TafelVectorEnv:
    """`num_envs` games of `game` (settings as keyword arguments) as a Gymnasium vector
    environment stepped in Rust, the agent in `seat` against random play (`TafelVectorEnv`)."""
    return TafelVectorEnv(game, num_envs, seat=seat, view=view, **settings)
