// RUN: rng-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(func.func(sharding-propagation,shard-partition))'

// Shardings that would not give the unsharded program's bits are refused
// with a diagnostic (SPEC §10): LLVM 22's shard-partition itself gives the
// remainder of an uneven split to trailing shards and keeps dynamic sizes
// whole, without a word.

shard.grid @grid(shape = 4)

func.func @uneven(%seed: i32) -> tensor<10xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  // expected-error @below {{'rng.linear_index' op result #0 ('tensor<10xi32>') has dimension 0 of size 10, which does not split evenly over the 4 processes of grid axes [0] of @grid; a split must divide its dimension}}
  %ctr = rng.linear_index : tensor<10xi32>
  %c = shard.shard %ctr to %s : tensor<10xi32>
  %u = rng.rand %seed, %c : i32, tensor<10xi32>
  %u0 = shard.shard %u to %s : tensor<10xf32>
  return %u0 : tensor<10xf32>
}

// -----

shard.grid @grid(shape = 4)

func.func @uneven_elementwise(%seed: i32, %ctr: tensor<6xi32>) -> tensor<6xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %c = shard.shard %ctr to %s : tensor<6xi32>
  // expected-error @below {{'rng.rand' op result #0 ('tensor<6xf32>') has dimension 0 of size 6, which does not split evenly over the 4 processes of grid axes [0] of @grid}}
  %u = rng.rand %seed, %c : i32, tensor<6xi32>
  %u0 = shard.shard %u to %s : tensor<6xf32>
  return %u0 : tensor<6xf32>
}

// -----

shard.grid @grid(shape = 2)

func.func @dynamic(%seed: i32, %ctr: tensor<?xi32>) -> tensor<?xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %c = shard.shard %ctr to %s : tensor<?xi32>
  // expected-error @below {{'rng.rand' op result #0 ('tensor<?xf32>') is split along dimension 0, which has a dynamic size; split dimensions must be static}}
  %u = rng.rand %seed, %c : i32, tensor<?xi32>
  %u0 = shard.shard %u to %s : tensor<?xf32>
  return %u0 : tensor<?xf32>
}

// -----

shard.grid @grid(shape = 2)

func.func @halo(%seed: i32) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[0]] halo_sizes = [1, 1] : !shard.sharding
  // expected-error @below {{'rng.linear_index' op result #0 ('tensor<8xi32>') is sharded with halos on @grid; rng and round ops compute each element exactly once, so only plain splits (split_axes) are allowed}}
  %ctr = rng.linear_index : tensor<8xi32>
  %c = shard.shard %ctr to %s : tensor<8xi32>
  %u = rng.rand %seed, %c : i32, tensor<8xi32>
  %u0 = shard.shard %u to %s : tensor<8xf32>
  return %u0 : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2)

func.func @explicit_sizes(%seed: i32) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[0]] sharded_dims_offsets = [0, 3, 8] : !shard.sharding
  // expected-error @below {{'rng.linear_index' op result #0 ('tensor<8xi32>') is sharded with explicit shard sizes (sharded_dims_offsets) on @grid; only even splits (split_axes) are allowed}}
  %ctr = rng.linear_index : tensor<8xi32>
  %c = shard.shard %ctr to %s : tensor<8xi32>
  %u = rng.rand %seed, %c : i32, tensor<8xi32>
  %u0 = shard.shard %u to %s : tensor<8xf32>
  return %u0 : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2)

func.func @bit_generator_uneven(%state: tensor<2xi64>) -> tensor<3x5xi32> {
  %s = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  // expected-error @below {{'rng.bit_generator' op the output (result #1) ('tensor<3x5xi32>') has dimension 1 of size 5, which does not split evenly over the 2 processes of grid axes [0] of @grid}}
  %new, %out = rng.bit_generator three_fry %state : tensor<2xi64> -> tensor<3x5xi32>
  %o = shard.shard %out to %s : tensor<3x5xi32>
  return %o : tensor<3x5xi32>
}

// -----

shard.grid @grid(shape = 2)

func.func @mx_block(%x: tensor<4x48xf32>, %scale: f8E8M0FNU, %bits: tensor<4x48xi8>) -> tensor<4x48xf4E2M1FN> {
  %s = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %x0 = shard.shard %x to %s : tensor<4x48xf32>
  // expected-error @below {{'round.scaling_stochastic' op splits its innermost dimension (size 48) into 2 shards of 24 elements, which cuts MX blocks of 32 elements; the innermost dimension may be split only into multiples of 32 (or split an outer dimension)}}
  %q = round.scaling_stochastic %x0, %scale, %bits saturate : tensor<4x48xf32>, f8E8M0FNU, tensor<4x48xi8> -> tensor<4x48xf4E2M1FN>
  %q0 = shard.shard %q to %s : tensor<4x48xf4E2M1FN>
  return %q0 : tensor<4x48xf4E2M1FN>
}

// -----

shard.grid @grid(shape = 2)

// A grid axis the grid does not have.
func.func @no_such_axis(%seed: i32) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[3]] : !shard.sharding
  // expected-error @below {{'rng.linear_index' op result #0 ('tensor<8xi32>') is split over grid axis 3 of @grid, which has 1 axes}}
  %ctr = rng.linear_index : tensor<8xi32>
  %c = shard.shard %ctr to %s : tensor<8xi32>
  %u = rng.rand %seed, %c : i32, tensor<8xi32>
  return %u : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2)

// A grid that does not exist (upstream's symbol check, before any pass).
func.func @no_such_grid(%seed: i32) -> tensor<8xf32> {
  // expected-error @below {{Undefined required grid symbol "nogrid".}}
  %s = shard.sharding @nogrid split_axes = [[0]] : !shard.sharding
  %ctr = rng.linear_index : tensor<8xi32>
  %c = shard.shard %ctr to %s : tensor<8xi32>
  %u = rng.rand %seed, %c : i32, tensor<8xi32>
  return %u : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2)

// rng.torch_dropout with vec > 1: each shard must hold a multiple of vec
// elements (the verifier's rule for a static tensor).
func.func @dropout_vec_split(%x: tensor<2x3xf32>, %p: f64, %s: i64, %e: tensor<2x3xi64>) -> tensor<2x3xf32> {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %split annotate_for_users : tensor<2x3xf32>
  %es = shard.shard %e to %split annotate_for_users : tensor<2x3xi64>
  // expected-error @below {{with vec = 2 cannot be split into shards of 3 elements ('tensor<1x3xf32>'): each shard must hold a multiple of vec elements}}
  %y, %k = rng.torch_dropout %xs, %p, %s, %s, %s, %es {vec = 2 : i32} : (tensor<2x3xf32>, f64, i64, i64, i64, tensor<2x3xi64>) -> (tensor<2x3xf32>, tensor<2x3xi1>)
  %ys = shard.shard %y to %split : tensor<2x3xf32>
  %ks = shard.shard %k to %split : tensor<2x3xi1>
  return %ys : tensor<2x3xf32>
}

// -----

shard.grid @grid(shape = 0)

// A grid axis of size 0 (verifier-valid upstream): no process to split over.
// Found by the fuzzer (a division by zero before the check).
func.func @zero_size_axis(%seed: i32) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  // expected-error @below {{'rng.linear_index' op result #0 ('tensor<8xi32>') is split along dimension 0 over grid axes [0] of @grid, one of which has size 0; a split needs axes of at least one process}}
  %ctr = rng.linear_index : tensor<8xi32>
  %c = shard.shard %ctr to %s : tensor<8xi32>
  %u = rng.rand %seed, %c : i32, tensor<8xi32>
  return %u : tensor<8xf32>
}
