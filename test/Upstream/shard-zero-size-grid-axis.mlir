// Upstream defect (LLVM 22, Debian's mlir-opt): shard.grid accepts an axis
// of size 0 (`shape = 0`), and shard-partition then divides a split
// dimension by it (shardShapedType: SIGFPE). Upstream ops only.
//
// We work around it in rng-shard-partition (lib/Shard/ShardPartition.cpp,
// checkShardings), which reports a split over an axis of size 0 before
// upstream's passes run, and in our sharding models (verifyEvenSharding),
// which refuse it when upstream's passes are run directly. The patch text is
// docs/upstream/shard-zero-size-grid-axis.md.
//
// This test pins today's behaviour (the crash). When it fails, Debian's
// LLVM has the fix: drop the check in checkShardings and this test, and say
// so in docs/upstream/README.md.
//
// RUN: not --crash %llvm_tools_dir/mlir-opt %s \
// RUN:   --pass-pipeline='builtin.module(func.func(sharding-propagation,shard-partition))' 2>&1 \
// RUN:   | FileCheck %s
// CHECK: Stack dump
shard.grid @grid(shape = 0)
func.func @split_over_empty_axis(%a: tensor<8xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a0 = shard.shard %a to %s annotate_for_users : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %b = linalg.add ins(%a0, %a0 : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %b0 = shard.shard %b to %s : tensor<8xf32>
  return %b0 : tensor<8xf32>
}
