"""Markov observations (issue #49, item 2): Quarx's and Carreaux's (rule=free) repetition bans
remember earlier positions, and the observation tensor carries them (docs/python.md,
Observations), so two states with equal tensors have the same legal actions and play on
identically; without the history part they would not."""

import hashlib
import random

import numpy as np
import pytest

import tafel

from conftest import random_positions

# The games whose rules remember earlier positions, and how many planes the position itself
# takes (the rest is the history part).
REMEMBERING = [
    ("quarx", {}, 6),
    ("carreaux", {"rule": "free"}, 6),
    ("carreaux", {"rule": "free", "size": 4}, 6),
]

# Where the fingerprint of the remembered positions begins (after the plies plane, and for
# Carreaux the banned-slides plane).
FINGERPRINT = {"quarx": 7, "carreaux": 8}


def load(name, settings):
    return tafel.load_game(name, **settings)


def digest(array):
    return hashlib.blake2b(np.ascontiguousarray(array).tobytes(), digest_size=16).digest()


# Quarx with only two kings a side (the first and last cells of the first rows of each side,
# far apart): random games of king moves, where the ban acts on every ply and boards recur.
QUARX_KINGS = "w:" + "/".join(["O6O"] + ["8"] * 14 + ["X6X"])


def random_walks(game, code, games, seed):
    """The positions of `games` uniformly random games from the position `code`, start and
    end included."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.state_from_code(code)
        yield state.clone()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            yield state.clone()


def check_equal_tensors_play_alike(game, games, seed, key=None, positions=None):
    """Walks the positions of random games (`positions`, by default from the start) and, for
    every two states whose `key` (by default the whole observation tensor) is equal, compares
    their legal actions and the keys and legal actions after each legal action. Returns
    (states, states whose key was seen before, conflicts)."""
    key = key or (lambda state: digest(state.observation_tensor()))
    if positions is None:
        positions = random_positions(game, games=games, seed=seed, limit=1000)
    seen = {}
    states = repeats = 0
    conflicts = []
    for state in positions:
        states += 1
        k = key(state)
        if k not in seen:
            seen[k] = state
            continue
        repeats += 1
        other = seen[k]
        if other.legal_actions() != state.legal_actions():
            conflicts.append((other.code(), state.code()))
            continue
        for action in state.legal_actions():
            a, b = other.clone(), state.clone()
            a.apply_action(action)
            b.apply_action(action)
            if key(a) != key(b) or a.legal_actions() != b.legal_actions():
                conflicts.append((other.code(), state.code(), action))
                break
    return states, repeats, conflicts


@pytest.mark.parametrize("name,settings,_", REMEMBERING)
def test_equal_observations_have_the_same_legal_actions(name, settings, _):
    """Over many random games, any two states reached with equal observation tensors have the
    same legal actions, and after each of them equal tensors and legal actions again."""
    game = load(name, settings)
    games = 60 if name == "quarx" else 400
    states, repeats, conflicts = check_equal_tensors_play_alike(game, games, seed=49)
    assert conflicts == [], conflicts[:3]
    assert repeats > 0, "no two states shared a tensor: the check compared nothing"
    print(f"{name} {settings}: {states} states, {repeats} with a tensor seen before")


def test_equal_observations_in_quarx_king_endings():
    """The same in Quarx games of two kings a side, where every ply is a king's move the ban
    remembers and the same boards recur with other histories: equal tensors, same legal
    actions; keyed by the position's six planes (and the plies) alone, they conflict."""
    game = load("quarx", {"ply-limit": "60"})
    walk = lambda: random_walks(game, QUARX_KINGS, games=300, seed=49)  # noqa: E731
    states, repeats, conflicts = check_equal_tensors_play_alike(game, 0, 0, positions=walk())
    assert conflicts == [], conflicts[:3]
    assert repeats > 0
    print(f"quarx kings: {states} states, {repeats} with a tensor seen before")
    planes = 7 * 256  # the position's six planes and the plies
    _, repeats, conflicts = check_equal_tensors_play_alike(
        game, 0, 0, positions=walk(),
        key=lambda state: digest(state.observation_tensor().ravel()[:planes]))
    assert conflicts, "the position's planes alone told every repeated state apart"
    print(f"quarx kings without the fingerprint: {repeats} repeats, {len(conflicts)} conflicts")


def test_without_the_history_part_equal_boards_conflict():
    """The check above fails without the history part: keyed by the position's six planes
    alone, random Carreaux (rule=free) games reach equal keys with other legal actions; and
    the banned slides of the position alone (plane 6) are not a whole state either: with them
    in the key, states with equal keys differ after the same slide."""
    game = load("carreaux", {"rule": "free", "size": 4})
    area = 4 * 4
    for planes in (6, 7):
        _, repeats, conflicts = check_equal_tensors_play_alike(
            game, 400, seed=49,
            key=lambda state: digest(state.observation_tensor().ravel()[:planes * area]))
        assert repeats > 0
        assert conflicts, f"the first {planes} planes told every repeated state apart"
        if planes == 7:
            # Same legal actions now; the conflict comes one slide later.
            assert all(len(conflict) == 3 for conflict in conflicts), conflicts[:3]
        print(f"carreaux 4x4, {planes} planes: {repeats} repeats, {len(conflicts)} conflicts")


def board_only(game, state):
    """The state of the same board and side to move read from a code without its plies and
    history: a fresh game on that board, remembering nothing."""
    return game.state_from_code(":".join(state.code().split(":")[:2]))


def play(state, move):
    state.apply_action(state.string_to_action(move))


def test_quarx_same_board_other_ban_other_tensor():
    """Two Quarx states with the same pieces and side to move, one remembering the positions
    its kings passed through (so a king's move back to one of them is banned), one read from
    the board alone: their legal actions differ, the six position planes agree, and the whole
    tensors differ."""
    game = load("quarx", {})
    # Only a White king on the first cell of the first row and a Black king on the last cell.
    code = "w:" + "/".join(["O7"] + ["8"] * 14 + ["7X"])
    start = game.state_from_code(code)
    a_b = start.action_to_string(start.legal_actions()[0])
    a, b = a_b.split("-")
    after = start.clone()
    play(after, a_b)
    c_d = after.action_to_string(after.legal_actions()[0])
    c, d = c_d.split("-")
    play(after, c_d)
    # White moves b -> e, Black d -> c back: then White's king back to b would recreate the
    # position after White's first move (Black's king on c again, Black to move).
    for b_e in map(after.action_to_string, after.legal_actions()):
        e = b_e.split("-")[1]
        if not b_e.startswith(b + "-") or e == a:
            continue
        state = after.clone()
        play(state, b_e)
        if d + "-" + c not in map(state.action_to_string, state.legal_actions()):
            continue
        play(state, d + "-" + c)
        break
    else:
        pytest.fail("no king's walk found")
    fresh = board_only(game, state)
    banned = e + "-" + b
    assert banned not in map(state.action_to_string, state.legal_actions())
    assert banned in map(fresh.action_to_string, fresh.legal_actions())
    x, y = state.observation_tensor(), fresh.observation_tensor()
    assert x.shape == y.shape == tuple(game.observation_tensor_shape()) == (11, 4, 4, 4, 4)
    assert np.array_equal(x[:6], y[:6])
    assert not np.array_equal(x, y)
    assert not np.array_equal(x[7:], y[7:])  # the fingerprint, not only the plies
    # The code carries the history, so the state it rebuilds has the same tensor.
    assert np.array_equal(game.state_from_code(state.code()).observation_tensor(), x)


def test_carreaux_same_board_other_ban_other_tensor():
    """The same for Carreaux under rule=free: after a slide the slide back is banned, and the
    banned-slides plane marks its tile; a fresh game on that board may slide it back."""
    game = load("carreaux", {"rule": "free"})
    state = game.new_initial_state()
    first = state.legal_actions()[0]
    state.apply_action(first)
    fresh = board_only(game, state)
    back = 0  # the bubble started in the top-left corner, cell 0
    assert back not in state.legal_actions() and back in fresh.legal_actions()
    a, b = state.observation_tensor(), fresh.observation_tensor()
    assert a.shape == b.shape == (12, 6, 6)
    assert np.array_equal(a[:6], b[:6])
    assert a[6].ravel()[back] == 1 and a[6].sum() == 1  # the banned slide
    assert not b[6].any()
    assert not np.array_equal(a[8:], b[8:])  # the fingerprint of the remembered start
    assert a[7].flat[0] == pytest.approx(1 / 200) and not b[7].any()  # one ply of 200


def test_the_ply_limit_is_seen():
    """Plane 6 of Quarx is plies / ply-limit: two boards equal but for the plies played
    differ, and a limit of 0 leaves the plane zero (the count changes nothing then)."""
    code = "w:" + "/".join(["O7"] + ["8"] * 14 + ["7X"])
    limited = load("quarx", {"ply-limit": "40"})
    early = limited.state_from_code(code)
    late = limited.state_from_code(code + ":20")
    assert late.observation_tensor()[6].flat[0] == pytest.approx(0.5)
    assert not early.observation_tensor()[6].any()
    unlimited = load("quarx", {"ply-limit": "0"})
    assert not unlimited.state_from_code(code + ":20").observation_tensor()[6].any()


def test_shapes():
    """The reported shape and size are the tensors' for single states and the vector, the
    history part only where the rules remember (Carreaux's literal rule does not)."""
    cases = [("quarx", {}, [11, 4, 4, 4, 4]),
             ("carreaux", {}, [6, 6, 6]),
             ("carreaux", {"rule": "free"}, [12, 6, 6]),
             ("carreaux", {"rule": "free", "size": 8}, [12, 8, 8])]
    for name, settings, shape in cases:
        game = load(name, settings)
        assert game.observation_tensor_shape() == shape
        assert game.observation_tensor_size() == int(np.prod(shape))
        assert game.new_initial_state().observation_tensor().shape == tuple(shape)
        vector = game.vector(3, seed=1)
        assert vector.observations().shape == (3, *shape)
        assert vector.observations(view="mover").shape == (3, *shape)
        assert vector.final_observations().shape == (3, *shape)


@pytest.mark.parametrize("name,settings,planes", REMEMBERING)
def test_vector_observations_are_the_states(name, settings, planes):
    """Row by row, the vector's observations (absolute and from the mover's side) are those of
    its rows as single states, of the states rebuilt from its codes, and after each step the
    final observations of finished games are those of the positions they ended in."""
    game = load(name, settings)
    vector = game.vector(12, seed=11)
    with_history = 0
    for _ in range(40 if name == "quarx" else 120):
        absolute = vector.observations()
        mover = vector.observations(view="mover")
        for i, code in enumerate(vector.codes()):
            copy = vector.state(i)
            rebuilt = game.state_from_code(code)
            assert np.array_equal(copy.observation_tensor(), absolute[i]), code
            assert np.array_equal(rebuilt.observation_tensor(), absolute[i]), code
            assert np.array_equal(rebuilt.observation_tensor(view="mover"), mover[i]), code
            # The history part is the same from every side.
            assert np.array_equal(mover[i][planes:], absolute[i][planes:])
            with_history += bool(absolute[i][FINGERPRINT[name]:].any())
        before = [vector.state(i) for i in range(len(vector))]
        actions = vector.sample_actions()
        _, done = vector.step(actions)
        finals = vector.final_observations()
        for i in np.flatnonzero(done):
            before[i].apply_action(int(actions[i]))
            assert np.array_equal(before[i].observation_tensor(), finals[i])
    assert with_history > 0, "no row remembered an earlier position"
