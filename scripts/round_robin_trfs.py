#!/usr/bin/env python3
"""Random round robins as TRF-16 files, for checking tie-breaks against a referee.

    python3 scripts/round_robin_trfs.py --seed 1 --count 200 --out DIR

writes DIR/rNNNN.trf: 3 to 10 players, single or double (Berger's circle, the second cycle with
colours reversed), results drawn at random (a third of them draws), forfeits and double
forfeits, players who withdraw part-way (their later games forfeited), an odd number's rest as `0000 - Z`, and ratings (some players unrated). The same seed writes the
same files. Standard library only.
"""

import argparse
import os
import random


def schedule(n):
    """Berger's circle for n players (a dummy when odd): rounds of (first, second) pairs."""
    players = list(range(n)) + ([None] if n % 2 else [])
    size = len(players)
    rounds = []
    for r in range(size - 1):
        pairs = []
        for i in range(size // 2):
            a, b = players[i], players[size - 1 - i]
            pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
        players = [players[0]] + [players[-1]] + players[1:-1]
    return rounds


def tournament(rng):
    n = rng.randint(3, 10)
    cycles = rng.choice([1, 1, 2])
    base = schedule(n)
    rounds = base + ([[(b, a) for a, b in r] for r in base] if cycles == 2 else [])
    withdraws = {}
    for p in range(n):
        if rng.random() < 0.12:
            withdraws[p] = rng.randint(1, len(rounds))
    ratings = [0 if rng.random() < 0.1 else rng.randint(1200, 2400) for _ in range(n)]
    blocks = [[] for _ in range(n)]
    for r, pairs in enumerate(rounds, start=1):
        for first, second in pairs:
            if first is None or second is None:
                alone = first if second is None else second
                blocks[alone].append("0000 - Z")
                continue
            gone = [p for p in (first, second) if p in withdraws and r > withdraws[p]]
            if gone:
                res = ("-" if first in gone else "+", "-" if second in gone else "+")
            else:
                x = rng.random()
                if x < 0.04:
                    res = ("+", "-")
                elif x < 0.08:
                    res = ("-", "+")
                elif x < 0.10:
                    res = ("-", "-")
                elif x < 0.43:
                    res = ("=", "=")
                elif x < 0.72:
                    res = ("1", "0")
                else:
                    res = ("0", "1")
            blocks[first].append(f"{second + 1:4d} w {res[0]}")
            blocks[second].append(f"{first + 1:4d} b {res[1]}")
    return n, len(rounds), ratings, blocks


def write(path, name, n, count, ratings, blocks):
    lines = [f"012 {name}", f"XXR {count}"]
    for p in range(n):
        rating = f"{ratings[p]:4d}" if ratings[p] else "    "
        points = sum({"1": 1.0, "+": 1.0, "=": 0.5}.get(b[-1], 0.0) for b in blocks[p])
        head = f"001 {p + 1:4d}      {'Player %04d' % (p + 1):<33} {rating}".ljust(80)
        line = f"{head}{points:4.1f}".ljust(91) + "  ".join(blocks[p])
        lines.append(line)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    for i in range(1, args.count + 1):
        n, count, ratings, blocks = tournament(rng)
        write(os.path.join(args.out, f"r{i:04d}.trf"), f"Random round robin r{i:04d} (seed {args.seed})",
              n, count, ratings, blocks)


if __name__ == "__main__":
    main()
