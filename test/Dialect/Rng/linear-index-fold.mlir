// RUN: rng-opt %s --canonicalize --split-input-file | FileCheck %s

// rng.linear_index folds only where the result is a splat or empty: one
// element with a constant (or no) base is the splat base, no elements an
// empty constant; a constant zero base is dropped. Larger results stay ops
// (shard-partition cannot partition a non-splat constant).

// CHECK-LABEL: func @fold_one_element
// CHECK-DAG: %[[S0:.*]] = arith.constant dense<7> : tensor<i32>
// CHECK-DAG: %[[S1:.*]] = arith.constant dense<-9> : tensor<1x1xi64>
// CHECK-DAG: %[[S2:.*]] = arith.constant dense<-1> : tensor<1xi32>
// CHECK-NOT: rng.linear_index
// CHECK: return %[[S0]], %[[S1]], %[[S2]]
func.func @fold_one_element() -> (tensor<i32>, tensor<1x1xi64>, tensor<1xi32>) {
  %c7 = arith.constant 7 : i32
  %cm9 = arith.constant -9 : i64
  %cmax = arith.constant 4294967295 : i32
  %a = rng.linear_index %c7 : tensor<i32>
  %b = rng.linear_index %cm9 : tensor<1x1xi64>
  %c = rng.linear_index %cmax : tensor<1xi32>
  return %a, %b, %c : tensor<i32>, tensor<1x1xi64>, tensor<1xi32>
}

// -----

// Without a base the one element is 0.
// CHECK-LABEL: func @fold_one_element_no_base
// CHECK-DAG: %[[Z0:.*]] = arith.constant dense<0> : tensor<i64>
// CHECK-DAG: %[[Z1:.*]] = arith.constant dense<0> : tensor<1x1x1xi32>
// CHECK-NOT: rng.linear_index
// CHECK: return %[[Z0]], %[[Z1]]
func.func @fold_one_element_no_base() -> (tensor<i64>, tensor<1x1x1xi32>) {
  %a = rng.linear_index : tensor<i64>
  %b = rng.linear_index : tensor<1x1x1xi32>
  return %a, %b : tensor<i64>, tensor<1x1x1xi32>
}

// -----

// No elements: an empty constant, whatever the base (constant or not).
// CHECK-LABEL: func @fold_zero_size
// CHECK-SAME: (%[[B:.*]]: i32)
// CHECK-DAG: %[[E0:.*]] = arith.constant dense<> : tensor<0x3xi32>
// CHECK-DAG: %[[E1:.*]] = arith.constant dense<> : tensor<2x0xi64>
// CHECK-NOT: rng.linear_index
// CHECK: return %[[E0]], %[[E1]]
func.func @fold_zero_size(%b: i32) -> (tensor<0x3xi32>, tensor<2x0xi64>) {
  %a = rng.linear_index %b : tensor<0x3xi32>
  %c = rng.linear_index : tensor<2x0xi64>
  return %a, %c : tensor<0x3xi32>, tensor<2x0xi64>
}

// -----

// A constant zero base is the default: the operand goes, the op stays.
// CHECK-LABEL: func @fold_zero_base
// CHECK: %[[I:.*]] = rng.linear_index : tensor<2x3xi32>
// CHECK: %[[J:.*]] = rng.linear_index : tensor<4xi64>
// CHECK: return %[[I]], %[[J]]
func.func @fold_zero_base() -> (tensor<2x3xi32>, tensor<4xi64>) {
  %z32 = arith.constant 0 : i32
  %z64 = arith.constant 0 : i64
  %i = rng.linear_index %z32 : tensor<2x3xi32>
  %j = rng.linear_index %z64 : tensor<4xi64>
  return %i, %j : tensor<2x3xi32>, tensor<4xi64>
}

// -----

// Larger results are not folded, with a constant base or without one;
// among them 2^32 x 2^32 elements, whose count wraps int64 to 0 (not an
// empty tensor).
// CHECK-LABEL: func @negative_fold_larger
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[I:.*]] = rng.linear_index %[[C7]] : tensor<2x3xi32>
// CHECK-DAG: %[[J:.*]] = rng.linear_index : tensor<2xi64>
// CHECK-DAG: %[[K:.*]] = rng.linear_index : tensor<4294967296x4294967296xi32>
// CHECK-NOT: arith.constant dense
// CHECK: return %[[I]], %[[J]], %[[K]]
func.func @negative_fold_larger()
    -> (tensor<2x3xi32>, tensor<2xi64>, tensor<4294967296x4294967296xi32>) {
  %c7 = arith.constant 7 : i32
  %i = rng.linear_index %c7 : tensor<2x3xi32>
  %j = rng.linear_index : tensor<2xi64>
  %k = rng.linear_index : tensor<4294967296x4294967296xi32>
  return %i, %j, %k
      : tensor<2x3xi32>, tensor<2xi64>, tensor<4294967296x4294967296xi32>
}

// -----

// One element whose base is not a constant: no attribute to fold to.
// CHECK-LABEL: func @negative_fold_one_element_runtime_base
// CHECK-SAME: (%[[B:.*]]: i32)
// CHECK: %[[I:.*]] = rng.linear_index %[[B]] : tensor<1xi32>
// CHECK: return %[[I]]
func.func @negative_fold_one_element_runtime_base(%b: i32) -> tensor<1xi32> {
  %i = rng.linear_index %b : tensor<1xi32>
  return %i : tensor<1xi32>
}
