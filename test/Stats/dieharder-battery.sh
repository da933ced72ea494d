#!/usr/bin/env bash
# dieharder's full battery on one stream, its tests run in parallel.
#
#   dieharder-battery.sh OUTDIR -- GENERATOR [ARGS...]
#
# GENERATOR writes the stream to stdout forever (rng_streams.py NAME --raw
# --seed S, or the standalone stream_main built from its object code). Runs
# every test and ntuple that `dieharder -a` runs (test 14, diehard_sums,
# "Do Not Use", is left out as -a does): each reads its own copy of the
# stream from the start through `dieharder -g 200` (raw stdin). One result
# file per test in OUTDIR; dieharder_summary.py tabulates them.
# Environment: JOBS (default: nproc), DIEHARDER (default: dieharder),
# TEST_TIMEOUT seconds per test (default: none), MAX_LAG the last
# rgb_lagged_sum lag (default 32, as -a).
set -uo pipefail
out="$1"; shift
[ "$1" = "--" ] && shift
mkdir -p "$out"
DIEHARDER="${DIEHARDER:-dieharder}"
JOBS="${JOBS:-$(nproc)}"
TEST_TIMEOUT="${TEST_TIMEOUT:-0}"
MAX_LAG="${MAX_LAG:-32}"

jobs=()
for t in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 16 17 100 101 102 204 205 206 207 208 209; do
  jobs+=("$t -")
done
for n in $(seq 1 12); do jobs+=("200 $n"); done
for n in 2 3 4 5; do jobs+=("201 $n" "202 $n"); done
# rgb_lagged_sum: the longest (lag n reads n + 1 times the words) last.
for n in $(seq 0 "$MAX_LAG"); do jobs+=("203 $n"); done

GEN_CMD="$(printf '%q ' "$@")"
run_one() {
  local t="$1" n="$2"
  local ntuple=() name="d$t"
  if [ "$n" != "-" ]; then ntuple=(-n "$n"); name="d$t-n$n"; fi
  local limit=()
  if [ "$TEST_TIMEOUT" != "0" ]; then limit=(timeout "$TEST_TIMEOUT"); fi
  eval "$GEN_CMD" 2>/dev/null | "${limit[@]}" "$DIEHARDER" -g 200 -d "$t" "${ntuple[@]}" \
    > "$out/$name.txt" 2>&1
}
export -f run_one
export out DIEHARDER TEST_TIMEOUT GEN_CMD
printf '%s\n' "${jobs[@]}" | xargs -P "$JOBS" -L 1 bash -c 'run_one "$@"' _
true
