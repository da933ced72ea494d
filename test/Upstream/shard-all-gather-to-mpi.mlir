// Upstream defect (LLVM 22, Debian's mlir-opt): convert-shard-to-mpi lowers
// shard.all_reduce but not shard.all_gather, which shard-partition creates
// whenever a split value becomes replicated (a sharded function returning a
// replicated result); nor does it lower shard.all_slice, whose lowering is
// upstream's test pass test-grid-all-slice-op-lowering.
//
// We work around both in rng-lower-shard-collectives (lib/Shard/
// LowerShardCollectives.cpp): all_slice by upstream's patterns, all_gather as
// an all_reduce sum of each process's shard in zeros. The patch text is
// docs/upstream/shard-all-gather-to-mpi.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: rng-lower-shard-collectives can go from rng-shard-to-llvm.
//
// RUN: %llvm_tools_dir/mlir-opt %s --split-input-file --convert-shard-to-mpi 2>&1 \
// RUN:   | FileCheck %s
// CHECK: error: failed to legalize operation 'shard.all_gather' that was explicitly marked illegal
// CHECK: error: failed to legalize operation 'shard.all_slice' that was explicitly marked illegal
shard.grid @grid(shape = 2)
func.func @all_gather(%x: tensor<2xi32>) -> tensor<4xi32> {
  %g = shard.all_gather %x on @grid grid_axes = [0] gather_axis = 0
      : tensor<2xi32> -> tensor<4xi32>
  return %g : tensor<4xi32>
}

// -----

shard.grid @grid(shape = 2)
func.func @all_slice(%x: tensor<4xi32>) -> tensor<2xi32> {
  %s = shard.all_slice %x on @grid grid_axes = [0] slice_axis = 0
      : tensor<4xi32> -> tensor<2xi32>
  return %s : tensor<2xi32>
}
