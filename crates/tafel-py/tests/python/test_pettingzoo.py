"""Every game as a PettingZoo AEC environment passes PettingZoo's own checks."""

import pytest
from pettingzoo.test import api_test, seed_test

import tafel.pettingzoo
from conftest import GAMES

CYCLES = {"quarx": 30}


@pytest.mark.parametrize("name", GAMES)
def test_api_test(name):
    api_test(tafel.pettingzoo.env(name), num_cycles=CYCLES.get(name, 200))


@pytest.mark.parametrize("name", GAMES)
def test_seed_test(name):
    seed_test(lambda: tafel.pettingzoo.env(name), num_cycles=CYCLES.get(name, 200))


def test_dice_come_from_the_seed():
    env = tafel.pettingzoo.env("einstein")
    codes = []
    for _ in range(2):
        env.reset(seed=9)
        codes.append(env.unwrapped.state.code())
    env.reset(seed=10)
    assert codes[0] == codes[1]
    assert not env.unwrapped.state.is_chance_node()


def test_render_ansi_and_settings():
    env = tafel.pettingzoo.env("karls-race", render_mode="ansi", players=4)
    env.reset(seed=1)
    assert len(env.agents) == 4
    assert env.render() == str(env.unwrapped.state)
