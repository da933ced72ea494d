// RUN: rng-opt %s --convert-rng-to-arith --split-input-file | FileCheck %s
// RUN: rng-test-opt %s --test-rng-lower-greedily=branch-on-rare-inputs=true \
// RUN:   --split-input-file | FileCheck %s --check-prefix=BRANCH

// A draw group (PyTorch samplers at e + c S, c < 4) builds one Philox block
// (20 arith.mului_extended) where its leader's draw provably starts at e
// (component 0): e is a sum through `arith.addi` with `nuw` of multiples of
// 4 S (`nuw` products) and of terms whose ranges add up below S. Elsewhere
// it also builds the next block (40), and on SIMT targets branches on the
// component (scf.if). The aligned leader's thread and iteration are read off
// the index's terms: no division (the multiple k 4 S divided by 4 S is k).
// A member's index e + c S must provably not wrap (`nuw`, or ranges).

// CHECK-LABEL: func @constant_s
// CHECK-NOT: arith.divui
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
// BRANCH-LABEL: func @constant_s
// BRANCH-NOT: scf.if {{.*}} -> (f32, f32, f32, f32)
// BRANCH: return
func.func @constant_s(%seed: i64, %offset: i64, %x: i64, %k: i64) -> (f32, f32, f32, f32) {
  %s = arith.constant 768 : i64
  %c4 = arith.constant 4 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %t = arith.remui %x, %s : i64
  %k4 = arith.muli %k, %c4 overflow<nuw> : i64
  %p = arith.muli %k4, %s overflow<nuw> : i64
  %e = arith.addi %p, %t overflow<nuw> : i64
  %c1 = arith.constant 768 : i64
  %c2 = arith.constant 1536 : i64
  %c3 = arith.constant 2304 : i64
  %e1 = arith.addi %e, %c1 overflow<nuw> : i64
  %e2 = arith.addi %e, %c2 overflow<nuw> : i64
  %e3 = arith.addi %e, %c3 overflow<nuw> : i64
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u2 = rng.torch_uniform %seed, %offset, %s, %e2, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u3 = rng.torch_uniform %seed, %offset, %s, %e3, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  return %u0, %u1, %u2, %u3 : f32, f32, f32, f32
}

// -----

// Any S: the thread as arith.remui by S, the iteration's base a `nuw`
// product of S and a multiple of 4 (a shift by 2); the sum in either order.
// CHECK-LABEL: func @runtime_s
// CHECK-NOT: arith.divui
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
// BRANCH-LABEL: func @runtime_s
// BRANCH-NOT: scf.if {{.*}} -> (f32, f32)
// BRANCH: return
func.func @runtime_s(%seed: i64, %offset: i64, %s: i64, %x: i64, %k: i64) -> (f32, f32) {
  %c2 = arith.constant 2 : i64
  %m0 = arith.constant 0.0 : f32
  %sd = arith.constant 1.0 : f32
  %t = arith.remui %x, %s : i64
  %k4 = arith.shli %k, %c2 overflow<nuw> : i64
  %p = arith.muli %s, %k4 overflow<nuw> : i64
  %e = arith.addi %t, %p overflow<nuw> : i64
  %e1 = arith.addi %e, %s overflow<nuw> : i64
  %g0 = rng.torch_normal %seed, %offset, %s, %e, %m0, %sd : (i64, i64, i64, i64, f32, f32) -> f32
  %g1 = rng.torch_normal %seed, %offset, %s, %e1, %m0, %sd : (i64, i64, i64, i64, f32, f32) -> f32
  return %g0, %g1 : f32, f32
}

// -----

// A kernel of S threads in PyTorch's structure: thread g < S (the global
// id's upper bound) draws g + 4 k S and the three elements S apart.
// CHECK-LABEL: gpu.func @kernel
// CHECK-NOT: arith.divui
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @kernel(%seed: i64, %offset: i64, %k: i64, %out: memref<?xf32>) kernel {
    %s = arith.constant 270336 : i64
    %c4 = arith.constant 4 : i64
    %lo = arith.constant 0.0 : f32
    %hi = arith.constant 1.0 : f32
    %i = gpu.global_id x upper_bound 270336
    %g = arith.index_cast %i : index to i64
    %k4 = arith.muli %k, %c4 overflow<nuw> : i64
    %p = arith.muli %k4, %s overflow<nuw> : i64
    %e = arith.addi %p, %g overflow<nuw> : i64
    %e1 = arith.addi %e, %s overflow<nuw> : i64
    %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
    %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
    memref.store %u0, %out[%i] : memref<?xf32>
    memref.store %u1, %out[%i] : memref<?xf32>
    gpu.return
  }
}

// -----

// Not provable: without `nuw` the sum may wrap.
// CHECK-LABEL: func @wrapping
// CHECK-COUNT-40: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// BRANCH-LABEL: func @wrapping
// BRANCH: scf.if {{.*}} -> (f32, f32)
func.func @wrapping(%seed: i64, %offset: i64, %x: i64, %k: i64) -> (f32, f32) {
  %s = arith.constant 768 : i64
  %c4 = arith.constant 4 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %t = arith.remui %x, %s : i64
  %k4 = arith.muli %k, %c4 overflow<nuw> : i64
  %p = arith.muli %k4, %s overflow<nuw> : i64
  %e = arith.addi %p, %t : i64
  %e1 = arith.addi %e, %s overflow<nuw> : i64
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  return %u0, %u1 : f32, f32
}

// -----

// Not provable: t + 1 may be S (the range [1, 768]).
// CHECK-LABEL: func @past_s
// CHECK-COUNT-40: arith.mului_extended
// CHECK-NOT: arith.mului_extended
func.func @past_s(%seed: i64, %offset: i64, %x: i64, %k: i64) -> (f32, f32) {
  %s = arith.constant 768 : i64
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %t = arith.remui %x, %s : i64
  %k4 = arith.muli %k, %c4 overflow<nuw> : i64
  %p = arith.muli %k4, %s overflow<nuw> : i64
  %b = arith.addi %p, %t overflow<nuw> : i64
  %e = arith.addi %b, %c1 overflow<nuw> : i64
  %e1 = arith.addi %e, %s overflow<nuw> : i64
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  return %u0, %u1 : f32, f32
}

// -----

// Not provable: the base is a multiple of 2 S, not of 4 S.
// CHECK-LABEL: func @half_period
// CHECK-COUNT-40: arith.mului_extended
// CHECK-NOT: arith.mului_extended
func.func @half_period(%seed: i64, %offset: i64, %s: i64, %x: i64, %k: i64) -> (f32, f32) {
  %c2 = arith.constant 2 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %t = arith.remui %x, %s : i64
  %k2 = arith.muli %k, %c2 overflow<nuw> : i64
  %p = arith.muli %k2, %s overflow<nuw> : i64
  %e = arith.addi %p, %t overflow<nuw> : i64
  %e1 = arith.addi %e, %s overflow<nuw> : i64
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  return %u0, %u1 : f32, f32
}

// -----

// Every term a multiple of S: aligned only where threads is provably not 0
// (a threads of 0 at run time is read as S = 1, and e + S is then e itself,
// not the next component). Unproved: the group keeps the next block and the
// branch's fast side also requires threads != 0.
// CHECK-LABEL: func @multiple_only
// CHECK-COUNT-40: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// BRANCH-LABEL: func @multiple_only(
// BRANCH-SAME: %{{[^:]*}}: i64, %{{[^:]*}}: i64, %[[S:[^:]*]]: i64
// BRANCH: %[[NONZERO:.*]] = arith.cmpi ne, %[[S]], %{{.*}} : i64
// BRANCH: %[[FAST:.*]] = arith.andi %{{.*}}, %[[NONZERO]] : i1
// BRANCH: scf.if %[[FAST]] -> (f32, f32)
func.func @multiple_only(%seed: i64, %offset: i64, %s: i64, %k: i64) -> (f32, f32) {
  %c4 = arith.constant 4 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %k4 = arith.muli %k, %c4 overflow<nuw> : i64
  %e = arith.muli %k4, %s overflow<nuw> : i64
  %e1 = arith.addi %e, %s overflow<nuw> : i64
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  return %u0, %u1 : f32, f32
}

// -----

// Proved: threads at least 1 by its range (arith.maxui with 1).
// CHECK-LABEL: func @multiple_only_nonzero
// CHECK-NOT: arith.divui
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// BRANCH-LABEL: func @multiple_only_nonzero
// BRANCH-NOT: scf.if {{.*}} -> (f32, f32)
// BRANCH: return
func.func @multiple_only_nonzero(%seed: i64, %offset: i64, %n: i64, %k: i64) -> (f32, f32) {
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %s = arith.maxui %n, %c1 : i64
  %k4 = arith.muli %k, %c4 overflow<nuw> : i64
  %e = arith.muli %k4, %s overflow<nuw> : i64
  %e1 = arith.addi %e, %s overflow<nuw> : i64
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  return %u0, %u1 : f32, f32
}

// -----

// Vectors: the lanes' indices as a broadcast base plus a constant step,
// the members S apart through vector.broadcast (of S, of 2 S) and a splat
// constant times a broadcast S: one block for the group, no division.
// CHECK-LABEL: func @vector_lanes
// CHECK-NOT: arith.divui
// CHECK-COUNT-20: arith.mului_extended {{.*}} : vector<8xi32>
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @vector_lanes(%seed: i64, %offset: i64, %x: i64, %k: i64) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %s = arith.constant 768 : i64
  %c4 = arith.constant 4 : i64
  %c2 = arith.constant 2 : i64
  %c8 = arith.constant 8 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %lanes = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi64>
  %two = arith.constant dense<2> : vector<8xi64>
  %c96 = arith.constant 96 : i64
  %q = arith.remui %x, %c96 : i64
  %t = arith.muli %q, %c8 overflow<nuw> : i64
  %k4 = arith.muli %k, %c4 overflow<nuw> : i64
  %p = arith.muli %k4, %s overflow<nuw> : i64
  %b = arith.addi %p, %t overflow<nuw> : i64
  %bv = vector.broadcast %b : i64 to vector<8xi64>
  %e = arith.addi %bv, %lanes overflow<nuw> : vector<8xi64>
  %sv = vector.broadcast %s : i64 to vector<8xi64>
  %e1 = arith.addi %e, %sv overflow<nuw> : vector<8xi64>
  %s2 = arith.muli %sv, %two : vector<8xi64>
  %e2 = arith.addi %e, %s2 overflow<nuw> : vector<8xi64>
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, vector<8xi64>, f32, f32) -> vector<8xf32>
  %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, vector<8xi64>, f32, f32) -> vector<8xf32>
  %u2 = rng.torch_uniform %seed, %offset, %s, %e2, %lo, %hi : (i64, i64, i64, vector<8xi64>, f32, f32) -> vector<8xf32>
  return %u0, %u1, %u2 : vector<8xf32>, vector<8xf32>, vector<8xf32>
}

// -----

// Vectors not provably aligned (any lane's index): the group still shares
// the leader's block and the next one (40, not 20 per op).
// CHECK-LABEL: func @vector_group
// CHECK-COUNT-40: arith.mului_extended {{.*}} : vector<8xi32>
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @vector_group(%seed: i64, %offset: i64, %s: i64, %e: vector<8xi64>) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %c3 = arith.constant 3 : i64
  %sv = vector.broadcast %s : i64 to vector<8xi64>
  %s3 = arith.muli %c3, %s overflow<nuw> : i64
  %s3v = vector.broadcast %s3 : i64 to vector<8xi64>
  %e1 = arith.addi %e, %sv overflow<nuw> : vector<8xi64>
  %e3 = arith.addi %s3v, %e overflow<nuw> : vector<8xi64>
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, vector<8xi64>, f32, f32) -> vector<8xf32>
  %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, vector<8xi64>, f32, f32) -> vector<8xf32>
  %u3 = rng.torch_uniform %seed, %offset, %s, %e3, %lo, %hi : (i64, i64, i64, vector<8xi64>, f32, f32) -> vector<8xf32>
  return %u0, %u1, %u3 : vector<8xf32>, vector<8xf32>, vector<8xf32>
}

// -----

// A loop's induction variable has its bounds' range: threads t in
// [0, 768) step 1 (the last value 767) is below S; up to 769 it is not.
// CHECK-LABEL: func @loop_threads
// CHECK-NOT: arith.divui
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
// CHECK-LABEL: func @loop_threads_past_s
// CHECK-COUNT-40: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @loop_threads(%seed: i64, %offset: i64, %k: i64, %out: memref<?xf32>) {
  %s = arith.constant 768 : i64
  %c4 = arith.constant 4 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 768 : index
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %k4 = arith.muli %k, %c4 overflow<nuw> : i64
  %p = arith.muli %k4, %s overflow<nuw> : i64
  scf.for %i = %c0 to %ub step %c1 {
    %t = arith.index_cast %i : index to i64
    %e = arith.addi %p, %t overflow<nuw> : i64
    %e1 = arith.addi %e, %s overflow<nuw> : i64
    %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
    %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
    memref.store %u0, %out[%i] : memref<?xf32>
    memref.store %u1, %out[%i] : memref<?xf32>
  }
  return
}
func.func @loop_threads_past_s(%seed: i64, %offset: i64, %k: i64, %out: memref<?xf32>) {
  %s = arith.constant 768 : i64
  %c4 = arith.constant 4 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.constant 769 : index
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %k4 = arith.muli %k, %c4 overflow<nuw> : i64
  %p = arith.muli %k4, %s overflow<nuw> : i64
  scf.for %i = %c0 to %ub step %c1 {
    %t = arith.index_cast %i : index to i64
    %e = arith.addi %p, %t overflow<nuw> : i64
    %e1 = arith.addi %e, %s overflow<nuw> : i64
    %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
    %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
    memref.store %u0, %out[%i] : memref<?xf32>
    memref.store %u1, %out[%i] : memref<?xf32>
  }
  return
}

// -----

// A member whose index may wrap past 2^64 (no `nuw`, the base's range
// unbounded) is no member: e + S wrapped is not one component on. It is
// lowered alone (its own division), the leader still aligned.
// CHECK-LABEL: func @member_may_wrap
// CHECK-NOT: arith.divui
// CHECK-COUNT-20: arith.mului_extended
// CHECK: arith.divui
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
func.func @member_may_wrap(%seed: i64, %offset: i64, %x: i64, %k: i64) -> (f32, f32) {
  %s = arith.constant 768 : i64
  %c4 = arith.constant 4 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %t = arith.remui %x, %s : i64
  %k4 = arith.muli %k, %c4 overflow<nuw> : i64
  %p = arith.muli %k4, %s overflow<nuw> : i64
  %e = arith.addi %p, %t overflow<nuw> : i64
  %e1 = arith.addi %e, %s : i64
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  return %u0, %u1 : f32, f32
}

// -----

// Without `nuw`, ranges that keep e + c S below 2^64 make a member.
// CHECK-LABEL: func @member_in_range
// CHECK-NOT: arith.divui
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
func.func @member_in_range(%seed: i64, %offset: i64, %x: i64) -> (f32, f32) {
  %s = arith.constant 768 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %e = arith.remui %x, %s : i64
  %e1 = arith.addi %e, %s : i64
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  return %u0, %u1 : f32, f32
}

// -----

// The member offset c * threads must be exact too: a `muli` without `nuw`
// may wrap (threads 2^63 times 2 is 0, e + 0 the leader's own element), so
// only the range of threads or `nuw` on the product makes a member. Not a
// member: each op divides its own index; a member: one division.
// CHECK-LABEL: func @member_product_may_wrap
// CHECK-COUNT-2: arith.divui
// CHECK-LABEL: func @member_product_nuw
// CHECK: arith.divui
// CHECK-NOT: arith.divui
// CHECK: return
func.func @member_product_may_wrap(%seed: i64, %offset: i64, %s: i64, %e: i64) -> (f32, f32) {
  %c2 = arith.constant 2 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %s2 = arith.muli %s, %c2 : i64
  %e2 = arith.addi %e, %s2 overflow<nuw> : i64
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u2 = rng.torch_uniform %seed, %offset, %s, %e2, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  return %u0, %u2 : f32, f32
}
func.func @member_product_nuw(%seed: i64, %offset: i64, %s: i64, %e: i64) -> (f32, f32) {
  %c2 = arith.constant 2 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %s2 = arith.muli %s, %c2 overflow<nuw> : i64
  %e2 = arith.addi %e, %s2 overflow<nuw> : i64
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u2 = rng.torch_uniform %seed, %offset, %s, %e2, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  return %u0, %u2 : f32, f32
}

// -----

// A scalar index may serve ops of several shapes (scalars beside shaped
// bounds); a group shares its leader's words, so it holds one shape: the
// vector op is lowered alone.
// CHECK-LABEL: func @mixed_shapes
// CHECK-COUNT-20: arith.mului_extended {{.*}} : i32
// CHECK-COUNT-20: arith.mului_extended {{.*}} : vector<4xi32>
// CHECK: return
func.func @mixed_shapes(%seed: i64, %offset: i64, %x: i64, %lov: vector<4xf32>, %hiv: vector<4xf32>) -> (f32, vector<4xf32>) {
  %s = arith.constant 768 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %e = arith.remui %x, %s : i64
  %e1 = arith.addi %e, %s overflow<nuw> : i64
  %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
  %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lov, %hiv : (i64, i64, i64, i64, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return %u0, %u1 : f32, vector<4xf32>
}

// -----

// Any loop (LoopLikeOpInterface) with one induction variable: scf.forall
// over [0, 768) proves t < S; a step of unknown sign proves nothing.
// CHECK-LABEL: func @forall_threads
// CHECK-NOT: arith.divui
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
// CHECK-LABEL: func @loop_unknown_step
// CHECK-COUNT-40: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @forall_threads(%seed: i64, %offset: i64, %k: i64, %out: memref<?xf32>) {
  %s = arith.constant 768 : i64
  %c4 = arith.constant 4 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %k4 = arith.muli %k, %c4 overflow<nuw> : i64
  %p = arith.muli %k4, %s overflow<nuw> : i64
  scf.forall (%i) in (768) {
    %t = arith.index_cast %i : index to i64
    %e = arith.addi %p, %t overflow<nuw> : i64
    %e1 = arith.addi %e, %s overflow<nuw> : i64
    %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
    %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
    memref.store %u0, %out[%i] : memref<?xf32>
    memref.store %u1, %out[%i] : memref<?xf32>
  }
  return
}
func.func @loop_unknown_step(%seed: i64, %offset: i64, %k: i64, %step: index, %out: memref<?xf32>) {
  %s = arith.constant 768 : i64
  %c4 = arith.constant 4 : i64
  %c0 = arith.constant 0 : index
  %ub = arith.constant 768 : index
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %k4 = arith.muli %k, %c4 overflow<nuw> : i64
  %p = arith.muli %k4, %s overflow<nuw> : i64
  scf.for %i = %c0 to %ub step %step {
    %t = arith.index_cast %i : index to i64
    %e = arith.addi %p, %t overflow<nuw> : i64
    %e1 = arith.addi %e, %s overflow<nuw> : i64
    %u0 = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
    %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
    memref.store %u0, %out[%i] : memref<?xf32>
    memref.store %u1, %out[%i] : memref<?xf32>
  }
  return
}
