// RUN: rng-opt %s --split-input-file --convert-rng-to-arith | FileCheck %s
// RUN: rng-test-opt %s --split-input-file --test-rng-lower-greedily=top-down=false | FileCheck %s
// RUN: rng-test-opt %s --split-input-file --test-rng-lower-greedily=top-down=true | FileCheck %s

// The Philox sharing of triton-random-share.mlir under both pattern
// drivers: the conversion driver (convert-rng-to-arith) and the greedy one,
// bottom-up (later ops are visited first and wait for the op that dominates
// them) and top-down. Either way the first op in program order builds one
// block (20 arith.mului_extended at 10 rounds) for every op with its seed,
// offset and rounds that it dominates. Every word of each block is used, so
// that the greedy driver's dead-code removal keeps all 20 products.

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
func.func @dominating_op_shared_by_branches(%cond: i1, %seed: i64, %offset: i32) -> (i32, i32, i32, i32, f32) {
  %w:4 = rng.randint4x %seed, %offset : i64, i32
  %r = scf.if %cond -> f32 {
    %u = rng.rand %seed, %offset : i64, i32
    scf.yield %u : f32
  } else {
    %n = rng.randn %seed, %offset : i64, i32
    scf.yield %n : f32
  }
  return %w#0, %w#1, %w#2, %w#3, %r : i32, i32, i32, i32, f32
}

// -----

// Ops in the two branches and after the scf.if: none dominates another, so
// each builds its own block.
// CHECK-LABEL: func @negative_no_dominance
// CHECK-COUNT-60: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @negative_no_dominance(%cond: i1, %seed: i64, %offset: i32) -> (i32, i32, i32, i32, i32) {
  %r = scf.if %cond -> i32 {
    %a:4 = rng.randint4x %seed, %offset : i64, i32
    %s = arith.xori %a#0, %a#1 : i32
    %t = arith.xori %a#2, %a#3 : i32
    %v = arith.xori %s, %t : i32
    scf.yield %v : i32
  } else {
    %b:4 = rng.randint4x %seed, %offset : i64, i32
    %s = arith.xori %b#0, %b#1 : i32
    %t = arith.xori %b#2, %b#3 : i32
    %v = arith.xori %s, %t : i32
    scf.yield %v : i32
  }
  %w:4 = rng.randint4x %seed, %offset : i64, i32
  return %w#0, %w#1, %w#2, %w#3, %r : i32, i32, i32, i32, i32
}
