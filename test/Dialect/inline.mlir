// RUN: rng-opt %s --inline | FileCheck %s
// RUN: rng-opt %s --inline --rng-to-llvm | FileCheck %s --check-prefix=LLVM

// Both dialects implement DialectInlinerInterface: every rng and round op is
// pure and legal to inline, so `--inline` inlines callees that hold them
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
// CHECK-NOT:   @draw
// LLVM-LABEL: llvm.func @caller
// LLVM-NOT:   rng.
// LLVM-NOT:   round.
// LLVM-NOT:   @draw

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
