// Upstream defect (LLVM 22, Debian's mlir-opt): shard-partition reshards
// by one grid axis per step (Partition.cpp's reshardOn1DGrid: split the
// last axis, unsplit it, or move it). Gathering a value split over two grid
// axes ([[0], [1]] to [[]]) unsplits one of them and returns a value still
// split along the other, so the function silently gets a wrong local type
// (tensor<8x4xf32>, not the replicated tensor<8x8xf32>); a builds with
// assertions stops at "Did not find any pattern to apply" or at the type
// check. Upstream ops only.
//
// We work around it in rng-shard-partition (lib/Shard/ShardPartition.cpp,
// isOneStepResharding): such a resharding is reported, with the way through
// (intermediate annotations). The patch text is
// docs/upstream/shard-reshard-two-axes.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: drop the check and this test, and say so in docs/Sharding.md and
// docs/upstream/README.md.
//
// RUN: %llvm_tools_dir/mlir-opt %s \
// RUN:   --pass-pipeline='builtin.module(func.func(shard-partition))' | FileCheck %s

// CHECK: func.func @gather_two_axes(%{{.*}}: tensor<4x4xf32>) -> tensor<8x4xf32>
// CHECK: shard.all_gather %{{.*}} : tensor<4x4xf32> -> tensor<8x4xf32>
shard.grid @grid(shape = 2x2)
func.func @gather_two_axes(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %s = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  %r = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %x0 = shard.shard %x to %s : tensor<8x8xf32>
  %x1 = shard.shard %x0 to %s annotate_for_users : tensor<8x8xf32>
  %y = tosa.abs %x1 : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %y0 = shard.shard %y to %s : tensor<8x8xf32>
  %y1 = shard.shard %y0 to %r annotate_for_users : tensor<8x8xf32>
  return %y1 : tensor<8x8xf32>
}
