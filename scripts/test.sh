#!/usr/bin/env bash
# Sets up, builds and runs the whole rng-mlir test suite (lit + FileCheck,
# CPU execution, and every other suite registered under check-rng).
# scripts/setup.sh reports each step; the last line is the total time.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
start=$SECONDS
"$ROOT/scripts/setup.sh"
echo "test: cmake --build $BUILD_DIR --target check-rng"
cmake --build "$BUILD_DIR" --target check-rng
s=$((SECONDS - start))
printf 'test: done in %dm%02ds\n' $((s / 60)) $((s % 60))
