#!/usr/bin/env bash
# Builds the benchmark PTX from source on this machine (no GPU needed):
# writes the kernels with bench/kernels/gen.py, lowers each gpu.module to PTX
# for $CHIP, and writes a census of every kernel with ptxas -v resources.
# Nothing it writes is tracked by git: the PTX is built on demand and carried
# to the GPU machine (bench/README.md).
#
#   bench/build.sh [MODE...]        MODE: ops (default), ops-fastmath, expanded, jax,
#                                   hash, mxfp4, all (every mode)
#
#   ops           kernels using rng.rand*/randn*/randint* and round.stochastic:
#                   rng-opt --pass-pipeline='builtin.module(rng-to-nvvm{chip=$CHIP})'
#   ops-fastmath  the same kernels with rng-to-nvvm{chip=$CHIP fast-math}
#   expanded      the same bits spelled with rng.philox_4x32 + arith/math:
#                   gpu.module(convert-rng-to-arith) first (the universal
#                   mului_extended Philox), then rng-to-nvvm{chip=$CHIP}
#   jax           the JAX/XLA kernels (SPEC section 8): rng.jax_uniform,
#                   rng.jax_normal, rng.jax_bits fills and rng.bit_generator
#                   u32 fills (rng.philox_4x32 / rng.threefry_2x32 + arith):
#                   rng-to-nvvm{chip=$CHIP}
#   hash          the seeds' generators per element (SPEC sections 5, 6):
#                   rng.hash_rand, rng.hash_randn fills, rng.hash_dropout and
#                   rng.dropout: rng-to-nvvm{chip=$CHIP}
#   mxfp4         bench/mxfp4/mxfp4.mlir, the MXFP4 SR quantizer kernels
#                   (round.scaling_stochastic): rng-to-nvvm{chip=$CHIP}
#
# then, per module,
#   mlir-translate --mlir-to-llvmir
#   llvm-link --only-needed --internalize $CUDA/nvvm/libdevice/libdevice.10.bc
#             (when the module calls __nv_* functions and libdevice exists;
#             without it the calls stay external and ptxas only compiles, -c)
#   opt -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=$CHIP     (NVVMReflect, inlining)
#   llc -O3 -mcpu=$CHIP
#   ptxas -arch=$CHIP (when ptxas exists), as a check
#
# Output, under $BENCH_BUILD (default <repo>/build/bench):
#   kernels/<ops|expanded|jax|hash|mxfp4>/<module>.mlir  the sources (gen.py's; mxfp4 copied)
#   ptx/<mode>/<module>.ptx                 what bench/run.py loads
#   ptx/<mode>/STATS.md                     PTX census + ptxas -v (with ptxas)
# and one line per module: "<mode>/<module>.ptx: <n> kernels".
#
# Environment: BENCH_BUILD, RNG_OPT (default <repo>/build/bin/rng-opt),
# LLVM_BIN (default /usr/lib/llvm-22/bin), CUDA (default /usr/local/cuda),
# PTXAS (default $CUDA/bin/ptxas, then ptxas on PATH; "none" skips the check),
# CHIP (default sm_90), NVVM_OPTS (extra rng-to-nvvm options, space separated,
# e.g. for an option experiment: then name the output with OUT_SUFFIX).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
BENCH_BUILD="${BENCH_BUILD:-$ROOT/build/bench}"
RNG_OPT="${RNG_OPT:-$ROOT/build/bin/rng-opt}"
LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-22/bin}"
CUDA="${CUDA:-/usr/local/cuda}"
CHIP="${CHIP:-sm_90}"
PY="${PYTHON:-python3}"
LIBDEVICE="$CUDA/nvvm/libdevice/libdevice.10.bc"
if [ -z "${PTXAS:-}" ]; then
  if [ -x "$CUDA/bin/ptxas" ]; then PTXAS="$CUDA/bin/ptxas"
  else PTXAS="$(command -v ptxas || echo none)"; fi
fi
MODES=("$@")
((${#MODES[@]})) || MODES=(ops)
[ "${MODES[*]}" = all ] && MODES=(ops ops-fastmath expanded jax hash mxfp4)

fail() { echo "build.sh: error: $*" >&2; exit 1; }
[ -x "$RNG_OPT" ] || fail "no rng-opt at $RNG_OPT (build the project first, or set RNG_OPT)"
for mode in "${MODES[@]}"; do
  case "$mode" in
    ops | ops-fastmath | expanded | jax | hash | mxfp4) ;;
    *) fail "unknown mode '$mode' (ops, ops-fastmath, expanded, jax, hash, mxfp4, all)" ;;
  esac
done
[ -f "$LIBDEVICE" ] || echo "build.sh: no $LIBDEVICE: __nv_* calls stay external (ptxas -c)" >&2
[ "$PTXAS" != none ] || echo "build.sh: no ptxas: the PTX is not checked, STATS.md has no registers" >&2

"$PY" "$HERE/kernels/gen.py" --out "$BENCH_BUILD/kernels"
mkdir -p "$BENCH_BUILD/kernels/mxfp4"
cp "$HERE/mxfp4/mxfp4.mlir" "$BENCH_BUILD/kernels/mxfp4/"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for mode in "${MODES[@]}"; do
  nvvm_opts="chip=$CHIP${NVVM_OPTS:+ $NVVM_OPTS}"
  case "$mode" in
    ops) pipe="rng-to-nvvm{$nvvm_opts}"; src=ops ;;
    ops-fastmath) pipe="rng-to-nvvm{$nvvm_opts fast-math}"; src=ops ;;
    expanded) pipe="gpu.module(convert-rng-to-arith),rng-to-nvvm{$nvvm_opts}"; src=expanded ;;
    jax | hash | mxfp4) pipe="rng-to-nvvm{$nvvm_opts}"; src=$mode ;;
  esac
  dst="$BENCH_BUILD/ptx/$mode${OUT_SUFFIX:-}"
  mkdir -p "$dst"
  rm -f "$dst"/*.ptx "$dst/STATS.md"
  ptxas_flags=()
  for f in "$BENCH_BUILD/kernels/$src"/*.mlir; do
    name="$(basename "$f" .mlir)"
    "$RNG_OPT" "$f" --pass-pipeline="builtin.module($pipe)" -o "$tmp/$name.llvm.mlir"
    "$LLVM_BIN/mlir-translate" --mlir-to-llvmir "$tmp/$name.llvm.mlir" -o "$tmp/$name.ll"
    compile_only=()
    if grep -q "@__nv_" "$tmp/$name.ll" && [ -f "$LIBDEVICE" ]; then
      "$LLVM_BIN/llvm-link" "$tmp/$name.ll" "$LIBDEVICE" --only-needed --internalize -o "$tmp/$name.bc"
    else
      "$LLVM_BIN/llvm-as" "$tmp/$name.ll" -o "$tmp/$name.bc"
      grep -q "@__nv_" "$tmp/$name.ll" && compile_only=(-c)
    fi
    "$LLVM_BIN/opt" -O3 -mtriple=nvptx64-nvidia-cuda -mcpu="$CHIP" "$tmp/$name.bc" -o "$tmp/$name.opt.bc"
    "$LLVM_BIN/llc" -O3 -mtriple=nvptx64-nvidia-cuda -mcpu="$CHIP" "$tmp/$name.opt.bc" -o "$dst/$name.ptx"
    if [ "$PTXAS" != none ]; then
      "$PTXAS" -arch="$CHIP" "${compile_only[@]}" -o "$tmp/$name.cubin" "$dst/$name.ptx"
      ((${#compile_only[@]})) && ptxas_flags=(-c)
    fi
    echo "$mode${OUT_SUFFIX:-}/$name.ptx: $(grep -c '^\.visible \.entry' "$dst/$name.ptx") kernels"
  done
  stats_args=()
  [ "$PTXAS" != none ] && stats_args=(--ptxas "$PTXAS" --arch "$CHIP" "${ptxas_flags[@]/#/--ptxas-flag=}")
  {
    echo "PTX census of $mode${OUT_SUFFIX:-} (rng-opt pipeline: $pipe; llc -mcpu=$CHIP)."
    echo "Counts are static (both the full-CTA and the tail path of _k2/_k4 variants;"
    echo "libdevice slow paths included); regs and stack from ptxas -v -arch=$CHIP."
    echo
    "$PY" "$HERE/ptxstats.py" "${stats_args[@]}" "$dst"/*.ptx
  } > "$dst/STATS.md"
done
echo "build.sh: wrote $BENCH_BUILD/ptx (${MODES[*]})"
