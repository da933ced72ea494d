// Found by the fuzzer (seed 1701): a sharding whose static halo size is
// INT64_MIN, the marker of a dynamic size, with no value for it (the
// verifier accepts it) crashed LLVM 22's canonicalizer inside rng-to-llvm
// and rng-shard-to-llvm (docs/upstream/shard-sharding-dynamic-marker.md).
// rng-to-llvm now refuses sharding annotations up front, and
// rng-shard-partition refuses the marker before upstream's passes run.
// RUN: not rng-opt %s --rng-to-llvm 2>&1 | FileCheck %s --check-prefixes=CHECK,LLVM
// RUN: not rng-opt %s --rng-shard-to-llvm 2>&1 | FileCheck %s --check-prefixes=CHECK,SHARD
// Both: a diagnostic at the sharding (line 17), no crash.
// CHECK: shard-halo-dynamic-marker.mlir:17:8: error:
// LLVM-SAME: 'shard.sharding' op in rng-to-llvm's input: rng-to-llvm lowers a program for one device
// SHARD-SAME: rng-shard-partition: shard.sharding's halo_sizes hold -9223372036854775808, the marker of a dynamic size, with no value in its place
// CHECK-NOT: Stack dump
shard.grid @grid(shape = 2)

func.func @halo(%seed: i32) -> tensor<8xf32> {
  %s = shard.sharding @grid split_axes = [[0]] halo_sizes = [1, -9223372036854775808] : !shard.sharding
  %ctr = rng.linear_index : tensor<8xi32>
  %c = shard.shard %ctr to %s : tensor<8xi32>
  %u = rng.rand %seed, %c : i32, tensor<8xi32>
  %u0 = shard.shard %u to %s : tensor<8xf32>
  return %u0 : tensor<8xf32>
}
