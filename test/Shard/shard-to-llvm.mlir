// rng-shard-to-llvm on gather-2d.mlir for OpenMPI on a 2x2 grid: LLVM
// dialect only, without the DLTI entry and the grid mlir-runner cannot
// parse; communicators split as pointers, OpenMPI's reduction symbol.
// (run-openmpi.test and run-mpich.test run the result.)
// RUN: sed -e 's/GRID/2x2/' -e 's/IMPL/OpenMPI/' %S/Inputs/gather-2d.mlir \
// RUN:   | rng-opt --rng-shard-to-llvm | FileCheck %s
// CHECK-NOT:   dlti
// CHECK-NOT:   shard.
// CHECK-NOT:   mpi.
// CHECK:       module {
// CHECK-DAG:   llvm.mlir.global external @ompi_mpi_op_sum()
// CHECK-DAG:   llvm.func @MPI_Comm_split(!llvm.ptr, i32, i32, !llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @rows()
// CHECK:       llvm.call @MPI_Comm_split(%{{.*}}, %{{.*}}, %{{.*}}, %[[SLOT:.*]]) :
// CHECK-NEXT:  llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK:       llvm.call @MPI_Allreduce
// CHECK-LABEL: llvm.func @main()
// CHECK:       llvm.call @MPI_Init
// CHECK:       llvm.call @rows()
// CHECK:       llvm.call @cols()
// CHECK:       llvm.call @MPI_Finalize
