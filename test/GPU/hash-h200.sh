#!/usr/bin/env bash
# Optional hardware check of the hash family, both dropouts, splitmix64 and
# tr_dropout_sample on an NVIDIA GPU (run on an H200; not part of check-rng).
#
#   test/GPU/hash-h200.sh build     (here: needs build/bin/rng-opt, LLVM 22 and
#                                    CUDA's libdevice) -> test/GPU/Output/hash.ptx
#   test/GPU/hash-h200.sh run       (on the GPU machine: needs numpy + cupy)
#
# `build` lowers Inputs/hash-kernels.mlir with rng-to-nvvm (sm_90), links
# libdevice for hash_randn's __nv_logf/__nv_sqrtf/__nv_cosf and emits PTX;
# `run` launches it over 2^16 elements and compares every value with the
# independent host model test/lib/hash_random_model.py (hash_test_device.py).
# Output/ is git-ignored: copy test/GPU/Output to the GPU machine. Results
# on an H200: docs/HashRandom.md.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
case "${1:-}" in
  build)
    mkdir -p "$OUTDIR"
    "$RNG_OPT" "$HERE/Inputs/hash-kernels.mlir" --rng-to-nvvm="chip=$CHIP" |
      llvm_to_ptx hash
    echo "wrote $OUTDIR/hash.ptx"
    ;;
  run)
    python3 "$HERE/hash_test_device.py" "$OUTDIR/hash.ptx"
    ;;
  *)
    echo "usage: $0 build|run" >&2
    exit 2
    ;;
esac
