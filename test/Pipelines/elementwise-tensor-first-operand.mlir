// The pipeline's check before convert-elementwise-to-linalg lets through
// what that pass converts: a tensor first operand, or a scalar first
// operand whose result type another operand has, and our own ops on
// tensors with a scalar seed (lowered before it).
// RUN: rng-opt %s --rng-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @tensor_first(
// CHECK-NOT:     tosa.
// CHECK:         llvm.return
func.func @tensor_first(%a: tensor<4xi32>, %b: i32) -> tensor<4xi32> {
  %c = arith.addi %a, %a : tensor<4xi32>
  return %c : tensor<4xi32>
}

// CHECK-LABEL: llvm.func @rng_scalar_seed(
// CHECK:         llvm.return
func.func @rng_scalar_seed(%s: i32, %o: tensor<4xi32>) -> tensor<4xf32> {
  %u = rng.rand %s, %o : i32, tensor<4xi32>
  return %u : tensor<4xf32>
}
