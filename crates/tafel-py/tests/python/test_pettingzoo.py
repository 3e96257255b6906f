"""Every game as a PettingZoo AEC environment passes PettingZoo's own checks."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.test.state_test import test_state_space as state_space_test

import tafel.pettingzoo
from conftest import GAMES

CYCLES = {"quarx": 30}


@pytest.mark.parametrize("name", GAMES)
def test_api_test(name):
    api_test(tafel.pettingzoo.env(name), num_cycles=CYCLES.get(name, 200))


@pytest.mark.parametrize("name", GAMES)
def test_seed_test(name):
    seed_test(lambda: tafel.pettingzoo.env(name), num_cycles=CYCLES.get(name, 200))


@pytest.mark.parametrize("name", GAMES)
def test_state_is_the_global_state(name):
    """`env.state()` is PettingZoo's method (not shadowed by an attribute): the observation
    tensor at every step of a random game, inside `state_space` (which passes PettingZoo's own
    check of state spaces)."""
    env = tafel.pettingzoo.env(name)
    state_space_test(env)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in env.agent_iter(400):
        assert env.state_space.contains(env.state())
        assert np.array_equal(env.state(), env.unwrapped.tafel_state.observation_tensor())
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_dice_come_from_the_seed():
    env = tafel.pettingzoo.env("einstein")
    codes = []
    for _ in range(2):
        env.reset(seed=9)
        codes.append(env.unwrapped.tafel_state.code())
    env.reset(seed=10)
    assert codes[0] == codes[1]
    assert not env.unwrapped.tafel_state.is_chance_node()


def test_render_ansi_and_settings():
    env = tafel.pettingzoo.env("karls-race", render_mode="ansi", players=4)
    env.reset(seed=1)
    assert len(env.agents) == 4
    assert env.render() == str(env.unwrapped.tafel_state)
