// RUN: rng-opt %s --canonicalize --split-input-file | FileCheck %s

// Folding of rng.lowbias32, rng.hash_rand, rng.hash_dropout, rng.dropout and
// rng.splitmix64 with constant operands of static shape. Expected values:
// the Python model test/lib/hash_random_model.py (SPEC §5-7). Uniforms are
// checked as f32 bit patterns (the bitcast folds too).

// hash32(1) = 0x688990C0, hash32(-1) = 0x6768C44A, hash32(INT_MIN) =
// 0xCC4A2A24, hash32(0) = 0.
// CHECK-LABEL: func @fold_lowbias32
// CHECK-DAG: %[[S:.*]] = arith.constant 1753845952 : i32
// CHECK-DAG: %[[V:.*]] = arith.constant dense<[1753845952, 1734902346, -867483356]> : vector<3xi32>
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<0> : tensor<2x2xi32>
// CHECK-NOT: rng.
// CHECK: return %[[S]], %[[V]], %[[Z]]
func.func @fold_lowbias32() -> (i32, vector<3xi32>, tensor<2x2xi32>) {
  %one = arith.constant 1 : i32
  %h = rng.lowbias32 %one : i32
  %v = arith.constant dense<[1, -1, -2147483648]> : vector<3xi32>
  %hv = rng.lowbias32 %v : vector<3xi32>
  %z = arith.constant dense<0> : tensor<2x2xi32>
  %hz = rng.lowbias32 %z : tensor<2x2xi32>
  return %h, %hv, %hz : i32, vector<3xi32>, tensor<2x2xi32>
}

// -----

// Seed 1, counters 0, 1, 2; seed -1, counter -5.
// CHECK-LABEL: func @fold_hash_rand
// CHECK-DAG: %[[V:.*]] = arith.constant dense<[1063949034, 1060562892, 1065338656]> : vector<3xi32>
// CHECK-DAG: %[[S:.*]] = arith.constant 1061489704 : i32
// CHECK-NOT: rng.
// CHECK: return %[[V]], %[[S]]
func.func @fold_hash_rand() -> (vector<3xi32>, i32) {
  %seed = arith.constant 1 : i32
  %counters = arith.constant dense<[0, 1, 2]> : vector<3xi32>
  %u = rng.hash_rand %seed, %counters : i32, vector<3xi32>
  %bits = arith.bitcast %u : vector<3xf32> to vector<3xi32>
  %minus_one = arith.constant -1 : i32
  %minus_five = arith.constant -5 : i32
  %w = rng.hash_rand %minus_one, %minus_five : i32, i32
  %wbits = arith.bitcast %w : f32 to i32
  return %bits, %wbits : vector<3xi32>, i32
}

// -----

// x = 3, p = 0.5, seed 7, counters 0..3: draws 0.3509, 0.7491, 0.2962,
// 0.2208, so only counter 1 is kept, as 3 / (1 - 0.5) = 6.
// CHECK-LABEL: func @fold_hash_dropout
// CHECK: %[[Y:.*]] = arith.constant dense<[0.000000e+00, 6.000000e+00, 0.000000e+00, 0.000000e+00]> : vector<4xf32>
// CHECK-NOT: rng.
// CHECK: return %[[Y]]
func.func @fold_hash_dropout() -> vector<4xf32> {
  %x = arith.constant dense<3.0> : vector<4xf32>
  %p = arith.constant 0.5 : f32
  %seed = arith.constant 7 : i32
  %counters = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
  %y = rng.hash_dropout %x, %p, %seed, %counters : vector<4xf32>, f32, i32, vector<4xi32>
  return %y : vector<4xf32>
}

// -----

// x = 3, p = 0.2, seed 123, offsets 0..3: Triton's rand draws 0.1339,
// 0.7207, 0.3446, 0.2375 (> p except the first), kept as 3 / 0.8 = 3.75.
// CHECK-LABEL: func @fold_dropout
// CHECK: %[[Y:.*]] = arith.constant dense<[0.000000e+00, 3.750000e+00, 3.750000e+00, 3.750000e+00]> : vector<4xf32>
// CHECK-NOT: rng.
// CHECK: return %[[Y]]
func.func @fold_dropout() -> vector<4xf32> {
  %x = arith.constant dense<3.0> : vector<4xf32>
  %p = arith.constant 0.2 : f32
  %seed = arith.constant 123 : i32
  %offsets = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
  %y = rng.dropout %x, %p, %seed, %offsets : vector<4xf32>, f32, i32, vector<4xi32>
  return %y : vector<4xf32>
}

// -----

// splitmix64(0) = 0xE220A8397B1DCDAF, splitmix64(123), splitmix64(-1).
// CHECK-LABEL: func @fold_splitmix64
// CHECK-DAG: %[[S:.*]] = arith.constant -2152535657050944081 : i64
// CHECK-DAG: %[[V:.*]] = arith.constant dense<[-5414281315512073941, -1956407806741107680]> : vector<2xi64>
// CHECK-NOT: rng.
// CHECK: return %[[S]], %[[V]]
func.func @fold_splitmix64() -> (i64, vector<2xi64>) {
  %zero = arith.constant 0 : i64
  %s = rng.splitmix64 %zero : i64
  %v = arith.constant dense<[123, -1]> : vector<2xi64>
  %sv = rng.splitmix64 %v : vector<2xi64>
  return %s, %sv : i64, vector<2xi64>
}

// -----

// Nothing folds without constants, on scalable vectors, or for hash_randn
// (its math functions are the target's).
// CHECK-LABEL: func @negative_no_fold
// CHECK: rng.lowbias32 %{{.*}} : vector<[4]xi32>
// CHECK: rng.hash_rand
// CHECK: rng.hash_randn
// CHECK: rng.hash_dropout
func.func @negative_no_fold(%counter: i32, %x: f32) -> (vector<[4]xi32>, f32, f32, f32) {
  %splat = arith.constant dense<1> : vector<[4]xi32>
  %h = rng.lowbias32 %splat : vector<[4]xi32>
  %seed = arith.constant 1 : i32
  %p = arith.constant 0.5 : f32
  %u = rng.hash_rand %seed, %counter : i32, i32
  %zero = arith.constant 0 : i32
  %n = rng.hash_randn %seed, %zero : i32, i32
  %y = rng.hash_dropout %x, %p, %seed, %zero : f32, f32, i32, i32
  return %h, %u, %n, %y : vector<[4]xi32>, f32, f32, f32
}
