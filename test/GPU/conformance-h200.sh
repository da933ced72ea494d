#!/usr/bin/env bash
# Optional hardware check of the conformance matrix on an NVIDIA GPU (run on
# an H200; not part of check-rng): every op a kernel can hold, per free
# result type, in the GPU shape classes (scalar, vector<4>, vector<2x3>,
# vector<0-D>), run through rng-to-nvvm and compared value by value with the
# independent host models.
#
#   test/GPU/conformance-h200.sh build  (here: needs build/bin/rng-opt, LLVM 22
#                                        and CUDA's libdevice)
#                                        -> test/GPU/Output/conformance.ptx
#   test/GPU/conformance-h200.sh run [THREADS]
#                                       (on the GPU machine: numpy + cupy)
#
# `build` writes the kernels (test/lib/conformance.py gen-gpu-run: operands
# and results as the integers they print as), lowers them with
# rng-to-nvvm{chip=$CHIP} (default sm_90), links libdevice and emits PTX;
# and rng.bit_generator's elements in kernels (gen-gpu-bit-generator, through
# buildBitGeneratorElement: rng-test-opt's test-rng-bit-generator-element)
# -> bitgen.ptx. `run` launches each kernel on THREADS threads (default
# 4096), the bit generator's on several states, and checks every result
# (conformance_device.py). Output/ is git-ignored: copy
# test/GPU/Output to the GPU machine. Results on an H200: docs/Conformance.md.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
case "${1:-}" in
  build)
    mkdir -p "$OUTDIR"
    "$PYTHON" "$ROOT/test/lib/conformance.py" gen-gpu-run > "$OUTDIR/conformance.mlir"
    "$RNG_OPT" "$OUTDIR/conformance.mlir" --rng-to-nvvm="chip=$CHIP" |
      llvm_to_ptx conformance
    "$PYTHON" "$ROOT/test/lib/conformance.py" gen-gpu-bit-generator > "$OUTDIR/bitgen.mlir"
    "$ROOT/build/bin/rng-test-opt" --allow-unregistered-dialect "$OUTDIR/bitgen.mlir" \
      --test-rng-bit-generator-element |
      "$RNG_OPT" --rng-to-nvvm="chip=$CHIP" | llvm_to_ptx bitgen
    echo "wrote $OUTDIR/conformance.ptx $OUTDIR/bitgen.ptx"
    ;;
  run)
    status=0
    python3 "$HERE/conformance_device.py" "$OUTDIR/conformance.ptx" "${2:-4096}" || status=1
    python3 "$HERE/conformance_device.py" bit-generator "$OUTDIR/bitgen.ptx" || status=1
    exit $status
    ;;
  *)
    echo "usage: $0 build|run [THREADS]" >&2
    exit 2
    ;;
esac
