// rng-shard-to-llvm takes rng-to-llvm's options (outline-above, fast-math)
// for its rng-to-llvm step, refuses others, and runs on the top-level
// module.
// RUN: rng-opt %s --pass-pipeline='builtin.module(rng-shard-to-llvm{outline-above=0 fast-math=1})' \
// RUN:   --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s
// RUN: not rng-opt %s --pass-pipeline='builtin.module(rng-shard-to-llvm{fast=1})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTIONS
// RUN: not rng-opt %s --pass-pipeline='builtin.module(func.func(rng-shard-to-llvm))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NESTED
// CHECK: rng-shard-partition
// CHECK: convert-round-to-arith{outline-above=0}
// CHECK: convert-rng-to-arith{fast-math=true lane-pair-products=true outline-above=0}
// CHECK: rng-strip-mpi-metadata
// OPTIONS: no such option fast
// OPTIONS: error: failed to add `rng-shard-to-llvm` with options `fast=1`
// NESTED: rng-shard-to-llvm runs on a 'builtin.module', not nested on 'func.func': write builtin.module(rng-shard-to-llvm) or run it on the top-level module
module {
}
