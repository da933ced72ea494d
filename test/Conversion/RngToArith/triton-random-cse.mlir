// RUN: rng-opt %s --convert-rng-to-arith --canonicalize --cse --split-input-file | FileCheck %s
// RUN: rng-opt %s --convert-rng-to-arith --canonicalize --cse --split-input-file | FileCheck %s --check-prefix=U2F
// RUN: rng-opt %s --convert-rng-to-arith --canonicalize --cse --split-input-file | FileCheck %s --check-prefix=LOG

// Ops that share seed, offset and rounds share one Philox block:
// convert-rng-to-arith lowers them through one rng.randint4x, so the block is
// computed once however canonicalize later trims it. A 10-round block has 20
// arith.mului_extended; the first round's M1 * c2 folds away (c2 = 0),
// leaving 19 when all four words are used. When only words 0 and 1 are used,
// the last round's M0 * c0 is dead and round 9's M1 * c2 only needs its low
// half (an arith.muli), leaving 17.

// CHECK-LABEL: func @one_op
// CHECK-COUNT-19: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @one_op(%seed: i64, %offset: i64) -> (i32, i32, i32, i32) {
  %x:4 = rng.randint4x %seed, %offset : i64, i64
  return %x#0, %x#1, %x#2, %x#3 : i32, i32, i32, i32
}

// -----

// All six ops, every word used: one Philox block, one uniform conversion per
// word and two Box-Muller pairs (randn is the first value of randn4x's).
// CHECK-LABEL: func @all_ops_share_one_block
// CHECK-COUNT-19: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
// U2F-LABEL: func @all_ops_share_one_block
// U2F-COUNT-4: arith.sitofp
// U2F-NOT: arith.sitofp
// U2F: return
// LOG-LABEL: func @all_ops_share_one_block
// LOG-COUNT-2: math.log
// LOG-NOT: math.log
// LOG: return
func.func @all_ops_share_one_block(%seed: i64, %offset: i64)
    -> (i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %w = rng.randint %seed, %offset : i64, i64
  %x:4 = rng.randint4x %seed, %offset : i64, i64
  %u = rng.rand %seed, %offset : i64, i64
  %v:4 = rng.rand4x %seed, %offset : i64, i64
  %n = rng.randn %seed, %offset : i64, i64
  %m:4 = rng.randn4x %seed, %offset : i64, i64
  return %w, %x#0, %x#1, %x#2, %x#3, %u, %v#0, %v#1, %v#2, %v#3, %n, %m#0, %m#1, %m#2, %m#3
      : i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}

// -----

// Words 0 and 1 only, on vectors with a scalar seed: randn alone ...
// CHECK-LABEL: func @randn_alone
// CHECK-COUNT-17: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @randn_alone(%seed: i32, %offset: vector<16xi32>) -> vector<16xf32> {
  %n = rng.randn %seed, %offset : i32, vector<16xi32>
  return %n : vector<16xf32>
}

// -----

// ... costs as much as randn, rand and randint together.
// CHECK-LABEL: func @vector_ops_share_one_block
// CHECK-COUNT-17: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @vector_ops_share_one_block(%seed: i32, %offset: vector<16xi32>) -> (vector<16xf32>, vector<16xf32>, vector<16xi32>) {
  %u = rng.rand %seed, %offset : i32, vector<16xi32>
  %n = rng.randn %seed, %offset : i32, vector<16xi32>
  %w = rng.randint %seed, %offset : i32, vector<16xi32>
  return %u, %n, %w : vector<16xf32>, vector<16xf32>, vector<16xi32>
}

// -----

// Different seeds and offsets: two blocks. (With only the seed or only the
// offset shared, cse also shares the one product of the first two rounds
// that depends on it alone.)
// CHECK-LABEL: func @negative_different_seeds_and_offsets
// CHECK-COUNT-38: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @negative_different_seeds_and_offsets(%seed: i32, %offset: i32, %seed2: i32, %offset2: i32) -> (f32, f32, f32, f32, i32, i32, i32, i32) {
  %u:4 = rng.rand4x %seed, %offset : i32, i32
  %x:4 = rng.randint4x %seed2, %offset2 : i32, i32
  return %u#0, %u#1, %u#2, %u#3, %x#0, %x#1, %x#2, %x#3 : f32, f32, f32, f32, i32, i32, i32, i32
}

// -----

// Different round counts: the 7-round block is the first 7 rounds of the
// 10-round one (same counter, key and key schedule), so cse merges it into
// the 10-round block entirely.
// CHECK-LABEL: func @different_rounds_share_a_prefix
// CHECK-COUNT-19: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @different_rounds_share_a_prefix(%seed: i32, %offset: i32) -> (f32, f32, f32, f32, i32, i32, i32, i32) {
  %u:4 = rng.rand4x %seed, %offset : i32, i32
  %x:4 = rng.randint4x %seed, %offset rounds 7 : i32, i32
  return %u#0, %u#1, %u#2, %u#3, %x#0, %x#1, %x#2, %x#3 : f32, f32, f32, f32, i32, i32, i32, i32
}
