#!/bin/bash
# A test engine for `tafel bot` (crates/tafel-cli/tests/bot.rs): the first time it is started
# (no folder $CRASH_MARK yet) it makes that folder and crashes at its first `go`, as crash.sh
# does; every later start plays as first.sh.
here="$(dirname "$0")"
if mkdir "$CRASH_MARK" 2>/dev/null; then
  exec sh "$here/crash.sh"
fi
exec bash "$here/first.sh"
