// The sharded program of test/GPU/shard-h200.sh (GRID: the grid's shape,
// SPLIT: the split axes of the 64x1024 tensors). Counters from
// rng.linear_index; each result stays split (the script joins the shards of
// every rank and compares them with the unpartitioned run, GRID = 1).
shard.grid @grid(shape = GRID)

func.func @draws(%seed: i32, %seed64: i64, %k0: i32, %k1: i32, %p: f32)
    -> (tensor<64x1024xf32>, tensor<64x1024xf32>, tensor<64x1024xf32>,
        tensor<64x1024xbf16>, tensor<64x1024xf32>) {
  %split = shard.sharding @grid split_axes = SPLIT : !shard.sharding
  %ctr0 = rng.linear_index : tensor<64x1024xi32>
  %ctr = shard.shard %ctr0 to %split : tensor<64x1024xi32>
  %u0 = rng.rand %seed, %ctr : i32, tensor<64x1024xi32>
  %u = shard.shard %u0 to %split : tensor<64x1024xf32>
  %bits0 = rng.randint %seed, %ctr : i32, tensor<64x1024xi32>
  %bits = shard.shard %bits0 to %split : tensor<64x1024xi32>
  %y0 = rng.dropout %u, %p, %seed64, %ctr
      : tensor<64x1024xf32>, f32, i64, tensor<64x1024xi32>
  %y = shard.shard %y0 to %split : tensor<64x1024xf32>
  %j0 = rng.jax_uniform %k0, %k1, %ctr : i32, tensor<64x1024xi32> -> tensor<64x1024xf32>
  %j = shard.shard %j0 to %split : tensor<64x1024xf32>
  %q0 = round.stochastic %j, %bits
      : tensor<64x1024xf32>, tensor<64x1024xi32> -> tensor<64x1024xbf16>
  %q = shard.shard %q0 to %split : tensor<64x1024xbf16>
  %n0 = rng.randn %seed, %ctr : i32, tensor<64x1024xi32>
  %n = shard.shard %n0 to %split : tensor<64x1024xf32>
  return %u, %y, %j, %q, %n
      : tensor<64x1024xf32>, tensor<64x1024xf32>, tensor<64x1024xf32>,
        tensor<64x1024xbf16>, tensor<64x1024xf32>
}
