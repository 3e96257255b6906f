"""Every game as a single-agent Gymnasium environment passes Gymnasium's own checker, and
plays whole games against a random opponent and against Tafel's players."""

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tafel.gymnasium
from conftest import GAMES


IDS = tafel.gymnasium.register()


def test_register():
    assert IDS == [f"tafel/{name}-v0" for name in GAMES]
    assert tafel.gymnasium.register() == IDS  # twice is harmless
    env = gymnasium.make("tafel/kauri-v0", opponent=1, tiebreak="old")
    assert env.unwrapped.game.settings()["tiebreak"] == "old"


@pytest.mark.parametrize("env_id", IDS)
def test_check_env(env_id):
    """Gymnasium's checker, its warnings made errors."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gymnasium.make(env_id, render_mode="ansi").unwrapped)


def episode(env, seed):
    """A whole game with random legal actions: the rewards and the steps, checking the mask
    in `info` and the observation at every step."""
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards, steps = [], 0
    while True:
        assert env.observation_space.contains(observation)
        mask = info["action_mask"]
        assert mask.dtype == np.int8
        assert list(np.flatnonzero(mask)) == env.unwrapped.tafel_state.legal_actions()
        assert np.array_equal(env.unwrapped.action_masks(), mask.astype(bool))
        assert env.unwrapped.tafel_state.current_player() == env.unwrapped.seat
        action = int(rng.choice(np.flatnonzero(mask)))
        observation, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        steps += 1
        assert not truncated and "illegal_action" not in info
        if terminated:
            assert not info["action_mask"].any()
            return rewards, steps


@pytest.mark.parametrize("name", GAMES)
def test_whole_games_against_random(name):
    env = tafel.gymnasium.env(name, seat=1)
    results = set()
    for seed in range(4 if name != "quarx" else 2):
        rewards, _ = episode(env, seed)
        assert all(r == 0 for r in rewards[:-1])
        assert rewards[-1] == env.unwrapped.tafel_state.returns()[1]
        results.add(rewards[-1])
    assert results <= {-1.0, 0.0, 1.0}
    assert episode(env, 9) == episode(env, 9)  # the seed fixes dice and opponent


def test_against_a_tafel_level_and_in_teams():
    kauri = tafel.gymnasium.env("kauri", opponent=2)
    rewards, steps = episode(kauri, 5)
    assert steps > 5 and rewards[-1] in (-1.0, 0.0, 1.0)
    four = tafel.gymnasium.env("karls-race", seat=2, players=4)
    rewards, _ = episode(four, 3)
    assert rewards[-1] == four.unwrapped.tafel_state.returns()[2]


def test_an_illegal_action_loses():
    env = tafel.gymnasium.env("kauri")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert env.unwrapped.tafel_state.history() == []  # nothing was played


def test_bad_arguments():
    with pytest.raises(ValueError, match="a level"):
        tafel.gymnasium.env("kauri", opponent="strong")
    with pytest.raises(ValueError, match="seat 2 does not exist"):
        tafel.gymnasium.env("kauri", seat=2)
    with pytest.raises(ValueError, match="tiebreak"):
        tafel.gymnasium.env("kauri", tiebreak="sometimes")
    with pytest.raises(ValueError, match="never got to move"):
        tafel.gymnasium.env("black-path", seat=1, size="1x1", start="0,0,W").reset(seed=1)
