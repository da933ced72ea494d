#!/usr/bin/env bash
# Regenerates the op/pass reference from the .td files and copies it into
# docs/generated/ (checked in, so that it reads on the web). The test
# test/docs-up-to-date.test fails when the copy is stale.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
cmake --build "$BUILD_DIR" --target mlir-doc
mkdir -p "$ROOT/docs/generated"
rm -f "$ROOT/docs/generated/"*.md
find "$BUILD_DIR/docs" -name '*.md' -exec cp {} "$ROOT/docs/generated/" \;
ls "$ROOT/docs/generated"
