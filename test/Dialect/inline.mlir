// RUN: rng-opt %s --inline | FileCheck %s
// RUN: rng-opt %s --inline --rng-to-llvm | FileCheck %s --check-prefix=LLVM

// Both dialects implement DialectInlinerInterface: every rng and round op is
// pure, has no region and is legal to inline, so `--inline` inlines callees that hold them
// (DSL compilers inline everything before lowering), at the top level and
// inside a loop, and drops the private callee. The inlined ops keep their
// operands, attributes and order.

// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[SEED:.*]]: i32, %[[OFFSETS:.*]]: vector<8xi32>, %[[X:.*]]: vector<8xf32>, %[[P:.*]]: f32, %[[S64:.*]]: i64, %[[N:.*]]: index)
// CHECK-NOT:   call
// CHECK:       %[[W0:.*]], %[[W1:.*]], %{{.*}}, %{{.*}} = rng.philox_4x32 %[[OFFSETS]], %[[OFFSETS]], %[[OFFSETS]], %[[OFFSETS]] key %[[SEED]], %[[SEED]] rounds 7 : vector<8xi32>, i32
// CHECK:       %[[U:.*]] = rng.rand %[[SEED]], %[[OFFSETS]] : i32, vector<8xi32>
// CHECK:       %[[Y:.*]] = rng.dropout %[[X]], %[[P]], %[[SEED]], %[[OFFSETS]] : vector<8xf32>, f32, i32, vector<8xi32>
// CHECK:       %[[H:.*]] = rng.hash_dropout %[[Y]], %[[P]], %[[SEED]], %[[OFFSETS]] : vector<8xf32>, f32, i32, vector<8xi32>
// CHECK:       %[[T:.*]] = rng.tr_dropout_sample %[[S64]], %[[S64]], %[[S64]] : i64, i64, i64
// CHECK:       %[[R:.*]] = arith.trunci %[[W0]] : vector<8xi32> to vector<8xi16>
// CHECK:       %[[B:.*]] = round.stochastic %[[H]], %[[R]] saturate : vector<8xf32>, vector<8xi16> -> vector<8xbf16>
// CHECK:       %[[Q:.*]] = round.scaling_stochastic %[[H]], %{{.*}}, %[[W1]] saturate : vector<8xf32>, f8E8M0FNU, vector<8xi32> -> vector<8xf4E2M1FN>
// CHECK:       %[[SUM:.*]] = scf.for
// CHECK-NOT:     call
// CHECK:         rng.rand
// CHECK:         round.stochastic
// CHECK:         scf.yield
// CHECK:       return %[[SUM]], %[[B]], %[[T]], %[[Q]]
// CHECK-NOT:   @draw(
// LLVM-LABEL: llvm.func @caller
// LLVM-NOT:   rng.
// LLVM-NOT:   round.
// LLVM-NOT:   @draw(

func.func private @draw(%seed: i32, %offsets: vector<8xi32>, %x: vector<8xf32>,
                        %p: f32, %s64: i64)
    -> (vector<8xf32>, vector<8xbf16>, f32, vector<8xf4E2M1FN>) {
  %w:4 = rng.philox_4x32 %offsets, %offsets, %offsets, %offsets key %seed, %seed rounds 7 : vector<8xi32>, i32
  %u = rng.rand %seed, %offsets : i32, vector<8xi32>
  %y = rng.dropout %x, %p, %seed, %offsets : vector<8xf32>, f32, i32, vector<8xi32>
  %h = rng.hash_dropout %y, %p, %seed, %offsets : vector<8xf32>, f32, i32, vector<8xi32>
  %t = rng.tr_dropout_sample %s64, %s64, %s64 : i64, i64, i64
  %r = arith.trunci %w#0 : vector<8xi32> to vector<8xi16>
  %b = round.stochastic %h, %r saturate : vector<8xf32>, vector<8xi16> -> vector<8xbf16>
  %scale = arith.constant 1.0 : f8E8M0FNU
  %q = round.scaling_stochastic %h, %scale, %w#1 saturate : vector<8xf32>, f8E8M0FNU, vector<8xi32> -> vector<8xf4E2M1FN>
  return %u, %b, %t, %q : vector<8xf32>, vector<8xbf16>, f32, vector<8xf4E2M1FN>
}

func.func @caller(%seed: i32, %offsets: vector<8xi32>, %x: vector<8xf32>,
                  %p: f32, %s64: i64, %n: index)
    -> (vector<8xf32>, vector<8xbf16>, f32, vector<8xf4E2M1FN>) {
  %u, %b, %t, %q = func.call @draw(%seed, %offsets, %x, %p, %s64)
      : (i32, vector<8xi32>, vector<8xf32>, f32, i64)
      -> (vector<8xf32>, vector<8xbf16>, f32, vector<8xf4E2M1FN>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %u) -> (vector<8xf32>) {
    %u2, %b2, %t2, %q2 = func.call @draw(%seed, %offsets, %acc, %p, %s64)
        : (i32, vector<8xi32>, vector<8xf32>, f32, i64)
        -> (vector<8xf32>, vector<8xbf16>, f32, vector<8xf4E2M1FN>)
    %wide = arith.extf %b2 : vector<8xbf16> to vector<8xf32>
    %next = arith.addf %u2, %wide : vector<8xf32>
    scf.yield %next : vector<8xf32>
  }
  return %sum, %b, %t, %q : vector<8xf32>, vector<8xbf16>, f32, vector<8xf4E2M1FN>
}

// The Threefry and JAX ops too (rng.bit_generator is not elementwise, and
// pure like every other op).
// CHECK-LABEL: func.func @caller_jax
// CHECK-NOT:   call
// CHECK:       rng.threefry_2x32
// CHECK:       rng.jax_uniform
// CHECK:       rng.bit_generator philox
// CHECK:       return
// CHECK-NOT:   @draw_jax(
// LLVM-LABEL: llvm.func @caller_jax
// LLVM-NOT:   rng.
// LLVM-NOT:   @draw_jax(

func.func private @draw_jax(%k0: i32, %k1: i32, %i: i64, %s: tensor<2xi64>)
    -> (i32, f32, tensor<2xi64>, tensor<8xi32>) {
  %y:2 = rng.threefry_2x32 %k0, %k1 key %k0, %k1 rounds 20 : i32, i32
  %u = rng.jax_uniform %k0, %k1, %i : i32, i64 -> f32
  %n, %o = rng.bit_generator philox %s : tensor<2xi64> -> tensor<8xi32>
  return %y#0, %u, %n, %o : i32, f32, tensor<2xi64>, tensor<8xi32>
}

func.func @caller_jax(%k0: i32, %k1: i32, %i: i64, %s: tensor<2xi64>)
    -> (i32, f32, tensor<2xi64>, tensor<8xi32>) {
  %y, %u, %n, %o = func.call @draw_jax(%k0, %k1, %i, %s)
      : (i32, i32, i64, tensor<2xi64>) -> (i32, f32, tensor<2xi64>, tensor<8xi32>)
  return %y, %u, %n, %o : i32, f32, tensor<2xi64>, tensor<8xi32>
}

// rng.linear_index (a tensor op, not elementwise) inlines too, with the
// draw it feeds.
// CHECK-LABEL: func.func @caller_linear_index
// CHECK-SAME: (%[[SEED:.*]]: i32, %[[BASE:.*]]: i32)
// CHECK-NOT:   call
// CHECK:       %[[I:.*]] = rng.linear_index %[[BASE]] : tensor<2x3xi32>
// CHECK:       rng.rand %[[SEED]], %[[I]] : i32, tensor<2x3xi32>
// CHECK:       return
// CHECK-NOT:   @draw_at_indices(
// LLVM-LABEL: llvm.func @caller_linear_index
// LLVM-NOT:   rng.
// LLVM-NOT:   @draw_at_indices(

func.func private @draw_at_indices(%seed: i32, %base: i32) -> tensor<2x3xf32> {
  %i = rng.linear_index %base : tensor<2x3xi32>
  %u = rng.rand %seed, %i : i32, tensor<2x3xi32>
  return %u : tensor<2x3xf32>
}

func.func @caller_linear_index(%seed: i32, %base: i32) -> tensor<2x3xf32> {
  %u = func.call @draw_at_indices(%seed, %base) : (i32, i32) -> tensor<2x3xf32>
  return %u : tensor<2x3xf32>
}
