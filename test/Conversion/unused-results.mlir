// Every conversion pass erases the rng and round ops whose results are
// unused (they are Pure) before it lowers anything, users first, so that a
// chain whose last result is unused goes entirely; the ops that are used
// still lower.
// RUN: rng-opt %s --convert-rng-to-arith --split-input-file | FileCheck %s --check-prefixes=CHECK,RNG,ARITH
// RUN: rng-opt %s --convert-round-to-arith --split-input-file | FileCheck %s --check-prefixes=CHECK,ROUND
// RUN: rng-opt %s --convert-rng-to-nvvm --split-input-file | FileCheck %s --check-prefixes=CHECK,RNG,NVVM
// RUN: rng-opt %s --convert-round-to-nvvm=chip=sm_100a --split-input-file | FileCheck %s --check-prefixes=CHECK,ROUND
// RUN: rng-opt %s --convert-round-to-rocdl=chipset=gfx950 --split-input-file | FileCheck %s --check-prefixes=CHECK,ROUND

// CHECK-LABEL: func @unused_draws
// CHECK-NOT: rng.
// CHECK-NOT: round.
// CHECK-NOT: arith.mului_extended
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @unused_draws(%seed: i32, %offset: i32, %offsets: tensor<8xi32>,
                        %key: vector<4xi32>, %x: f32, %state: tensor<2xi64>) {
  %w = rng.randint %seed, %offset : i32, i32
  %n:4 = rng.randn4x %seed, %offset : i32, i32
  %p:4 = rng.philox_4x32 %key, %key, %key, %key key %seed, %seed : vector<4xi32>, i32
  %h = rng.lowbias32 %offset : i32
  %j = rng.jax_normal %seed, %seed, %offset : i32, i32
  %t = rng.rand %seed, %offsets : i32, tensor<8xi32>
  %s, %b = rng.bit_generator philox %state : tensor<2xi64> -> tensor<8xi32>
  %l = rng.linear_index %offset : tensor<4x2xi32>
  %r = round.stochastic %x, %offset : f32, i32 -> bf16
  return
}

// -----

// A normal rounded with random bits, the rounded value unused: both dialects'
// ops go, in either pass.
// CHECK-LABEL: func @unused_chain
// CHECK-NOT: rng.
// CHECK-NOT: round.
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @unused_chain(%seed: i32, %offset: i32) {
  %n:4 = rng.randn4x %seed, %offset : i32, i32
  %r = rng.randint %seed, %offset : i32, i32
  %s = round.stochastic %n#0, %r : f32, i32 -> bf16
  return
}

// -----

// Unused ops in a nested region go too.
// CHECK-LABEL: func @unused_in_region
// CHECK-NOT: rng.
// CHECK: scf.if
// CHECK-NOT: rng.
// CHECK: return
func.func @unused_in_region(%cond: i1, %seed: i32, %offset: i32) -> i32 {
  %r = scf.if %cond -> i32 {
    %w = rng.randint %seed, %offset : i32, i32
    scf.yield %offset : i32
  } else {
    scf.yield %seed : i32
  }
  return %r : i32
}

// -----

// The used op lowers; the unused one before it with the same seed and
// offset goes, and the used one builds the Philox block itself.
// CHECK-LABEL: func @unused_op_beside_used_one
// CHECK-NOT: rng.randint
// ARITH-COUNT-20: arith.mului_extended
// ARITH-NOT: arith.mului_extended
// NVVM-COUNT-20: "llvm.nvvm.mulhi.ui"
// NVVM-NOT: "llvm.nvvm.mulhi.ui"
// RNG-NOT: rng.
// ROUND: rng.rand %
// CHECK: return
func.func @unused_op_beside_used_one(%seed: i32, %offset: i32) -> f32 {
  %w = rng.randint %seed, %offset : i32, i32
  %u = rng.rand %seed, %offset : i32, i32
  return %u : f32
}

// -----

// The rounded value is stored: nothing goes.
// CHECK-LABEL: func @negative_used_chain
// ARITH-COUNT-20: arith.mului_extended
// NVVM-COUNT-20: "llvm.nvvm.mulhi.ui"
// RNG-NOT: rng.
// RNG: round.stochastic
// ROUND: rng.randn4x
// ROUND: rng.randint
// ROUND-NOT: round.
// CHECK: memref.store
func.func @negative_used_chain(%seed: i32, %offset: i32, %out: memref<1xbf16>) {
  %n:4 = rng.randn4x %seed, %offset : i32, i32
  %r = rng.randint %seed, %offset : i32, i32
  %s = round.stochastic %n#0, %r : f32, i32 -> bf16
  %c0 = arith.constant 0 : index
  memref.store %s, %out[%c0] : memref<1xbf16>
  return
}
