//===- Pipelines.cpp - rng-shard-to-llvm ----------------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Shard/Pipelines.h"
#include "rng/Pipelines/Pipelines.h"
#include "rng/Shard/Passes.h"

#include "mlir/Conversion/Passes.h"

using namespace mlir;
using namespace mlir::rng;

void rng::buildRngShardToLLVMPipeline(OpPassManager &pm) {
  buildRngShardToLLVMPipeline(pm, RngToLLVMPipelineOptions());
}

void rng::buildRngShardToLLVMPipeline(OpPassManager &pm,
                                      const RngToLLVMPipelineOptions &options) {
  // Before anything else: the lowering's choice of ABI.
  pm.addPass(createCheckMPIImplementationPass());
  // The SPMD program, in shard's collectives, then in MPI's.
  pm.addPass(createShardPartitionPass());
  pm.addPass(createLowerShardCollectivesPass());
  pm.addPass(createConvertShardToMPIPass());
  // Everything else to LLVM for the host CPU; the mpi ops, on memrefs, wait
  // for their descriptors.
  buildRngToLLVMPipeline(pm, options);
  pm.addPass(createConvertMPIToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createStripMPIMetadataPass());
}

void rng::registerRngShardPipelines() {
  registerModulePipeline<RngToLLVMPipelineOptions>(
      "rng-shard-to-llvm",
      "Partition the sharded functions of a module and lower it, with its "
      "driver, to the LLVM dialect calling MPI (runnable with mpirun -n P "
      "mlir-runner); the options are rng-to-llvm's",
      buildRngShardToLLVMPipeline);
}
