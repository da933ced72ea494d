// rng-to-nvvm's fast-math option selects libdevice's approximate functions
// for the normal distributions; by default the accurate ones are called.
// Box-Muller's cos and sin are fused into one sincos call either way.
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | FileCheck %s --check-prefixes=CHECK,ACCURATE
// RUN: rng-opt %s '--rng-to-nvvm=chip=sm_90 fast-math' | FileCheck %s --check-prefixes=CHECK,FAST

// Either way the kernel is lowered to an NVVM kernel function.
// CHECK-LABEL: llvm.func @normal(
// CHECK-SAME: nvvm.kernel
// ACCURATE-DAG: llvm.call @__nv_logf
// ACCURATE-DAG: llvm.call @__nv_sincosf
// ACCURATE-NOT: __nv_fast_
// FAST-DAG: llvm.call @__nv_fast_logf
// FAST-DAG: llvm.call @__nv_fast_sincosf
// FAST-NOT: @__nv_logf
gpu.module @kernels {
  gpu.func @normal(%out: memref<?xf32>, %seed: i32) kernel {
    %tid = gpu.thread_id x
    %i = arith.index_cast %tid : index to i32
    %n:4 = rng.randn4x %seed, %i : i32, i32
    %s = arith.addf %n#0, %n#1 : f32
    memref.store %s, %out[%tid] : memref<?xf32>
    gpu.return
  }
}
