// RUN: rng-opt %s | FileCheck %s
// RUN: rng-opt %s --mlir-print-op-generic | rng-opt | FileCheck %s

// Round trip of rng.lowbias32, rng.hash_rand, rng.hash_randn,
// rng.hash_dropout, rng.dropout, rng.splitmix64 and rng.tr_dropout_sample:
// scalars, fixed and
// scalable vectors, static and dynamic tensors, scalar operands beside
// shaped ones.

// CHECK-LABEL: func @scalar
// CHECK-SAME: (%[[X:.*]]: f32, %[[P:.*]]: f32, %[[SEED:.*]]: i32, %[[COUNTER:.*]]: i32, %[[S64:.*]]: i64, %[[O64:.*]]: i64)
func.func @scalar(%x: f32, %p: f32, %seed: i32, %counter: i32, %s64: i64, %o64: i64)
    -> (i32, f32, f32, f32, f32, f32, i64) {
  // CHECK: rng.lowbias32 %[[COUNTER]] : i32
  %h = rng.lowbias32 %counter : i32
  // CHECK: rng.hash_rand %[[SEED]], %[[COUNTER]] : i32, i32
  %u = rng.hash_rand %seed, %counter : i32, i32
  // CHECK: rng.hash_randn %[[SEED]], %[[COUNTER]] : i32, i32
  %n = rng.hash_randn %seed, %counter : i32, i32
  // CHECK: rng.hash_dropout %[[X]], %[[P]], %[[SEED]], %[[COUNTER]] : f32, f32, i32, i32
  %y = rng.hash_dropout %x, %p, %seed, %counter : f32, f32, i32, i32
  // CHECK: rng.dropout %[[X]], %[[P]], %[[SEED]], %[[COUNTER]] : f32, f32, i32, i32
  %z = rng.dropout %x, %p, %seed, %counter : f32, f32, i32, i32
  // CHECK: rng.dropout %[[X]], %[[P]], %[[S64]], %[[O64]] rounds 7 : f32, f32, i64, i64
  %z7 = rng.dropout %x, %p, %s64, %o64 rounds 7 : f32, f32, i64, i64
  // CHECK: rng.splitmix64 %[[S64]] : i64
  %s = rng.splitmix64 %s64 : i64
  return %h, %u, %n, %y, %z, %z7, %s : i32, f32, f32, f32, f32, f32, i64
}

// CHECK-LABEL: func @vectors
func.func @vectors(%x: vector<4x8xf32>, %p: f32, %seed: i32,
                   %counters: vector<4x8xi32>, %seeds: vector<4x8xi32>,
                   %s: vector<[4]xi32>, %xs: vector<[4]xf32>,
                   %states: vector<[2]xi64>, %x0: vector<f32>, %c0: vector<i32>) {
  // CHECK: rng.lowbias32 %{{.*}} : vector<[4]xi32>
  %h = rng.lowbias32 %s : vector<[4]xi32>
  // CHECK: rng.hash_rand %{{.*}}, %{{.*}} : i32, vector<4x8xi32>
  %u = rng.hash_rand %seed, %counters : i32, vector<4x8xi32>
  // CHECK: rng.hash_randn %{{.*}}, %{{.*}} : vector<4x8xi32>, vector<4x8xi32>
  %n = rng.hash_randn %seeds, %counters : vector<4x8xi32>, vector<4x8xi32>
  // CHECK: rng.hash_dropout %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4x8xf32>, f32, i32, vector<4x8xi32>
  %y = rng.hash_dropout %x, %p, %seed, %counters : vector<4x8xf32>, f32, i32, vector<4x8xi32>
  // CHECK: rng.dropout %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<[4]xf32>, f32, i32, vector<[4]xi32>
  %z = rng.dropout %xs, %p, %seed, %s : vector<[4]xf32>, f32, i32, vector<[4]xi32>
  // CHECK: rng.hash_dropout %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<f32>, f32, i32, vector<i32>
  %y0 = rng.hash_dropout %x0, %p, %seed, %c0 : vector<f32>, f32, i32, vector<i32>
  // CHECK: rng.splitmix64 %{{.*}} : vector<[2]xi64>
  %m = rng.splitmix64 %states : vector<[2]xi64>
  return
}

// CHECK-LABEL: func @tensors
func.func @tensors(%x: tensor<?x16xf32>, %p: tensor<?x16xf32>, %seed: i32,
                   %counters: tensor<?x16xi32>, %offsets: tensor<?x16xi64>,
                   %states: tensor<8xi64>, %words: tensor<2x?xi32>) {
  // CHECK: rng.lowbias32 %{{.*}} : tensor<2x?xi32>
  %h = rng.lowbias32 %words : tensor<2x?xi32>
  // CHECK: rng.hash_rand %{{.*}}, %{{.*}} : i32, tensor<?x16xi32>
  %u = rng.hash_rand %seed, %counters : i32, tensor<?x16xi32>
  // CHECK: rng.hash_randn %{{.*}}, %{{.*}} : i32, tensor<?x16xi32>
  %n = rng.hash_randn %seed, %counters : i32, tensor<?x16xi32>
  // CHECK: rng.hash_dropout %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x16xf32>, tensor<?x16xf32>, i32, tensor<?x16xi32>
  %y = rng.hash_dropout %x, %p, %seed, %counters : tensor<?x16xf32>, tensor<?x16xf32>, i32, tensor<?x16xi32>
  // CHECK: rng.dropout %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x16xf32>, tensor<?x16xf32>, i32, tensor<?x16xi64>
  %z = rng.dropout %x, %p, %seed, %offsets : tensor<?x16xf32>, tensor<?x16xf32>, i32, tensor<?x16xi64>
  // CHECK: rng.splitmix64 %{{.*}} : tensor<8xi64>
  %m = rng.splitmix64 %states : tensor<8xi64>
  return
}

// Every constant p is accepted (SPEC §6: the verifiers check types only, p
// is used as the formula says): inside [0, 1) (0 and -0 included) and
// outside it (1, above 1, negative, NaN, infinities).
// CHECK-LABEL: func @constant_p_any_value
func.func @constant_p_any_value(%x: vector<2xf32>, %seed: i32, %counters: vector<2xi32>) {
  %zero = arith.constant 0.0 : f32
  %minus_zero = arith.constant -0.0 : f32
  %below_one = arith.constant 0.99999994 : f32
  %ps = arith.constant dense<[0.0, 0.5]> : vector<2xf32>
  %one = arith.constant 1.0 : f32
  %negative = arith.constant -0.25 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %outside = arith.constant dense<[0.5, 1.5]> : vector<2xf32>
  // CHECK-COUNT-9: rng.hash_dropout
  %a = rng.hash_dropout %x, %zero, %seed, %counters : vector<2xf32>, f32, i32, vector<2xi32>
  %b = rng.hash_dropout %x, %minus_zero, %seed, %counters : vector<2xf32>, f32, i32, vector<2xi32>
  %c = rng.hash_dropout %x, %below_one, %seed, %counters : vector<2xf32>, f32, i32, vector<2xi32>
  %d = rng.hash_dropout %x, %ps, %seed, %counters : vector<2xf32>, vector<2xf32>, i32, vector<2xi32>
  %e = rng.hash_dropout %x, %one, %seed, %counters : vector<2xf32>, f32, i32, vector<2xi32>
  %f = rng.hash_dropout %x, %negative, %seed, %counters : vector<2xf32>, f32, i32, vector<2xi32>
  %g = rng.hash_dropout %x, %nan, %seed, %counters : vector<2xf32>, f32, i32, vector<2xi32>
  %h = rng.hash_dropout %x, %inf, %seed, %counters : vector<2xf32>, f32, i32, vector<2xi32>
  %i = rng.hash_dropout %x, %outside, %seed, %counters : vector<2xf32>, vector<2xf32>, i32, vector<2xi32>
  // CHECK-COUNT-4: rng.dropout
  %j = rng.dropout %x, %one, %seed, %counters : vector<2xf32>, f32, i32, vector<2xi32>
  %k = rng.dropout %x, %negative, %seed, %counters : vector<2xf32>, f32, i32, vector<2xi32>
  %l = rng.dropout %x, %nan, %seed, %counters : vector<2xf32>, f32, i32, vector<2xi32>
  %m = rng.dropout %x, %outside, %seed, %counters : vector<2xf32>, vector<2xf32>, i32, vector<2xi32>
  return
}

// rng.tr_dropout_sample: i64 operands, the result f32 of the offset's shape;
// each seed a scalar or of the offset's type.
// CHECK-LABEL: func @tr_dropout_sample
// CHECK-SAME: (%[[LO:.*]]: i64, %[[HI:.*]]: i64, %[[OFFSET:.*]]: i64
func.func @tr_dropout_sample(%lo: i64, %hi: i64, %offset: i64,
                             %offsets: vector<256xi64>, %los: vector<256xi64>,
                             %scalable: vector<2x[4]xi64>, %dynamic: tensor<?x8xi64>,
                             %static: tensor<4xi64>)
    -> (f32, vector<256xf32>, vector<256xf32>, vector<2x[4]xf32>, tensor<?x8xf32>, tensor<4xf32>) {
  // CHECK: rng.tr_dropout_sample %[[LO]], %[[HI]], %[[OFFSET]] : i64, i64, i64
  %u = rng.tr_dropout_sample %lo, %hi, %offset : i64, i64, i64
  // CHECK: rng.tr_dropout_sample %[[LO]], %[[HI]], %{{.*}} : i64, i64, vector<256xi64>
  %v = rng.tr_dropout_sample %lo, %hi, %offsets : i64, i64, vector<256xi64>
  // CHECK: rng.tr_dropout_sample %{{.*}}, %[[HI]], %{{.*}} : vector<256xi64>, i64, vector<256xi64>
  %l = rng.tr_dropout_sample %los, %hi, %offsets : vector<256xi64>, i64, vector<256xi64>
  // CHECK: rng.tr_dropout_sample %[[LO]], %{{.*}}, %{{.*}} : i64, vector<2x[4]xi64>, vector<2x[4]xi64>
  %s = rng.tr_dropout_sample %lo, %scalable, %scalable : i64, vector<2x[4]xi64>, vector<2x[4]xi64>
  // CHECK: rng.tr_dropout_sample %[[LO]], %[[HI]], %{{.*}} : i64, i64, tensor<?x8xi64>
  %d = rng.tr_dropout_sample %lo, %hi, %dynamic : i64, i64, tensor<?x8xi64>
  // CHECK: rng.tr_dropout_sample %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xi64>, tensor<4xi64>, tensor<4xi64>
  %t = rng.tr_dropout_sample %static, %static, %static : tensor<4xi64>, tensor<4xi64>, tensor<4xi64>
  return %u, %v, %l, %s, %d, %t : f32, vector<256xf32>, vector<256xf32>, vector<2x[4]xf32>, tensor<?x8xf32>, tensor<4xf32>
}
