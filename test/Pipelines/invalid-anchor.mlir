// The pipelines hold passes that only run on a builtin.module
// (bufferization, the GPU module passes). Nested on another op, or given
// options it does not take, a pipeline is a parse error that says where it
// runs, instead of an abort while adding its passes.
// RUN: not rng-opt %s --pass-pipeline='builtin.module(func.func(rng-to-llvm))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LLVM-FUNC
// RUN: not rng-opt %s --pass-pipeline='builtin.module(gpu.module(rng-to-nvvm))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVVM-GPU
// RUN: not rng-opt %s --pass-pipeline='builtin.module(any(rng-to-rocdl{chipset=gfx942}))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROCDL-ANY
// RUN: not rng-opt %s --pass-pipeline='builtin.module(rng-to-llvm{fast-math=1})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LLVM-OPTIONS
// The top-level form still runs.
// RUN: rng-opt %s --pass-pipeline='builtin.module(rng-to-llvm)' | FileCheck %s --check-prefix=OK

// LLVM-FUNC: error: rng-to-llvm runs on a 'builtin.module', not nested on 'func.func': write builtin.module(rng-to-llvm) or run it on the top-level module
// NVVM-GPU: error: rng-to-nvvm runs on a 'builtin.module', not nested on 'gpu.module'
// ROCDL-ANY: error: rng-to-rocdl runs on a 'builtin.module', not nested on 'any'
// LLVM-OPTIONS: error: rng-to-llvm takes no options, got 'fast-math=1'
// OK: llvm.func @f(
func.func @f(%seed: i32, %offset: i32) -> i32 {
  %r = rng.randint %seed, %offset : i32, i32
  return %r : i32
}
