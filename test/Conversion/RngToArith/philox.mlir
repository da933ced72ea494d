// RUN: rng-opt %s --convert-rng-to-arith --split-input-file | FileCheck %s

// Two rounds: both products, the xor network, and one key bump.
// CHECK-LABEL: func @philox_two_rounds
// CHECK-SAME: (%[[C0:[^:]*]]: i32, %[[C1:[^:]*]]: i32, %[[C2:[^:]*]]: i32, %[[C3:[^:]*]]: i32, %[[K0:[^:]*]]: i32, %[[K1:[^:]*]]: i32)
// CHECK-DAG: %[[M0:.*]] = arith.constant -766435501 : i32
// CHECK-DAG: %[[M1:.*]] = arith.constant -845247145 : i32
// CHECK-DAG: %[[W0:.*]] = arith.constant -1640531527 : i32
// CHECK-DAG: %[[W1:.*]] = arith.constant -1150833019 : i32
// Round 1.
// CHECK: %[[LO0:.*]], %[[HI0:.*]] = arith.mului_extended %[[C0]], %[[M0]] : i32
// CHECK: %[[LO1:.*]], %[[HI1:.*]] = arith.mului_extended %[[C2]], %[[M1]] : i32
// CHECK: %[[T0:.*]] = arith.xori %[[HI1]], %[[C1]] : i32
// CHECK: %[[N0:.*]] = arith.xori %[[T0]], %[[K0]] : i32
// CHECK: %[[T2:.*]] = arith.xori %[[HI0]], %[[C3]] : i32
// CHECK: %[[N2:.*]] = arith.xori %[[T2]], %[[K1]] : i32
// Key bump, round 2.
// CHECK: %[[K0B:.*]] = arith.addi %[[K0]], %[[W0]] : i32
// CHECK: %[[K1B:.*]] = arith.addi %[[K1]], %[[W1]] : i32
// CHECK: %[[LO2:.*]], %[[HI2:.*]] = arith.mului_extended %[[N0]], %[[M0]] : i32
// CHECK: %[[LO3:.*]], %[[HI3:.*]] = arith.mului_extended %[[N2]], %[[M1]] : i32
// CHECK: %[[T4:.*]] = arith.xori %[[HI3]], %[[LO1]] : i32
// CHECK: %[[X0:.*]] = arith.xori %[[T4]], %[[K0B]] : i32
// CHECK: %[[T5:.*]] = arith.xori %[[HI2]], %[[LO0]] : i32
// CHECK: %[[X2:.*]] = arith.xori %[[T5]], %[[K1B]] : i32
// CHECK: return %[[X0]], %[[LO3]], %[[X2]], %[[LO2]]
// CHECK-NOT: rng.
func.func @philox_two_rounds(%c0: i32, %c1: i32, %c2: i32, %c3: i32, %k0: i32, %k1: i32) -> (i32, i32, i32, i32) {
  %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 rounds 2 : i32, i32
  return %x#0, %x#1, %x#2, %x#3 : i32, i32, i32, i32
}

// -----

// The default is ten rounds: ten pairs of products, nine key bumps.
// CHECK-LABEL: func @philox_default_rounds
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @philox_default_rounds(%c: i32, %k: i32) -> i32 {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : i32, i32
  return %x#0 : i32
}

// -----

// A single round bumps no key, so it needs no Weyl constants.
// CHECK-LABEL: func @philox_one_round
// CHECK-NOT: arith.addi
// CHECK-NOT: -1640531527
// CHECK: return
func.func @philox_one_round(%c: i32, %k: i32) -> i32 {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 1 : i32, i32
  return %x#0 : i32
}

// -----

// Scalar keys with vector counters: the key schedule stays scalar and each
// round key is broadcast.
// CHECK-LABEL: func @philox_vector_scalar_key
// CHECK-SAME: (%[[C:.*]]: vector<4xi32>, %[[K:.*]]: i32)
// CHECK-DAG: arith.constant dense<-766435501> : vector<4xi32>
// CHECK-DAG: arith.constant -1640531527 : i32
// CHECK: vector.broadcast %[[K]] : i32 to vector<4xi32>
// CHECK: arith.mului_extended %[[C]], %{{.*}} : vector<4xi32>
// CHECK: %[[KB:.*]] = arith.addi %[[K]], %{{.*}} : i32
// CHECK: vector.broadcast %[[KB]] : i32 to vector<4xi32>
func.func @philox_vector_scalar_key(%c: vector<4xi32>, %k: i32) -> vector<4xi32> {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 2 : vector<4xi32>, i32
  return %x#0 : vector<4xi32>
}

// -----

// Tensors become a linalg.generic over the scalar op: a scalar key goes in
// with the empty map, and the body is lowered on scalars.
// CHECK-LABEL: func @philox_tensor_scalar_key
// CHECK-SAME: (%[[C:.*]]: tensor<2x3xi32>, %[[K:.*]]: i32)
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[C]], %[[K]] : tensor<2x3xi32>, i32)
// CHECK: arith.mului_extended %{{.*}}, %{{.*}} : i32
func.func @philox_tensor_scalar_key(%c: tensor<2x3xi32>, %k: i32) -> tensor<2x3xi32> {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 1 : tensor<2x3xi32>, i32
  return %x#0 : tensor<2x3xi32>
}

// -----

// Per-lane keys need no broadcast.
// CHECK-LABEL: func @philox_vector_key
// CHECK-NOT: vector.broadcast
// CHECK: arith.addi %{{.*}}, %{{.*}} : vector<2x2xi32>
func.func @philox_vector_key(%c: vector<2x2xi32>, %k: vector<2x2xi32>) -> vector<2x2xi32> {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 2 : vector<2x2xi32>, vector<2x2xi32>
  return %x#0 : vector<2x2xi32>
}
