#!/usr/bin/env python3
"""Runs FIDE's Technical Commission's TieBreakServer on the tie-break cases and writes what it
finds, the referee data of `cargo test -p tafel-tournament --test fide_tie_breaks`.

    python3 scripts/tie_break_referee.py --referee DIR

DIR holds TieBreakServer (https://github.com/TEC-FIDE/TieBreakServer, its `tiebreakchecker.py`).
It writes `data/tie-breaks/swiss-dutch-2025.tsv` from the `final.trf` of every tournament of
`../shared/data/swiss-dutch-2025/cases.tar.gz` (run as a Swiss, `-s`) and
`data/tie-breaks/round-robin.tsv` from `data/tie-breaks/round-robin/*.trf` (run with pairings
fixed in advance, `-p`), each over the rounds the file holds (`-n`). A line per player: the
case, the pairing number, the place, the points, then each tie-break's value. Standard library
only; the referee needs Python 3.10 or later.
"""

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWISS = "BH/C1 BH/C2 BH/M1 BH/M2 BH SB SB/C1 DE WIN WON ARO ARO/C1".split()
ROUND_ROBIN = "BH SB DE WIN WON ARO".split()


def rounds_in(path):
    """The rounds a TRF file holds: the most round columns of a player line."""
    with open(path) as f:
        return max((len(line.rstrip("\n")) - 91 + 9) // 10 for line in f if line.startswith("001"))


def referee(checker, path, swiss, tie_breaks):
    """The referee's lines for one file: (pairing number, place, points, values...)."""
    args = [sys.executable, checker, "-i", os.path.abspath(path), "-f", "TRF",
            "-n", str(rounds_in(path)), "-s" if swiss else "-p", "-t", "PTS", *tie_breaks]
    out = subprocess.run(args, capture_output=True, text=True, check=False).stdout
    event = json.loads(out)
    if "event" not in event:
        raise SystemExit(f"the referee did not read {path}: {out[:400]}")
    competitors = event["event"]["tournaments"][0]["competitors"]
    return [[str(c["cid"]), str(c["rank"]), *(str(float(v)) for v in c["tiebreakScore"])]
            for c in sorted(competitors, key=lambda c: c["cid"])]


def write(out, tie_breaks, cases, checker, swiss, note):
    with open(out, "w") as f:
        f.write(f"# {note}\n")
        f.write("# case\tnumber\tplace\tpoints\t" + "\t".join(t.replace("/", "-") for t in tie_breaks) + "\n")
        for name, path in cases:
            for line in referee(checker, path, swiss, tie_breaks):
                f.write(name + "\t" + "\t".join(line) + "\n")
    print(f"wrote {out} ({len(cases)} tournaments)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--referee", required=True, help="TieBreakServer's directory")
    args = parser.parse_args()
    checker = os.path.join(args.referee, "tiebreakchecker.py")
    corpus = os.path.join(ROOT, "..", "shared", "data", "swiss-dutch-2025", "cases.tar.gz")
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(corpus) as tar:
            finals = [m for m in tar.getmembers() if m.name.endswith("/final.trf")]
            tar.extractall(tmp, members=finals)
        cases = sorted((m.name.split("/")[-2], os.path.join(tmp, m.name)) for m in finals)
        write(os.path.join(ROOT, "data", "tie-breaks", "swiss-dutch-2025.tsv"), SWISS, cases,
              checker, True, "TieBreakServer on final.trf of ../shared/data/swiss-dutch-2025, as a Swiss (-s)")
    robins = os.path.join(ROOT, "data", "tie-breaks", "round-robin")
    cases = sorted((name[:-4], os.path.join(robins, name)) for name in os.listdir(robins) if name.endswith(".trf"))
    write(os.path.join(ROOT, "data", "tie-breaks", "round-robin.tsv"), ROUND_ROBIN, cases,
          checker, False, "TieBreakServer on data/tie-breaks/round-robin, pairings fixed in advance (-p)")


if __name__ == "__main__":
    main()
