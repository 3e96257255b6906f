#!/bin/sh
# A test engine for `tafel tournament` (crates/tafel-cli/tests/tournament.rs): it answers the
# setup commands, then at its first `go` writes to standard error and exits with status 3.
while IFS= read -r line; do
  case "$line" in
    isready) echo readyok ;;
    go*) echo "crash engine: giving up at go" >&2; exit 3 ;;
    quit) exit 0 ;;
    *) echo ok ;;
  esac
done
