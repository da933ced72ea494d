//===- Pipelines.h - rng-mlir pipeline for sharded programs -----*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_SHARD_PIPELINES_H
#define RNG_SHARD_PIPELINES_H

#include "rng/Pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"

namespace mlir {
namespace rng {

/// Appends `rng-shard-to-llvm` to `pm` (anchored on builtin.module): takes a
/// module whose functions shard tensors with upstream's `shard` dialect (and
/// use rng/round ops) and a driver that calls them to the LLVM dialect,
/// calling the MPI library the module names, runnable with
/// `mpirun -n P mlir-runner`:
///
///   rng-check-mpi-implementation, rng-shard-partition,
///   rng-lower-shard-collectives, convert-shard-to-mpi, rng-to-llvm,
///   rng-convert-mpi-to-llvm, reconcile-unrealized-casts,
///   rng-strip-mpi-metadata.
void buildRngShardToLLVMPipeline(OpPassManager &pm);

/// The same with rng-to-llvm's `options` (`outline-above`, `fast-math`) for
/// its rng-to-llvm step.
void buildRngShardToLLVMPipeline(OpPassManager &pm,
                                 const RngToLLVMPipelineOptions &options);

/// Registers `rng-shard-to-llvm` with the global pass registry (the passes:
/// registerRngShardPasses() in rng/Shard/Passes.h).
void registerRngShardPipelines();

} // namespace rng
} // namespace mlir

#endif // RNG_SHARD_PIPELINES_H
