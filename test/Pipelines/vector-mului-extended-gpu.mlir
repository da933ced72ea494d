// The GPU pipelines expand n-D arith.mului_extended too (see
// vector-mului-extended.mlir).
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | FileCheck %s
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 | FileCheck %s
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | mlir-translate --mlir-to-llvmir -o /dev/null
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir -o /dev/null

// CHECK-NOT: mului_extended
// CHECK-NOT: unrealized_conversion_cast
// CHECK: llvm.func @k
gpu.module @g {
  gpu.func @k(%m: memref<8xi32>) kernel {
    %c0 = arith.constant 0 : index
    %flat = vector.load %m[%c0] : memref<8xi32>, vector<8xi32>
    %a = vector.shape_cast %flat : vector<8xi32> to vector<2x4xi32>
    %lo, %hi = arith.mului_extended %a, %a : vector<2x4xi32>
    %r = vector.shape_cast %hi : vector<2x4xi32> to vector<8xi32>
    vector.store %r, %m[%c0] : memref<8xi32>, vector<8xi32>
    gpu.return
  }
}
