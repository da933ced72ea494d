// Upstream defect (LLVM 22, Debian's mlir-opt): shard.sharding verifies with
// a static halo size equal to INT64_MIN, the marker of a dynamic size, and
// no dynamic value for it; the canonicalizer then reads a value that does
// not exist (foldDynamicIndexList: segfault). Upstream ops only.
//
// We work around it in rng-shard-partition (lib/Shard/ShardPartition.cpp,
// checkShardings), which reports a negative static halo size or shard
// offset before upstream's passes run, and in rng-to-llvm, which refuses
// sharding annotations before its canonicalizer (rng-check-unsharded-input).
// The patch text is docs/upstream/shard-sharding-dynamic-marker.md.
//
// This test pins today's behaviour (the crash). When it fails, Debian's
// LLVM has the fix: drop the size check in checkShardings and this test,
// and say so in docs/upstream/README.md.
//
// RUN: not --crash %llvm_tools_dir/mlir-opt %s --canonicalize 2>&1 \
// RUN:   | FileCheck %s
// CHECK: Stack dump
// CHECK: foldDynamicIndexList
shard.grid @grid(shape = 2)
func.func @halo(%a: tensor<8xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[0]] halo_sizes = [1, -9223372036854775808] : !shard.sharding
  %a0 = shard.shard %a to %s : tensor<8xf32>
  return %a0 : tensor<8xf32>
}
