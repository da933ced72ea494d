#!/usr/bin/env bash
# Lowers and runs one sharded program of test/Integration/MPI under MPI.
#
#   run_sharded.sh IMPL N OUT TEMPLATE [KEY=VALUE ...]
#
# IMPL: OpenMPI or MPICH; N: the number of processes; OUT: a directory (the
# output of process r goes to OUT/rank.r); TEMPLATE: a program of Inputs/
# whose KEYs are replaced by their VALUEs (IMPL too). Lowered with
# `rng-opt --rng-shard-to-llvm`, run by mlir-runner under the
# implementation's mpirun (4 processes oversubscribe a 2-core machine).
# Environment: RNG_OPT, MLIR_RUNNER, RUNNER_LIBS (the runner's utility
# libraries, comma-separated), LIBMPI_OPENMPI, LIBMPI_MPICH,
# MPIRUN_OPENMPI, MPIRUN_MPICH (set by lit.cfg.py).
set -euo pipefail
impl="$1" n="$2" out="$3" template="$4"
shift 4
rm -rf "$out"
mkdir -p "$out"
script=(-e "s/IMPL/$impl/g")
for kv in "$@"; do
  script+=(-e "s/${kv%%=*}/${kv#*=}/g")
done
sed "${script[@]}" "$template" > "$out/program.mlir"
"$RNG_OPT" --rng-shard-to-llvm "$out/program.mlir" -o "$out/lowered.mlir"
case "$impl" in
  OpenMPI)
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    "$MPIRUN_OPENMPI" -n "$n" --oversubscribe --output-filename "$out/log" \
      "$MLIR_RUNNER" "$out/lowered.mlir" -e main -entry-point-result=void \
      -shared-libs="$LIBMPI_OPENMPI,$RUNNER_LIBS" < /dev/null > /dev/null
    for ((r = 0; r < n; ++r)); do cp "$out/log/1/rank.$r/stdout" "$out/rank.$r"; done
    ;;
  MPICH)
    "$MPIRUN_MPICH" -n "$n" -outfile-pattern "$out/rank.%r" \
      "$MLIR_RUNNER" "$out/lowered.mlir" -e main -entry-point-result=void \
      -shared-libs="$LIBMPI_MPICH,$RUNNER_LIBS" < /dev/null > /dev/null
    ;;
  *)
    echo "run_sharded.sh: IMPL must be OpenMPI or MPICH, got '$impl'" >&2
    exit 2
    ;;
esac
