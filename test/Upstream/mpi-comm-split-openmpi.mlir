// Upstream defect (LLVM 22, Debian's mlir-opt): the MPI lowering of
// mpi.comm_split for OpenMPI passes MPI_Comm_split a pointer-sized slot for
// the new communicator (OpenMPI's MPI_Comm is a pointer) but loads it back
// as an i32, truncating the pointer; the next call through the communicator
// crashes (MPI_Allreduce of a shard.all_reduce over one axis of a 2-D grid;
// here MPI_Comm_rank).
//
// We work around it in rng-convert-mpi-to-llvm (lib/Shard/
// ConvertMPIToLLVM.cpp), whose pattern of higher benefit loads a pointer.
// The patch text is docs/upstream/mpi-comm-split-openmpi.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: the pattern can go.
//
// RUN: %llvm_tools_dir/mlir-opt %s --convert-to-llvm | FileCheck %s
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.ptr : (i32) -> !llvm.ptr
// CHECK: llvm.call @MPI_Comm_split(%{{.*}}, %{{.*}}, %{{.*}}, %[[SLOT]])
// CHECK: llvm.load %[[SLOT]] : !llvm.ptr -> i32
//
// Run under OpenMPI, the process dies in MPI_Comm_rank:
// RUN: %llvm_tools_dir/mlir-opt %s --convert-to-llvm \
// RUN:   | sed -e 's/ attributes {dlti.map = [^}]*}//' > %t.mlir
// RUN: not %mpirun_openmpi -n 1 %run_openmpi %t.mlir 2>&1 | FileCheck %s --check-prefix=CRASH
// CRASH: PMPI_Comm_rank
// CRASH: exited on signal 11 (Segmentation fault)
// REQUIRES: openmpi
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  func.func @main() {
    %init = mpi.init : !mpi.retval
    %world = mpi.comm_world : !mpi.comm
    %zero = arith.constant 0 : i32
    %split = mpi.comm_split(%world, %zero, %zero) : !mpi.comm
    %rank = mpi.comm_rank(%split) : i32
    %fin = mpi.finalize : !mpi.retval
    return
  }
}
