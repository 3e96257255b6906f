#!/bin/sh
# A test engine for `tafel tournament` (crates/tafel-cli/tests/tournament.rs): it answers the
# setup commands but never answers `go`, sleeping instead (so that only a kill ends it). With
# ENGINE_PID_FILE set, it adds its process id to that file when it starts.
if [ -n "$ENGINE_PID_FILE" ]; then echo $$ >>"$ENGINE_PID_FILE"; fi
while IFS= read -r line; do
  case "$line" in
    isready) echo readyok ;;
    go*) echo "hang engine: thinking forever" >&2; sleep 600 ;;
    quit) exit 0 ;;
    *) echo ok ;;
  esac
done
