// Upstream defect (LLVM 22, Debian's mlir-opt): convert-gpu-to-nvvm leaves
// the gpu.module without a data layout (convert-gpu-to-rocdl sets AMDGPU's
// as llvm.data_layout), so mlir-translate aligns every i64 and f64 load and
// store by LLVM's default layout (i64: 4 bytes) and the NVPTX back end
// splits each into two 32-bit accesses. On an H200 ptxas then miscompiled
// the truncating 32-bit store of an f64 result's low half
// (docs/Conformance.md, "On an NVIDIA GPU").
//
// We work around it in rng-to-nvvm (lib/Pipelines/Pipelines.cpp):
// rng-gpu-module-data-layout sets NVPTX's layout from LLVM's target. The
// patch text is docs/upstream/gpu-to-nvvm-data-layout.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: rng-gpu-module-data-layout can go from rng-to-nvvm.
//
// RUN: %llvm_tools_dir/mlir-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm))' \
// RUN:   | FileCheck %s
// RUN: %llvm_tools_dir/mlir-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-rocdl))' \
// RUN:   | FileCheck %s --check-prefix=ROCDL
//
// Upstream's own llvm-target-to-data-layout, which could set it, crashes
// when the module already holds a DLTI spec that disagrees (here an i64
// aligned to 4 bytes); we do not use it for that reason:
// RUN: not --crash %llvm_tools_dir/mlir-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(llvm-target-to-data-layout)' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CRASH

// CHECK: gpu.module @kernels {
// CHECK:   llvm.store %{{.*}}, %{{.*}} : i64, !llvm.ptr
// ROCDL: gpu.module @kernels attributes {llvm.data_layout = "e-p:64:64-
// CRASH: Stack dump
gpu.module @kernels {
  gpu.func @store(%out: memref<?xi64>, %v: i64) kernel {
    %c0 = arith.constant 0 : index
    memref.store %v, %out[%c0] : memref<?xi64>
    gpu.return
  }
}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<[32, 64]> : vector<2xi64>>,
                   llvm.target = #llvm.target<triple = "nvptx64-nvidia-cuda", chip = "sm_90">} {
}
