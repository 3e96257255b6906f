#!/bin/sh
# A test engine for `tafel tournament` (crates/tafel-cli/tests/tournament.rs): it answers the
# setup commands but never answers `go`.
while IFS= read -r line; do
  case "$line" in
    isready) echo readyok ;;
    go*) echo "hang engine: thinking forever" >&2 ;;
    quit) exit 0 ;;
    *) echo ok ;;
  esac
done
