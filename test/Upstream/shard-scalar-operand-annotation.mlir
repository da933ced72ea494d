// Upstream defect (LLVM 22, Debian's mlir-opt): sharding-propagation's
// default addShardingAnnotations annotates every operand, scalars included.
// For a scalar it builds a sharding without a grid (getSharding gives the
// null Sharding for int/float operands), and the shard.sharding op it
// inserts fails to verify. Upstream ops only: linalg.fill's scalar value.
//
// We work around it in our models' addShardingAnnotations
// (rng::addTensorShardingAnnotations, lib/Dialect/Common/ShardingUtils.cpp:
// annotate ranked tensors only). The patch text is
// docs/upstream/shard-scalar-operand-annotation.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: drop the override and this test, and say so in docs/Sharding.md and
// docs/upstream/README.md.
//
// RUN: not %llvm_tools_dir/mlir-opt %s \
// RUN:   --pass-pipeline='builtin.module(func.func(sharding-propagation))' 2>&1 \
// RUN:   | FileCheck %s

// CHECK: error: 'shard.sharding' op requires attribute 'grid'
shard.grid @grid(shape = 2)
func.func @fill(%v: f32) -> tensor<4xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = shard.shard %f to %s : tensor<4xf32>
  return %r : tensor<4xf32>
}
