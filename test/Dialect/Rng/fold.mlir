// RUN: rng-opt %s --canonicalize --split-input-file | FileCheck %s

// Known answers (test/vectors/philox4x32_10_kat.txt, SPEC §1) by folding.

// CHECK-LABEL: func @fold_zero
// CHECK-DAG: %[[X0:.*]] = arith.constant 1713891541 : i32
// CHECK-DAG: %[[X1:.*]] = arith.constant -513161843 : i32
// CHECK-DAG: %[[X2:.*]] = arith.constant -1135104948 : i32
// CHECK-DAG: %[[X3:.*]] = arith.constant -1694442536 : i32
// CHECK-NOT: rng.philox_4x32
// CHECK: return %[[X0]], %[[X1]], %[[X2]], %[[X3]]
func.func @fold_zero() -> (i32, i32, i32, i32) {
  %z = arith.constant 0 : i32
  %x:4 = rng.philox_4x32 %z, %z, %z, %z key %z, %z : i32, i32
  return %x#0, %x#1, %x#2, %x#3 : i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func @fold_seven_rounds
// CHECK-DAG: %[[X0:.*]] = arith.constant 1601156873 : i32
// CHECK-DAG: %[[X1:.*]] = arith.constant 227098468 : i32
// CHECK-DAG: %[[X2:.*]] = arith.constant 1326587777 : i32
// CHECK-DAG: %[[X3:.*]] = arith.constant 1332939336 : i32
// CHECK: return %[[X0]], %[[X1]], %[[X2]], %[[X3]]
func.func @fold_seven_rounds() -> (i32, i32, i32, i32) {
  %z = arith.constant 0 : i32
  %x:4 = rng.philox_4x32 %z, %z, %z, %z key %z, %z rounds 7 : i32, i32
  return %x#0, %x#1, %x#2, %x#3 : i32, i32, i32, i32
}

// -----

// Dense vector counters and per-lane keys: rows 1 and 3 of the KAT file
// (the Random123 all-ones and pi vectors).
// CHECK-LABEL: func @fold_vector
// CHECK-DAG: %[[X0:.*]] = arith.constant dense<[1083123565, -781386231]> : vector<2xi32>
// CHECK-DAG: %[[X3:.*]] = arith.constant dense<[1834242557, 605187745]> : vector<2xi32>
// CHECK: return %[[X0]], %[[X3]]
func.func @fold_vector() -> (vector<2xi32>, vector<2xi32>) {
  %c0 = arith.constant dense<[-1, 0x243f6a88]> : vector<2xi32>
  %c1 = arith.constant dense<[-1, 0x85a308d3]> : vector<2xi32>
  %c2 = arith.constant dense<[-1, 0x13198a2e]> : vector<2xi32>
  %c3 = arith.constant dense<[-1, 0x03707344]> : vector<2xi32>
  %k0 = arith.constant dense<[-1, 0xa4093822]> : vector<2xi32>
  %k1 = arith.constant dense<[-1, 0x299f31d0]> : vector<2xi32>
  %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 : vector<2xi32>, vector<2xi32>
  return %x#0, %x#3 : vector<2xi32>, vector<2xi32>
}

// -----

// Splat tensor counters with a scalar key: counter (1,0,0,0) and (0,1,0,0).
// CHECK-LABEL: func @fold_tensor_scalar_key
// CHECK-DAG: %[[X0:.*]] = arith.constant dense<[-119223132, 1792067052]> : tensor<2xi32>
// CHECK: return %[[X0]]
func.func @fold_tensor_scalar_key() -> tensor<2xi32> {
  %c0 = arith.constant dense<[1, 0]> : tensor<2xi32>
  %c1 = arith.constant dense<[0, 1]> : tensor<2xi32>
  %zt = arith.constant dense<0> : tensor<2xi32>
  %z = arith.constant 0 : i32
  %x:4 = rng.philox_4x32 %c0, %c1, %zt, %zt key %z, %z : tensor<2xi32>, i32
  return %x#0 : tensor<2xi32>
}

// -----

// One non-constant operand: nothing folds.
// CHECK-LABEL: func @negative_fold_non_constant
// CHECK: rng.philox_4x32
func.func @negative_fold_non_constant(%k: i32) -> i32 {
  %z = arith.constant 0 : i32
  %x:4 = rng.philox_4x32 %z, %z, %z, %z key %z, %k : i32, i32
  return %x#0 : i32
}
