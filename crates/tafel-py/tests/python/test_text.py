"""Text for language-model players."""

import pytest

import tafel
import tafel.text


def test_rules_of_every_game(game):
    assert game.title.split()[0].lower().replace("ü", "u") in tafel.rules(game.name).lower() \
        or len(tafel.rules(game.name)) > 1000
    with pytest.raises(ValueError, match="no game is called `chess`"):
        tafel.rules("chess")


def test_rules_for_players_leave_out_notes_and_diagrams(game):
    """The rules a player reads: the whole document's summary and rules, without the diagram
    blocks (markup the server draws as boards) and without what follows the `---` (sources,
    our decisions, notes for developers)."""
    whole = tafel.rules(game.name, notes=True)
    text = tafel.rules(game.name)
    assert "```diagram" in whole and "```diagram" not in text
    assert "## Sources" in whole and "## Sources" not in text
    summary = next(line for line in whole.splitlines() if line.startswith("**In short.**"))
    assert summary in text
    assert text.startswith("# ") and len(text) > 1000


def test_describe_puts_it_together(game):
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    text = tafel.text.describe(state)
    assert tafel.rules(game.name) in text
    assert "```diagram" not in text and "## Sources" not in text
    assert state.observation_string() in text
    moves = tafel.text.legal_moves(state)
    assert " ".join(moves) in text
    assert game.player_name(state.current_player()) in text
    assert [state.string_to_action(m) for m in moves] == state.legal_actions()
