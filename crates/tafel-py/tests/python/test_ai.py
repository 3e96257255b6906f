"""Tafel's players from Python."""

import pytest

import tafel
import tafel.ai


def test_best_move_is_legal_for_every_game(game):
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    answer = tafel.ai.best_move(state, level=1, seed=3)
    assert answer["action"] in state.legal_actions()
    assert state.action_to_string(answer["action"]) == answer["move"]
    assert 0 <= answer["win"] <= 1 and 0 <= answer["draw"] <= 1 - answer["win"]


def test_solved_game_is_exact():
    """Carreaux under the designer's rules is solved: every start is a draw (as `tafel hint`
    says)."""
    state = tafel.load_game("carreaux").new_initial_state()
    answer = tafel.ai.best_move(state, level=None)
    assert answer["exact"] and answer["win"] == 0 and answer["draw"] == 1


def test_a_win_in_one_is_found():
    game = tafel.load_game("kauri")
    state = game.state_from_code("A/1+0,1+0,0+0,0+1,0+0,0+1/0+1,0+3,0+0,0+2,0+3,0+1/29,29")
    answer = tafel.ai.best_move(state, level=3, seed=1)
    assert answer["move"] == "E" and answer["win"] == pytest.approx(1.0)


def test_bad_search_options():
    state = tafel.load_game("kauri").new_initial_state()
    with pytest.raises(ValueError, match="level"):
        tafel.ai.best_move(state, level=99)
    with pytest.raises(ValueError, match="nodes"):
        tafel.ai.best_move(state, nodes=0)
    with pytest.raises(ValueError, match="time_ms"):
        tafel.ai.best_move(state, time_ms=0)


def test_agent_plays_a_game():
    game = tafel.load_game("black-path")
    state = game.new_initial_state()
    agent = tafel.ai.Agent(level=2)
    while not state.is_terminal():
        state.apply_action(agent.step(state))
    assert sorted(state.returns()) == [-1.0, 1.0]
