#!/usr/bin/env python3
"""The Python rows of `scripts/bench-peers` (issues #34, #49): Tafel's Python API in plies per
CPU-second of this process, every figure the best of `--runs` runs, measured side by side:

- EinStein next to pyspiel on the identical game (Tafel's `einstein`, OpenSpiel's
  `einstein_wurfelt_nicht`): the same Python loop (`bench_peers.python_playout`:
  `current_player`, `legal_actions`, `chance_outcomes`, `apply_action`, one call each per ply)
  over both, and Tafel's batched step, all compared with pyspiel's Python loop;
- every game of Tafel: that Python loop over single states of the game, next to the batched
  step of the same game, `vector.step(...)` on a `tafel.Game.vector` of N = 1,024 states
  (chance resolved inside, finished games restart), with its actions chosen three ways:
  "random policy", `vector.sample_actions()` (drawn in Rust); "list policy", a uniformly random
  entry of each row of `vector.legal_actions()` chosen in numpy (the compact lists); "mask
  policy", the best of random scores over each row of `vector.legal_actions_mask()` in numpy.
  Quarx's mask has 65,536 columns, so its mask policy is measured at N = 64.

Runs by itself too (`target/peers-venv/bin/python scripts/bench_peers_python.py --seconds 2`,
after `scripts/bench-peers` has installed the wheel into that environment).
"""

import argparse
import random

import numpy as np
import pyspiel

import tafel
from bench_peers import cpu_rate, python_playout

BATCH = 1024
# Quarx's mask is 65,536 bytes a row: the mask policy there uses fewer rows.
MASK_BATCH = {"quarx": 64}


def best(measure, runs):
    """The highest of `runs` calls of `measure()`: each side at its fastest."""
    return max(measure() for _ in range(runs))


def loop_rate(game, seconds, seed):
    """Plies per CPU-second of `bench_peers.python_playout` over `game`."""
    rnd = random.Random(seed).random
    return cpu_rate(lambda: python_playout(game, rnd), seconds)


def batched_rates(name, seconds, seed, runs):
    """Plies per CPU-second of `Vector.step` on `name`'s states, by policy."""
    game = tafel.load_game(name)
    rng = np.random.default_rng(seed)

    def sampled(vector):
        vector.step(vector.sample_actions())
        return len(vector)

    def listed(vector):
        lists = vector.legal_actions()
        counts = (lists >= 0).sum(axis=1)
        picks = (rng.random(len(vector)) * counts).astype(np.int64)
        vector.step(lists[np.arange(len(vector)), picks])
        return len(vector)

    def masked(vector):
        mask = vector.legal_actions_mask()
        scores = rng.random(mask.shape, dtype=np.float32)
        scores[~mask] = -1.0
        vector.step(scores.argmax(axis=1))
        return len(vector)

    rates = {}
    for policy, play, n in [("random", sampled, BATCH), ("list", listed, BATCH),
                            ("mask", masked, MASK_BATCH.get(name, BATCH))]:
        vector = game.vector(n, seed=seed)
        rates[policy] = best(lambda: cpu_rate(lambda: play(vector), seconds), runs)
    return rates


def rows(seconds, seed, runs=3):
    """The Python rows: plies per CPU-second and the ratios."""
    theirs = best(lambda: loop_rate(pyspiel.load_game("einstein_wurfelt_nicht"), seconds, seed),
                  runs)
    games = []
    for name in tafel.games():
        loop = best(lambda: loop_rate(tafel.load_game(name), seconds, seed), runs)
        step = batched_rates(name, seconds, seed, runs)
        games.append({
            "game": name,
            "loop_plies_per_cpu_second": loop,
            "step_plies_per_cpu_second": step,
            "step_ratio_to_loop": {policy: rate / loop for policy, rate in step.items()},
        })
    einstein = next(row for row in games if row["game"] == "einstein")
    return {
        "batch": BATCH,
        "mask_batch": MASK_BATCH,
        "runs": runs,
        "pyspiel_einstein_loop_plies_per_cpu_second": theirs,
        "einstein_loop_ratio_to_pyspiel": einstein["loop_plies_per_cpu_second"] / theirs,
        "einstein_step_ratio_to_pyspiel": {
            policy: rate / theirs for policy, rate in einstein["step_plies_per_cpu_second"].items()
        },
        "games": games,
    }


def print_rows(row):
    """The Python rows as tables."""
    theirs = row["pyspiel_einstein_loop_plies_per_cpu_second"]
    einstein = next(game for game in row["games"] if game["game"] == "einstein")
    print(f"\nPython API, plies per CPU-second (best of {row['runs']} runs)")
    print("EinStein, ratio to pyspiel's Python loop on the identical game:")
    lines = [("pyspiel, Python loop", theirs),
             ("tafel, the same Python loop", einstein["loop_plies_per_cpu_second"])]
    lines += [(f"tafel, step N={row['batch']}, {policy} policy", rate)
              for policy, rate in einstein["step_plies_per_cpu_second"].items()]
    for label, rate in lines:
        print(f"  {label:<36} {rate:>12,.0f}   {rate / theirs:>6.1f}x")
    print(f"Every game, batched step (N={row['batch']}; mask policy N={row['mask_batch']} where"
          " given) over the Python loop on single states of the same game:")
    print(f"  {'game':<11} {'Python loop':>12} {'random':>12} {'list':>12} {'mask':>12}"
          f"   {'random':>7} {'list':>7} {'mask':>7}")
    for game in row["games"]:
        step, ratio = game["step_plies_per_cpu_second"], game["step_ratio_to_loop"]
        print(f"  {game['game']:<11} {game['loop_plies_per_cpu_second']:>12,.0f} "
              + " ".join(f"{step[p]:>12,.0f}" for p in ("random", "list", "mask"))
              + "   " + " ".join(f"{ratio[p]:>6.1f}x" for p in ("random", "list", "mask")))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random play")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure, the best kept")
    args = parser.parse_args()
    print_rows(rows(args.seconds, args.seed, args.runs))


if __name__ == "__main__":
    main()
