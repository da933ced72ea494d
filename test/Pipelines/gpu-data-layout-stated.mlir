// A layout a gpu.module states (LLVM's default string here, or a DLTI
// spec) is left as it is by rng-gpu-module-data-layout and the GPU
// pipelines (gpu-data-layout.mlir has the layout they set otherwise).
//
// RUN: rng-opt %s --split-input-file --rng-gpu-module-data-layout=triple=nvptx64-nvidia-cuda \
// RUN:   | FileCheck %s --check-prefixes=CHECK,PASS
// RUN: rng-opt %s --split-input-file --rng-to-nvvm=chip=sm_90 | FileCheck %s --check-prefixes=CHECK,NVVM
// RUN: rng-opt %s --split-input-file --rng-to-nvvm="chip=sm_90 keep-gpu-module=true" \
// RUN:   | FileCheck %s --check-prefixes=CHECK,KEEP
// RUN: rng-opt %s --split-input-file --rng-to-rocdl=chipset=gfx942 | FileCheck %s --check-prefixes=CHECK,ROCDL
//
// A triple LLVM has no target for (or none) is an error:
// RUN: not rng-opt %s --rng-gpu-module-data-layout=triple=nonesuch-unknown-none 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// RUN: not rng-opt %s --rng-gpu-module-data-layout 2>&1 | FileCheck %s --check-prefix=EMPTY
// UNKNOWN: error: rng-gpu-module-data-layout: no LLVM target for triple 'nonesuch-unknown-none' ({{.+}}); expected a triple this LLVM has a target for, such as nvptx64-nvidia-cuda or amdgcn-amd-amdhsa
// EMPTY: error: rng-gpu-module-data-layout: no LLVM target for triple '' (

// PASS: gpu.module @stated attributes {
// NVVM: module @stated attributes {
// KEEP: gpu.module @stated [#nvvm.target<O = 3, chip = "sm_90">] attributes {
// ROCDL: module @stated attributes {
// Each keeps the stated layout, LLVM's default string "e":
// CHECK-SAME: llvm.data_layout = "e"{{[,}]}}
// NVVM-SAME: llvm.target
// ROCDL-SAME: llvm.target
gpu.module @stated attributes {llvm.data_layout = "e"} {
  gpu.func @bits(%out: memref<?xi64>, %k0: i32, %k1: i32) kernel {
    %tid = gpu.thread_id x
    %i = arith.index_cast %tid : index to i32
    %b = rng.jax_bits %k0, %k1, %i : i32, i32 -> i64
    memref.store %b, %out[%tid] : memref<?xi64>
    gpu.return
  }
}

// -----

// PASS: gpu.module @dlti attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<[32, 64]> : vector<2xi64>>} {
// NVVM: module @dlti attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<[32, 64]> : vector<2xi64>>, llvm.target = #llvm.target<triple = "nvptx64-nvidia-cuda", chip = "sm_90">, llvm.target_triple = "nvptx64-nvidia-cuda"} {
// KEEP: gpu.module @dlti [#nvvm.target<O = 3, chip = "sm_90">] attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<[32, 64]> : vector<2xi64>>} {
gpu.module @dlti attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<[32, 64]> : vector<2xi64>>} {
  gpu.func @bits(%out: memref<?xi64>, %k0: i32, %k1: i32) kernel {
    %tid = gpu.thread_id x
    %i = arith.index_cast %tid : index to i32
    %b = rng.jax_bits %k0, %k1, %i : i32, i32 -> i64
    memref.store %b, %out[%tid] : memref<?xi64>
    gpu.return
  }
}

// -----

// PASS: gpu.module @none attributes {llvm.data_layout = "e-p6:32:32-i64:64-{{.*}}"} {
gpu.module @none {
  gpu.func @bits(%out: memref<?xi64>, %k0: i32, %k1: i32) kernel {
    %tid = gpu.thread_id x
    %i = arith.index_cast %tid : index to i32
    %b = rng.jax_bits %k0, %k1, %i : i32, i32 -> i64
    memref.store %b, %out[%tid] : memref<?xi64>
    gpu.return
  }
}
