#!/usr/bin/env bash
# The main job: set up and build rng-mlir, lower an example program with
# `rng-opt --rng-to-llvm` and run it on the CPU with mlir-runner.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
EXAMPLE="${1:-$ROOT/examples/philox.mlir}"
"$ROOT/scripts/setup.sh" >/dev/null
LIBS=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_runner_utils.so
echo "== $BUILD_DIR/bin/rng-opt --rng-to-llvm $EXAMPLE | mlir-runner"
"$BUILD_DIR/bin/rng-opt" --rng-to-llvm "$EXAMPLE" |
  /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void -shared-libs="$LIBS"
