// Upstream defect (LLVM 22, Debian's mlir-opt): shard-partition assumes
// that every ranked tensor argument of the function has one use, a
// shard.shard, and that every ranked tensor operand comes from a
// shard.shard (shardedBlockArgumentTypes, getOperandShardings: asserts,
// then casts). sharding-propagation leaves an unused argument, or one that
// is only returned, without an annotation, and Debian's build (no
// assertions) crashes. Upstream ops only.
//
// We work around it in rng-shard-partition (lib/Shard/ShardPartition.cpp,
// checkAnnotated): an unused argument is annotated as replicated, anything
// else unannotated gets a diagnostic. The patch text is
// docs/upstream/shard-partition-unannotated-values.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: drop checkAnnotated and this test, and say so in docs/Sharding.md
// and docs/upstream/README.md.
//
// RUN: not --crash %llvm_tools_dir/mlir-opt %s \
// RUN:   --pass-pipeline='builtin.module(func.func(sharding-propagation,shard-partition))' 2>&1 \
// RUN:   | FileCheck %s

// CHECK: PLEASE submit a bug report
shard.grid @grid(shape = 4)
func.func @unused(%x: tensor<8xf32>, %unused: tensor<8xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %x0 = shard.shard %x to %s : tensor<8xf32>
  return %x0 : tensor<8xf32>
}
