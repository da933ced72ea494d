#!/usr/bin/env bash
# Optional hardware check of the cuRAND and PyTorch ops (SPEC §9) on an
# NVIDIA GPU against torch and cuRAND themselves (run on an H200; not part of
# check-rng, which checks the CPU lowering against recordings).
#
#   test/GPU/torch-h200.sh build    (here: build/bin/rng-opt, LLVM 22, CUDA's
#                                    libdevice) -> test/GPU/Output/torch.ptx
#   test/GPU/torch-h200.sh run      (GPU machine: torch, cupy, numpy)
#   test/GPU/torch-h200.sh quick    (run with fewer sizes)
#
# `build` writes the kernels (torch_check_device.py gen), lowers them with
# rng-to-nvvm (sm_90), links libdevice (__nv_logf, __nv_log, __nv_sinpi,
# __nv_cospi) and emits PTX; `run` compares every op bit for bit with torch
# 2.11 and cuRAND and times the three torch-layout fills next to torch
# (torch_check_run.py). Output/ is git-ignored: carry test/GPU/Output.
# Results on an H200: docs/PyTorchRandom.md.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
case "${1:-}" in
  build)
    mkdir -p "$OUTDIR"
    "$PYTHON" "$HERE/torch_check_device.py" gen > "$OUTDIR/torch-kernels.mlir"
    "$RNG_OPT" "$OUTDIR/torch-kernels.mlir" --rng-to-nvvm="chip=$CHIP" |
      llvm_to_ptx torch
    echo "wrote $OUTDIR/torch.ptx"
    ;;
  run|quick)
    cd "$HERE" && python3 torch_check_device.py run "$OUTDIR/torch.ptx" $([ "$1" = quick ] && echo --quick)
    ;;
  *)
    echo "usage: $0 build|run|quick" >&2
    exit 2
    ;;
esac
