#!/bin/bash
# A scripted engine for `tafel bot` (crates/tafel-cli/tests/bot.rs): it answers every `go`
# with the first legal move, which it asks of a `tafel engine` ($TAFEL_BIN) kept beside it,
# passing it every other command.
coproc RULES { "$TAFEL_BIN" engine; }
ask() {
  echo "$1" >&"${RULES[1]}"
  while IFS= read -r reply <&"${RULES[0]}"; do
    case "$reply" in
      moves*) legal="$reply" ;;
      ok|error*|readyok) last="$reply"; return ;;
    esac
  done
}
while IFS= read -r line; do
  case "$line" in
    isready) echo readyok ;;
    go*) ask moves; set -- $legal; echo "bestmove $3 win 0.5000 draw 0.0000 basis search" ;;
    quit) exit 0 ;;
    *) ask "$line"; echo "$last" ;;
  esac
done
