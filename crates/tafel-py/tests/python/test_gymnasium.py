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


def test_observations_from_the_agents_seat():
    """`view="seat"` is the observation with the agent's pieces first; absolute by default."""
    for seat in (0, 1):
        env = tafel.gymnasium.env("einstein", seat=seat, view="seat")
        observation, _ = env.reset(seed=3)
        state = env.unwrapped.tafel_state
        absolute = state.observation_tensor()
        mine, theirs = absolute[6 * seat:6 * seat + 6], absolute[6 - 6 * seat:12 - 6 * seat]
        assert np.array_equal(observation[:6], mine)
        assert np.array_equal(observation[6:12], theirs)
        assert np.array_equal(observation[12:], absolute[12:])
        assert np.array_equal(observation, state.observation_tensor(view="mover"))
    with pytest.raises(ValueError, match="view"):
        tafel.gymnasium.env("kauri", view="mine")


def vector_episodes(env, seed, steps):
    """Steps `env` with random legal actions, checking every step against Gymnasium 1.x's
    same-step auto-reset; returns the rewards of the finished games and the step results."""
    observations, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    finished, trace = [], []
    for _ in range(steps):
        assert env.observation_space.contains(observations)
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (env.num_envs, env.single_action_space.n)
        assert np.array_equal(env.action_masks(), mask.astype(bool))
        assert (env.vector.current_players() == env.seat).all()
        lists = env.legal_actions()
        for row, allowed in zip(lists, mask):
            assert np.array_equal(row[row >= 0], np.flatnonzero(allowed))
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        before = [env.vector.state(i) for i in range(env.num_envs)]
        observations, rewards, terminated, truncated, info = env.step(actions)
        assert rewards.shape == terminated.shape == truncated.shape == (env.num_envs,)
        assert not truncated.any() and (rewards[~terminated] == 0).all()
        trace.append((observations.copy(), rewards.copy(), terminated.copy()))
        if terminated.any():
            assert np.array_equal(info["_final_obs"], terminated)
            for row in np.flatnonzero(terminated):
                final = info["final_obs"][row]
                assert env.single_observation_space.contains(final)
                finished.append(rewards[row])
                # The finished game went on from the row's position by the agent's action.
                assert before[row].legal_actions_mask()[actions[row]]
        else:
            assert "final_obs" not in info
    return finished, trace


@pytest.mark.parametrize("name", GAMES)
def test_vector_env_same_step_autoreset(name):
    env = tafel.gymnasium.vector_env(name, 6, seat=1)
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    finished, trace = vector_episodes(env, seed=4, steps=40 if name != "quarx" else 10)
    assert set(finished) <= {-1.0, 0.0, 1.0}
    if name != "quarx":
        assert finished
    _, again = vector_episodes(env, seed=4, steps=len(trace))
    assert all(all(np.array_equal(a, b) for a, b in zip(x, y)) for x, y in zip(trace, again))


def test_vector_env_final_observation_is_where_the_game_ended():
    """The final observation of a finished game is the observation of the agent's position
    played on by the agent's action and the random replies: it has no "to move" plane, and
    the returned observation is a fresh game's."""
    env = tafel.gymnasium.vector_env("kauri", 8, seat=0, view="seat")
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    seen = 0
    while seen < 10:
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in info["action_mask"]])
        observations, rewards, terminated, _, info = env.step(actions)
        for row in np.flatnonzero(terminated):
            final = info["final_obs"][row]
            assert not final[26:].any()  # nobody to move at the end
            assert observations[row][26] == 1.0  # the new game: the agent (seat 0) to move
            seen += 1


def test_vector_env_with_gymnasium_wrappers():
    """Gymnasium's vector wrappers that read the auto-reset mode accept it."""
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(
        tafel.gymnasium.vector_env("black-path", 4, size="4x4"))
    _, info = env.reset(seed=1)
    episodes = 0
    rng = np.random.default_rng(1)
    for _ in range(30):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in info["action_mask"]])
        _, _, terminated, _, info = env.step(actions)
        if "episode" in info:
            episodes += int(info["_episode"].sum())
            assert (info["episode"]["l"][info["_episode"]] > 0).all()
    assert episodes > 0


def test_vector_env_refuses_bad_input():
    env = tafel.gymnasium.vector_env("kauri", 3)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"][0] == 0)[0])
    codes = env.vector.codes()
    with pytest.raises(ValueError, match="not legal"):
        env.step([illegal, illegal, illegal])
    assert env.vector.codes() == codes  # nothing was played
    with pytest.raises(ValueError, match="shape"):
        env.step([0, 1])
    with pytest.raises(ValueError, match="seat 2 does not exist"):
        tafel.gymnasium.vector_env("kauri", 3, seat=2)
    with pytest.raises(ValueError, match="fresh games in a row"):
        tafel.gymnasium.vector_env("black-path", 2, seat=1, size="1x1", start="0,0,W").reset(seed=1)
