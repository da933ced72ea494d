// RUN: rng-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(sharding-propagation,shard-partition))' \
// RUN:   | FileCheck %s

// Sharding models of the rng ops (SPEC §10), through upstream's own passes:
// elementwise ops apply to the local shards (scalars stay replicated),
// rng.linear_index becomes the window of global indices at the process's
// offset, and the ops mix with upstream's (linalg, tensor, arith constants).

shard.grid @grid(shape = 4)

// CHECK-LABEL: func.func @dropout_1d
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[SEED:.*]]: i32) -> tensor<4xf32>
// CHECK: %[[P:.*]] = arith.constant 2.000000e-01 : f32
// CHECK: %[[PROC:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[OFF:.*]] = arith.muli %[[PROC]], %[[C4]] : index
// CHECK: %[[CTR:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4xi32>)
// CHECK:   %[[I:.*]] = linalg.index 0 : index
// CHECK:   %[[G:.*]] = arith.addi %[[I]], %[[OFF]] : index
// CHECK:   %[[V:.*]] = arith.index_castui %[[G]] : index to i32
// CHECK:   linalg.yield %[[V]] : i32
// CHECK: %[[Y:.*]] = rng.dropout %[[X]], %[[P]], %[[SEED]], %[[CTR]] : tensor<4xf32>, f32, i32, tensor<4xi32>
// CHECK: return %[[Y]] : tensor<4xf32>
func.func @dropout_1d(%x: tensor<16xf32>, %seed: i32) -> tensor<16xf32> {
  %xs = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %x0 = shard.shard %x to %xs : tensor<16xf32>
  %p = arith.constant 0.2 : f32
  %ctr = rng.linear_index : tensor<16xi32>
  %y = rng.dropout %x0, %p, %seed, %ctr : tensor<16xf32>, f32, i32, tensor<16xi32>
  %y0 = shard.shard %y to %xs : tensor<16xf32>
  return %y0 : tensor<16xf32>
}

// -----

shard.grid @grid2d(shape = 2x2)

// A 2-D split over both axes of a 2x2 grid: each process's offsets along
// both dimensions; the base is added to every index; round.stochastic and a
// linalg.generic consume the shards.
// CHECK-LABEL: func.func @rand_2d
// CHECK-SAME: -> tensor<4x8xbf16>
// CHECK: %[[P0:.*]] = shard.process_multi_index on @grid2d axes = [0] : index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[O0:.*]] = arith.muli %[[P0]], %[[C4]] : index
// CHECK: %[[P1:.*]] = shard.process_multi_index on @grid2d axes = [1] : index
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[O1:.*]] = arith.muli %[[P1]], %[[C8]] : index
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4x8xi64>)
// CHECK-DAG: arith.addi %{{.*}}, %[[O1]] : index
// CHECK-DAG: arith.addi %{{.*}}, %[[O0]] : index
// CHECK: arith.constant 16 : i64
// CHECK: rng.rand %{{.*}}, %{{.*}} : i64, tensor<4x8xi64>
// CHECK: rng.randint %{{.*}}, %{{.*}} : i64, tensor<4x8xi64>
// CHECK: round.stochastic %{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<4x8xi32> -> tensor<4x8xbf16>
func.func @rand_2d(%seed: i64, %base: i64) -> tensor<8x16xbf16> {
  %s = shard.sharding @grid2d split_axes = [[0], [1]] : !shard.sharding
  %ctr = rng.linear_index %base : tensor<8x16xi64>
  %c0 = shard.shard %ctr to %s : tensor<8x16xi64>
  %u = rng.rand %seed, %c0 : i64, tensor<8x16xi64>
  %bits = rng.randint %seed, %c0 : i64, tensor<8x16xi64>
  %r = round.stochastic %u, %bits : tensor<8x16xf32>, tensor<8x16xi32> -> tensor<8x16xbf16>
  %r0 = shard.shard %r to %s : tensor<8x16xbf16>
  return %r0 : tensor<8x16xbf16>
}

// -----

shard.grid @grid(shape = 2)

// Replicated values stay whole: the op is cloned.
// CHECK-LABEL: func.func @replicated
// CHECK: rng.linear_index : tensor<6xi32>
// CHECK: rng.jax_uniform %{{.*}}, %{{.*}}, %{{.*}} : i32, tensor<6xi32> -> tensor<6xf32>
// CHECK-NOT: process_multi_index
func.func @replicated(%k0: i32, %k1: i32) -> tensor<6xf32> {
  %s = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %ctr = rng.linear_index : tensor<6xi32>
  %c0 = shard.shard %ctr to %s : tensor<6xi32>
  %u = rng.jax_uniform %k0, %k1, %c0 : i32, tensor<6xi32> -> tensor<6xf32>
  %u0 = shard.shard %u to %s : tensor<6xf32>
  return %u0 : tensor<6xf32>
}

// -----

shard.grid @grid(shape = 2)

// rng.bit_generator split along dimension 1: a local-size generator whose
// elements take their global row-major index (row * 8 + column + offset),
// and the new state of the whole output (three_fry 32-bit: |H| = 16 pairs).
// CHECK-LABEL: func.func @bit_generator_dim1
// CHECK-SAME: (%[[STATE:.*]]: tensor<2xi64>) -> (tensor<2xi64>, tensor<4x4xi32>)
// CHECK: %[[PROC:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK: %[[OFF:.*]] = arith.muli %[[PROC]], %{{.*}} : index
// CHECK: %[[OUT:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4x4xi32>)
// CHECK:   arith.addi %{{.*}}, %[[OFF]] : index
// CHECK:   rng.threefry_2x32
// CHECK: %[[ADV:.*]] = arith.constant 16 : i64
// CHECK: %[[NEW:.*]] = tensor.from_elements %{{.*}}, %{{.*}} : tensor<2xi64>
// CHECK: return %[[NEW]], %[[OUT]] : tensor<2xi64>, tensor<4x4xi32>
// CHECK-NOT: rng.bit_generator
func.func @bit_generator_dim1(%state: tensor<2xi64>) -> (tensor<2xi64>, tensor<4x8xi32>) {
  %s = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %new, %out = rng.bit_generator three_fry %state : tensor<2xi64> -> tensor<4x8xi32>
  %o = shard.shard %out to %s : tensor<4x8xi32>
  return %new, %o : tensor<2xi64>, tensor<4x8xi32>
}

// -----

shard.grid @grid(shape = 2)

// A split state is gathered first (upstream's resharding): the generator
// needs the whole state on every process.
// CHECK-LABEL: func.func @bit_generator_split_state
// CHECK: shard.all_gather %{{.*}} on @grid grid_axes = [0] gather_axis = 0 : tensor<1xi64> -> tensor<2xi64>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4xi32>)
// CHECK:   rng.philox_4x32
func.func @bit_generator_split_state(%state: tensor<2xi64>) -> tensor<8xi32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %st = shard.shard %state to %s annotate_for_users : tensor<2xi64>
  %new, %out = rng.bit_generator philox %st : tensor<2xi64> -> tensor<8xi32>
  %o = shard.shard %out to %s : tensor<8xi32>
  return %o : tensor<8xi32>
}

// -----

shard.grid @grid(shape = 2)

// rng.torch_dropout with vec = 2 on shards of 6 elements: the op on the
// local shard, with the same vec (the index operand carries the whole
// tensor's memory indices).
// CHECK-LABEL: func.func @dropout_vec_split
// CHECK: rng.torch_dropout {{.*}} {vec = 2 : i32} : (tensor<2x3xf32>, f64, i64, i64, i64, tensor<2x3xi64>) -> (tensor<2x3xf32>, tensor<2x3xi1>)
func.func @dropout_vec_split(%x: tensor<4x3xf32>, %p: f64, %s: i64, %e: tensor<4x3xi64>) -> tensor<4x3xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split annotate_for_users : tensor<4x3xf32>
  %es = shard.shard %e to %split annotate_for_users : tensor<4x3xi64>
  %y, %k = rng.torch_dropout %xs, %p, %s, %s, %s, %es {vec = 2 : i32} : (tensor<4x3xf32>, f64, i64, i64, i64, tensor<4x3xi64>) -> (tensor<4x3xf32>, tensor<4x3xi1>)
  %ys = shard.shard %y to %split : tensor<4x3xf32>
  %ks = shard.shard %k to %split : tensor<4x3xi1>
  return %ys : tensor<4x3xf32>
}

// -----

shard.grid @grid(shape = 4)

// Results nothing reads need no annotation: F.dropout keeps the output and
// drops the mask, and a caller of rng.curand4 may use one word of four.
// They take the op's sharding.
// CHECK-LABEL: func.func @dropout_mask_unused
// CHECK: rng.torch_dropout {{.*}} : (tensor<4xf32>, f64, i64, i64, i64, tensor<4xi64>) -> (tensor<4xf32>, tensor<4xi1>)
// CHECK-LABEL: func.func @curand4_one_word
// CHECK: rng.curand4 {{.*}} : i64, i64, tensor<4xi64>
func.func @dropout_mask_unused(%x: tensor<16xf32>, %p: f64, %s: i64, %e: tensor<16xi64>) -> tensor<16xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split annotate_for_users : tensor<16xf32>
  %es = shard.shard %e to %split annotate_for_users : tensor<16xi64>
  %y, %k = rng.torch_dropout %xs, %p, %s, %s, %s, %es : (tensor<16xf32>, f64, i64, i64, i64, tensor<16xi64>) -> (tensor<16xf32>, tensor<16xi1>)
  return %y : tensor<16xf32>
}
func.func @curand4_one_word(%seed: i64, %p: tensor<16xi64>) -> tensor<16xi32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %ps = shard.shard %p to %split annotate_for_users : tensor<16xi64>
  %w:4 = rng.curand4 %seed, %seed, %ps : i64, i64, tensor<16xi64>
  %w2 = shard.shard %w#2 to %split : tensor<16xi32>
  return %w2 : tensor<16xi32>
}
