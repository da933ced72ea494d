// arith.mului_extended on n-D and scalable vectors (as vectorizing our ops'
// scalar lowering makes them) is expanded by rng-expand-vector-mului-extended
// before arith-to-llvm, which lowers it only on scalars and fixed 1-D
// vectors; on every named pipeline the result translates to LLVM IR.
// RUN: rng-opt %s --split-input-file --rng-expand-vector-mului-extended | FileCheck %s --check-prefix=EXPAND
// RUN: rng-opt %s --split-input-file --rng-to-llvm | FileCheck %s
// RUN: rng-opt %s --split-input-file --rng-to-llvm | mlir-translate --split-input-file --mlir-to-llvmir -o /dev/null

// CHECK-NOT: mului_extended
// CHECK-NOT: unrealized_conversion_cast

// EXPAND-LABEL: func.func @nd
// EXPAND: vector.shape_cast %{{.*}} : vector<2x4xi32> to vector<8xi32>
// EXPAND: arith.mului_extended %{{.*}}, %{{.*}} : vector<8xi32>
// EXPAND: vector.shape_cast %{{.*}} : vector<8xi32> to vector<2x4xi32>
func.func @nd(%a: vector<2x4xi32>, %b: vector<2x4xi32>) -> (vector<2x4xi32>, vector<2x4xi32>) {
  %lo, %hi = arith.mului_extended %a, %b : vector<2x4xi32>
  return %lo, %hi : vector<2x4xi32>, vector<2x4xi32>
}

// -----

// EXPAND-LABEL: func.func @scalable
// EXPAND: arith.extui %{{.*}} : vector<[4]xi32> to vector<[4]xi64>
// EXPAND: arith.muli %{{.*}} : vector<[4]xi64>
// EXPAND-NOT: mului_extended
func.func @scalable(%a: vector<[4]xi32>, %b: vector<[4]xi32>) -> (vector<[4]xi32>, vector<[4]xi32>) {
  %lo, %hi = arith.mului_extended %a, %b : vector<[4]xi32>
  return %lo, %hi : vector<[4]xi32>, vector<[4]xi32>
}

// -----

// Scalars and fixed 1-D vectors stay for arith-to-llvm.
// EXPAND-LABEL: func.func @kept
// EXPAND: arith.mului_extended %{{.*}}, %{{.*}} : vector<4xi32>
// EXPAND: arith.mului_extended %{{.*}}, %{{.*}} : i32
func.func @kept(%a: vector<4xi32>, %s: i32) -> (vector<4xi32>, i32) {
  %lo, %hi = arith.mului_extended %a, %a : vector<4xi32>
  %l, %h = arith.mului_extended %s, %s : i32
  return %hi, %h : vector<4xi32>, i32
}
