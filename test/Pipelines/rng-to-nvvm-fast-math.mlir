// rng-to-nvvm's fast-math option computes the normal distributions' log,
// sqrt, cos and sin with NVPTX's approximate instructions in their .ftz
// forms (the same bits as libdevice's __nv_fast_logf, __nv_fast_sincosf and
// sqrt.approx.f32 on the values Box-Muller gives them), and -2 * log(u1) as
// lg2(u1) * (-2 * fl(ln 2)); by default libdevice's accurate functions are
// called, with cos and sin fused into one sincos call.
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | FileCheck %s --check-prefixes=CHECK,ACCURATE
// RUN: rng-opt %s '--rng-to-nvvm=chip=sm_90 fast-math' | FileCheck %s --check-prefixes=CHECK,FAST
// RUN: rng-opt %s '--rng-to-nvvm=chip=sm_90 fast-math' | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s --check-prefix=PTX \
// RUN:     --implicit-check-not=approx.f32 --implicit-check-not=0f3F317218

// Either way the kernel is lowered to an NVVM kernel function.
// CHECK-LABEL: llvm.func @normal(
// CHECK-SAME: nvvm.kernel
// ACCURATE-DAG: llvm.call @__nv_logf
// ACCURATE-DAG: llvm.call @__nv_sincosf
// ACCURATE-NOT: approx
// ACCURATE-NOT: __nv_fast_
// FAST-DAG: llvm.mlir.constant(-1.38629436 : f32)
// FAST-DAG: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
// FAST-DAG: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.ftz.f"
// FAST-DAG: llvm.call_intrinsic "llvm.nvvm.cos.approx.ftz.f"
// FAST-DAG: llvm.call_intrinsic "llvm.nvvm.sin.approx.ftz.f"
// FAST-NOT: llvm.call @__nv_{{.*}}(log|sin|cos|sqrt)
// In PTX only the .ftz forms, and one multiply for -2 * log (no ln 2).
// PTX-LABEL: .entry normal(
// PTX-DAG: lg2.approx.ftz.f32
// PTX-DAG: mul.rn.f32 {{.*}}0fBFB17218;
// PTX-DAG: sqrt.approx.ftz.f32
// PTX-DAG: sin.approx.ftz.f32
// PTX-DAG: cos.approx.ftz.f32
// PTX: ret;
gpu.module @kernels {
  gpu.func @normal(%out: memref<?xf32>, %seed: i32) kernel {
    %tid = gpu.thread_id x
    %i = arith.index_cast %tid : index to i32
    %n:4 = rng.randn4x %seed, %i : i32, i32
    %s01 = arith.addf %n#0, %n#1 : f32
    %s23 = arith.addf %n#2, %n#3 : f32
    %s = arith.addf %s01, %s23 : f32
    memref.store %s, %out[%tid] : memref<?xf32>
    gpu.return
  }
}
