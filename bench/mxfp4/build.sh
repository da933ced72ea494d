#!/usr/bin/env bash
# Lowers bench/mxfp4/mxfp4.mlir to PTX for CHIP (default sm_90; the H200 has
# no cvt.rs, so round.scaling_stochastic takes the universal lowering):
#   rng-opt --rng-to-nvvm{chip=$CHIP} | mlir-translate | opt -O3 | llc -O3
# and checks it with ptxas. Output: $OUT_DIR (default bench/mxfp4/out)/mxfp4.ptx
# (not committed: build it here and carry it to the GPU machine).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
RNG_OPT="${RNG_OPT:-$ROOT/build/bin/rng-opt}"
LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-22/bin}"
CUDA="${CUDA:-/usr/local/cuda}"
CHIP="${CHIP:-sm_90}"
OUT_DIR="${OUT_DIR:-$HERE/out}"
mkdir -p "$OUT_DIR"
"$RNG_OPT" "$HERE/mxfp4.mlir" --rng-to-nvvm="chip=$CHIP" \
  | "$LLVM_BIN/mlir-translate" --mlir-to-llvmir \
  | "$LLVM_BIN/opt" -O3 -mtriple=nvptx64-nvidia-cuda -mcpu="$CHIP" \
  | "$LLVM_BIN/llc" -O3 -mtriple=nvptx64-nvidia-cuda -mcpu="$CHIP" \
      -o "$OUT_DIR/mxfp4.ptx"
if [ -x "$CUDA/bin/ptxas" ]; then
  "$CUDA/bin/ptxas" -arch="$CHIP" -v "$OUT_DIR/mxfp4.ptx" -o "$OUT_DIR/mxfp4.cubin" 2>&1 \
    | grep -E "Used|stack" || true
fi
echo "wrote $OUT_DIR/mxfp4.ptx"
