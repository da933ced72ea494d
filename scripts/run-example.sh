#!/usr/bin/env bash
# The main job: set up and build rng-mlir, lower example programs with
# `rng-opt --rng-to-llvm` and run them on the CPU with mlir-runner.
# Without arguments: examples/philox.mlir (Philox known answers),
# examples/dropout.mlir (Triton's dropout lesson), examples/phobos.mlir
# (Phobos' hash generator and dropout_rows), examples/tech_renaissance.mlir
# (Tech-Renaissance's seed recipes) and examples/jax.mlir (jax.random and
# rng_bit_generator). With arguments: those files.
# scripts/setup.sh reports each step (packages, configure, build with Ninja's
# [n/N] step count); the last line is the total time.
# Environment: BUILD_DIR (default <repo>/build), passed on to setup.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
if (($#)); then
  EXAMPLES=("$@")
else
  EXAMPLES=("$ROOT/examples/philox.mlir" "$ROOT/examples/dropout.mlir"
            "$ROOT/examples/phobos.mlir" "$ROOT/examples/tech_renaissance.mlir"
            "$ROOT/examples/jax.mlir")
fi
start=$SECONDS
"$ROOT/scripts/setup.sh"
LIBS=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_runner_utils.so
for example in "${EXAMPLES[@]}"; do
  echo "== rng-opt --rng-to-llvm $example | mlir-runner"
  "$BUILD_DIR/bin/rng-opt" --rng-to-llvm "$example" |
    /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void -shared-libs="$LIBS"
done
s=$((SECONDS - start))
printf 'run-example: done in %dm%02ds (build in %s)\n' $((s / 60)) $((s % 60)) "$BUILD_DIR"
