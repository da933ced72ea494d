#!/usr/bin/env bash
# The one command run on the GPU machine: builds nothing (the PTX is in
# bench/ptx/), dumps SASS of our PTX for the analysis (needs ptxas/cuobjdump
# there), runs every correctness check and every timing, prints the table.
#
#   bash bench/device.sh [run.py options]      (output files go to $OUT or bench/out)
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="${OUT:-$HERE/out}"
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv
PTXAS="$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)"
CUOBJDUMP="$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)"
for f in "$HERE"/ptx/*/*.ptx; do
  echo "==== ${f#$HERE/}"
  "$PTXAS" -arch=sm_90 -v "$f" -o /tmp/bench_k.cubin 2>&1 | grep -E "entry|Used|stack"
  "$CUOBJDUMP" -sass /tmp/bench_k.cubin
done > "$OUT/sass.txt" 2>&1
python3 "$HERE/run.py" --out "$OUT" "$@" 2>&1 | tee "$OUT/log.txt"
exit "${PIPESTATUS[0]}"
