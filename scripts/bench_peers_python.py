#!/usr/bin/env python3
"""The Python rows of `scripts/bench-peers` (issue #34): Tafel's Python API next to pyspiel on
the identical game, EinStein wuerfelt nicht (Tafel's `einstein`, OpenSpiel's
`einstein_wurfelt_nicht`), in plies per CPU-second of this process, measured side by side:

- "per-state loop": the same Python loop (`bench_peers.python_playout`: `current_player`,
  `legal_actions`, `chance_outcomes`, `apply_action`, one call each per ply) over
  `tafel.load_game("einstein")` and over `pyspiel.load_game("einstein_wurfelt_nicht")`;
- "batched step, random policy": `vector.step(vector.sample_actions())` on a
  `tafel.Game.vector` of N = 1,024 states (chance resolved inside, finished games restart);
- "batched step, mask policy": the shape of a training loop, the actions chosen in numpy from
  `vector.legal_actions_mask()` (a uniformly random legal action per row), then `step`.

Both batched rows are compared with pyspiel's Python loop. Runs by itself too
(`target/peers-venv/bin/python scripts/bench_peers_python.py --seconds 2`, after
`scripts/bench-peers` has installed the wheel into that environment).
"""

import argparse
import random

import numpy as np
import pyspiel

import tafel
from bench_peers import cpu_rate, python_playout

BATCH = 1024


def loop_rate(game, seconds, seed):
    """Plies per CPU-second of `bench_peers.python_playout` over `game`."""
    rnd = random.Random(seed).random
    plies = cpu_rate(lambda: python_playout(game, rnd), seconds)
    return plies


def batched_rates(seconds, seed):
    """Plies per CPU-second of `Vector.step` on N = 1,024 EinStein states: with
    `sample_actions`, and with actions chosen in numpy from the masks."""
    vector = tafel.load_game("einstein").vector(BATCH, seed=seed)
    rng = np.random.default_rng(seed)

    def sampled():
        vector.step(vector.sample_actions())
        return BATCH

    def masked():
        mask = vector.legal_actions_mask()
        scores = rng.random(mask.shape, dtype=np.float32)
        scores[~mask] = -1.0
        vector.step(scores.argmax(axis=1))
        return BATCH

    return cpu_rate(sampled, seconds), cpu_rate(masked, seconds)


def rows(seconds, seed):
    """The Python rows: plies per CPU-second and the ratios to pyspiel's Python loop."""
    theirs = loop_rate(pyspiel.load_game("einstein_wurfelt_nicht"), seconds, seed)
    ours = loop_rate(tafel.load_game("einstein"), seconds, seed)
    sampled, masked = batched_rates(seconds, seed)
    return {
        "game": "einstein / einstein_wurfelt_nicht",
        "pyspiel_loop_plies_per_cpu_second": theirs,
        "tafel_loop_plies_per_cpu_second": ours,
        "tafel_step_sampled_plies_per_cpu_second": sampled,
        "tafel_step_masked_plies_per_cpu_second": masked,
        "batch": BATCH,
        "loop_ratio": ours / theirs,
        "step_sampled_ratio": sampled / theirs,
        "step_masked_ratio": masked / theirs,
    }


def print_rows(row):
    """The Python rows as a table."""
    print("\nPython API on the identical game (EinStein), plies per CPU-second, ratio to pyspiel's Python loop")
    theirs = row["pyspiel_loop_plies_per_cpu_second"]
    for label, key in [
        ("pyspiel, Python loop", "pyspiel_loop_plies_per_cpu_second"),
        ("tafel, the same Python loop", "tafel_loop_plies_per_cpu_second"),
        (f"tafel, step N={row['batch']}, random policy", "tafel_step_sampled_plies_per_cpu_second"),
        (f"tafel, step N={row['batch']}, mask policy", "tafel_step_masked_plies_per_cpu_second"),
    ]:
        print(f"  {label:<36} {row[key]:>12,.0f}   {row[key] / theirs:>6.1f}x")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random play")
    print_rows(rows(parser.parse_args().seconds, parser.parse_args().seed))


if __name__ == "__main__":
    main()
