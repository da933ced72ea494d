// Upstream defect (LLVM 22, Debian's mlir-opt): the MPI lowering accepts any
// "MPI:Implementation" value: an unknown one (a misspelt "OpenMPI", or
// another library) gets a warning and MPICH's ABI, whose code then fails at
// run time under the real library. A module without the entry (MPICH, the
// documented default) gets a spurious `error: target op of failed DLTI
// query` for each lowered op, and the pass still succeeds.
//
// We work around both in rng-check-mpi-implementation (an error naming the
// allowed values) and rng-convert-mpi-to-llvm (it states the default
// explicitly before upstream's patterns look it up), lib/Shard/. The patch
// text is docs/upstream/mpi-unknown-implementation.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: the check and the explicit default can go.
//
// RUN: %llvm_tools_dir/mlir-opt %s --split-input-file --convert-to-llvm \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=DIAG
// RUN: %llvm_tools_dir/mlir-opt %s --split-input-file --convert-to-llvm \
// RUN:   2>/dev/null | FileCheck %s
// DIAG: warning: Unknown "MPI:Implementation" value in DLTI (OpenMP), defaulting to MPICH
// DIAG: error: target op of failed DLTI query
// Both lowered for MPICH (MPI_COMM_WORLD = 0x44000000), with exit status 0.
// CHECK-LABEL: llvm.func @unknown
// CHECK:         llvm.mlir.constant(1140850688 : i64) : i64
// CHECK-LABEL: llvm.func @no_entry
// CHECK:         llvm.mlir.constant(1140850688 : i64) : i64
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMP">} {
  func.func @unknown() -> i32 {
    %world = mpi.comm_world : !mpi.comm
    %rank = mpi.comm_rank(%world) : i32
    return %rank : i32
  }
}

// -----

module {
  func.func @no_entry() -> i32 {
    %world = mpi.comm_world : !mpi.comm
    %rank = mpi.comm_rank(%world) : i32
    return %rank : i32
  }
}
