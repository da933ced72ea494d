#!/usr/bin/env bash
# Installs rng-mlir into <work>/staging, moves the tree to <work>/prefix (the
# package must not depend on where it was installed), checks that nothing
# installed points into the build or source tree, builds examples/consumer
# against <work>/prefix alone twice -- into <work>/build with MLIR's static
# component libraries, into <work>/build-dylib with libMLIR.so -- and checks
# that each consumer binary runs on one MLIR.
#
# Usage: build-consumer.sh <work dir>
# Environment (set by lit.local.cfg): RNG_SOURCE_DIR, RNG_BUILD_DIR, CMAKE,
# RNG_CMAKE_GENERATOR, RNG_MAKE_PROGRAM, RNG_C_COMPILER, RNG_CXX_COMPILER.
set -euo pipefail

work=$1
fail() { echo "build-consumer.sh: error: $*" >&2; exit 1; }
run_logged() { # <log> <command>...: runs the command, shows the log on failure
  local log=$1; shift
  "$@" > "$log" 2>&1 || { cat "$log" >&2; fail "failed: $*"; }
}

rm -rf "$work"
mkdir -p "$work"

run_logged "$work/install.log" "$CMAKE" --install "$RNG_BUILD_DIR" --prefix "$work/staging"
mv "$work/staging" "$work/prefix"
prefix=$work/prefix

for file in "$prefix"/lib/cmake/RngMLIR/*.cmake; do
  if grep -qF -e "$RNG_BUILD_DIR" -e "$RNG_SOURCE_DIR" "$file"; then
    fail "$file names the build or source tree"
  fi
done
for file in "$prefix"/bin/* "$prefix"/lib/*.so; do
  if readelf -d "$file" | grep -E 'RPATH|RUNPATH' | grep -qF -e "$RNG_BUILD_DIR" -e "$RNG_SOURCE_DIR"; then
    fail "the run path of $file names the build or source tree"
  fi
done
for file in include/rng/InitRng.h include/rng-c/Dialect/Rng.h \
            include/rng/Dialect/Rng/IR/RngOps.h.inc bin/rng-opt \
            lib/libRngMLIR-C.so lib/libRngMLIRPlugin.so \
            share/doc/rng-mlir/Library.md \
            share/doc/rng-mlir/generated/RngOps.md; do
  [ -e "$prefix/$file" ] || fail "$file is not installed"
done
# The test driver with the test-only passes is for the suite alone.
[ ! -e "$prefix/bin/rng-test-opt" ] || fail "bin/rng-test-opt (test only) is installed"
echo "installed and relocated: ok"

# Two consumers of the one installed package: <work>/build links MLIR's static
# component libraries (the default, as Triton, IREE or CIRCT link), and
# <work>/build-dylib libMLIR.so (MLIR_LINK_MLIR_DYLIB=ON).
for variant in build:OFF build-dylib:ON; do
  dir=$work/${variant%%:*}
  run_logged "$dir.configure.log" "$CMAKE" -G "$RNG_CMAKE_GENERATOR" \
    -S "$RNG_SOURCE_DIR/examples/consumer" -B "$dir" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$prefix" \
    -DMLIR_LINK_MLIR_DYLIB="${variant##*:}" \
    -DCMAKE_MAKE_PROGRAM="$RNG_MAKE_PROGRAM" \
    -DCMAKE_C_COMPILER="$RNG_C_COMPILER" \
    -DCMAKE_CXX_COMPILER="$RNG_CXX_COMPILER"
  grep -qF "Using RngMLIRConfig.cmake in: $prefix/lib/cmake/RngMLIR" "$dir.configure.log" ||
    fail "the consumer did not find RngMLIR in $prefix"
  run_logged "$dir.build.log" "$CMAKE" --build "$dir" -j 2
done
echo "consumer built: ok"

# One MLIR. The static consumer-opt loads no libMLIR at all. Every other
# binary loads the same libMLIR.so and defines none of its functions itself
# (a static MLIR library linked in would).
loaded=$(ldd "$work/build/consumer-opt" | awk '/libMLIR[.-]/ { print $3 }')
[ -z "$loaded" ] || fail "the static consumer-opt loads $loaded: a second MLIR"
nm --defined-only "$work/build/consumer-opt" > "$work/static.symbols"
grep -q 'mlir.*MLIRContext' "$work/static.symbols" ||
  fail "the static consumer-opt does not hold MLIR"
libmlir=
shared_binaries=("$work/build-dylib/consumer-opt" "$work/build/consumer-c"
                 "$work/build-dylib/consumer-c" "$prefix"/lib/libRngMLIR-C.so
                 "$prefix"/lib/libRngMLIRPlugin.so)
for file in "${shared_binaries[@]}"; do
  loaded=$(ldd "$file" | awk '/libMLIR[.-]/ { print $3 }')
  [ "$(printf '%s\n' "$loaded" | grep -c .)" = 1 ] || fail "$file loads libMLIR ${loaded:-0 times}"
  libmlir=${libmlir:-$loaded}
  [ "$loaded" = "$libmlir" ] || fail "$file loads $loaded, not $libmlir"
done
nm -D --defined-only "$libmlir" | awk '$2 == "T" { print $3 }' | sort -u > "$work/libMLIR.functions"
for file in "${shared_binaries[@]}"; do
  copies=$(nm --defined-only "$file" | awk '$2 == "T" { print $3 }' | sort -u |
           comm -12 - "$work/libMLIR.functions" | wc -l)
  [ "$copies" = 0 ] || fail "$file defines $copies functions of $libmlir: a second MLIR"
done
echo "one MLIR: ok"
