#!/usr/bin/env python3
"""Random playouts per CPU-second: Tafel next to OpenSpiel (issues #11 and #23).

Run through `scripts/bench-peers`, which installs OpenSpiel into a private virtual environment
and builds `tafel` first. One game is the same in both, the others are set against OpenSpiel's
closest relative:

    EinStein     -  einstein_wurfelt_nicht (the same game: Tafel's `einstein` with its default
                    settings plays OpenSpiel's rules exactly, start arrangements drawn as chance
                    events; scripts/compare-einstein checks it position by position)
    Karl's Race  -  einstein_wurfelt_nicht (EinStein wuerfelt nicht, which it is a variant of)
    Kauri        -  mancala (Kalah, 6 holes, 4 seeds)
    Quarx        -  checkers (8 x 8 English draughts)

Every figure is uniform random games from the start per second of CPU time used by the process
that plays them (`time.process_time()` here; for `tafel`, the child's user + system time), so a
machine loaded by other work shifts them less than wall-clock rates.

OpenSpiel is measured three ways, and every ratio is taken against the fastest (on this
machine the rollout loop, for every game):
- "rollout loop", OpenSpiel at its fastest: the plain C++ loop of `RandomRolloutEvaluator`
  (clone the state, then `ChanceOutcomes`/`LegalActions` and `ApplyAction` until the end, no
  policy vectors, no notifications). pyspiel exposes it through `MCTSBot`: a bot with
  `RandomRolloutEvaluator(N)` and 2 simulations evaluates the root (N random games) and one
  child of it (N more) in one `step()`, so each Python call plays 2N whole games inside C++;
  the bot's tree of two nodes costs nothing next to them. The root is the first position
  with a player to move (EinStein's start arrangements and first die drawn in Python, seeded,
  for every call), so the first N games are whole games from the start as far as plies go
  and the other N are one ply shorter (half a ply a game on average, counted in the per-ply
  ratio);
- "evaluate_bots": `pyspiel.evaluate_bots` with two uniform random bots, a whole game in the
  C++ core per Python call, but through the bot interface (a policy vector per ply, every
  action told to the other bot);
- "Python loop": our own loop over `state.current_player()`, `state.legal_actions()`,
  `state.chance_outcomes()` and `state.apply_action()`, each a call into the C++ core; the
  interpreter's overhead per ply is part of this figure.

`tafel` is measured with `tafel bench GAME --playouts N --json`: N seeded random games on one
thread in one process, the process start (a few milliseconds) included.
"""

import argparse
import json
import os
import platform
import random
import resource
import subprocess
import sys
import time

import pyspiel

# (tafel game, OpenSpiel game, what relates them)
PAIRS = [
    ("einstein", "einstein_wurfelt_nicht", "the same game"),
    ("karls-race", "einstein_wurfelt_nicht", "EinStein wuerfelt nicht"),
    ("kauri", "mancala", "Kalah"),
    ("quarx", "checkers", "English draughts"),
]


def cpu_rate(play_batch, seconds):
    """Calls `play_batch()` (which returns the games it played) until `seconds` of this
    process's CPU time have passed; returns games per CPU-second."""
    games = 0
    start = time.process_time()
    while True:
        games += play_batch()
        used = time.process_time() - start
        if used >= seconds:
            return games / used


def python_playout(game, rnd):
    """One uniform random game in a Python loop; returns its plies (chance outcomes not
    counted)."""
    state = game.new_initial_state()
    current_player = state.current_player
    legal_actions = state.legal_actions
    chance_outcomes = state.chance_outcomes
    apply_action = state.apply_action
    chance = int(pyspiel.PlayerId.CHANCE)
    plies = 0
    while True:
        player = current_player()
        if player >= 0:
            actions = legal_actions()
            apply_action(actions[int(rnd() * len(actions))])
            plies += 1
        elif player == chance:
            roll = rnd()
            for action, probability in chance_outcomes():
                roll -= probability
                if roll < 0:
                    break
            apply_action(action)
        else:
            return plies


# Random games per `MCTSBot.step()` of the rollout loop are twice this.
ROLLOUTS_PER_EVALUATION = 256


def first_decision(game, rnd):
    """`game`'s start with its chance outcomes drawn (by `rnd`) until a player is to move."""
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes())
        state.apply_action(rnd.choices(outcomes, weights)[0])
    return state


def openspiel_figures(name, seconds, seed):
    """Playouts per CPU-second of OpenSpiel's `name`: the C++ rollout loop, `evaluate_bots`
    and the Python loop, and the mean game length (from the Python loop's games)."""
    game = pyspiel.load_game(name)
    rollout_bot = pyspiel.MCTSBot(
        game,
        pyspiel.RandomRolloutEvaluator(ROLLOUTS_PER_EVALUATION, seed),
        2.0,  # UCT's constant: irrelevant with two simulations
        2,  # simulations: the root, then one child
        1000,  # memory limit of the tree in MB
        False,  # no solver
        seed,
        False,  # not verbose
    )
    roots = random.Random(seed)

    def rollout_batch():
        rollout_bot.step(first_decision(game, roots))
        return 2 * ROLLOUTS_PER_EVALUATION

    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
    counter = iter(range(seed, sys.maxsize))
    evaluate_bots = pyspiel.evaluate_bots
    new_initial_state = game.new_initial_state

    def bots_batch():
        for _ in range(16):
            evaluate_bots(new_initial_state(), bots, next(counter))
        return 16

    rnd = random.Random(seed).random
    plies = [0, 0]

    def python_batch():
        plies[0] += python_playout(game, rnd)
        plies[1] += 1
        return 1

    figures = {
        "game": name,
        "rollout_loop_per_cpu_second": cpu_rate(rollout_batch, seconds),
        "evaluate_bots_per_cpu_second": cpu_rate(bots_batch, seconds),
        "python_loop_per_cpu_second": cpu_rate(python_batch, seconds),
    }
    plies_per_game = plies[0] / plies[1]
    figures["plies_per_game"] = plies_per_game
    # Half the rollout loop's games start one ply in.
    figures["plies_per_second"] = max(
        figures["rollout_loop_per_cpu_second"] * (plies_per_game - 0.5),
        figures["evaluate_bots_per_cpu_second"] * plies_per_game,
        figures["python_loop_per_cpu_second"] * plies_per_game,
    )
    figures["fastest_per_cpu_second"] = max(
        figures[f"{loop}_per_cpu_second"]
        for loop in ("rollout_loop", "evaluate_bots", "python_loop")
    )
    return figures


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def tafel_run(tafel, game, playouts):
    """Runs `tafel bench GAME --playouts N --json`; returns its row and the CPU seconds the
    child process used."""
    before = children_cpu_seconds()
    out = subprocess.run(
        [tafel, "bench", game, "--playouts", str(playouts), "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    used = children_cpu_seconds() - before
    return json.loads(out)["rows"][0], used


def tafel_figures(tafel, game, seconds):
    """Playouts per CPU-second of `tafel`'s `game`: a short run sizes a run of about
    `seconds`."""
    row, used = tafel_run(tafel, game, 2_000)
    playouts = max(2_000, int(row["playouts"] / max(used, 1e-3) * seconds))
    row, used = tafel_run(tafel, game, playouts)
    return {
        "game": game,
        "playouts": row["playouts"],
        "per_cpu_second": row["playouts"] / used,
        "plies_per_game": row["plies"] / row["playouts"],
    }


def cpu_model():
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def rate(value):
    if value >= 1e6:
        return f"{value / 1e6:.2f} M"
    if value >= 1e3:
        return f"{value / 1e3:.1f} K"
    return f"{value:.0f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tafel", default="target/release/tafel", help="the tafel binary")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    parser.add_argument("--seed", type=int, default=1, help="seed of OpenSpiel's random play")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()

    load_before = os.getloadavg()[0]
    rows = []
    for ours, theirs, relation in PAIRS:
        tafel = tafel_figures(args.tafel, ours, args.seconds)
        peer = openspiel_figures(theirs, args.seconds, args.seed)
        rows.append(
            {
                "tafel": tafel,
                "openspiel": peer,
                "relation": relation,
                # Against OpenSpiel's fastest loop, per game and per ply (the games differ in
                # length).
                "ratio_to_fastest": tafel["per_cpu_second"] / peer["fastest_per_cpu_second"],
                "ply_ratio_to_fastest": tafel["per_cpu_second"]
                * tafel["plies_per_game"]
                / peer["plies_per_second"],
            }
        )
    machine = {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "load_average_before": load_before,
        "load_average_after": os.getloadavg()[0],
        "python": platform.python_version(),
        "openspiel": pyspiel.__version__,
    }
    # --- Python rows (issue #34, scripts/bench_peers_python.py) ---
    import bench_peers_python

    python_rows = bench_peers_python.rows(args.seconds, args.seed)
    # --- end of the Python rows ---
    if args.json:
        print(json.dumps({"machine": machine, "rows": rows, "python": python_rows}, indent=2))
        return
    print(
        f"{machine['cpu']}, {machine['cores']} cores; load average "
        f"{machine['load_average_before']:.1f} before, {machine['load_average_after']:.1f} after"
    )
    print("random playouts from the start per CPU-second (plies per game in brackets)")
    print("ratios: tafel over OpenSpiel's fastest loop (the C++ rollout loop), per game and per ply\n")
    print(
        f"{'tafel game':<11} {'tafel':>16}   {'OpenSpiel game':<23} {'rollouts':>8} "
        f"{'eval_bots':>9} {'Python':>8} {'(plies)':>7}   {'per game':>8} {'per ply':>8}"
    )
    for row in rows:
        t, p = row["tafel"], row["openspiel"]
        print(
            f"{t['game']:<11} {rate(t['per_cpu_second']):>8} ({t['plies_per_game']:>5.1f})   "
            f"{p['game']:<23} {rate(p['rollout_loop_per_cpu_second']):>8} "
            f"{rate(p['evaluate_bots_per_cpu_second']):>9} "
            f"{rate(p['python_loop_per_cpu_second']):>8} ({p['plies_per_game']:>5.1f})   "
            f"{row['ratio_to_fastest']:>7.1f}x {row['ply_ratio_to_fastest']:>7.1f}x"
        )
    # --- Python rows (issue #34) ---
    bench_peers_python.print_rows(python_rows)
    # --- end of the Python rows ---


if __name__ == "__main__":
    main()
