// RUN: rng-opt %s --canonicalize | FileCheck %s

// rng.threefry_2x32 folds to Random123's known answers
// (test/vectors/threefry_jax_xla.txt: rounds, x0 x1, k0 k1 -> y0 y1), and
// the JAX samplers fold on constants: jax.random.uniform of key(0) at index 0
// is 0.947667 (JAX's documentation).

// CHECK-LABEL: func @kat0
// CHECK-DAG: %[[Y0:.*]] = arith.constant -1659085114 : i32
// CHECK-DAG: %[[Y1:.*]] = arith.constant -1948973263 : i32
// CHECK: return %[[Y0]], %[[Y1]]
func.func @kat0() -> (i32, i32) {
  %x0 = arith.constant 0 : i32
  %x1 = arith.constant 0 : i32
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 0 : i32
  %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 rounds 13 : i32, i32
  return %y#0, %y#1 : i32, i32
}

// CHECK-LABEL: func @kat1
// CHECK-DAG: %[[Y0:.*]] = arith.constant -46739384 : i32
// CHECK-DAG: %[[Y1:.*]] = arith.constant 756492076 : i32
// CHECK: return %[[Y0]], %[[Y1]]
func.func @kat1() -> (i32, i32) {
  %x0 = arith.constant -1 : i32
  %x1 = arith.constant -1 : i32
  %k0 = arith.constant -1 : i32
  %k1 = arith.constant -1 : i32
  %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 rounds 13 : i32, i32
  return %y#0, %y#1 : i32, i32
}

// CHECK-LABEL: func @kat2
// CHECK-DAG: %[[Y0:.*]] = arith.constant -1170323675 : i32
// CHECK-DAG: %[[Y1:.*]] = arith.constant -226662754 : i32
// CHECK: return %[[Y0]], %[[Y1]]
func.func @kat2() -> (i32, i32) {
  %x0 = arith.constant 608135816 : i32
  %x1 = arith.constant -2052912941 : i32
  %k0 = arith.constant 320440878 : i32
  %k1 = arith.constant 57701188 : i32
  %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 rounds 13 : i32, i32
  return %y#0, %y#1 : i32, i32
}

// CHECK-LABEL: func @kat3
// CHECK-DAG: %[[Y0:.*]] = arith.constant 1797259609 : i32
// CHECK-DAG: %[[Y1:.*]] = arith.constant -1715843330 : i32
// CHECK: return %[[Y0]], %[[Y1]]
func.func @kat3() -> (i32, i32) {
  %x0 = arith.constant 0 : i32
  %x1 = arith.constant 0 : i32
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 0 : i32
  %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 rounds 20 : i32, i32
  return %y#0, %y#1 : i32, i32
}

// CHECK-LABEL: func @kat4
// CHECK-DAG: %[[Y0:.*]] = arith.constant 481924860 : i32
// CHECK-DAG: %[[Y1:.*]] = arith.constant -1157616665 : i32
// CHECK: return %[[Y0]], %[[Y1]]
func.func @kat4() -> (i32, i32) {
  %x0 = arith.constant -1 : i32
  %x1 = arith.constant -1 : i32
  %k0 = arith.constant -1 : i32
  %k1 = arith.constant -1 : i32
  %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 rounds 20 : i32, i32
  return %y#0, %y#1 : i32, i32
}

// CHECK-LABEL: func @kat5
// CHECK-DAG: %[[Y0:.*]] = arith.constant -997049700 : i32
// CHECK-DAG: %[[Y1:.*]] = arith.constant 1212020640 : i32
// CHECK: return %[[Y0]], %[[Y1]]
func.func @kat5() -> (i32, i32) {
  %x0 = arith.constant 608135816 : i32
  %x1 = arith.constant -2052912941 : i32
  %k0 = arith.constant 320440878 : i32
  %k1 = arith.constant 57701188 : i32
  %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 rounds 20 : i32, i32
  return %y#0, %y#1 : i32, i32
}

// CHECK-LABEL: func @kat6
// CHECK-DAG: %[[Y0:.*]] = arith.constant -823929730 : i32
// CHECK-DAG: %[[Y1:.*]] = arith.constant -1572995748 : i32
// CHECK: return %[[Y0]], %[[Y1]]
func.func @kat6() -> (i32, i32) {
  %x0 = arith.constant 0 : i32
  %x1 = arith.constant 0 : i32
  %k0 = arith.constant 0 : i32
  %k1 = arith.constant 0 : i32
  %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 rounds 32 : i32, i32
  return %y#0, %y#1 : i32, i32
}

// CHECK-LABEL: func @kat7
// CHECK-DAG: %[[Y0:.*]] = arith.constant 1848631504 : i32
// CHECK-DAG: %[[Y1:.*]] = arith.constant -1313378430 : i32
// CHECK: return %[[Y0]], %[[Y1]]
func.func @kat7() -> (i32, i32) {
  %x0 = arith.constant -1 : i32
  %x1 = arith.constant -1 : i32
  %k0 = arith.constant -1 : i32
  %k1 = arith.constant -1 : i32
  %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 rounds 32 : i32, i32
  return %y#0, %y#1 : i32, i32
}

// CHECK-LABEL: func @kat8
// CHECK-DAG: %[[Y0:.*]] = arith.constant -494766314 : i32
// CHECK-DAG: %[[Y1:.*]] = arith.constant -1010803489 : i32
// CHECK: return %[[Y0]], %[[Y1]]
func.func @kat8() -> (i32, i32) {
  %x0 = arith.constant 608135816 : i32
  %x1 = arith.constant -2052912941 : i32
  %k0 = arith.constant 320440878 : i32
  %k1 = arith.constant 57701188 : i32
  %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 rounds 32 : i32, i32
  return %y#0, %y#1 : i32, i32
}

// JAX prints 0.947667; the exact f32 is the mantissa fill of
// 0x6b200159 ^ 0x99ba4efe: 0x3f729a4e.
// CHECK-LABEL: func @uniform_key0
// CHECK: arith.constant 1064475214 : i32
func.func @uniform_key0() -> i32 {
  %z = arith.constant 0 : i32
  %i = arith.constant 0 : i64
  %u = rng.jax_uniform %z, %z, %i : i32, i64 -> f32
  %b = arith.bitcast %u : f32 to i32
  return %b : i32
}

// Splats fold to splats, a vector of indices element by element; the fold of
// rows of split equals the fold of fold_in.
// CHECK-LABEL: func @split_rows
// CHECK-DAG: %[[A:.*]] = arith.constant dense<[{{.*}}]> : vector<2xi32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<[{{.*}}]> : vector<2xi32>
// CHECK: return %[[A]], %[[B]], %[[A]], %[[B]]
func.func @split_rows() -> (vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>) {
  %z = arith.constant 0 : i32
  %rows = arith.constant dense<[0, 1]> : vector<2xi32>
  %k:2 = rng.jax_fold_in %z, %z, %rows : i32, vector<2xi32>
  %rows64 = arith.constant dense<[0, 1]> : vector<2xi64>
  %kk:2 = rng.jax_fold_in %z, %z, %rows64 : i32, vector<2xi64>
  return %k#0, %k#1, %kk#0, %kk#1 : vector<2xi32>, vector<2xi32>, vector<2xi32>, vector<2xi32>
}

// Folding is bounded: a non-splat constant of more than 65536 elements is
// left to the lowering; splats of any size fold.
// CHECK-LABEL: func @bounded
// CHECK: rng.jax_bits
// CHECK-NOT: rng.
// CHECK: return
func.func @bounded(%big: vector<65537xi64>) -> (vector<65537xi32>, vector<[4]xf32>) {
  %z = arith.constant 0 : i32
  %i = arith.constant dense<0> : vector<[4]xi64>
  %b = rng.jax_bits %z, %z, %big : i32, vector<65537xi64> -> vector<65537xi32>
  %u = rng.jax_uniform %z, %z, %i : i32, vector<[4]xi64> -> vector<[4]xf32>
  return %b, %u : vector<65537xi32>, vector<[4]xf32>
}

// The normal does not fold (its log1p and sqrt are the target's).
// CHECK-LABEL: func @normal
// CHECK: rng.jax_normal
func.func @normal() -> f32 {
  %z = arith.constant 0 : i32
  %n = rng.jax_normal %z, %z, %z : i32, i32
  return %n : f32
}
