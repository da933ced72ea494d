// Upstream defect (LLVM 22, Debian's mlir-opt): the MPI lowering
// (convert-to-llvm's mpi patterns) names OpenMPI's reduction operations
// `ompi_mpi_sum`, `ompi_mpi_max`, ...; OpenMPI's mpi.h defines MPI_SUM as
// `ompi_mpi_op_sum` (and so on), so the program does not link:
// mlir-runner stops with `Symbols not found: [ ompi_mpi_sum ]`.
//
// We work around it in rng-convert-mpi-to-llvm (lib/Shard/
// ConvertMPIToLLVM.cpp), which renames the globals after the conversion. The
// patch text is docs/upstream/mpi-openmpi-reduction-symbols.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: the renaming can go.
//
// RUN: %llvm_tools_dir/mlir-opt %s --convert-to-llvm | FileCheck %s
// CHECK: llvm.mlir.global external @ompi_mpi_sum() {{.*}} : !llvm.struct<"ompi_predefined_op_t", opaque>
// CHECK: llvm.mlir.addressof @ompi_mpi_sum : !llvm.ptr
//
// With OpenMPI's library the symbol is missing (before MPI_Init runs, so
// without mpirun):
// RUN: %llvm_tools_dir/mlir-opt %s --convert-to-llvm --reconcile-unrealized-casts \
// RUN:   | sed -e 's/ attributes {dlti.map = [^}]*}//' > %t.mlir
// RUN: not %run_openmpi %t.mlir 2>&1 | FileCheck %s --check-prefix=JIT
// REQUIRES: openmpi
// JIT: Symbols not found: [ ompi_mpi_sum ]
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  func.func @main() {
    %buf = memref.alloca() : memref<4xi32>
    %world = mpi.comm_world : !mpi.comm
    mpi.allreduce(%buf, %buf, MPI_SUM, %world) : memref<4xi32>, memref<4xi32>
    return
  }
}
