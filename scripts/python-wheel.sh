# Tafel's Python wheel (crates/tafel-py, issues #34 and #49), shared by scripts/test-python and
# scripts/bench-peers: source this file, then call `install_tafel_wheel PYTHON DIR`, which
# installs maturin $TAFEL_MATURIN_VERSION into PYTHON's virtual environment when it is not there
# yet, builds the wheel people install (release mode, abi3 for Python 3.11 and later, stripped
# of symbols and debug information, tagged manylinux by maturin's audit of the libraries it
# links) into DIR (its earlier wheels removed), and installs it, with numpy, in place
# of any earlier build, with a PATH that has no cargo: a wheel installs without Rust. It prints
# the wheel's path. Cargo reuses the release build of the other crates.

TAFEL_MATURIN_VERSION=1.16.0

# PATH without the directories that hold a `cargo`.
path_without_cargo() {
  local dir kept=()
  IFS=: read -ra dirs <<<"$PATH"
  for dir in "${dirs[@]}"; do
    if [ -n "$dir" ] && [ ! -x "$dir/cargo" ]; then kept+=("$dir"); fi
  done
  (IFS=:; printf '%s\n' "${kept[*]}")
}

install_tafel_wheel() {
  local python="$1" out="$2" bin wheel path
  bin="$(dirname "$python")"
  if [ "$("$bin/maturin" --version 2>/dev/null)" != "maturin $TAFEL_MATURIN_VERSION" ]; then
    "$python" -m pip install --quiet --disable-pip-version-check "maturin==$TAFEL_MATURIN_VERSION" >&2
  fi
  mkdir -p "$out"
  out="$(cd "$out" && pwd)"
  rm -f "$out"/tafel-*.whl
  (cd crates/tafel-py && "$bin/maturin" build --release --strip --locked --out "$out") >&2
  wheel="$(ls "$out"/tafel-*.whl)"
  case "$(basename "$wheel")" in
    tafel-*-cp311-abi3-manylinux_*.whl) ;;
    *) echo "not an abi3 manylinux wheel: $wheel" >&2; return 1 ;;
  esac
  path="$(path_without_cargo)"
  if PATH="$path" command -v cargo >/dev/null; then
    echo "cargo is still on the PATH the wheel is installed with: $path" >&2
    return 1
  fi
  PATH="$path" "$python" -m pip install --quiet --disable-pip-version-check --force-reinstall \
    "$wheel" >&2
  printf '%s\n' "$wheel"
}
