// The pipelines hold passes that only run on a builtin.module
// (bufferization, the GPU module passes). Nested on another op, or given
// options it does not take, a pipeline is a parse error that says where it
// runs, instead of an abort while adding its passes.
// RUN: not rng-opt %s --pass-pipeline='builtin.module(func.func(rng-to-llvm))' 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,LLVM-FUNC
// RUN: not rng-opt %s --pass-pipeline='builtin.module(gpu.module(rng-to-nvvm))' 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,NVVM-GPU
// RUN: not rng-opt %s --pass-pipeline='builtin.module(any(rng-to-rocdl{chipset=gfx942}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ROCDL-ANY
// RUN: not rng-opt %s --pass-pipeline='builtin.module(rng-to-llvm{bogus=1})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LLVM-OPTIONS
// The top-level form still runs.
// RUN: rng-opt %s --pass-pipeline='builtin.module(rng-to-llvm)' | FileCheck %s --check-prefix=OK

// Each is one error naming the pipeline.
// CHECK: error: rng-to-
// LLVM-FUNC-SAME: {{^}}llvm runs on a 'builtin.module', not nested on 'func.func': write builtin.module(rng-to-llvm) or run it on the top-level module
// NVVM-GPU-SAME: {{^}}nvvm runs on a 'builtin.module', not nested on 'gpu.module'
// ROCDL-ANY-SAME: {{^}}rocdl runs on a 'builtin.module', not nested on 'any'
// LLVM-OPTIONS: no such option bogus
// LLVM-OPTIONS: error: failed to add `rng-to-llvm` with options `bogus=1`
// CHECK-NOT: error:
// OK: llvm.func @f(
func.func @f(%seed: i32, %offset: i32) -> i32 {
  %r = rng.randint %seed, %offset : i32, i32
  return %r : i32
}
