// RUN: rng-opt %s | rng-opt | FileCheck %s
// RUN: rng-opt %s --mlir-print-op-generic | rng-opt | FileCheck %s
// RUN: rng-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of rng.linear_index: with and without a base, i32 and i64,
// ranks 0 to 3, a zero-size dimension, a tensor encoding. The generic form
// is SPEC §4's public name: "rng.linear_index"(base), no operand for base 0.

// CHECK-LABEL: func @linear_index
// CHECK-SAME: (%[[B32:.*]]: i32, %[[B64:.*]]: i64)
func.func @linear_index(%b32: i32, %b64: i64)
    -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<i64>, tensor<5xi64>,
        tensor<2x1x4xi32>, tensor<3x0xi64>, tensor<4xi32, "enc">) {
  // CHECK: rng.linear_index : tensor<2x3xi32>
  // GENERIC: "rng.linear_index"() : () -> tensor<2x3xi32>
  %a = rng.linear_index : tensor<2x3xi32>
  // CHECK: rng.linear_index %[[B32]] : tensor<2x3xi32>
  // GENERIC: "rng.linear_index"(%{{.*}}) : (i32) -> tensor<2x3xi32>
  %b = rng.linear_index %b32 : tensor<2x3xi32>
  // CHECK: rng.linear_index %[[B64]] : tensor<i64>
  // GENERIC: "rng.linear_index"(%{{.*}}) : (i64) -> tensor<i64>
  %c = rng.linear_index %b64 : tensor<i64>
  // CHECK: rng.linear_index %[[B64]] : tensor<5xi64>
  %d = rng.linear_index %b64 : tensor<5xi64>
  // CHECK: rng.linear_index : tensor<2x1x4xi32>
  %e = rng.linear_index : tensor<2x1x4xi32>
  // CHECK: rng.linear_index %[[B64]] : tensor<3x0xi64>
  %f = rng.linear_index %b64 : tensor<3x0xi64>
  // CHECK: rng.linear_index : tensor<4xi32, "enc">
  %g = rng.linear_index : tensor<4xi32, "enc">
  return %a, %b, %c, %d, %e, %f, %g
      : tensor<2x3xi32>, tensor<2x3xi32>, tensor<i64>, tensor<5xi64>,
        tensor<2x1x4xi32>, tensor<3x0xi64>, tensor<4xi32, "enc">
}

// The generic form parses, with and without its operand.
// CHECK-LABEL: func @linear_index_generic
// CHECK-SAME: (%[[B:.*]]: i64)
func.func @linear_index_generic(%b: i64) -> (tensor<3xi64>, tensor<3xi64>) {
  // CHECK: rng.linear_index %[[B]] : tensor<3xi64>
  %x = "rng.linear_index"(%b) : (i64) -> tensor<3xi64>
  // CHECK: rng.linear_index : tensor<3xi64>
  %y = "rng.linear_index"() : () -> tensor<3xi64>
  return %x, %y : tensor<3xi64>, tensor<3xi64>
}
