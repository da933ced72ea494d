// In kernels, affine.for (lower-affine runs before SCF-to-CF: it makes
// scf.for of it, and jax_normal's NVVM lowering branches inside it) and
// linalg ops on memrefs (convert-linalg-to-loops) lower on both GPU
// pipelines, and the results translate to LLVM IR.
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | FileCheck %s
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 | FileCheck %s
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | mlir-translate --mlir-to-llvmir -o /dev/null
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir -o /dev/null

// CHECK-NOT: scf.
// CHECK-NOT: affine.
// CHECK-NOT: linalg.
// CHECK-NOT: rng.
// CHECK: llvm.func @k

gpu.module @g {
  gpu.func @k(%m: memref<16xf32>, %b: memref<4x5xi32>, %k: i32) kernel {
    // jax_normal's NVVM lowering branches (scf.if) inside the affine.for.
    affine.for %j = 0 to 16 {
      %i = arith.index_cast %j : index to i64
      %n = rng.jax_normal %k, %k, %i : i32, i64
      affine.store %n, %m[%j] : memref<16xf32>
    }
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>],
                    iterator_types = ["parallel", "parallel"]} outs(%b : memref<4x5xi32>) {
    ^bb0(%out: i32):
      %r = linalg.index 0 : index
      %c = linalg.index 1 : index
      %ri = arith.index_cast %r : index to i32
      %ci = arith.index_cast %c : index to i32
      %y:2 = rng.threefry_2x32 %ri, %ci key %k, %k : i32, i32
      linalg.yield %y#0 : i32
    }
    gpu.return
  }
}
