// Outlined code runs as fast as inline code: rng-to-llvm's outlined
// functions (here for every op: outline-above=0, a pipeline option) are
// always_inline, so LLVM's -O3 inlines every call and the function computes
// its draws with no call left, as the inline lowering does
// (bench/outline_runtime.py measures the run times side by side).
//
// RUN: rng-opt %s --pass-pipeline='builtin.module(rng-to-llvm{outline-above=0})' \
// RUN:   | FileCheck %s --check-prefix=MLIR
// RUN: rng-opt %s --pass-pipeline='builtin.module(rng-to-llvm{outline-above=0})' \
// RUN:   | mlir-translate --mlir-to-llvmir | %llvm_tools_dir/opt -O3 -S | FileCheck %s
// The default threshold (256) keeps these four ops inline.
// RUN: rng-opt %s --rng-to-llvm | FileCheck %s --check-prefix=INLINE

// MLIR-DAG: llvm.func internal @rng.triton_r10_i32_i32_rand_randn({{.*}} attributes {always_inline
// MLIR-DAG: llvm.func internal @round.stochastic_f32_i32_bf16({{.*}} attributes {always_inline
// MLIR: llvm.func @draws(
// MLIR: llvm.call @rng.triton_r10_i32_i32_rand_randn
// MLIR: llvm.call @round.stochastic_f32_i32_bf16
// Only LLVM's intrinsics (log, sqrt, cos of the normal) are called.
// CHECK-LABEL: define {{.*}} @draws(
// CHECK-NOT: call {{.*}} @{{[^l]}}
// CHECK: ret
// CHECK-NOT: define
// INLINE-NOT: llvm.call
func.func @draws(%seed: i32, %n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %o = arith.index_cast %i : index to i32
    %u = rng.rand %seed, %o : i32, i32
    %n01 = rng.randn %seed, %o : i32, i32
    %s = arith.addf %u, %n01 : f32
    %q = round.stochastic %s, %o : f32, i32 -> bf16
    %e = arith.extf %q : bf16 to f32
    memref.store %e, %out[%i] : memref<?xf32>
  }
  return
}
