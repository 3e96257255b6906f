"""Bad input raises ValueError or TypeError with a message saying what is wrong."""

import numpy as np
import pytest

import tafel


def test_unknown_game_and_setting():
    with pytest.raises(ValueError, match="chess"):
        tafel.load_game("chess")
    with pytest.raises(ValueError, match="colour"):
        tafel.load_game("kauri", colour="red")
    with pytest.raises(ValueError, match="tiebreak"):
        tafel.load_game("kauri", tiebreak="sometimes")


def test_illegal_actions():
    state = tafel.load_game("kauri").new_initial_state()
    with pytest.raises(ValueError, match="action 11 is not legal here; legal actions: 0 1 2 3 4 5"):
        state.apply_action(11)
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(-1)
    with pytest.raises(ValueError, match="out of range"):
        state.apply_action(2**70)
    with pytest.raises(TypeError, match="not a bool"):
        state.apply_action(True)
    with pytest.raises(TypeError, match="not str"):
        state.apply_action("a")
    with pytest.raises(TypeError, match="not float"):
        state.apply_action(1.0)
    with pytest.raises(ValueError, match="not legal"):
        state.action_to_string(12)
    with pytest.raises(ValueError, match="illegal move `A`"):
        state.string_to_action("A")
    assert state.history() == []  # nothing was played


def test_game_over():
    game = tafel.load_game("black-path")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(ValueError, match="the game is over"):
        state.apply_action(0)


def test_malformed_codes():
    for name in tafel.games():
        with pytest.raises(ValueError):
            tafel.load_game(name).state_from_code("not a position")


def test_players_and_limits():
    state = tafel.load_game("einstein").new_initial_state()
    with pytest.raises(ValueError, match="player 2 does not exist"):
        state.observation_tensor(2)
    with pytest.raises(ValueError, match="depth must be from 0 to 16, not 40"):
        state.perft(40)
    with pytest.raises(ValueError, match="nobody is to move"):
        tafel.ai.best_move(state)


def test_vector_shapes():
    vector = tafel.load_game("kauri").vector(4, seed=1)
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        vector.step([0, 1, 2])
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        vector.step(np.zeros((4, 1), np.int64))
    with pytest.raises(TypeError, match="integers"):
        vector.step(np.zeros(4, np.float32))
    with pytest.raises(ValueError, match="position 1: action 11 is not legal"):
        vector.step([0, 11, 0, 0])
    before = vector.codes()
    with pytest.raises(ValueError):
        vector.step([0, 0, 0, 99])
    assert vector.codes() == before  # nothing was played
    with pytest.raises(ValueError, match="1 to 1048576 states"):
        tafel.load_game("kauri").vector(0)


def test_restore_state_refuses_bad_histories():
    game = tafel.load_game("kauri")
    code = game.new_initial_state().code()
    assert tafel._tafel.restore_state(game, code, [5]).history() == [5]
    with pytest.raises(ValueError, match="out of range"):
        tafel._tafel.restore_state(game, code, [2**70])
    with pytest.raises(ValueError, match="action 11 is not legal"):
        tafel._tafel.restore_state(game, code, [11])
    with pytest.raises(TypeError, match="not str"):
        tafel._tafel.restore_state(game, code, ["f"])
    with pytest.raises(TypeError):
        tafel._tafel.restore_state(game, code, 5)
