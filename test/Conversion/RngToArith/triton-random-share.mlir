// RUN: rng-opt %s --convert-rng-to-arith --split-input-file | FileCheck %s

// convert-rng-to-arith itself (no canonicalize, no cse) builds one Philox
// block (20 arith.mului_extended at 10 rounds) per (seed, offset, rounds)
// wherever an earlier op with the same operands dominates.

// CHECK-LABEL: func @all_ops_one_block
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @all_ops_one_block(%seed: i32, %offset: vector<4xi64>) -> (vector<4xi32>, vector<4xi32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %w = rng.randint %seed, %offset : i32, vector<4xi64>
  %x:4 = rng.randint4x %seed, %offset : i32, vector<4xi64>
  %u = rng.rand %seed, %offset : i32, vector<4xi64>
  %v:4 = rng.rand4x %seed, %offset : i32, vector<4xi64>
  %n = rng.randn %seed, %offset : i32, vector<4xi64>
  %m:4 = rng.randn4x %seed, %offset : i32, vector<4xi64>
  return %w, %x#1, %u, %v#2, %n, %m#3 : vector<4xi32>, vector<4xi32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
}

// -----

// An op before an scf.if dominates the ops in both branches: one block.
// CHECK-LABEL: func @dominating_op_shared_by_branches
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @dominating_op_shared_by_branches(%cond: i1, %seed: i64, %offset: i32) -> (i32, f32) {
  %w = rng.randint %seed, %offset : i64, i32
  %r = scf.if %cond -> f32 {
    %u = rng.rand %seed, %offset : i64, i32
    scf.yield %u : f32
  } else {
    %n = rng.randn %seed, %offset : i64, i32
    scf.yield %n : f32
  }
  return %w, %r : i32, f32
}

// -----

// Ops in the two branches and after the scf.if: none dominates another, so
// each builds its own block.
// CHECK-LABEL: func @negative_no_dominance
// CHECK-COUNT-60: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @negative_no_dominance(%cond: i1, %seed: i64, %offset: i32) -> (i32, f32) {
  %r = scf.if %cond -> f32 {
    %u = rng.rand %seed, %offset : i64, i32
    scf.yield %u : f32
  } else {
    %n = rng.randn %seed, %offset : i64, i32
    scf.yield %n : f32
  }
  %w = rng.randint %seed, %offset : i64, i32
  return %w, %r : i32, f32
}

// -----

// Distinct operands or round counts: one block each (rounds 10 + 7 + 10).
// CHECK-LABEL: func @negative_distinct_operands
// CHECK-COUNT-54: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @negative_distinct_operands(%seed: i32, %offset: i32, %other: i32) -> (f32, f32, f32) {
  %u = rng.rand %seed, %offset : i32, i32
  %v = rng.rand %seed, %offset rounds 7 : i32, i32
  %w = rng.rand %seed, %other : i32, i32
  return %u, %v, %w : f32, f32, f32
}
