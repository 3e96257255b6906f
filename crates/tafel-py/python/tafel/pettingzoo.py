"""Tafel's games as PettingZoo AEC environments, observed as PettingZoo's classic games are:
a dict with the `observation` tensor and the `action_mask` (int8, one per action number).
Chance (dice, drawn start arrangements) is resolved inside `reset` and `step` by the
environment's generator, seeded by `reset(seed=...)`; agents only ever see their own moves.

    env = tafel.pettingzoo.env("quarx")

Needs `pettingzoo` (1.24 or later).
"""

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import tafel
from tafel.gymnasium import observation_space


class TafelEnv(AECEnv):
    """One Tafel game as a PettingZoo AEC environment; agents are `player_0`, `player_1`, ...
    in seat order. Rewards come at the end: 1 for a win, -1 for a loss, 0 for a draw. The
    position is `tafel_state` (a `tafel.State`); `state()` is PettingZoo's global state."""

    metadata = {"render_modes": ["ansi", "human"], "name": "tafel_v0", "is_parallelizable": False}

    def __init__(self, game: str, render_mode: Optional[str] = None, **settings: Any) -> None:
        super().__init__()
        self.game = tafel.load_game(game, **settings)
        self.metadata = dict(self.metadata, name=f"tafel_{game.replace('-', '_')}_v0")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        actions = self.game.num_distinct_actions()
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": observation_space(self.game),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self.state_space = observation_space(self.game)
        self.np_random, _ = seeding.np_random(None)
        self.tafel_state = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of `agent` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of `agent`: every action number of the game."""
        return self.action_spaces[agent]

    def state(self) -> np.ndarray:
        """The global state in `state_space`: the observation tensor, which every agent sees
        whole (the games have perfect information)."""
        return self.tafel_state.observation_tensor()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """The observation tensor and, for the agent to move, the legal-action mask."""
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if not self.tafel_state.is_terminal() and self.agent_selection == agent:
            mask[self.tafel_state.legal_actions()] = 1
        return {"observation": self.tafel_state.observation_tensor(), "action_mask": mask}

    def _resolve_chance(self) -> None:
        """Rolls the dice (and draws start arrangements) with the environment's generator."""
        while self.tafel_state.is_chance_node():
            outcomes = self.tafel_state.chance_outcomes()
            probabilities = np.array([p for _, p in outcomes])
            index = self.np_random.choice(len(outcomes), p=probabilities / probabilities.sum())
            self.tafel_state.apply_action(outcomes[index][0])

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Starts a new game; `seed` seeds the dice."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.tafel_state = self.game.new_initial_state()
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.tafel_state.current_player()]

    def step(self, action: int) -> None:
        """Plays `action` for the agent to move (an illegal one raises `ValueError`)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.tafel_state.apply_action(int(action))
        self._resolve_chance()
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.tafel_state.is_terminal():
            for a, value in zip(self.possible_agents, self.tafel_state.returns()):
                self.rewards[a] = value
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.tafel_state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The position's picture: returned for `ansi`, printed for `human`."""
        if self.render_mode is None:
            return None
        text = str(self.tafel_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str, render_mode: Optional[str] = None, **settings: Any) -> TafelEnv:
    """The environment without PettingZoo's checking wrappers."""
    return TafelEnv(game, render_mode=render_mode, **settings)


def env(game: str, render_mode: Optional[str] = None, **settings: Any) -> AECEnv:
    """Game `game` (with its settings as keyword arguments) as a PettingZoo AEC environment,
    wrapped as PettingZoo's classic games are (illegal moves end in an error, actions checked
    against the space, order enforced)."""
    wrapped = raw_env(game, render_mode=render_mode, **settings)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
