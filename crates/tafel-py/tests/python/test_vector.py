"""The batched API: observations, masks and steps of N states at once."""

import numpy as np

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
