#!/usr/bin/env bash
# Sets up, builds and runs the whole rng-mlir test suite (lit + FileCheck,
# CPU execution, and every other suite registered under check-rng).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/setup.sh"
cmake --build "$BUILD_DIR" --target check-rng
