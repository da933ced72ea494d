// Upstream defect (LLVM 22, Debian's mlir-runner): the MPI lowering reads
// the MPI implementation from the module's `dlti.map` and leaves it there,
// and convert-shard-to-mpi leaves the `shard.grid` declarations; mlir-runner
// registers neither the DLTI nor the shard dialect, so it cannot parse the
// lowered module.
//
// We work around it in rng-strip-mpi-metadata (lib/Shard/
// StripMPIMetadata.cpp), the last step of rng-shard-to-llvm. The patch text
// is docs/upstream/mpi-dlti-mlir-runner.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: rng-strip-mpi-metadata can go from rng-shard-to-llvm.
//
// RUN: not %run_cpu %s 2>&1 | FileCheck %s
// CHECK: error: #"dlti"<"map<"MPI:Implementation" = "OpenMPI">"> : 'none' attribute created with unregistered dialect
// RUN: sed -e 's/ attributes {dlti.map = [^}]*}//' -e 's|// GRID ||' %s > %t.mlir
// RUN: not %run_cpu %t.mlir 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: error: Dialect `shard' not found for custom op 'shard.grid'
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  // GRID shard.grid @grid(shape = 2)
  llvm.func @main() {
    llvm.return
  }
}
