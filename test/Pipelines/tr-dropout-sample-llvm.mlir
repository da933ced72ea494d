// rng.tr_dropout_sample in every form through rng-to-llvm: scalars, fixed
// vectors (1-D and n-D), scalable vectors (1-D and n-D, a per-lane seed
// beside a scalar one), ranked tensors (static and dynamic sizes). Nothing
// of rng, arith or math is left, and mlir-translate accepts the result.
// (The CPU execution test hash-random.test runs the scalar and fixed-vector
// forms against the model.)
// RUN: rng-opt %s --rng-to-llvm | FileCheck %s --implicit-check-not=rng. \
// RUN:   --implicit-check-not=arith. --implicit-check-not=math.
// RUN: rng-opt %s --rng-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=LLVMIR

// CHECK-LABEL: llvm.func @scalar(
// CHECK-LABEL: llvm.func @scalable(
// CHECK-LABEL: llvm.func @scalable_2d(
// CHECK-LABEL: llvm.func @fixed_2d(
// CHECK-LABEL: llvm.func @dynamic_tensor(
// CHECK-LABEL: llvm.func @static_tensor(
// Scalars: an i128 product; vectors: i64 products of the halves.
// LLVMIR-LABEL: define float @scalar(
// LLVMIR:         mul i128
// LLVMIR-LABEL: define <vscale x 4 x float> @scalable(
// LLVMIR-NOT:     i128
// LLVMIR:         mul <vscale x 4 x i64>
// LLVMIR-LABEL: define {{.*}} @scalable_2d(
// LLVMIR:         mul <vscale x 4 x i64>
// LLVMIR-LABEL: define {{.*}} @fixed_2d(
// LLVMIR:         mul <4 x i64>
// LLVMIR-LABEL: define {{.*}} @dynamic_tensor(
// LLVMIR-LABEL: define {{.*}} @static_tensor(

func.func @scalar(%lo: i64, %hi: i64, %o: i64) -> f32 {
  %u = rng.tr_dropout_sample %lo, %hi, %o : i64, i64, i64
  return %u : f32
}

func.func @scalable(%lo: i64, %hi: i64, %o: vector<[4]xi64>) -> vector<[4]xf32> {
  %u = rng.tr_dropout_sample %lo, %hi, %o : i64, i64, vector<[4]xi64>
  return %u : vector<[4]xf32>
}

func.func @scalable_2d(%lo: vector<2x[4]xi64>, %hi: i64, %o: vector<2x[4]xi64>) -> vector<2x[4]xf32> {
  %u = rng.tr_dropout_sample %lo, %hi, %o : vector<2x[4]xi64>, i64, vector<2x[4]xi64>
  return %u : vector<2x[4]xf32>
}

func.func @fixed_2d(%lo: i64, %hi: i64, %o: vector<2x4xi64>) -> vector<2x4xf32> {
  %u = rng.tr_dropout_sample %lo, %hi, %o : i64, i64, vector<2x4xi64>
  return %u : vector<2x4xf32>
}

func.func @dynamic_tensor(%lo: i64, %hi: i64, %o: tensor<?xi64>) -> tensor<?xf32> {
  %u = rng.tr_dropout_sample %lo, %hi, %o : i64, i64, tensor<?xi64>
  return %u : tensor<?xf32>
}

func.func @static_tensor(%lo: tensor<4xi64>, %hi: i64, %o: tensor<4xi64>) -> tensor<4xf32> {
  %u = rng.tr_dropout_sample %lo, %hi, %o : tensor<4xi64>, i64, tensor<4xi64>
  return %u : tensor<4xf32>
}
