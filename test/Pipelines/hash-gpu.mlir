// The hash family, both dropouts and splitmix64 lower completely through the
// GPU pipelines: rng-to-nvvm (rng.dropout's Philox with mul.hi through
// llvm.nvvm.mulhi.ui, hash_randn's math through libdevice) and rng-to-rocdl
// (cos through ocml; log and sqrt are LLVM intrinsics there).
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | FileCheck %s --check-prefixes=CHECK,NVVM
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 | FileCheck %s --check-prefixes=CHECK,ROCDL

// CHECK-LABEL: llvm.func @kernel(
// CHECK-NOT:     rng.
// NVVM:          llvm.call_intrinsic "llvm.nvvm.mulhi.ui"
// NVVM:          llvm.call @__nv_logf
// NVVM:          llvm.call @__nv_cosf
// ROCDL:         llvm.call @__ocml_cos_f32
// CHECK-NOT:     rng.
// CHECK:         llvm.return

gpu.module @kernels {
  gpu.func @kernel(%out: memref<?xf32>, %states: memref<?xi64>, %p: f32,
                   %seed: i32, %base: i32) kernel {
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i32
    %counter = arith.addi %base, %t : i32
    %x = memref.load %out[%tid] : memref<?xf32>
    %philox = rng.dropout %x, %p, %seed, %counter : f32, f32, i32, i32
    %hashed = rng.hash_dropout %philox, %p, %seed, %counter : f32, f32, i32, i32
    %n = rng.hash_randn %seed, %counter : i32, i32
    %y = arith.addf %hashed, %n : f32
    memref.store %y, %out[%tid] : memref<?xf32>
    %s = memref.load %states[%tid] : memref<?xi64>
    %z = rng.splitmix64 %s : i64
    memref.store %z, %states[%tid] : memref<?xi64>
    gpu.return
  }
}
