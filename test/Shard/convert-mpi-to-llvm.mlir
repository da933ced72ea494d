// RUN: rng-opt %s --split-input-file --verify-diagnostics \
// RUN:   --rng-convert-mpi-to-llvm | FileCheck %s

// OpenMPI: the communicator of mpi.comm_split is loaded as a pointer (the
// width of OpenMPI's MPI_Comm), and the reduction operation is OpenMPI's
// symbol ompi_mpi_op_sum.
// CHECK-LABEL: module @openmpi
// CHECK-NOT:     @ompi_mpi_sum
// CHECK:         llvm.mlir.global external @ompi_mpi_op_sum() {{.*}} : !llvm.struct<"ompi_predefined_op_t", opaque>
// CHECK:         llvm.func @MPI_Comm_split(!llvm.ptr, i32, i32, !llvm.ptr) -> i32
// CHECK-LABEL: func.func @split_and_sum(
// CHECK-SAME:      %{{.*}}: memref<4xi32>, %[[COLOR:.*]]: i32, %[[KEY:.*]]: i32)
// CHECK:         %[[WORLD:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr to i64
// CHECK:         %[[COMM:.*]] = llvm.inttoptr %[[WORLD]] : i64 to !llvm.ptr
// CHECK:         %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.ptr : (i32) -> !llvm.ptr
// CHECK:         llvm.call @MPI_Comm_split(%[[COMM]], %[[COLOR]], %[[KEY]], %[[SLOT]])
// CHECK:         %[[NEW:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[BITS:.*]] = llvm.ptrtoint %[[NEW]] : !llvm.ptr to i64
// CHECK:         %[[SUM:.*]] = llvm.mlir.addressof @ompi_mpi_op_sum : !llvm.ptr
// CHECK:         %[[SPLIT:.*]] = llvm.inttoptr %[[BITS]] : i64 to !llvm.ptr
// CHECK:         llvm.call @MPI_Allreduce({{.*}}, %[[SUM]], %[[SPLIT]])
module @openmpi attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  func.func @split_and_sum(%buf: memref<4xi32>, %color: i32, %key: i32) {
    %world = mpi.comm_world : !mpi.comm
    %split = mpi.comm_split(%world, %color, %key) : !mpi.comm
    mpi.allreduce(%buf, %buf, MPI_SUM, %split) : memref<4xi32>, memref<4xi32>
    return
  }
}

// -----

// MPICH: upstream's lowering, whose MPI_Comm is an int.
// CHECK-LABEL: module @mpich
// CHECK:         llvm.call @MPI_Comm_split
// CHECK:         llvm.load %{{.*}} : !llvm.ptr -> i32
module @mpich attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  func.func @split(%color: i32, %key: i32) {
    %world = mpi.comm_world : !mpi.comm
    %split = mpi.comm_split(%world, %color, %key) : !mpi.comm
    %rank = mpi.comm_rank(%split) : i32
    return
  }
}

// -----

// No entry: MPICH (MPI_COMM_WORLD = 0x44000000), stated explicitly, so
// that upstream's lookup reports no error.
// CHECK-LABEL: module @no_entry attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">}
// CHECK:         llvm.mlir.constant(1140850688 : i64) : i64
module @no_entry {
  func.func @world() {
    %world = mpi.comm_world : !mpi.comm
    %rank = mpi.comm_rank(%world) : i32
    return
  }
}

// -----

// expected-error @+1 {{rng-convert-mpi-to-llvm: unknown MPI implementation "OpenMPI4"}}
module @negative_unknown attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI4">} {
  func.func @world() {
    %world = mpi.comm_world : !mpi.comm
    return
  }
}
