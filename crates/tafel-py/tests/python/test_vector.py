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


def test_legal_action_lists_are_the_masks(game):
    """`legal_actions()` holds each row's legal actions ascending, padded with -1 to the
    longest row: the compact form of the mask (Quarx's rows are 65,536 wide)."""
    vector = game.vector(12, seed=8)
    for _ in range(15):
        lists, mask = vector.legal_actions(), vector.legal_actions_mask()
        assert lists.dtype == np.int64 and lists.shape[0] == 12
        assert lists.shape[1] == mask.sum(axis=1).max()
        for row, allowed in zip(lists, mask):
            legal = row[row >= 0]
            assert np.array_equal(legal, np.flatnonzero(allowed))
            assert (row[len(legal):] == -1).all()
        vector.step(vector.sample_actions())


# Where each game's observation holds one block per seat (flattened): start, length; the
# documented layouts (docs/python.md). Carreaux's block is one plane of the board.
SEAT_BLOCKS = {
    "black-path": None,
    "karls-race": (0, 21),
    "carreaux": (0, 36),
    "kauri": (24, 1),
    "quarx": (0, 512),
    "einstein": (0, 150),
}


def turned(observation, seat, players, blocks):
    """`observation` (absolute) with its seat blocks turned so that `seat`'s comes first."""
    flat = observation.reshape(-1).copy()
    if blocks is not None:
        start, length = blocks
        end = start + players * length
        flat[start:end] = np.roll(flat[start:end], -seat * length)
    return flat.reshape(observation.shape)


def test_observations_from_the_mover_and_a_seat(game):
    """`view="mover"` turns each row to the seat to move: its own pieces (tiles, stones, store)
    first; a seat number to that seat; the board and the "to move" planes stay."""
    vector = game.vector(10, seed=6)
    players, blocks = game.num_players(), SEAT_BLOCKS[game.name]
    movers_seen = set()
    for _ in range(12):
        absolute, seats = vector.observations(), vector.current_players()
        movers_seen.update(seats.tolist())
        mover = vector.observations(view="mover")
        for row in range(len(vector)):
            assert np.array_equal(mover[row], turned(absolute[row], seats[row], players, blocks))
        for seat in range(players):
            seen = vector.observations(view=seat)
            for row in range(len(vector)):
                assert np.array_equal(seen[row], turned(absolute[row], seat, players, blocks))
        vector.step(vector.sample_actions())
    assert movers_seen == set(range(players))
    assert np.array_equal(vector.observations(view="absolute"), vector.observations())
    with pytest.raises(ValueError, match="view"):
        vector.observations(view="theirs")
    with pytest.raises(ValueError):
        vector.observations(view=players)
    with pytest.raises(TypeError):
        vector.final_observations(view=1.5)


def test_final_observations_from_the_last_mover():
    """A finished game's final observation in the mover's view is seen from the seat that
    made its last move."""
    game = tafel.load_game("kauri")
    vector = game.vector(32, seed=2)
    checked = 0
    while checked < 20:
        seats, actions = vector.current_players(), vector.sample_actions()
        _, done = vector.step(actions)
        absolute, mover = vector.final_observations(), vector.final_observations(view="mover")
        for row in np.flatnonzero(done):
            assert np.array_equal(mover[row], turned(absolute[row], seats[row], 2, (24, 1)))
            checked += 1


def test_steps_up_to_a_seat(game):
    """With `until_seat`, the other seats play random moves inside the step until that seat
    is to move in every row; `reset(rows, until_seat=...)` starts there too."""
    seat = game.num_players() - 1
    vector = game.vector(16, seed=9)
    vector.reset(range(16), until_seat=seat)
    assert (vector.current_players() == seat).all()
    finished = 0
    for _ in range(40 if game.name != "quarx" else 8):
        returns, done = vector.step(vector.sample_actions(), until_seat=seat)
        assert (vector.current_players() == seat).all()
        assert (returns[~done] == 0).all()
        finished += int(done.sum())
        finals = vector.final_observations()
        assert finals[done].any(axis=tuple(range(1, finals.ndim))).all()
    if game.name != "quarx":
        assert finished > 0
    with pytest.raises(ValueError, match="until_seat"):
        vector.step(vector.sample_actions(), until_seat=game.num_players())


def test_arrays_handed_out_are_the_callers_own(game):
    """The vector keeps its buffers between calls, but every array it returns is a fresh,
    writable, contiguous copy: writing into one, or the next call, changes nothing else."""
    vector = game.vector(8, seed=3)
    players = game.num_players()
    first = vector.sample_actions()
    assert first.dtype == np.int64 and first.shape == (8,) and first.flags.owndata
    kept = first.copy()
    second = vector.sample_actions()
    assert not np.shares_memory(first, second)
    assert (first == kept).all()
    actions = second.copy()
    returns, done = vector.step(second)
    assert (second == actions).all()
    assert returns.dtype == np.float64 and returns.shape == (8, players)
    assert done.dtype == np.bool_ and done.shape == (8,)
    for array in (first, second, returns, done):
        assert array.flags.writeable and array.flags.c_contiguous and array.flags.owndata
    returns[:] = 7.0
    done[:] = True
    later_returns, later_done = vector.step(vector.sample_actions())
    assert not np.shares_memory(returns, later_returns)
    assert not np.shares_memory(done, later_done)
    assert (later_returns[~later_done] == 0).all()
    masks = [vector.legal_actions_mask(), vector.legal_actions_mask()]
    assert not np.shares_memory(*masks)
    masks[0][:] = False
    assert masks[1].any(axis=1).all()
