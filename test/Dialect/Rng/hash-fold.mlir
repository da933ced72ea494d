// RUN: rng-opt %s --canonicalize --split-input-file | FileCheck %s

// Folding of rng.lowbias32, rng.hash_rand, rng.hash_dropout, rng.dropout,
// rng.splitmix64 and rng.tr_dropout_sample with constant operands of static
// shape. Expected values:
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

// rng.tr_dropout_sample under zero seeds: offset 0 gives 0x3D64CCA1
// (0.0558592118); at offset 2377230 the high word is 0xFFFFFFAE, which
// rounds to 2^32, so the sample is exactly 1.0 (0x3F800000); at 3684651 it
// is 0xFFFFFF21, which rounds down to 0xFFFFFF00 (0x3F7FFFFF, the largest
// f32 below 1); offset -1 wraps seed_lo + offset; then 0x123456789ABCDEF0.
// Per-lane seeds (seed_lo, seed_hi) = (1, 0), (2, 5), (2^32 - 1, 2^32 - 1),
// (0, 2^32 - 1) at offset 7. A splat offset gives a splat however large.
// CHECK-LABEL: func @fold_tr_dropout_sample
// CHECK-DAG: %[[S:.*]] = arith.constant 1030016161 : i32
// CHECK-DAG: %[[V:.*]] = arith.constant dense<[1065353216, 1065353215, 1061892840, 1023819474]> : vector<4xi32>
// CHECK-DAG: %[[L:.*]] = arith.constant dense<[1056439253, 1054318490, 1061558717, 1055073998]> : vector<4xi32>
// CHECK-DAG: %[[T:.*]] = arith.constant dense<1030016161> : tensor<1048576xi32>
// CHECK-NOT: rng.
// CHECK: return %[[S]], %[[V]], %[[L]], %[[T]]
func.func @fold_tr_dropout_sample()
    -> (i32, vector<4xi32>, vector<4xi32>, tensor<1048576xi32>) {
  %zero = arith.constant 0 : i64
  %u = rng.tr_dropout_sample %zero, %zero, %zero : i64, i64, i64
  %ubits = arith.bitcast %u : f32 to i32
  %offsets = arith.constant dense<[2377230, 3684651, -1, 0x123456789ABCDEF0]> : vector<4xi64>
  %v = rng.tr_dropout_sample %zero, %zero, %offsets : i64, i64, vector<4xi64>
  %vbits = arith.bitcast %v : vector<4xf32> to vector<4xi32>
  %lo = arith.constant dense<[1, 2, 4294967295, 0]> : vector<4xi64>
  %hi = arith.constant dense<[0, 5, 4294967295, 4294967295]> : vector<4xi64>
  %seven = arith.constant dense<7> : vector<4xi64>
  %l = rng.tr_dropout_sample %lo, %hi, %seven : vector<4xi64>, vector<4xi64>, vector<4xi64>
  %lbits = arith.bitcast %l : vector<4xf32> to vector<4xi32>
  %zeros = arith.constant dense<0> : tensor<1048576xi64>
  %t = rng.tr_dropout_sample %zero, %zero, %zeros : i64, i64, tensor<1048576xi64>
  %tbits = arith.bitcast %t : tensor<1048576xf32> to tensor<1048576xi32>
  return %ubits, %vbits, %lbits, %tbits : i32, vector<4xi32>, vector<4xi32>, tensor<1048576xi32>
}

// -----

// Splat constants fold to splats on scalable vectors too (as for every rng
// and round op): hash32(1) = 0x688990C0 = 1753845952, and
// tr_dropout_sample(1, 1, 3) = 0x3F74B65F (0.955907762) from the model.
// CHECK-LABEL: func @fold_scalable_splats
// CHECK-DAG: %[[H:.*]] = arith.constant dense<1753845952> : vector<[4]xi32>
// CHECK-DAG: %[[S:.*]] = arith.constant dense<0.955907762> : vector<[2]xf32>
// CHECK-NOT: rng.
// CHECK: return %[[H]], %[[S]]
func.func @fold_scalable_splats() -> (vector<[4]xi32>, vector<[2]xf32>) {
  %splat = arith.constant dense<1> : vector<[4]xi32>
  %h = rng.lowbias32 %splat : vector<[4]xi32>
  %seed64 = arith.constant 1 : i64
  %offsets = arith.constant dense<3> : vector<[2]xi64>
  %s = rng.tr_dropout_sample %seed64, %seed64, %offsets : i64, i64, vector<[2]xi64>
  return %h, %s : vector<[4]xi32>, vector<[2]xf32>
}

// -----

// Nothing folds without constants, or for hash_randn (its math functions
// are the target's).
// CHECK-LABEL: func @negative_no_fold
// CHECK: rng.hash_rand
// CHECK: rng.hash_randn
// CHECK: rng.hash_dropout
func.func @negative_no_fold(%counter: i32, %x: f32) -> (f32, f32, f32) {
  %seed = arith.constant 1 : i32
  %p = arith.constant 0.5 : f32
  %u = rng.hash_rand %seed, %counter : i32, i32
  %zero = arith.constant 0 : i32
  %n = rng.hash_randn %seed, %zero : i32, i32
  %y = rng.hash_dropout %x, %p, %seed, %zero : f32, f32, i32, i32
  return %u, %n, %y : f32, f32, f32
}
