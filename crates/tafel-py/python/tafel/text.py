"""Text for language-model players: each game's rules, the position, and its legal moves in
the game's own notation, together in one self-contained prompt."""

from typing import List

from ._tafel import State, rules


def legal_moves(state: State) -> List[str]:
    """The legal moves (or chance outcomes) of `state` in the game's notation, in action order."""
    return [state.action_to_string(action) for action in state.legal_actions()]


def describe(state: State, with_rules: bool = True) -> str:
    """A self-contained description of `state`: the game's rules (unless `with_rules` is
    false), the position as text, whose turn it is, and the legal moves in notation, with the
    instruction to answer with one of them."""
    game = state.get_game()
    parts = []
    if with_rules:
        parts.append(f"# The rules of {game.title}\n\n{rules(game.name).strip()}")
    parts.append(f"# The position\n\n{state.observation_string()}")
    if state.is_terminal():
        parts.append("The game is over; no move is legal.")
    elif state.is_chance_node():
        parts.append("Chance acts next; its outcomes are: " + " ".join(legal_moves(state)))
    else:
        player = game.player_name(state.current_player())
        parts.append(
            f"# Your move\n\nYou play {player}. The legal moves, in the game's notation, are:\n"
            + " ".join(legal_moves(state))
            + "\n\nAnswer with exactly one of these moves."
        )
    return "\n\n".join(parts)
