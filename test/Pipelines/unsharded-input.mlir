// rng-to-llvm lowers a program for one device: sharding annotations in its
// input are refused up front (rng-check-unsharded-input, its first step),
// naming the way a sharded program goes (rng-shard-to-llvm). Without the
// check they stayed behind ("op was not bufferized"), and a verifier-valid
// sharding whose halo size is INT64_MIN crashed LLVM 22's canonicalizer
// first (docs/upstream/shard-sharding-dynamic-marker.md; found by fuzzing).
// rng-shard-to-llvm runs the same steps after partitioning, where no
// annotation is left (test/Shard/shard-to-llvm.mlir).
// RUN: rng-opt %s --split-input-file --verify-diagnostics --rng-to-llvm \
// RUN:   | FileCheck %s

shard.grid @grid(shape = 2)

func.func @sharded(%seed: i32) -> tensor<8xf32> {
  // expected-error @+1 {{'shard.sharding' op in rng-to-llvm's input: rng-to-llvm lowers a program for one device and leaves sharding annotations unlowered; partition a sharded program first (rng-shard-to-llvm partitions and lowers it; or rng-shard-partition, then rng-to-llvm)}}
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %ctr = rng.linear_index : tensor<8xi32>
  %u = rng.rand %seed, %ctr : i32, tensor<8xi32>
  %u0 = shard.shard %u to %s : tensor<8xf32>
  return %u0 : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2)

// fuzz: not in the corpus (upstream's printer crashes on the marker).
func.func @halo_marker(%seed: i32) -> tensor<8xf32> {
  // expected-error @+1 {{'shard.sharding' op in rng-to-llvm's input}}
  %s = shard.sharding @grid split_axes = [[0]] halo_sizes = [1, -9223372036854775808] : !shard.sharding
  %ctr = rng.linear_index : tensor<8xi32>
  %u = rng.rand %seed, %ctr : i32, tensor<8xi32>
  %u0 = shard.shard %u to %s : tensor<8xf32>
  return %u0 : tensor<8xf32>
}

// -----

// A grid alone (what partitioning leaves) is no annotation: lowered.
shard.grid @grid(shape = 2)

// CHECK-LABEL: llvm.func @unannotated
func.func @unannotated(%seed: i32, %c: i32) -> f32 {
  %u = rng.rand %seed, %c : i32, i32
  return %u : f32
}
