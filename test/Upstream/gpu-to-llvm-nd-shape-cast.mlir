// Upstream defect (LLVM 22, Debian's mlir-opt): convert-gpu-to-nvvm and
// convert-gpu-to-rocdl lower the vector dialect with the conversion
// patterns only, without the vector-to-vector lowerings that
// convert-vector-to-llvm runs first. An n-D vector.shape_cast (which has no
// conversion pattern) is left behind, wrapped in unrealized casts, and the
// pass succeeds; mlir-translate then fails.
//
// We work around it in rng-to-nvvm and rng-to-rocdl
// (lib/Pipelines/Pipelines.cpp): convert-vector-to-llvm runs inside each
// gpu.module before convert-gpu-to-nvvm/rocdl. The patch text is
// docs/upstream/gpu-to-llvm-nd-shape-cast.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: the pipelines can drop that convert-vector-to-llvm.
//
// RUN: %llvm_tools_dir/mlir-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm,reconcile-unrealized-casts))' \
// RUN:   | FileCheck %s
// RUN: %llvm_tools_dir/mlir-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-rocdl,reconcile-unrealized-casts))' \
// RUN:   | FileCheck %s

// CHECK-LABEL: llvm.func @shape_cast(
// CHECK:         vector.shape_cast %{{.*}} : vector<6xf32> to vector<2x3xf32>
// CHECK:         builtin.unrealized_conversion_cast
// CHECK:         vector.shape_cast %{{.*}} : vector<2x3xf32> to vector<6xf32>
gpu.module @kernels {
  gpu.func @shape_cast(%x: vector<6xf32>, %out: memref<?xvector<6xf32>>) kernel {
    %c0 = arith.constant 0 : index
    %m = vector.shape_cast %x : vector<6xf32> to vector<2x3xf32>
    %n = arith.negf %m : vector<2x3xf32>
    %f = vector.shape_cast %n : vector<2x3xf32> to vector<6xf32>
    memref.store %f, %out[%c0] : memref<?xvector<6xf32>>
    gpu.return
  }
}
