#!/usr/bin/env python3
"""Tafel's levels against OpenSpiel's MCTS bot on EinStein wuerfelt nicht (issue #23).

Run through `scripts/match-openspiel`, which installs OpenSpiel into the peers' private virtual
environment (`scripts/peers/venv.sh`) and builds `tafel` first.

Each pairing is one Tafel level, driven through `tafel engine` (`go level L time MS`: the
level's search for a fixed time per move), against OpenSpiel 2.0.2's C++ MCTS bot
(`pyspiel.MCTSBot`, UCT with c = 2, one random rollout per leaf from
`pyspiel.RandomRolloutEvaluator`) with a fixed number of simulations per move, or, with
`--openspiel-time-ms`, as many simulations as fit a fixed time per move (the bot's own
`max_wall_clock_time`), so that both sides get the same time. This script is
the referee: it keeps OpenSpiel's state, draws every chance outcome (the two start
arrangements, then the die) from its own seeded generator, and sends every move and outcome
to the engine in Tafel's notation through `scripts/peers/einstein.py`, the one mapping between
the two implementations. Sides alternate from game to game. At the end of every game Tafel's
result must agree with OpenSpiel's, or the match stops.

Each side's thinking time per move is measured around its decision (the engine's reply to
`go`; `bot.step`) both as wall-clock time and as CPU time (the engine process's user + system
time from /proc; this process's own CPU time for the bot, which runs in it), so the table
shows which simulation budgets fit the time Tafel was given even on a loaded machine, where
Tafel's fixed wall-clock time buys less CPU. Win rates come with Wilson 95% intervals
(EinStein has no draws).
"""

import argparse
import json
import math
import os
import random
import subprocess
import sys
import time

import pyspiel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peers import einstein  # noqa: E402  (the path above makes `peers` importable)


class EngineError(Exception):
    """An `error` reply of the engine, or an engine that ended."""


class Engine:
    """A `tafel engine` process, spoken to line by line."""

    def __init__(self, tafel, seed):
        self.process = subprocess.Popen(
            [tafel, "engine", "--seed", str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, line):
        """Sends `line`; returns the reply's lines up to its final one (progress lines left
        out). An `error` reply raises EngineError."""
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            reply = self.process.stdout.readline()
            if not reply:
                raise EngineError(f"the engine ended after `{line}`")
            reply = reply.rstrip("\n")
            if reply.startswith("info work "):
                continue
            lines.append(reply)
            if reply.startswith("error "):
                raise EngineError(f"`{line}`: {reply}")
            if reply in ("ok", "readyok") or reply.startswith("bestmove "):
                return lines

    def cpu_seconds(self):
        """The engine process's CPU time so far (user + system), in seconds."""
        with open(f"/proc/{self.process.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        # utime and stime are the 14th and 15th fields; the split starts at the 3rd.
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self):
        self.process.stdin.write("quit\n")
        self.process.stdin.close()
        self.process.wait(timeout=60)


def wilson(wins, games, z=1.96):
    """The Wilson score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(game, engine, bot, level, time_ms, tafel_seat, rng, search_seed, clocks):
    """One game; returns Tafel's seat's return (1 for a win, -1 for a loss). `clocks` gathers
    each side's thinking times."""
    state = game.new_initial_state()
    engine.ask(f"new {einstein.TAFEL_GAME}")
    tafel_player = einstein.openspiel_player(tafel_seat)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            action = rng.choices(outcomes, weights)[0]
            text = einstein.move_text(state, action)
        elif state.current_player() == tafel_player:
            search_seed += 1
            started, cpu = time.perf_counter(), engine.cpu_seconds()
            reply = engine.ask(f"go level {level} time {time_ms} seed {search_seed}")
            clocks["tafel"].append(time.perf_counter() - started)
            clocks["tafel_cpu"].append(engine.cpu_seconds() - cpu)
            text = reply[-1].split()[1]
            action = einstein.action_of(state, text)
        else:
            started, cpu = time.perf_counter(), time.process_time()
            # What `bot.step` does, keeping the root to count the simulations.
            root = bot.mcts_search(state)
            action = root.best_child().action
            clocks["openspiel"].append(time.perf_counter() - started)
            clocks["openspiel_cpu"].append(time.process_time() - cpu)
            clocks["simulations"] += root.explore_count
            text = einstein.move_text(state, action)
        engine.ask(f"play {text}")
        state.apply_action(action)
    returns = state.returns()
    show = engine.ask("show")
    result = next(l for l in show if l.startswith("result "))
    winner_seat = einstein.tafel_seat(max(range(2), key=lambda p: returns[p]))
    winner_name = ["white", "black"][winner_seat]
    if winner_name not in result.lower():
        raise RuntimeError(f"Tafel says `{result}`, OpenSpiel's returns are {returns}")
    return returns[tafel_player]


def pairing(args, game, level, simulations):
    """Plays `args.games` games of Tafel's `level` against MCTS with `simulations` per move,
    or (`simulations` None) with `args.openspiel_time_ms` per move; prints each game's result
    and the running score when `args.verbose`."""
    seed = args.seed * 1_000_003 + level * 10_007 + (simulations or 0)
    if simulations is None:
        # A time budget: the bot's clock ends its search, the simulations are unlimited.
        bot_seconds, simulations = args.openspiel_time_ms / 1000, 2**31 - 1
    else:
        bot_seconds = -1.0  # OpenSpiel's "no time limit"
    rng = random.Random(seed)
    engine = Engine(args.tafel, seed)
    clocks = {"tafel": [], "tafel_cpu": [], "openspiel": [], "openspiel_cpu": [], "simulations": 0}
    wins = 0
    try:
        for i in range(args.games):
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed + i)
            bot = pyspiel.MCTSBot(
                game, evaluator, 2.0, simulations, 1000, False, seed + i, False,
                pyspiel.ChildSelectionPolicy.UCT, bot_seconds,
            )
            tafel_seat = i % 2
            result = play_game(
                game, engine, bot, level, args.time_ms, tafel_seat, rng, seed * 1000 + i * 100, clocks
            )
            wins += result > 0
            if args.verbose:
                low, high = wilson(wins, i + 1)
                print(f"  game {i + 1}: Tafel as {['White', 'Black'][tafel_seat]}: "
                      f"{'win' if result > 0 else 'loss'}; Tafel {wins}/{i + 1} "
                      f"({100 * low:.1f}% to {100 * high:.1f}%)", file=sys.stderr, flush=True)
    finally:
        engine.close()
    games = args.games
    low, high = wilson(wins, games)
    mean = lambda xs: 1000 * sum(xs) / max(1, len(xs))  # noqa: E731
    return {
        "tafel_level": level,
        "tafel_time_ms": args.time_ms,
        "tafel_ms_per_move": round(mean(clocks["tafel"]), 1),
        "tafel_cpu_ms_per_move": round(mean(clocks["tafel_cpu"]), 1),
        "openspiel_simulations": None if bot_seconds > 0 else simulations,
        "openspiel_time_ms": args.openspiel_time_ms if bot_seconds > 0 else None,
        "openspiel_simulations_per_move": round(clocks["simulations"] / max(1, len(clocks["openspiel"]))),
        "openspiel_ms_per_move": round(mean(clocks["openspiel"]), 1),
        "openspiel_cpu_ms_per_move": round(mean(clocks["openspiel_cpu"]), 1),
        "games": games,
        "tafel_wins": wins,
        "tafel_win_rate": wins / games,
        "wilson95": [low, high],
    }


def budget(r):
    """The bot's budget per move as the table shows it."""
    if r["openspiel_time_ms"]:
        return f"{r['openspiel_time_ms']} ms ({r['openspiel_simulations_per_move']} simulations)"
    return str(r["openspiel_simulations"])


def row(r):
    low, high = r["wilson95"]
    return (
        f"| {r['tafel_level']} | {r['tafel_time_ms']} ms "
        f"| {r['tafel_ms_per_move']} ms ({r['tafel_cpu_ms_per_move']} ms) "
        f"| {budget(r)} "
        f"| {r['openspiel_ms_per_move']} ms ({r['openspiel_cpu_ms_per_move']} ms) "
        f"| {r['games']} | {r['tafel_wins']} | {100 * r['tafel_win_rate']:.1f}% "
        f"| {100 * low:.1f}% to {100 * high:.1f}% |"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tafel", default="target/release/tafel", help="the tafel binary")
    parser.add_argument("--levels", default="6", help="Tafel's levels, comma-separated")
    parser.add_argument("--simulations", default="100,300,1000",
                        help="OpenSpiel MCTS simulations per move, comma-separated")
    parser.add_argument("--openspiel-time-ms", type=int,
                        help="give OpenSpiel's bot this time per move instead of a number of "
                        "simulations (its max_wall_clock_time); --simulations is then ignored")
    parser.add_argument("--games", type=int, default=400, help="games per pairing")
    parser.add_argument("--time-ms", type=int, default=50, help="Tafel's time per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--verbose", action="store_true", help="print every game's result")
    args = parser.parse_args()
    game = pyspiel.load_game(einstein.OPENSPIEL_GAME)
    print(f"OpenSpiel {pyspiel.__version__}; Tafel through `{args.tafel} engine`; "
          f"{args.games} games per pairing, sides alternated, seed {args.seed}", flush=True)
    print("| Tafel level | Tafel's time per move | Tafel per move: wall (CPU) "
          "| OpenSpiel MCTS budget per move | OpenSpiel per move: wall (CPU) "
          "| games | Tafel wins | Tafel win rate | Wilson 95% |")
    print("|---|---|---|---|---|---|---|---|---|", flush=True)
    results = []
    for level in [int(x) for x in args.levels.split(",")]:
        if args.openspiel_time_ms:
            budgets = [None]
        else:
            budgets = [int(x) for x in args.simulations.split(",")]
        for simulations in budgets:
            r = pairing(args, game, level, simulations)
            results.append(r)
            print(row(r), flush=True)
            if args.json:
                with open(args.json, "w") as f:
                    json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()
