"""The batched API: observations, masks and steps of N states at once."""

import numpy as np
import pytest

import tafel


def play(game, n, steps, seed):
    """Steps a vector with random legal actions; returns what it saw."""
    vector = game.vector(n, seed=seed)
    rng = np.random.default_rng(seed)
    finished, returns_seen = 0, []
    for _ in range(steps):
        mask = vector.legal_actions_mask()
        assert mask.shape == (n, game.num_distinct_actions())
        assert mask.any(axis=1).all()
        observations = vector.observations()
        assert observations.shape == (n, *game.observation_tensor_shape())
        assert observations.dtype == np.float32
        players = vector.current_players()
        assert ((players >= 0) & (players < game.num_players())).all()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        returns, done = vector.step(actions)
        assert returns.shape == (n, game.num_players()) and done.shape == (n,)
        assert (returns[~done] == 0).all()
        finished += int(done.sum())
        returns_seen.extend(returns[done].tolist())
    return finished, returns_seen, vector.codes()


def test_vector_plays_and_restarts(game):
    finished, returns, _ = play(game, n=16, steps=60 if game.name != "quarx" else 20, seed=7)
    for row in returns:
        assert sum(row) == 0 and all(r in (-1.0, 0.0, 1.0) for r in row)
    if game.name in ("black-path", "kauri", "einstein", "karls-race", "carreaux"):
        assert finished > 0


def test_vector_is_seeded(game):
    assert play(game, 8, 10, seed=3) == play(game, 8, 10, seed=3)


def test_vector_agrees_with_states():
    """A vector's observation and mask are the per-state ones of the same position."""
    game = tafel.load_game("einstein")
    vector = game.vector(5, seed=2)
    for code, observation, mask in zip(vector.codes(), vector.observations(),
                                       vector.legal_actions_mask()):
        state = game.state_from_code(code)
        assert np.array_equal(state.observation_tensor(), observation)
        assert np.array_equal(state.legal_actions_mask(), mask)


def test_codes_rebuild_the_rows_of_games_that_remember():
    """Quarx and Carreaux under rule=free remember earlier positions; their codes carry them,
    so a state rebuilt from a row's code has that row's mask at every step of random play."""
    for game in (tafel.load_game("quarx"), tafel.load_game("carreaux", rule="free", size=4)):
        vector = game.vector(8, seed=5)
        rng = np.random.default_rng(5)
        for _ in range(60):
            mask = vector.legal_actions_mask()
            for code, row in zip(vector.codes(), mask):
                assert np.array_equal(game.state_from_code(code).legal_actions_mask(), row), code
            vector.step(np.array([rng.choice(np.flatnonzero(row)) for row in mask]))


def test_final_observations_are_the_finished_positions(game):
    """Each row's final observation after a step is the observation of its position played
    on as a single state, where that game ended, and zeros where it did not."""
    vector = game.vector(16, seed=4)
    finished = 0
    for _ in range(80 if game.name != "quarx" else 10):
        before = [vector.state(i) for i in range(len(vector))]
        actions = vector.sample_actions()
        _, done = vector.step(actions)
        finals = vector.final_observations()
        assert finals.shape == (16, *game.observation_tensor_shape())
        for i, state in enumerate(before):
            state.apply_action(int(actions[i]))
            if done[i]:
                finished += 1
                assert state.is_terminal()
                assert np.array_equal(finals[i], state.observation_tensor())
            else:
                assert not state.is_terminal() and not finals[i].any()
    if game.name != "quarx":
        assert finished > 0


def test_rows_reset_and_copied():
    game = tafel.load_game("kauri")
    start = game.new_initial_state().code()
    vector = game.vector(4, seed=1)
    for _ in range(3):
        vector.step(vector.sample_actions())
    codes = vector.codes()
    copy = vector.state(1)
    assert copy.code() == codes[1]
    assert np.array_equal(copy.legal_actions_mask(), vector.legal_actions_mask()[1])
    copy.apply_action(copy.legal_actions()[0])
    assert vector.codes() == codes  # the copy is independent
    with pytest.raises(ValueError, match="row 4 does not exist"):
        vector.reset([0, 4])
    with pytest.raises(ValueError, match="row 9 does not exist"):
        vector.state(9)
    assert vector.codes() == codes  # nothing was reset
    vector.reset(np.array([0, 2]))
    assert vector.codes() == [start, codes[1], start, codes[3]]
    assert vector.legal_actions_mask()[0].tolist() == game.new_initial_state().legal_actions_mask().tolist()
