// rng-shard-to-llvm takes no options and runs on the top-level module.
// RUN: not rng-opt %s --pass-pipeline='builtin.module(rng-shard-to-llvm{fast=1})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTIONS
// RUN: not rng-opt %s --pass-pipeline='builtin.module(func.func(rng-shard-to-llvm))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NESTED
// OPTIONS: rng-shard-to-llvm takes no options, got 'fast=1'
// NESTED: rng-shard-to-llvm runs on a 'builtin.module', not nested on 'func.func': write builtin.module(rng-shard-to-llvm) or run it on the top-level module
module {
}
