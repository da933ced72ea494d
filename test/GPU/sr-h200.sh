#!/usr/bin/env bash
# Optional hardware check of the NVVM lowering of round.stochastic and
# round.scaling_stochastic on an NVIDIA GPU (run on an H200; not part of
# check-rng): every format but bf16 takes the fma.rz formulation there.
#
#   test/GPU/sr-h200.sh build   (here: needs build/bin/rng-opt and LLVM 22)
#                               -> test/GPU/Output/sr-fma.ptx, sr-universal.ptx
#   test/GPU/sr-h200.sh run     (on the GPU machine: needs numpy + cupy)
#
# `build` lowers the kernels of sr_kernels.py twice with rng-to-nvvm
# (sm_90): as the pipeline does (fma.rz) and with convert-round-to-arith
# first (the universal lowering, verified against the SPEC model on the CPU
# by the test suite). `run` (sr_test_device.py) runs both on all 2^32 f32
# bit patterns for every configuration and compares them bit for bit, and
# compares 2^20 elements of each with the independent host model of SPEC
# section 3 (test/lib/stochastic_rounding_model.py). Output/ is git-ignored:
# copy test/GPU/Output to the GPU machine.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
case "${1:-}" in
  build)
    mkdir -p "$OUTDIR"
    "$PYTHON" "$HERE/sr_kernels.py" mlir > "$OUTDIR/sr.mlir"
    "$RNG_OPT" "$OUTDIR/sr.mlir" --rng-to-nvvm="chip=$CHIP" |
      "$LLVM_BIN/mlir-translate" --mlir-to-llvmir |
      "$LLVM_BIN/llc" -O3 -mcpu="$CHIP" -o "$OUTDIR/sr-fma.ptx"
    "$RNG_OPT" "$OUTDIR/sr.mlir" --convert-round-to-arith \
      --rng-to-nvvm="chip=$CHIP" |
      "$LLVM_BIN/mlir-translate" --mlir-to-llvmir |
      "$LLVM_BIN/llc" -O3 -mcpu="$CHIP" -o "$OUTDIR/sr-universal.ptx"
    grep -q 'fma.rz.f32' "$OUTDIR/sr-fma.ptx"
    if grep -q 'fma.rz.f32' "$OUTDIR/sr-universal.ptx"; then
      echo "sr-universal.ptx uses fma.rz" >&2
      exit 1
    fi
    echo "wrote $OUTDIR/sr-fma.ptx and $OUTDIR/sr-universal.ptx"
    ;;
  run)
    python3 "$HERE/sr_test_device.py" "$OUTDIR/sr-fma.ptx" "$OUTDIR/sr-universal.ptx"
    ;;
  *)
    echo "usage: $0 build|run" >&2
    exit 2
    ;;
esac
