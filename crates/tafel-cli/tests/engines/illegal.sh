#!/bin/sh
# A test engine for `tafel tournament` (crates/tafel-cli/tests/tournament.rs): it answers the
# setup commands, and every `go` with a move that is not on the board.
while IFS= read -r line; do
  case "$line" in
    isready) echo readyok ;;
    go*) echo "bestmove z9-z9 win 0.5000 draw 0.0000 basis search" ;;
    quit) exit 0 ;;
    *) echo ok ;;
  esac
done
