// RUN: rng-opt %s --split-input-file --verify-diagnostics \
// RUN:   --rng-strip-mpi-metadata | FileCheck %s

// The entry and the grid go; with no other entry, the whole dlti.map.
// CHECK-LABEL: module @only_entry {
// CHECK-NOT:     shard.grid
// CHECK:         llvm.func @main
module @only_entry attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  shard.grid @grid(shape = 2)
  llvm.func @main() {
    llvm.return
  }
}

// -----

// Other entries stay.
// CHECK-LABEL: module @other_entries attributes {dlti.map = #dlti.map<"cache" = 64 : i32>}
module @other_entries attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH", "cache" = 64 : i32>} {
}

// -----

module @negative_grid_in_use {
  // expected-error @+1 {{rng-strip-mpi-metadata: shard.grid @grid is still used by 'shard.process_multi_index'; lower the shard ops first (convert-shard-to-mpi)}}
  shard.grid @grid(shape = 2)
  func.func @index() -> index {
    // expected-note @+1 {{used here}}
    %i = shard.process_multi_index on @grid axes = [0] : index
    return %i : index
  }
}
