#!/usr/bin/env bash
# Lowers the benchmark kernels (bench/kernels/<mode>/*.mlir, one gpu.module per
# file) to PTX for sm_90 on this machine: bench/ptx/<mode>/<module>.ptx, plus a
# census of every kernel's PTX with ptxas -v resources (bench/ptx/<mode>/STATS.md).
#
#   bench/build.sh [MODE...]      MODE: ops (default), ops-sincos, expanded
#
#   ops       kernels using rng.rand*/randn*/randint* and round.stochastic:
#               rng-opt --rng-to-nvvm=chip=$CHIP
#   ops-sincos  the same kernels with upstream math-sincos-fusion run between
#             convert-rng-to-nvvm and the rest of rng-to-nvvm (Box-Muller's
#             cos/sin pair becomes one math.sincos -> __nv_sincosf)
#   expanded  the same bits spelled with rng.philox_4x32 + arith/math:
#               rng-opt --convert-rng-to-arith --rng-to-nvvm=chip=$CHIP
#             (the universal mului_extended Philox; before rng-to-nvvm existed,
#             the upstream gpu->nvvm passes, see ROUTE=binary)
#
# then (ROUTE=llc, the default)
#   mlir-translate --mlir-to-llvmir
#   llvm-link --only-needed --internalize  $CUDA/nvvm/libdevice/libdevice.10.bc
#             (only when the module calls __nv_* math functions)
#   opt -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=$CHIP      (NVVMReflect, inlining)
#   llc -O3 -mcpu=$CHIP
# or (ROUTE=binary) nvvm-attach-target + gpu-module-to-binary{format=isa}, which
# does the same link/optimize/codegen steps inside rng-opt.
#
# Environment: RNG_OPT (default <repo>/build/bin/rng-opt), LLVM_BIN (default
# /usr/lib/llvm-22/bin), CUDA (default /usr/local/cuda), CHIP (default sm_90),
# ROUTE (llc | binary), NVVM_OPTS (extra rng-to-nvvm options, space separated),
# OUT_SUFFIX (write bench/ptx/<mode><suffix>, e.g. for an option experiment).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
RNG_OPT="${RNG_OPT:-$ROOT/build/bin/rng-opt}"
LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-22/bin}"
CUDA="${CUDA:-/usr/local/cuda}"
CHIP="${CHIP:-sm_90}"
ROUTE="${ROUTE:-llc}"
PY=/usr/bin/python3
LIBDEVICE="$CUDA/nvvm/libdevice/libdevice.10.bc"
MODES=("$@")
((${#MODES[@]})) || MODES=(ops)

has_nvvm_pipeline() { local h; h="$("$RNG_OPT" --help 2>/dev/null)"; [[ "$h" == *"--rng-to-nvvm "* ]]; }

for mode in "${MODES[@]}"; do
  nvvm="rng-to-nvvm{chip=$CHIP ${NVVM_OPTS:-}}"
  case "$mode" in
    ops) pipe="$nvvm"; srcmode=ops ;;
    ops-sincos) pipe="gpu.module(convert-rng-to-nvvm,math-sincos-fusion),$nvvm"; srcmode=ops ;;
    expanded) pipe="gpu.module(convert-rng-to-arith),$nvvm"; srcmode=expanded ;;
    *) echo "build.sh: unknown mode '$mode' (ops, ops-sincos, expanded)" >&2; exit 2 ;;
  esac
  route="$ROUTE"
  if ! has_nvvm_pipeline; then
    # stopgap before rng-to-nvvm existed: the universal lowerings and the
    # upstream passes rng-to-nvvm is made of
    echo "build.sh: no rng-to-nvvm in $RNG_OPT; using the universal lowerings + convert-gpu-to-nvvm" >&2
    fuse=""
    [ "$mode" = ops-sincos ] && fuse="math-sincos-fusion,"
    pipe="gpu.module(convert-rng-to-arith,${fuse}convert-round-to-arith,canonicalize,cse,convert-scf-to-cf,convert-gpu-to-nvvm,canonicalize,cse,reconcile-unrealized-casts)"
    route=binary
  fi
  src="$HERE/kernels/$srcmode"
  dst="$HERE/ptx/$mode${OUT_SUFFIX:-}"
  mkdir -p "$dst"
  rm -f "$dst"/*.ptx
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  for f in "$src"/*.mlir; do
    name="$(basename "$f" .mlir)"
    if [ "$route" = binary ]; then
      # rng-to-nvvm attaches the nvvm.target itself (keep-gpu-module leaves it nested)
      case "$pipe" in
        *rng-to-nvvm*) pipe_b="${pipe%\}} keep-gpu-module=true}" ;;
        *) pipe_b="$pipe,nvvm-attach-target{chip=$CHIP O=3}" ;;
      esac
      "$RNG_OPT" "$f" --pass-pipeline="builtin.module($pipe_b,gpu-module-to-binary{format=isa toolkit=$CUDA})" \
        -o "$tmp/$name.bin.mlir"
      "$PY" "$HERE/extract_ptx.py" "$tmp/$name.bin.mlir" "$dst"
    else
      "$RNG_OPT" "$f" --pass-pipeline="builtin.module($pipe)" -o "$tmp/$name.llvm.mlir"
      "$LLVM_BIN/mlir-translate" --mlir-to-llvmir "$tmp/$name.llvm.mlir" -o "$tmp/$name.ll"
      if grep -q "@__nv_" "$tmp/$name.ll"; then
        "$LLVM_BIN/llvm-link" "$tmp/$name.ll" "$LIBDEVICE" --only-needed --internalize -o "$tmp/$name.bc"
      else
        "$LLVM_BIN/llvm-as" "$tmp/$name.ll" -o "$tmp/$name.bc"
      fi
      "$LLVM_BIN/opt" -O3 -mtriple=nvptx64-nvidia-cuda -mcpu="$CHIP" "$tmp/$name.bc" -o "$tmp/$name.opt.bc"
      "$LLVM_BIN/llc" -O3 -mtriple=nvptx64-nvidia-cuda -mcpu="$CHIP" "$tmp/$name.opt.bc" -o "$dst/$name.ptx"
    fi
    "$CUDA/bin/ptxas" -arch="$CHIP" -o /dev/null "$dst/$name.ptx"
  done
  {
    echo "PTX census of bench/ptx/$(basename "$dst") (rng-opt pipeline: $pipe; route: $route)."
    echo "Counts are static (both the full-CTA and the tail path of _k2/_k4 variants;"
    echo "libdevice slow paths included); regs and stack from ptxas -v -arch=$CHIP."
    echo
    "$PY" "$HERE/ptxstats.py" --ptxas "$CUDA/bin/ptxas" "$dst"/*.ptx
  } > "$dst/STATS.md"
  rm -rf "$tmp"
  trap - EXIT
  echo "build.sh: wrote $dst ($(ls "$dst"/*.ptx | wc -l) modules, route $route)"
done
