"""EinStein wuerfelt nicht: OpenSpiel 2.0.2's `einstein_wurfelt_nicht` <-> Tafel's `einstein`.

The one place that translates between the two implementations, imported by the rules
comparison (`scripts/compare_einstein.py`), the speed comparison (`scripts/bench_peers.py`) and
the strength match against OpenSpiel's MCTS. Both play the same game under Tafel's default
settings (`start=random first=white`, see docs/rules/einstein.md):

Seats. OpenSpiel's player 0 is Black (top-left corner, cubes moving down/right towards e1),
player 1 White (bottom-right, moving up/left towards a5). Tafel numbers seats in turn order
of its default start: seat 0 is White (who rolls first), seat 1 Black. So
`tafel_seat(p) == 1 - p` and `openspiel_player(seat) == 1 - seat`.

Squares. Both number squares row by row from the top left, `row * 5 + column`; Tafel names
them with a file letter and a rank, a5 being the top-left corner (Black's home corner), e1 the
bottom-right (White's).

Actions, in OpenSpiel's order of play:
- the first two chance outcomes are the start arrangements, Black's then White's: outcome k
  (0..719) is the k-th permutation of 1..6 in dictionary order, its numbers placed on the home
  triangle's squares in reading order. Tafel's move for it is the same six digits
  (`arrangement_text(k)`, e.g. 0 -> "123456");
- every further chance outcome k (0..5) is the die showing k + 1; Tafel's move is the digit;
- a player's action is `((row * 5 + column) * 6 + direction) * 2 + capture` for the cube on
  (row, column) stepping in `DIRECTIONS[direction]` (Black 0..2, White 3..5), `capture` 1 when
  a cube (of either colour) stands on the square reached. Tafel's move is `FROM-TO` with the
  squares' names (`b4-c3`), and needs no capture flag.

`move_text(state, action)` turns an action at `state` into Tafel's move text,
`action_of(state, text)` finds the legal action that is Tafel's move `text` (raising
`ValueError` otherwise), `tafel_moves(game, actions)` turns a whole OpenSpiel history into
Tafel's moves (for `position start moves ...`-style commands), and `board_field(state)` gives
the board part of Tafel's position code (after the `:`) from OpenSpiel's state string.
"""

import itertools

SIDE = 5
OPENSPIEL_GAME = "einstein_wurfelt_nicht"
TAFEL_GAME = "einstein"

# OpenSpiel's step directions as (row, column) offsets: 0..2 Black's, 3..5 White's.
DIRECTIONS = [(1, 1), (1, 0), (0, 1), (-1, 0), (-1, -1), (0, -1)]

# The 720 start arrangements in OpenSpiel's order (dictionary order of the six numbers).
ARRANGEMENTS = ["".join(map(str, p)) for p in itertools.permutations(range(1, 7))]

# How many chance outcomes at the start are arrangements rather than die rolls.
ARRANGEMENT_PLIES = 2


def tafel_seat(player):
    """Tafel's seat number of OpenSpiel's player `player` (0 Black, 1 White)."""
    return 1 - player


def openspiel_player(seat):
    """OpenSpiel's player number of Tafel's seat `seat` (0 White, 1 Black)."""
    return 1 - seat


def square_name(row, column):
    """Tafel's name of the square on OpenSpiel's (row, column): a5 is (0, 0)."""
    return f"{'abcde'[column]}{SIDE - row}"


def arrangement_text(outcome):
    """Tafel's move for OpenSpiel's arrangement outcome `outcome` (0..719)."""
    return ARRANGEMENTS[outcome]


def step_text(action):
    """Tafel's move for OpenSpiel's player action `action`."""
    rest, _capture = divmod(action, 2)
    rest, direction = divmod(rest, 6)
    row, column = divmod(rest, SIDE)
    d_row, d_column = DIRECTIONS[direction]
    return f"{square_name(row, column)}-{square_name(row + d_row, column + d_column)}"


def move_text(state, action):
    """Tafel's move text for `action` played at OpenSpiel's `state` (not yet applied)."""
    if state.is_chance_node():
        if len(state.history()) < ARRANGEMENT_PLIES:
            return arrangement_text(action)
        return str(action + 1)
    return step_text(action)


def action_of(state, text):
    """The legal OpenSpiel action at `state` that is Tafel's move `text`."""
    for action in state.legal_actions():
        if move_text(state, action) == text:
            return action
    raise ValueError(f"{text!r} is not a legal move in OpenSpiel's position")


def tafel_moves(game, actions):
    """Tafel's moves for a whole OpenSpiel history `actions` (chance outcomes included),
    replayed from `game`'s start."""
    state = game.new_initial_state()
    moves = []
    for action in actions:
        moves.append(move_text(state, action))
        state.apply_action(action)
    return moves


def board_field(state):
    """The board part of Tafel's position code for OpenSpiel's `state`: ranks from the top
    separated by `/`, `.` for an empty square, `w3`/`b5` for a cube. Read from the state's
    string, one line per row of `|b1||__|...` cells."""
    ranks = []
    for line in str(state).strip().splitlines():
        cells = line.strip().strip("|").split("||")
        ranks.append("".join("." if cell == "__" else cell for cell in cells))
    return "/".join(ranks)
