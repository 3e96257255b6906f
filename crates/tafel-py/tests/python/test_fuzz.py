"""Property-based fuzzing of every entry point: whatever the input, the answer is a result or
a ValueError/TypeError, never a PanicException (nor any other exception)."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tafel
import tafel.ai
from conftest import GAMES

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
ALLOWED = (ValueError, TypeError)
anything = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=30),
                     st.binary(max_size=10), st.lists(st.integers(), max_size=3))


def survives(call, *args, **kwargs):
    """Calls `call`; only ValueError and TypeError may come out (PanicException derives from
    BaseException, so it would escape this and fail the test)."""
    try:
        call(*args, **kwargs)
    except ALLOWED:
        pass


@SETTINGS
@given(name=st.one_of(st.sampled_from(GAMES), st.text(max_size=12)),
       key=st.text(max_size=12), value=anything)
def test_load_game(name, key, value):
    survives(tafel.load_game, name, **{key: value} if key else {})


@SETTINGS
@given(name=st.sampled_from(GAMES), code=st.text(max_size=80))
def test_state_from_code(name, code):
    survives(tafel.load_game(name).state_from_code, code)


@SETTINGS
@given(name=st.sampled_from(GAMES), steps=st.lists(st.integers(0, 10**6), max_size=40),
       junk=anything, text=st.text(max_size=20))
def test_state_methods(name, steps, junk, text):
    game = tafel.load_game(name)
    state = game.new_initial_state()
    for step in steps:
        legal = state.legal_actions()
        if not legal:
            break
        state.apply_action(legal[step % len(legal)])
    for method in (state.apply_action, state.action_to_string, state.string_to_action,
                   state.legal_actions, state.observation_tensor, state.observation_string,
                   state.player_return, state.legal_actions_mask):
        survives(method, junk)
    survives(state.string_to_action, text)
    survives(state.observation_tensor, view=junk)
    survives(state.observation_tensor, view=text)
    # Large in-range numbers would only make the tests slow: they are tried small.
    small = min(junk, 2) if isinstance(junk, int) and 0 <= junk <= 10**9 else junk
    survives(state.perft, small)
    survives(state.random_playouts, small)
    level = 1 if isinstance(junk, int) and 1 <= junk <= 6 else junk
    survives(tafel.ai.best_move, state, level=level, nodes=200)


@SETTINGS
@given(name=st.sampled_from(GAMES), n=st.integers(-2, 6), seed=anything,
       actions=st.one_of(anything, st.lists(st.integers(-5, 500), max_size=8)),
       shape=st.lists(st.integers(0, 4), max_size=3), dtype=st.sampled_from(["int8", "uint64", "float64", "bool", "object"]))
def test_vector(name, n, seed, actions, shape, dtype):
    game = tafel.load_game(name)
    try:
        vector = game.vector(n, seed=seed)
    except ALLOWED:
        return
    survives(vector.step, actions)
    try:
        survives(vector.step, np.zeros(shape, dtype=dtype))
    except (ValueError, TypeError):
        pass
    mask = vector.legal_actions_mask()
    survives(vector.step, mask.argmax(axis=1))
    for view in (actions, seed):
        survives(vector.observations, view=view)
        survives(vector.final_observations, view=view)
        survives(vector.step, vector.sample_actions(), until_seat=view)
        survives(vector.reset, [0], until_seat=view)
    survives(vector.reset, actions)
    lists = vector.legal_actions()
    survives(vector.step, lists[:, 0])
