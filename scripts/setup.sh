#!/usr/bin/env bash
# Sets up and builds rng-mlir on Debian 12 (bookworm) as root or with sudo,
# saying what it does as it goes:
#  1. packages: installs the Debian packages the project needs, only those
#     missing (it names them, and shows each one as apt sets it up);
#  2. configure: configures the build directory with CMake + Ninja against
#     /usr/lib/llvm-22 (once; the full CMake output is in <build>/configure.log);
#  3. build: builds everything, incrementally (a second run is a no-op), with
#     Ninja's step count [n/N] on every line.
# Each step prints its time, and the last line the total.
# Environment: BUILD_DIR (default <repo>/build), JOBS (parallel build jobs;
# default: Ninja's choice).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"

PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools lld-22
  cmake ninja-build g++ git clang-format
  pybind11-dev python3-pybind11 python3-dev python3-numpy python3-pytest
  # MPI for sharded programs (docs/Sharding.md): OpenMPI, the default mpirun
  # (Debian ranks it above MPICH), and MPICH as mpirun.mpich.
  openmpi-bin libopenmpi-dev mpich libmpich-dev
)

start=$SECONDS
step_start=$SECONDS
say() { echo "setup: $*"; }
# Prints the time since the previous step (or since the start, with "total").
took() { # <label> <since>
  local s=$((SECONDS - $2))
  printf 'setup: %s (%dm%02ds)\n' "$1" $((s / 60)) $((s % 60))
}

# 1. Packages.
missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if ((${#missing[@]})); then
  say "[1/3] packages: installing ${#missing[@]} of ${#PACKAGES[@]} (with their dependencies): ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  say "      apt-get update"
  $SUDO apt-get update -qq
  # apt's own lines, one per package it downloads and sets up.
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends \
    -o Dpkg::Use-Pty=0 "${missing[@]}" |
    { grep --line-buffered -E '^(Need to get|Setting up) ' || true; } |
    sed -u 's/^/setup:       /'
  took "[1/3] packages: installed" "$step_start"
else
  say "[1/3] packages: all ${#PACKAGES[@]} installed"
fi

# 2. Configure (once).
step_start=$SECONDS
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  say "[2/3] configure: cmake -G Ninja -S $ROOT -B $BUILD_DIR (log: $BUILD_DIR/configure.log)"
  mkdir -p "$BUILD_DIR"
  if ! cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DPython3_EXECUTABLE=/usr/bin/python3 \
    -DCMAKE_INTERPROCEDURAL_OPTIMIZATION=OFF > "$BUILD_DIR/configure.log" 2>&1; then
    cat "$BUILD_DIR/configure.log" >&2
    say "configure failed (log above, and in $BUILD_DIR/configure.log)" >&2
    exit 1
  fi
  took "[2/3] configure: done" "$step_start"
else
  say "[2/3] configure: $BUILD_DIR is configured"
fi

# 3. Build. Ninja prints "[n/N] <what>" for every step when its output is not
# a terminal (and one updating line when it is).
step_start=$SECONDS
say "[3/3] build: ninja -C $BUILD_DIR${JOBS:+ -j $JOBS}"
cmake --build "$BUILD_DIR" ${JOBS:+--parallel "$JOBS"}
took "[3/3] build: done" "$step_start"
took "ready: $BUILD_DIR/bin/rng-opt, total" "$start"
