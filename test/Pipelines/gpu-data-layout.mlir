// The GPU pipelines give the device module its target's data layout
// (rng-gpu-module-data-layout), so that mlir-translate emits every load and
// store with the target's alignment: an i64 or f64 access is one 8-byte
// access in PTX, not two 32-bit halves. (Without the layout, translation
// // takes LLVM's default, whose i64 is 4-byte aligned; the ptxas beside an
// H200 then miscompiled the truncating 32-bit store of an f64 result's low
// half: docs/Targets.md.)
//
// RUN: rng-opt %s --rng-to-nvvm="chip=sm_90 keep-gpu-module=true" \
// RUN:   | FileCheck %s --check-prefixes=CHECK,KEEP
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 | FileCheck %s --check-prefixes=CHECK,ROCDL
// RUN: rng-opt %s --rng-gpu-module-data-layout=triple=nvptx64-nvidia-cuda \
// RUN:   | FileCheck %s --check-prefixes=CHECK,PASS
//
// Down to the PTX, the f64 uniform, bitcast and stored as an i64, and the
// loaded i64 index, each in one 64-bit access.
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | FileCheck %s --check-prefixes=CHECK,NVVM
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: FileCheck %s --check-prefix=LLVMIR < %t.ll
// RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o - | FileCheck %s --check-prefix=PTX
//
// A layout the module states is kept: gpu-data-layout-stated.mlir.

// NVVM: module @uniform64 attributes {llvm.data_layout = "e-p6:32:32
// KEEP: gpu.module @uniform64 [#nvvm.target<O = 3, chip = "sm_90">] attributes {llvm.data_layout = "e-p6:32:32
// ROCDL: module @uniform64 attributes {llvm.data_layout = "e-p:64:64
// PASS: gpu.module @uniform64 attributes {llvm.data_layout = "e-p6:32:32
// Whichever target, a layout whose i64 is 64-bit aligned:
// CHECK-SAME: -i64:64-
// NVVM-SAME: llvm.target
// ROCDL-SAME: llvm.target
// LLVMIR: target datalayout = "e-p6:32:32-i64:64-i128:128-{{.*}}"
// LLVMIR: load i64, ptr %{{.*}}, align 8
// LLVMIR: store i64 %{{.*}}, ptr %{{.*}}, align 8
// PTX-LABEL: .entry uniform64(
// PTX: ld.global.b64
// PTX: add.rn.f64 [[U:%rd[0-9]+]],
// PTX: st.global.b64 [%rd{{[0-9]+}}], [[U]];
// PTX-NOT: st.global.b32
gpu.module @uniform64 {
  gpu.func @uniform64(%out: memref<?xi64>, %in: memref<?xi64>, %k0: i32, %k1: i32) kernel {
    %tid = gpu.thread_id x
    %i = memref.load %in[%tid] : memref<?xi64>
    %u = rng.jax_uniform %k0, %k1, %i : i32, i64 -> f64
    %bits = arith.bitcast %u : f64 to i64
    memref.store %bits, %out[%tid] : memref<?xi64>
    gpu.return
  }
}
