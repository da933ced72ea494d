// RUN: rng-opt %s --split-input-file --convert-rng-to-nvvm | FileCheck %s
// RUN: rng-opt %s --split-input-file --convert-rng-to-arith | FileCheck %s --check-prefix=ARITH

// On NVVM, the round add that follows each key injection of Threefry-2x32
// (rounds 1, 5, 9, 13, 17) is x0 * one + x1 with a 1 ptxas cannot fold, so
// that it stays a multiply-add (FMA pipe) instead of fusing with the
// injection's add into an IADD3 (integer ALU pipe). The universal lowering
// keeps plain adds. python/tests/test_jax_ops.py runs this lowering on the
// CPU with the 1 as a run-time parameter, against the model;
// Target/NVPTX/threefry-ptx.mlir checks the PTX.

// CHECK-LABEL: func.func @twenty(
// CHECK-SAME:      %[[X0:[^:]+]]: i32, %[[X1:[^:]+]]: i32, %[[K0:[^:]+]]: i32, %[[K1:[^:]+]]: i32)
// CHECK:         %[[ONE:.+]] = llvm.inline_asm "{ .reg .u32 %rng_nctaid; mov.u32 %rng_nctaid, %nctaid.x; min.u32 $0, %rng_nctaid, 1; }", "=r"  : () -> i32
// CHECK:         %[[A0:.+]] = arith.addi %[[X0]], %[[K0]] : i32
// CHECK:         %[[A1:.+]] = arith.addi %[[X1]], %[[K1]] : i32
// CHECK:         %[[P:.+]] = arith.muli %[[A0]], %[[ONE]] : i32
// CHECK:         arith.addi %[[P]], %[[A1]] : i32
// CHECK-COUNT-4: arith.muli %{{.+}}, %[[ONE]] : i32
// CHECK-NOT:     arith.muli
// CHECK-NOT:     llvm.inline_asm
// CHECK:         return
// ARITH-LABEL: func.func @twenty(
// ARITH-NOT:     arith.muli
// ARITH-NOT:     llvm.inline_asm
// ARITH:         return
func.func @twenty(%x0: i32, %x1: i32, %k0: i32, %k1: i32) -> (i32, i32) {
  %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 : i32, i32
  return %y#0, %y#1 : i32, i32
}

// -----

// Thirteen rounds: injections before rounds 1, 5, 9 and 13.

// CHECK-LABEL: func.func @thirteen(
// CHECK:         %[[ONE:.+]] = llvm.inline_asm
// CHECK-COUNT-4: arith.muli %{{.+}}, %[[ONE]] : i32
// CHECK-NOT:     arith.muli
// CHECK:         return
// ARITH-LABEL: func.func @thirteen(
// ARITH-NOT:     arith.muli
// ARITH:         return
func.func @thirteen(%x0: i32, %x1: i32, %k0: i32, %k1: i32) -> (i32, i32) {
  %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 rounds 13 : i32, i32
  return %y#0, %y#1 : i32, i32
}

// -----

// Vectors with a scalar key: the 1 is broadcast like the key words.

// CHECK-LABEL: func.func @vector(
// CHECK:         %[[ONE:.+]] = llvm.inline_asm
// CHECK:         %[[SPLAT:.+]] = vector.broadcast %[[ONE]] : i32 to vector<4xi32>
// CHECK-COUNT-5: arith.muli %{{.+}}, %[[SPLAT]] : vector<4xi32>
// CHECK-NOT:     arith.muli
// CHECK:         return
func.func @vector(%x0: vector<4xi32>, %x1: vector<4xi32>, %k0: i32, %k1: i32)
    -> (vector<4xi32>, vector<4xi32>) {
  %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 : vector<4xi32>, i32
  return %y#0, %y#1 : vector<4xi32>, vector<4xi32>
}

// -----

// In the body of a memref.generic_atomic_rmw (no side effects allowed), a
// linalg op or a tensor.generate (linalg's vectorizer takes it whole once
// bufferized) the plain adds stay: no 1 there, none hoisted out either (a
// host-side body may be mapped to a kernel later).

// CHECK-LABEL: func.func @atomic(
// CHECK-NOT:     llvm.inline_asm
// CHECK-NOT:     arith.muli
// CHECK:         memref.atomic_yield
func.func @atomic(%m: memref<4xi32>, %k0: i32, %k1: i32) {
  %c0 = arith.constant 0 : index
  %r = memref.generic_atomic_rmw %m[%c0] : memref<4xi32> {
  ^bb0(%old: i32):
    %b = rng.jax_bits %k0, %k1, %old : i32, i32 -> i32
    memref.atomic_yield %b : i32
  }
  return
}

// -----

// CHECK-LABEL: func.func @tensor(
// CHECK-NOT:     llvm.inline_asm
// CHECK-NOT:     arith.muli
// CHECK:         linalg.yield
func.func @tensor(%x: tensor<?xi32>, %k0: i32, %k1: i32) -> tensor<?xi32> {
  %y:2 = rng.threefry_2x32 %x, %x key %k0, %k1 : tensor<?xi32>, i32
  return %y#0 : tensor<?xi32>
}

// -----

// CHECK-LABEL: func.func @generate(
// CHECK-NOT:     llvm.inline_asm
// CHECK-NOT:     arith.muli
// CHECK:         tensor.yield
func.func @generate(%n: index, %k: i32) -> tensor<?xf32> {
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i32
    %u = rng.jax_uniform %k, %k, %ii : i32, i32 -> f32
    tensor.yield %u : f32
  } : tensor<?xf32>
  return %t : tensor<?xf32>
}

// -----

// Elsewhere, e.g. in loops, the 1 stays where the op was, so that a body
// mapped to a kernel later takes it along.

// CHECK-LABEL: func.func @loop(
// CHECK:         scf.forall
// CHECK:           %[[ONE:.+]] = llvm.inline_asm
// CHECK-COUNT-5:   arith.muli %{{.+}}, %[[ONE]] : i32
func.func @loop(%m: memref<64xi32>, %k: i32) {
  scf.forall (%i) in (64) {
    %ii = arith.index_cast %i : index to i32
    %b = rng.jax_bits %k, %k, %ii : i32, i32 -> i32
    memref.store %b, %m[%i] : memref<64xi32>
  }
  return
}
