// RUN: rng-opt %s | rng-opt | FileCheck %s
// RUN: rng-opt %s --mlir-print-op-generic | rng-opt | FileCheck %s

// CHECK-LABEL: func @philox_scalar
// CHECK-SAME: (%[[C0:.*]]: i32, %[[C1:.*]]: i32, %[[C2:.*]]: i32, %[[C3:.*]]: i32, %[[K0:.*]]: i32, %[[K1:.*]]: i32)
func.func @philox_scalar(%c0: i32, %c1: i32, %c2: i32, %c3: i32, %k0: i32, %k1: i32) -> (i32, i32, i32, i32) {
  // CHECK: rng.philox_4x32 %[[C0]], %[[C1]], %[[C2]], %[[C3]] key %[[K0]], %[[K1]] : i32, i32
  %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 : i32, i32
  return %x#0, %x#1, %x#2, %x#3 : i32, i32, i32, i32
}

// CHECK-LABEL: func @philox_default_rounds_elided
func.func @philox_default_rounds_elided(%c: i32, %k: i32) -> i32 {
  // CHECK: rng.philox_4x32 %{{.*}} key %{{.*}}, %{{.*}} : i32, i32
  // CHECK-NOT: rounds
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 10 : i32, i32
  return %x#0 : i32
}

// CHECK-LABEL: func @philox_rounds
func.func @philox_rounds(%c: i32, %k: i32) -> i32 {
  // CHECK: rng.philox_4x32 {{.*}} rounds 7 : i32, i32
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 7 : i32, i32
  // CHECK: rng.philox_4x32 {{.*}} rounds 1 : i32, i32
  %y:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 1 : i32, i32
  // CHECK: rng.philox_4x32 {{.*}} rounds 16 : i32, i32
  %z:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 16 : i32, i32
  return %x#0 : i32
}

// CHECK-LABEL: func @philox_vector_scalar_key
func.func @philox_vector_scalar_key(%c: vector<4xi32>, %k: i32) -> vector<4xi32> {
  // CHECK: rng.philox_4x32 {{.*}} : vector<4xi32>, i32
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : vector<4xi32>, i32
  return %x#3 : vector<4xi32>
}

// CHECK-LABEL: func @philox_vector_vector_key
func.func @philox_vector_vector_key(%c: vector<2x3xi32>, %k: vector<2x3xi32>) -> vector<2x3xi32> {
  // CHECK: rng.philox_4x32 {{.*}} : vector<2x3xi32>, vector<2x3xi32>
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : vector<2x3xi32>, vector<2x3xi32>
  return %x#1 : vector<2x3xi32>
}

// CHECK-LABEL: func @philox_tensor
func.func @philox_tensor(%c: tensor<8xi32>, %k: i32) -> tensor<8xi32> {
  // CHECK: rng.philox_4x32 {{.*}} : tensor<8xi32>, i32
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : tensor<8xi32>, i32
  return %x#2 : tensor<8xi32>
}

// CHECK-LABEL: func @philox_generic
func.func @philox_generic(%c: i32, %k: i32) -> i32 {
  // CHECK: rng.philox_4x32 {{.*}} rounds 3 : i32, i32
  %x:4 = "rng.philox_4x32"(%c, %c, %c, %c, %k, %k) {rounds = 3 : i32} : (i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32)
  return %x#0 : i32
}
