"""Text for language-model players."""

import pytest

import tafel
import tafel.text


def test_rules_of_every_game(game):
    assert game.title.split()[0].lower().replace("ü", "u") in tafel.rules(game.name).lower() \
        or len(tafel.rules(game.name)) > 1000
    with pytest.raises(ValueError, match="no game is called `chess`"):
        tafel.rules("chess")


def test_describe_puts_it_together(game):
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    text = tafel.text.describe(state)
    assert tafel.rules(game.name).strip()[:200] in text
    assert state.observation_string() in text
    moves = tafel.text.legal_moves(state)
    assert " ".join(moves) in text
    assert game.player_name(state.current_player()) in text
    assert [state.string_to_action(m) for m in moves] == state.legal_actions()
