# Shared by the test/GPU/*-h200.sh scripts (sourced): where things are, and
# the build step from LLVM-dialect MLIR to PTX. OUTDIR (default
# test/GPU/Output), RNG_OPT, LLVM_BIN, PYTHON, CHIP and LIBDEVICE may be set
# from outside (test/Scripts/gpu-check-builds.test builds into its own
# directory).
HERE="$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-22/bin}"
PYTHON="${PYTHON:-/usr/bin/python3}"
CHIP="${CHIP:-sm_90}"
LIBDEVICE="${LIBDEVICE:-$(ls /usr/local/cuda*/nvvm/libdevice/libdevice.10.bc 2>/dev/null | head -1)}"
OUTDIR="${OUTDIR:-$HERE/Output}"
RNG_OPT="${RNG_OPT:-$ROOT/build/bin/rng-opt}"

# llvm_to_ptx NAME: the LLVM-dialect module on stdin (rng-to-nvvm's output)
# -> $OUTDIR/NAME.ptx: mlir-translate, libdevice linked (only what it
# calls), opt -O3 and llc for $CHIP.
llvm_to_ptx() {
  local name="$1"
  "$LLVM_BIN/mlir-translate" --mlir-to-llvmir -o "$OUTDIR/$name.ll"
  "$LLVM_BIN/llvm-link" "$OUTDIR/$name.ll" "$LIBDEVICE" --only-needed --internalize \
    -o "$OUTDIR/$name.bc"
  "$LLVM_BIN/opt" -O3 -mtriple=nvptx64-nvidia-cuda -mcpu="$CHIP" "$OUTDIR/$name.bc" \
    -o "$OUTDIR/$name.opt.bc"
  "$LLVM_BIN/llc" -O3 -mcpu="$CHIP" "$OUTDIR/$name.opt.bc" -o "$OUTDIR/$name.ptx"
}
