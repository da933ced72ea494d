// affine.for lowers on rng-to-llvm (lower-affine makes scf.for of it, so it
// runs before SCF-to-CF), and the result translates to LLVM IR.
// RUN: rng-opt %s --rng-to-llvm | FileCheck %s
// RUN: rng-opt %s --rng-to-llvm | mlir-translate --mlir-to-llvmir -o /dev/null

// CHECK-NOT: scf.
// CHECK-NOT: affine.
// CHECK-NOT: rng.
// CHECK: llvm.func @host

func.func @host(%m: memref<16xf32>, %k: i32) {
  affine.for %j = 0 to 16 {
    %i = arith.index_cast %j : index to i64
    %n = rng.jax_normal %k, %k, %i : i32, i64
    affine.store %n, %m[%j] : memref<16xf32>
  }
  return
}
