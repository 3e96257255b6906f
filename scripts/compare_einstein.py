#!/usr/bin/env python3
"""Tafel's `einstein` against OpenSpiel's `einstein_wurfelt_nicht`, position by position.

Run through `scripts/compare-einstein` (which installs OpenSpiel 2.0.2 into the private
environment and builds `tafel`). It plays `--games` uniformly random games in OpenSpiel (start
arrangements, dice and moves all drawn from one seeded generator), writing down at every
position what OpenSpiel says: the board, whose turn it is or that a die or an arrangement is
to be drawn (and the die rolled), the legal moves (chance outcomes included) in OpenSpiel's
order, and at the end the winner. Then it replays all the games in one `tafel trace einstein`
process, which writes the same for Tafel's positions, and compares them line by line, through
the one translation in `scripts/peers/einstein.py`. Every difference is counted and the first
ones printed; the exit status is 1 if there is any.

What is compared at each position (Tafel's line `CODE<TAB>STATUS<TAB>MOVES`):
- the position code: the board field exactly, and the side field (the seat to roll or to move,
  the die once rolled, `s` while an arrangement is to be drawn);
- the status: a chance event, the seat to move, or the game over with its winner (OpenSpiel's
  returns: +1 for the winner);
- the legal moves, in order (OpenSpiel's actions are sorted, Tafel lists the cubes in square
  order and each cube's steps in OpenSpiel's direction order); at chance positions, the chance
  outcomes, which OpenSpiel must also give equal probabilities (Tafel's are uniform).
"""

import argparse
import random
import subprocess
import sys
import time

import pyspiel

from peers import einstein as peer


def side_field(state, last_mover):
    """The side part of Tafel's code for OpenSpiel's `state`: `bs`/`ws` while Black's/White's
    arrangement is to be drawn, the seat to roll (the one that did not move last, White at
    first) before a roll and once the game is over, and the seat to move with its die after
    a roll."""
    history = len(state.history())
    if history < peer.ARRANGEMENT_PLIES:
        return "bs" if history == 0 else "ws"
    letter = "bw"  # OpenSpiel's player 0 is Black
    if state.is_chance_node() or state.is_terminal():
        roller = 1 if last_mover is None else 1 - last_mover
        return letter[roller]
    return f"{letter[state.current_player()]}{state.history()[-1] + 1}"


def status_field(state):
    """Tafel's status words for OpenSpiel's `state`."""
    if state.is_terminal():
        returns = state.returns()
        winners = [str(peer.tafel_seat(p)) for p in range(2) if returns[p] > 0]
        return f"over {','.join(sorted(winners)) or '-'}"
    if state.is_chance_node():
        return "chance"
    return f"move {peer.tafel_seat(state.current_player())}"


class Moves:
    """OpenSpiel's legal actions at a state as Tafel's move texts; the two arrangement draws'
    720 outcomes are translated once."""

    def __init__(self):
        self.arrangements = None

    def of(self, state):
        if state.is_terminal():
            return [], ""
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            probability = 1.0 / len(outcomes)
            if any(abs(p - probability) > 1e-12 for _, p in outcomes):
                raise SystemExit(f"OpenSpiel's chance outcomes are not uniform: {outcomes}")
            if len(state.history()) < peer.ARRANGEMENT_PLIES:
                if self.arrangements is None or self.arrangements[0] != actions:
                    texts = " ".join(peer.move_text(state, a) for a in actions)
                    self.arrangements = (actions, texts)
                return actions, self.arrangements[1]
        else:
            actions = state.legal_actions()
        return actions, " ".join(peer.move_text(state, a) for a in actions)


def play_openspiel(game, rnd, moves):
    """One random game in OpenSpiel: Tafel's moves for it, and the line Tafel should write
    for every position."""
    state = game.new_initial_state()
    played, expected = [], []
    last_mover = None
    while True:
        actions, texts = moves.of(state)
        code = f"{side_field(state, last_mover)}:{peer.board_field(state)}"
        expected.append(f"{code}\t{status_field(state)}\t{texts}")
        if state.is_terminal():
            return played, expected
        action = actions[rnd.randrange(len(actions))]
        played.append(peer.move_text(state, action))
        if not state.is_chance_node():
            last_mover = state.current_player()
        state.apply_action(action)


def run_tafel(tafel, games):
    """Tafel's lines for each game's moves, from one `tafel trace` process."""
    text = "".join(" ".join(moves) + "\n" for moves in games)
    out = subprocess.run(
        [tafel, "trace", peer.TAFEL_GAME],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    blocks = out.split("\n\n")
    if blocks and blocks[-1] == "":
        blocks.pop()
    return [block.split("\n") for block in blocks]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tafel", default="target/release/tafel", help="the tafel binary")
    parser.add_argument("--games", type=int, default=10_000, help="random games to compare")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games")
    parser.add_argument("--show", type=int, default=5, help="differences printed in full")
    args = parser.parse_args()

    started = time.monotonic()
    game = pyspiel.load_game(peer.OPENSPIEL_GAME)
    rnd = random.Random(args.seed)
    moves = Moves()
    games, expected = [], []
    for _ in range(args.games):
        played, lines = play_openspiel(game, rnd, moves)
        games.append(played)
        expected.append(lines)
    openspiel_seconds = time.monotonic() - started
    ours = run_tafel(args.tafel, games)
    if len(ours) != len(games):
        raise SystemExit(f"tafel trace answered {len(ours)} games, not {len(games)}")

    positions = differences = 0
    wins = [0, 0]
    for number, (theirs, mine, played) in enumerate(zip(expected, ours, games), 1):
        winner = theirs[-1].split("\t")[1]
        if winner in ("over 0", "over 1"):
            wins[int(winner[-1])] += 1
        for ply in range(max(len(theirs), len(mine))):
            positions += 1
            a = theirs[ply] if ply < len(theirs) else "(no position)"
            b = mine[ply] if ply < len(mine) else "(no position)"
            if a != b:
                differences += 1
                if differences <= args.show:
                    print(f"game {number}, position {ply} after {' '.join(played[:ply])!r}:")
                    print(f"  OpenSpiel: {a[:300]}")
                    print(f"  Tafel:     {b[:300]}")
    seconds = time.monotonic() - started
    plies = sum(len(g) for g in games)
    print(
        f"{args.games} random games (seed {args.seed}), {positions} positions, {plies} moves "
        f"and chance outcomes; White won {wins[0]}, Black {wins[1]}; "
        f"{differences} differences ({openspiel_seconds:.1f} s in OpenSpiel, {seconds:.1f} s "
        "in all)"
    )
    if positions == 0 or sum(wins) != args.games:
        raise SystemExit("not every game ended with a winner: nothing was compared properly")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
