#!/usr/bin/env bash
# The one command run on the GPU machine. It builds nothing: it loads the PTX
# that bench/build.sh built on the build machine and that was carried along
# (build/bench/ptx, or $BENCH_PTX; see bench/README.md), runs every
# correctness check and every timing and prints the table (bench/run.py);
# also keeps the SASS of our PTX (sass.txt.gz) and, with BENCH_NCU=1, an
# Nsight Compute profile of the best variants (ncu.csv).
#
#   bash bench/device.sh [run.py options]      (files go to $OUT, default bench/out)
#
# Mode `mxfp4` in `--modes` (e.g. --modes ops,ops-fastmath,hash,jax,mxfp4) is run after
# run.py's modes by bench/mxfp4/run.py (its own copy, peers and checks;
# output also in $OUT/mxfp4.txt), so one command times every op family.
#
# Environment: BENCH_PTX (default <repo>/build/bench/ptx), SASS_MODES (PTX
# dirs to disassemble, default "ops ops-fastmath"), BENCH_NCU=1 and NCU_SPECS
# (profile.py specs; default: the kernels of docs/Benchmarks.md).
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="${OUT:-$HERE/out}"
export BENCH_PTX="${BENCH_PTX:-$HERE/../build/bench/ptx}"
if ! ls "$BENCH_PTX"/*/*.ptx > /dev/null 2>&1; then
  echo "device.sh: no PTX in $BENCH_PTX: run bench/build.sh on the build machine and" \
    "carry build/bench/ptx along (bench/README.md)" >&2
  exit 2
fi
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv
PTXAS="$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)"
CUOBJDUMP="$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)"
for mode in ${SASS_MODES:-ops ops-fastmath}; do
  for f in "$BENCH_PTX/$mode"/*.ptx; do
    [ -f "$f" ] || continue
    echo "==== ${f#$BENCH_PTX/}"
    "$PTXAS" -arch=sm_90 -v "$f" -o /tmp/bench_k.cubin 2>&1 | grep -E "entry|Used|stack"
    "$CUOBJDUMP" -sass /tmp/bench_k.cubin
  done
done 2>&1 | gzip > "$OUT/sass.txt.gz"
# Split mode mxfp4 off run.py's --modes (bench/mxfp4/run.py runs it).
args=()
mxfp4=0
while [ $# -gt 0 ]; do
  case "$1" in
    --modes|--modes=*)
      if [ "$1" = --modes ]; then modes="${2:-}"; shift; else modes="${1#--modes=}"; fi
      kept=""
      for m in ${modes//,/ }; do
        if [ "$m" = mxfp4 ]; then mxfp4=1; else kept="${kept:+$kept,}$m"; fi
      done
      [ -n "$kept" ] && args+=(--modes "$kept")
      ;;
    *) args+=("$1") ;;
  esac
  shift
done
# run.py runs unless --modes named mxfp4 alone.
run_main=1
if [ "$mxfp4" = 1 ] && [ -z "${kept:-}" ]; then run_main=0; fi
rc=0
if [ "$run_main" = 1 ]; then
  python3 "$HERE/run.py" --out "$OUT" --ptx "$BENCH_PTX" "${args[@]}" 2>&1 | tee "$OUT/log.txt"
  rc=${PIPESTATUS[0]}
fi
if [ "$mxfp4" = 1 ]; then
  python3 "$HERE/mxfp4/run.py" "$BENCH_PTX/mxfp4/mxfp4.ptx" 2>&1 | tee "$OUT/mxfp4.txt"
  mrc=${PIPESTATUS[0]}
  [ "$rc" = 0 ] && rc=$mrc
fi
if [ "${BENCH_NCU:-0}" = 1 ]; then
  NCU="$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)"
  SPECS=${NCU_SPECS:-"ops:uniform_elem_k4:128 ops:uniform_4x_k4:128 ops:normal_elem_k4:256
    ops:normal_4x_k4:128 ops-fastmath:normal_4x_k4:256 expanded:normal_4x_fast_k4:128
    ops:dropout_elem_k4:128 ops:dropout_4x_k1:128 ops:sr_elem_k2:128
    ops:sr_8x_k1:512 triton:k_rand:1024:4 triton:k_rand4x:1024:8 triton:k_randn:4096:8
    triton:k_randn4x:1024:8 triton:k_dropout:1024:4 triton:k_dropout4x:256:4 triton:k_sr:1024:4
    triton:k_sr8x:128:4"}
  timeout 300 "$NCU" --clock-control none --section SpeedOfLight --section ComputeWorkloadAnalysis \
    --section InstructionStats --page raw --csv -k 'regex:^(uniform|normal|dropout|sr|hash|mxfp4|k_)' \
    python3 "$HERE/profile.py" $SPECS > "$OUT/ncu.csv" 2> "$OUT/ncu.log"
  echo "ncu exit $? ($(wc -l < "$OUT/ncu.csv") csv lines)"
fi
exit "$rc"
