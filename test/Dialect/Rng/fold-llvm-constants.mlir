// RUN: rng-opt %s --canonicalize | FileCheck %s

// The folders' values are materialized as arith.constant even where nothing
// else loaded the arith dialect (rng depends on it): an llvm.func whose rng
// ops take llvm.mlir.constant operands.

// CHECK-LABEL: llvm.func @fold_in_llvm_func
// CHECK-DAG:     %[[W:.*]] = arith.constant 1693625774 : i32
// CHECK-DAG:     %[[X:.*]] = arith.constant 1713891541 : i32
// CHECK-NOT:     rng.
// CHECK:         llvm.insertvalue %[[W]], %{{.*}}[0]
// CHECK:         llvm.insertvalue %[[X]], %{{.*}}[1]
llvm.func @fold_in_llvm_func() -> !llvm.struct<(i32, i32)> attributes {} {
  %seed = llvm.mlir.constant(123 : i32) : i32
  %offset = llvm.mlir.constant(5 : i32) : i32
  %zero = llvm.mlir.constant(0 : i32) : i32
  %w = rng.randint %seed, %offset : i32, i32
  %x:4 = rng.philox_4x32 %zero, %zero, %zero, %zero key %zero, %zero : i32, i32
  %u = llvm.mlir.undef : !llvm.struct<(i32, i32)>
  %s0 = llvm.insertvalue %w, %u[0] : !llvm.struct<(i32, i32)>
  %s1 = llvm.insertvalue %x#0, %s0[1] : !llvm.struct<(i32, i32)>
  llvm.return %s1 : !llvm.struct<(i32, i32)>
}
