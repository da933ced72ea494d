// RUN: rng-opt %s --convert-rng-to-arith --cse --split-input-file | FileCheck %s

// The universal lowering of the hash generators, dropout and splitmix64
// (SPEC §5-7) on scalars and fixed and scalable vectors:
//   hash32(x)    = mix(mix(mix(x, 16) * 0x7FEB352D, 15) * 0x846CA68B, 16)
//   hash_rand    = uitofp(hash32(counter ^ hash32(seed)) & 0x7FFFFF) * 2^-23
//   hash_randn   = sqrt(-2 * log(1 - u1)) * cos(0x40C90FDB * u2)
//   dropout      = cmpf(u, p) ? x / (1 - p) : 0
//   splitmix64   = z ^ (z >> 31) after two mix-multiply steps

// CHECK-LABEL: func @lowbias32
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[C16:.*]] = arith.constant 16 : i32
// CHECK: %[[S1:.*]] = arith.shrui %[[X]], %[[C16]] : i32
// CHECK: %[[X1:.*]] = arith.xori %[[X]], %[[S1]] : i32
// CHECK: %[[M1:.*]] = arith.constant 2146121005 : i32
// CHECK: %[[P1:.*]] = arith.muli %[[X1]], %[[M1]] : i32
// CHECK: %[[C15:.*]] = arith.constant 15 : i32
// CHECK: %[[S2:.*]] = arith.shrui %[[P1]], %[[C15]] : i32
// CHECK: %[[X2:.*]] = arith.xori %[[P1]], %[[S2]] : i32
// CHECK: %[[M2:.*]] = arith.constant -2073254261 : i32
// CHECK: %[[P2:.*]] = arith.muli %[[X2]], %[[M2]] : i32
// CHECK: %[[S3:.*]] = arith.shrui %[[P2]], %[[C16]] : i32
// CHECK: %[[H:.*]] = arith.xori %[[P2]], %[[S3]] : i32
// CHECK: return %[[H]]
func.func @lowbias32(%x: i32) -> i32 {
  %h = rng.lowbias32 %x : i32
  return %h : i32
}

// -----

// Scalable vectors: splat constants, the same ops.
// CHECK-LABEL: func @lowbias32_scalable
// CHECK-DAG: arith.constant dense<16> : vector<[4]xi32>
// CHECK-DAG: arith.constant dense<2146121005> : vector<[4]xi32>
// CHECK: arith.shrui %{{.*}} : vector<[4]xi32>
// CHECK: arith.muli %{{.*}} : vector<[4]xi32>
// CHECK-NOT: rng.
func.func @lowbias32_scalable(%x: vector<[4]xi32>) -> vector<[4]xi32> {
  %h = rng.lowbias32 %x : vector<[4]xi32>
  return %h : vector<[4]xi32>
}

// -----

// The seed is hashed once as a scalar, then broadcast; the low 23 bits of
// the second hash become an exact f32 multiple of 2^-23 (0x34000000).
// CHECK-LABEL: func @hash_rand_scalar_seed
// CHECK-SAME: (%[[SEED:.*]]: i32, %[[COUNTER:.*]]: vector<8xi32>)
// CHECK-NOT: vector<8xi32>
// CHECK: %[[B:.*]] = vector.broadcast %{{.*}} : i32 to vector<8xi32>
// CHECK: %[[K:.*]] = arith.xori %[[COUNTER]], %[[B]] : vector<8xi32>
// CHECK: %[[MASK:.*]] = arith.constant dense<8388607> : vector<8xi32>
// CHECK: %[[BITS:.*]] = arith.andi %{{.*}}, %[[MASK]] : vector<8xi32>
// CHECK: %[[F:.*]] = arith.uitofp %[[BITS]] : vector<8xi32> to vector<8xf32>
// CHECK: %[[SCALE:.*]] = arith.constant dense<1.1920929E-7> : vector<8xf32>
// CHECK: %[[U:.*]] = arith.mulf %[[F]], %[[SCALE]] : vector<8xf32>
// CHECK: return %[[U]]
func.func @hash_rand_scalar_seed(%seed: i32, %counter: vector<8xi32>) -> vector<8xf32> {
  %u = rng.hash_rand %seed, %counter : i32, vector<8xi32>
  return %u : vector<8xf32>
}

// -----

// c = counter + counter, c + 1; 1 - u1; sqrt(-2 * log); cos(2pi * u2).
// CHECK-LABEL: func @hash_randn
// CHECK-SAME: (%[[SEED:.*]]: i32, %[[COUNTER:.*]]: i32)
// CHECK: %[[EVEN:.*]] = arith.addi %[[COUNTER]], %[[COUNTER]] : i32
// CHECK: %[[ODD:.*]] = arith.addi %[[EVEN]], %{{.*}} : i32
// CHECK: %[[U1:.*]] = arith.mulf
// CHECK: %[[U2:.*]] = arith.mulf
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[C:.*]] = arith.subf %[[ONE]], %[[U1]] : f32
// CHECK-DAG: %[[MTWO:.*]] = arith.constant -2.000000e+00 : f32
// CHECK-DAG: %[[TWOPI:.*]] = arith.constant 6.28318548 : f32
// CHECK: %[[L:.*]] = math.log %[[C]] : f32
// CHECK: %[[M:.*]] = arith.mulf %[[MTWO]], %[[L]] : f32
// CHECK: %[[R:.*]] = math.sqrt %[[M]] : f32
// CHECK: %[[T:.*]] = arith.mulf %[[TWOPI]], %[[U2]] : f32
// CHECK: %[[COS:.*]] = math.cos %[[T]] : f32
// CHECK: %[[N:.*]] = arith.mulf %[[R]], %[[COS]] : f32
// CHECK: return %[[N]]
func.func @hash_randn(%seed: i32, %counter: i32) -> f32 {
  %n = rng.hash_randn %seed, %counter : i32, i32
  return %n : f32
}

// -----

// The fast-math option marks hash_randn's math ops afn, as randn's.
// CHECK-LABEL: func @hash_randn_fast_math
// CHECK-NOT: fastmath
// CHECK: return
// RUN: rng-opt %s --convert-rng-to-arith=fast-math --split-input-file | FileCheck %s --check-prefix=FAST
// FAST-LABEL: func @hash_randn_fast_math
// FAST: math.log %{{.*}} fastmath<afn>
// FAST: math.sqrt %{{.*}} fastmath<afn>
// FAST: math.cos %{{.*}} fastmath<afn>
func.func @hash_randn_fast_math(%seed: i32, %counter: i32) -> f32 {
  %n = rng.hash_randn %seed, %counter : i32, i32
  return %n : f32
}

// -----

// Phobos' dropout: keep where u >= p; 1 - p once (scalar), then broadcast;
// one division; dropped elements are +0.
// CHECK-LABEL: func @hash_dropout
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>, %[[P:.*]]: f32, %[[SEED:.*]]: i32, %[[COUNTER:.*]]: vector<4xi32>)
// CHECK: %[[U:.*]] = arith.mulf %{{.*}} : vector<4xf32>
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[SCALE:.*]] = arith.subf %[[ONE]], %[[P]] : f32
// CHECK: %[[PS:.*]] = vector.broadcast %[[P]] : f32 to vector<4xf32>
// CHECK: %[[SCALES:.*]] = vector.broadcast %[[SCALE]] : f32 to vector<4xf32>
// CHECK: %[[KEEP:.*]] = arith.cmpf oge, %[[U]], %[[PS]] : vector<4xf32>
// CHECK: %[[Q:.*]] = arith.divf %[[X]], %[[SCALES]] : vector<4xf32>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: %[[Y:.*]] = arith.select %[[KEEP]], %[[Q]], %[[ZERO]] : vector<4xi1>, vector<4xf32>
// CHECK: return %[[Y]]
func.func @hash_dropout(%x: vector<4xf32>, %p: f32, %seed: i32, %counter: vector<4xi32>) -> vector<4xf32> {
  %y = rng.hash_dropout %x, %p, %seed, %counter : vector<4xf32>, f32, i32, vector<4xi32>
  return %y : vector<4xf32>
}

// -----

// Triton's dropout: rng.rand's Philox block and u2f, then keep where u > p.
// CHECK-LABEL: func @dropout
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>, %[[P:.*]]: vector<4xf32>, %[[SEED:.*]]: i64, %[[OFFSET:.*]]: vector<4xi32>)
// CHECK-COUNT-7: arith.mului_extended
// CHECK: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: arith.sitofp %{{.*}} : vector<4xi32> to vector<4xf32>
// CHECK: %[[U:.*]] = arith.mulf %{{.*}} : vector<4xf32>
// CHECK: %[[SCALE:.*]] = arith.subf %{{.*}}, %[[P]] : vector<4xf32>
// CHECK: %[[KEEP:.*]] = arith.cmpf ogt, %[[U]], %[[P]] : vector<4xf32>
// CHECK: %[[Q:.*]] = arith.divf %[[X]], %[[SCALE]] : vector<4xf32>
// CHECK: arith.select %[[KEEP]], %[[Q]], %{{.*}} : vector<4xi1>, vector<4xf32>
func.func @dropout(%x: vector<4xf32>, %p: vector<4xf32>, %seed: i64, %offset: vector<4xi32>) -> vector<4xf32> {
  %y = rng.dropout %x, %p, %seed, %offset rounds 4 : vector<4xf32>, vector<4xf32>, i64, vector<4xi32>
  return %y : vector<4xf32>
}

// -----

// Scalar seed and offset beside a vector x: one draw, broadcast.
// CHECK-LABEL: func @dropout_scalar_draw
// CHECK: arith.mulf %{{.*}} : f32
// CHECK: %[[PS:.*]] = vector.broadcast %{{.*}} : f32 to vector<[4]xf32>
// CHECK: vector.broadcast %{{.*}} : f32 to vector<[4]xf32>
// CHECK: %[[U:.*]] = vector.broadcast %{{.*}} : f32 to vector<[4]xf32>
// CHECK: arith.cmpf ogt, %[[U]], %[[PS]] : vector<[4]xf32>
// CHECK-NOT: rng.
func.func @dropout_scalar_draw(%x: vector<[4]xf32>, %p: f32, %seed: i32, %offset: i32) -> vector<[4]xf32> {
  %y = rng.dropout %x, %p, %seed, %offset : vector<[4]xf32>, f32, i32, i32
  return %y : vector<[4]xf32>
}

// -----

// A per-lane seed beside a scalar offset: the offset is broadcast so the
// Philox counter carries the shape.
// CHECK-LABEL: func @dropout_lane_seeds
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>, %[[P:.*]]: f32, %[[SEED:.*]]: vector<4xi32>, %[[OFFSET:.*]]: i64)
// CHECK: vector.broadcast %[[OFFSET]] : i64 to vector<4xi64>
// CHECK: arith.cmpf ogt
// CHECK-NOT: rng.
func.func @dropout_lane_seeds(%x: vector<4xf32>, %p: f32, %seed: vector<4xi32>, %offset: i64) -> vector<4xf32> {
  %y = rng.dropout %x, %p, %seed, %offset : vector<4xf32>, f32, vector<4xi32>, i64
  return %y : vector<4xf32>
}

// -----

// CHECK-LABEL: func @splitmix64
// CHECK-SAME: (%[[X:.*]]: i64)
// CHECK: %[[G:.*]] = arith.constant -7046029254386353131 : i64
// CHECK: %[[Z:.*]] = arith.addi %[[X]], %[[G]] : i64
// CHECK: arith.shrui %[[Z]], %{{.*}} : i64
// CHECK: arith.constant -4658895280553007687 : i64
// CHECK: arith.muli
// CHECK: arith.constant -7723592293110705685 : i64
// CHECK: arith.muli
// CHECK: arith.shrui
// CHECK: %[[R:.*]] = arith.xori
// CHECK: return %[[R]]
func.func @splitmix64(%x: i64) -> i64 {
  %z = rng.splitmix64 %x : i64
  return %z : i64
}

// -----

// Scalable vectors with a scalar seed: the seed's hash is broadcast, the
// math ops take the scalable vector as is.
// CHECK-LABEL: func @hash_randn_scalable
// CHECK: vector.broadcast %{{.*}} : i32 to vector<[8]xi32>
// CHECK: math.log %{{.*}} : vector<[8]xf32>
// CHECK: math.cos %{{.*}} : vector<[8]xf32>
// CHECK: arith.muli %{{.*}} : vector<[2]xi64>
// CHECK-NOT: rng.
func.func @hash_randn_scalable(%seed: i32, %counter: vector<[8]xi32>, %state: vector<[2]xi64>)
    -> (vector<[8]xf32>, vector<[2]xi64>) {
  %n = rng.hash_randn %seed, %counter : i32, vector<[8]xi32>
  %s = rng.splitmix64 %state : vector<[2]xi64>
  return %n, %s : vector<[8]xf32>, vector<[2]xi64>
}
