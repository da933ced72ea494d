#!/usr/bin/env bash
# The main job: set up and build rng-mlir, lower example programs with
# `rng-opt --rng-to-llvm` and run them on the CPU with mlir-runner.
# Without arguments: examples/philox.mlir (Philox known answers),
# examples/dropout.mlir (Triton's dropout lesson), examples/phobos.mlir
# (Phobos' hash generator and dropout_rows), examples/tech_renaissance.mlir
# (Tech-Renaissance's seed recipes), examples/jax.mlir (jax.random and
# rng_bit_generator), examples/torch.mlir (PyTorch's CUDA torch.rand,
# randn, native_dropout and randint) and examples/sharded.mlir (a sharded
# program, lowered with `rng-opt --rng-shard-to-llvm` and run by
# `mpirun -n 2`, one process per device of its grid). With arguments: those
# files (a file holding a shard.grid runs under mpirun with as many
# processes as its grid has).
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
            "$ROOT/examples/jax.mlir" "$ROOT/examples/torch.mlir"
            "$ROOT/examples/sharded.mlir")
fi
start=$SECONDS
"$ROOT/scripts/setup.sh"
LIBS=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_runner_utils.so
MPI_LIB=/usr/lib/x86_64-linux-gnu/libmpi.so
for example in "${EXAMPLES[@]}"; do
  if grep -q 'shard\.grid' "$example"; then
    # A sharded program: one process per device of its (first) grid.
    shape="$(sed -n 's/.*shard\.grid @[A-Za-z0-9_]*(shape = \([0-9x]*\)).*/\1/p' "$example" | head -1)"
    ranks=$((${shape//x/*}))
    name="$(basename "$example" .mlir)"
    out="$BUILD_DIR/examples/$name"
    rm -rf "$out"
    mkdir -p "$out"
    echo "== rng-opt --rng-shard-to-llvm $example | mpirun -n $ranks mlir-runner (each rank's output in turn)"
    "$BUILD_DIR/bin/rng-opt" --rng-shard-to-llvm "$example" -o "$out/lowered.mlir"
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
      mpirun -n "$ranks" --oversubscribe --output-filename "$out/log" \
      /usr/lib/llvm-22/bin/mlir-runner "$out/lowered.mlir" -e main -entry-point-result=void \
      -shared-libs="$MPI_LIB,$LIBS" < /dev/null > /dev/null
    for ((r = 0; r < ranks; ++r)); do cat "$out/log/1/rank.$r/stdout"; done
    continue
  fi
  echo "== rng-opt --rng-to-llvm $example | mlir-runner"
  "$BUILD_DIR/bin/rng-opt" --rng-to-llvm "$example" |
    /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void -shared-libs="$LIBS"
done
s=$((SECONDS - start))
printf 'run-example: done in %dm%02ds (build in %s)\n' $((s / 60)) $((s % 60)) "$BUILD_DIR"
