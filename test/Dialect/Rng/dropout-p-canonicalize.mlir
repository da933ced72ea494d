// RUN: rng-opt %s --canonicalize --split-input-file | FileCheck %s
// RUN: rng-opt %s --canonicalize --split-input-file --rng-to-llvm \
// RUN:   | FileCheck %s --check-prefix=LLVM --implicit-check-not=rng.

// SPEC §6: the dropout verifiers check types only, never the op that
// defines p. So canonicalization that folds p = 0.5 + 0.5 into the constant
// 1.0 keeps the IR valid, and it lowers (rng-to-llvm afterwards). p = 1
// drops every element and p < 0 keeps every element, scaled by 1 / (1 - p):
// with constant operands the folders say so.

// CHECK-LABEL: func @p_folds_to_one
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>, %[[SEED:.*]]: i32, %[[COUNTERS:.*]]: vector<4xi32>)
// CHECK: %[[P:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: rng.hash_dropout %[[X]], %[[P]], %[[SEED]], %[[COUNTERS]]
// CHECK: rng.dropout %[[X]], %[[P]], %[[SEED]], %[[COUNTERS]]
// LLVM-LABEL: llvm.func @p_folds_to_one
// LLVM: llvm.return
func.func @p_folds_to_one(%x: vector<4xf32>, %seed: i32, %counters: vector<4xi32>)
    -> (vector<4xf32>, vector<4xf32>) {
  %half = arith.constant 0.5 : f32
  %p = arith.addf %half, %half : f32
  %y = rng.hash_dropout %x, %p, %seed, %counters : vector<4xf32>, f32, i32, vector<4xi32>
  %z = rng.dropout %x, %p, %seed, %counters : vector<4xf32>, f32, i32, vector<4xi32>
  return %y, %z : vector<4xf32>, vector<4xf32>
}

// -----

// x = 3, seed 7 (hash_dropout) and 123 (dropout), counters 0..3: p = 1
// drops all four; p = -0.5 + 0.25 = -0.25 keeps all four as
// 3 / (1 - -0.25) = 3 / 1.25 = 2.4 (0x4019999A).
// CHECK-LABEL: func @p_outside_fold
// CHECK-DAG: %[[DROPPED:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-DAG: %[[KEPT:.*]] = arith.constant dense<2.400000e+00> : vector<4xf32>
// CHECK-NOT: rng.
// CHECK: return %[[DROPPED]], %[[DROPPED]], %[[KEPT]], %[[KEPT]]
func.func @p_outside_fold() -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %x = arith.constant dense<3.0> : vector<4xf32>
  %half = arith.constant 0.5 : f32
  %quarter = arith.constant 0.25 : f32
  %minus_half = arith.constant -0.5 : f32
  %one = arith.addf %half, %half : f32
  %negative = arith.addf %minus_half, %quarter : f32
  %seed = arith.constant 7 : i32
  %triton_seed = arith.constant 123 : i32
  %counters = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
  %a = rng.hash_dropout %x, %one, %seed, %counters : vector<4xf32>, f32, i32, vector<4xi32>
  %b = rng.dropout %x, %one, %triton_seed, %counters : vector<4xf32>, f32, i32, vector<4xi32>
  %c = rng.hash_dropout %x, %negative, %seed, %counters : vector<4xf32>, f32, i32, vector<4xi32>
  %d = rng.dropout %x, %negative, %triton_seed, %counters : vector<4xf32>, f32, i32, vector<4xi32>
  return %a, %b, %c, %d : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
}
