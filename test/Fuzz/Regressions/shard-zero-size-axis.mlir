// Found by the fuzzer (seed 20261301): rng.bit_generator's output split
// over a grid axis of size 0 (`shard.grid @grid(shape = 0)`, which the grid
// verifier accepts) divided by the axis size in our sharding model's check
// (SIGFPE), and upstream's shard-partition divides by it too
// (docs/upstream/shard-zero-size-grid-axis.md). rng-shard-partition now
// refuses such a split before any partitioning; our models refuse it when
// upstream's passes run directly (test/Dialect/Rng/sharding-invalid.mlir).
// RUN: rng-opt %s --verify-diagnostics --pass-pipeline='builtin.module(rng-shard-partition)'
// RUN: not rng-opt %s \
// RUN:   --pass-pipeline='builtin.module(func.func(sharding-propagation,shard-partition))' 2>&1 \
// RUN:   | FileCheck %s
// CHECK: 'rng.bit_generator' op the output (result #1) ('tensor<4x8xi32>') is split along dimension 1 over grid axes [0] of @grid, one of which has size 0; a split needs axes of at least one process
shard.grid @grid(shape = 0)

func.func @bit_generator_dim1(%state: tensor<2xi64>) -> (tensor<2xi64>, tensor<4x8xi32>) {
  // expected-error @below {{rng-shard-partition: shard.sharding splits tensor dimension 1 over grid axis 0 of @grid, whose size is 0; split only over axes of at least one process (LLVM 22's shard-partition divides by the size)}}
  %s = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %new, %out = rng.bit_generator three_fry %state : tensor<2xi64> -> tensor<4x8xi32>
  %o = shard.shard %out to %s : tensor<4x8xi32>
  return %new, %o : tensor<2xi64>, tensor<4x8xi32>
}
