//===- Passes.td - rng-mlir passes for sharded programs ----*- tablegen -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The passes that take a program sharded with upstream's `shard` dialect to
// MPI on the CPU (pipeline `rng-shard-to-llvm`, docs/Sharding.md). Several
// work around defects of LLVM 22's shard -> MPI -> LLVM route; each names
// its entry in docs/upstream/.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_SHARD_PASSES_TD
#define RNG_SHARD_PASSES_TD

include "mlir/Pass/PassBase.td"

def CheckMPIImplementationPass
    : Pass<"rng-check-mpi-implementation", "::mlir::ModuleOp"> {
  let summary = "Check the module's MPI implementation name";
  let description = [{
    The MPI lowering chooses the ABI of the MPI library from the entry
    `"MPI:Implementation"` of the module's `dlti.map`: `"OpenMPI"` or
    `"MPICH"` (MPICH's ABI also serves Intel MPI and MVAPICH); without the
    entry, MPICH, as upstream. Any other value is an error naming the allowed
    ones; LLVM 22 warns and lowers for MPICH, whose code then fails at run
    time under another library (docs/upstream/mpi-unknown-implementation.md).
    The pass changes nothing.

    ```mlir
    module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
    }
    ```
  }];
}

def ShardPartitionPass : Pass<"rng-shard-partition", "::mlir::ModuleOp"> {
  let summary = "Propagate shardings and partition the functions that shard";
  let description = [{
    Runs upstream's `sharding-propagation` and then `shard-partition` on
    each function of the module that holds a `shard.shard` or
    `shard.sharding` op, and on no other function: a driver (`main` with
    `mpi.init`, printing calls) and external declarations stay as written.
    Upstream's passes, scheduled on every function, reject an op without a
    sharding model and any function that is not a single block, external
    declarations included.

    `shard-partition` gives a partitioned function its local types: an
    argument or result split over P processes shrinks P times. A caller
    outside the partitioned functions must therefore see the same types:
    return replicated results (annotate them with a `shard.shard` to a
    sharding with empty split axes: partitioning then inserts a
    `shard.all_gather`) or call the function only from partitioned code. A
    call whose types no longer match is an error naming the function.

    A function holding shard ops must be a single block; otherwise the pass
    fails with a diagnostic (upstream's passes support no other).
  }];
  let dependentDialects = ["::mlir::shard::ShardDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def LowerShardCollectivesPass
    : Pass<"rng-lower-shard-collectives", "::mlir::ModuleOp"> {
  let summary = "Lower shard.all_slice and shard.all_gather for the MPI "
                "lowering";
  let description = [{
    LLVM 22's `convert-shard-to-mpi` lowers `shard.all_reduce` but neither
    `shard.all_slice` nor `shard.all_gather`, which `shard-partition`
    creates for a resharding (docs/upstream/shard-all-gather-to-mpi.md).
    This pass rewrites both in terms of ops it lowers:

    * `shard.all_slice`: upstream's own lowering (the patterns of
      `test-grid-all-slice-op-lowering`): each process extracts its slice at
      its linear index in the group times the slice size.
    * `shard.all_gather %x on @grid grid_axes = A gather_axis = d`: each
      process inserts its shard into a zero tensor of the result's shape at
      offset i * L along `d` (i: its linear index in the group of grid axes
      A, as `shard.all_slice` numbers them; L: the shard's size along `d`),
      and a `shard.all_reduce` sum over A adds the group's tensors. The sum
      runs on the bit pattern (a float tensor is bitcast to the integer type
      of its width and back), so it is exact, -0.0 and NaN payloads
      included: every element has one non-zero summand at most.

    ```mlir
    %g = shard.all_gather %x on @grid grid_axes = [0] gather_axis = 0
        : tensor<2x6xf32> -> tensor<4x6xf32>
    // becomes
    %i = shard.process_multi_index on @grid axes = [0] : index
    %off = arith.muli %i, %c2 : index
    %bits = arith.bitcast %x : tensor<2x6xf32> to tensor<2x6xi32>
    %in = tensor.insert_slice %bits into %zeros[%off, 0] [2, 6] [1, 1]
        : tensor<2x6xi32> into tensor<4x6xi32>
    %sum = shard.all_reduce %in on @grid grid_axes = [0] reduction = sum
        : tensor<4x6xi32> -> tensor<4x6xi32>
    %g = arith.bitcast %sum : tensor<4x6xi32> to tensor<4x6xf32>
    ```

    Shapes and the grid's shape must be static; elements signless integers
    or floats of at most 64 bits (MPI reduces integers of 8, 16, 32 and 64
    bits: narrower elements such as `i1` or `f4E2M1FN` travel zero-extended
    to 8 bits). Anything else is an error naming what is allowed.
  }];
  let dependentDialects = ["::mlir::shard::ShardDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::linalg::LinalgDialect"];
}

def ConvertMPIToLLVMPass : Pass<"rng-convert-mpi-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower the mpi dialect to LLVM calls, OpenMPI's correctly";
  let description = [{
    Upstream's lowering of the `mpi` dialect to calls of the MPI library
    (the one `convert-to-llvm` applies), for the implementation the module
    names (`rng-check-mpi-implementation`; a module without the entry gets
    `"MPICH"` explicitly, upstream's default, so that upstream's lookup
    prints no `target op of failed DLTI query` errors), with two OpenMPI
    defects of LLVM 22 fixed:

    * `mpi.comm_split`: OpenMPI's `MPI_Comm` is a pointer, but upstream
      loads the new communicator as an `i32`, so the next call through it
      (`MPI_Allreduce` on a 2-D grid) crashes. A pattern of higher benefit
      loads it as a pointer (docs/upstream/mpi-comm-split-openmpi.md).
    * Reduction operations: upstream references `ompi_mpi_sum`, ... ;
      OpenMPI's symbols are `ompi_mpi_op_sum`, ... . The pass renames them
      after the conversion (docs/upstream/mpi-openmpi-reduction-symbols.md).

    Run it after the rest of the module is in the LLVM dialect (memrefs
    become descriptors here as there), then `reconcile-unrealized-casts`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::DLTIDialect"];
}

def StripMPIMetadataPass : Pass<"rng-strip-mpi-metadata", "::mlir::ModuleOp"> {
  let summary = "Erase the MPI and shard declarations mlir-runner cannot "
                "parse";
  let description = [{
    After the MPI lowering has used them, erases the `"MPI:Implementation"`
    entry of the module's `dlti.map` (the whole attribute when it was the
    only entry) and the `shard.grid` declarations: `mlir-runner` registers
    neither the DLTI nor the shard dialect and rejects a module that holds
    them (docs/upstream/mpi-dlti-mlir-runner.md). A `shard.grid` still used
    is an error: lower the shard ops first (`convert-shard-to-mpi`).
  }];
}

#endif // RNG_SHARD_PASSES_TD
