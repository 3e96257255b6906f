# Tafel's Python wheel (crates/tafel-py, issue #34), shared by scripts/test-python and
# scripts/bench-peers: source this file, then call `install_tafel_wheel PYTHON`, which installs
# maturin $TAFEL_MATURIN_VERSION into PYTHON's virtual environment when it is not there yet,
# builds the wheel in release mode into a fresh directory, and installs it (with numpy) in
# place of any earlier build. Cargo reuses the release build of the other crates.

TAFEL_MATURIN_VERSION=1.16.0

install_tafel_wheel() {
  local python="$1" bin out
  bin="$(dirname "$python")"
  if [ "$("$bin/maturin" --version 2>/dev/null)" != "maturin $TAFEL_MATURIN_VERSION" ]; then
    "$python" -m pip install --quiet --disable-pip-version-check "maturin==$TAFEL_MATURIN_VERSION" >&2
  fi
  out="$(mktemp -d)"
  (cd crates/tafel-py && "$bin/maturin" build --release --locked --out "$out") >&2
  "$python" -m pip install --quiet --disable-pip-version-check --force-reinstall "$out"/tafel-*.whl >&2
  rm -rf "$out"
}
