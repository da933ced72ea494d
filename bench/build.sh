#!/usr/bin/env bash
# Lowers the benchmark kernels (bench/kernels/{ops,expanded}/*.mlir) to PTX for
# sm_90 on this machine: bench/ptx/{ops,expanded}/<module>.ptx, plus a census
# of each kernel's PTX (bench/ptx/<mode>/STATS.md, with ptxas -v resources).
#
#   bench/build.sh [MODE...]     MODE: ops (default), expanded
#
# Environment: RNG_OPT (default build/bin/rng-opt), CUDA (default /usr/local/cuda),
# CHIP (default sm_90), NVVM_OPTS (extra options for rng-to-nvvm, e.g. a
# fast-math switch), PIPELINE (override the whole gpu.module pipeline).
#
# `ops` kernels use rng.rand*/randn*/randint* and round.stochastic and go
# through the rng-to-nvvm{chip=...} pipeline; `expanded` kernels spell the same
# bits with rng.philox_4x32 + arith/math and go through convert-rng-to-arith
# and the upstream gpu->nvvm passes. Both end in nvvm-attach-target +
# gpu-module-to-binary{format=isa}, i.e. LLVM's NVPTX back end at -O3 with
# libdevice (CUDA/nvvm/libdevice/libdevice.10.bc) linked for math functions.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
RNG_OPT="${RNG_OPT:-$ROOT/build/bin/rng-opt}"
CUDA="${CUDA:-/usr/local/cuda}"
CHIP="${CHIP:-sm_90}"
PY=/usr/bin/python3
MODES=("$@")
((${#MODES[@]})) || MODES=(ops)

TAIL="nvvm-attach-target{chip=$CHIP O=3},gpu-module-to-binary{format=isa toolkit=$CUDA}"
for mode in "${MODES[@]}"; do
  case "$mode" in
    ops) PIPE="${PIPELINE:-rng-to-nvvm{chip=$CHIP ${NVVM_OPTS:-}}}" ;;
    expanded) PIPE="${PIPELINE:-gpu.module(convert-rng-to-arith,canonicalize,cse,convert-scf-to-cf,convert-gpu-to-nvvm,canonicalize,cse,reconcile-unrealized-casts)}" ;;
    *) echo "build.sh: unknown mode '$mode' (ops, expanded)" >&2; exit 2 ;;
  esac
  src="$HERE/kernels/$mode"
  dst="$HERE/ptx/$mode"
  mkdir -p "$dst"
  rm -f "$dst"/*.ptx
  tmp="$(mktemp -d)"
  for f in "$src"/*.mlir; do
    name="$(basename "$f" .mlir)"
    "$RNG_OPT" "$f" --pass-pipeline="builtin.module($PIPE,$TAIL)" -o "$tmp/$name.mlir"
    "$PY" "$HERE/extract_ptx.py" "$tmp/$name.mlir" "$dst"
    "$CUDA/bin/ptxas" -arch="$CHIP" -o /dev/null "$dst/$name.ptx"
  done
  {
    echo "PTX census for bench/ptx/$mode (pipeline: $PIPE; $TAIL)"
    echo
    "$PY" "$HERE/ptxstats.py" --ptxas "$CUDA/bin/ptxas" "$dst"/*.ptx
  } > "$dst/STATS.md"
  rm -rf "$tmp"
  echo "build.sh: wrote $dst ($(ls "$dst"/*.ptx | wc -l) modules)"
done
