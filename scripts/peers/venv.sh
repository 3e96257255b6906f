# The peers' private Python environment, shared by scripts/bench-peers, the OpenSpiel
# comparison (scripts/compare-einstein) and scripts/test: source this file, then call
# `peers_python`, which creates target/peers-venv when missing, installs OpenSpiel
# $PEERS_OPENSPIEL_VERSION from PyPI into it when it is not there yet, and prints the path of
# its python. It installs python3-venv and pip with apt-get when the machine lacks them.

PEERS_VENV=target/peers-venv
PEERS_OPENSPIEL_VERSION=2.0.2

peers_python() {
  local venv="$PEERS_VENV" version="$PEERS_OPENSPIEL_VERSION"
  if [ ! -x "$venv/bin/python" ]; then
    if ! python3 -c "import venv, ensurepip" >/dev/null 2>&1; then
      local root=""
      if [ "$(id -u)" -ne 0 ]; then root=sudo; fi
      $root apt-get update >&2
      $root env DEBIAN_FRONTEND=noninteractive apt-get install -y python3-venv python3-pip >&2
    fi
    rm -rf "$venv"
    python3 -m venv "$venv" >&2
  fi
  if ! "$venv/bin/python" -c "import pyspiel, sys; sys.exit(pyspiel.__version__ != '$version')" >/dev/null 2>&1; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check "open-spiel==$version" >&2
  fi
  printf '%s\n' "$venv/bin/python"
}
