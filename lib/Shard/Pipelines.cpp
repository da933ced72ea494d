//===- Pipelines.cpp - rng-shard-to-llvm ----------------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Shard/Pipelines.h"
#include "rng/Pipelines/Pipelines.h"
#include "rng/Shard/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::rng;

void rng::buildRngShardToLLVMPipeline(OpPassManager &pm) {
  // Before anything else: the lowering's choice of ABI.
  pm.addPass(createCheckMPIImplementationPass());
  // The SPMD program, in shard's collectives, then in MPI's.
  pm.addPass(createShardPartitionPass());
  pm.addPass(createLowerShardCollectivesPass());
  pm.addPass(createConvertShardToMPIPass());
  // Everything else to LLVM for the host CPU; the mpi ops, on memrefs, wait
  // for their descriptors.
  buildRngToLLVMPipeline(pm);
  pm.addPass(createConvertMPIToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createStripMPIMetadataPass());
}

void rng::registerRngShardPipelines() {
  registerPassPipeline(
      "rng-shard-to-llvm",
      "Partition the sharded functions of a module and lower it, with its "
      "driver, to the LLVM dialect calling MPI (runnable with mpirun -n P "
      "mlir-runner)",
      [](OpPassManager &pm, StringRef optionsString,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        if (!optionsString.empty())
          return errorHandler("rng-shard-to-llvm takes no options, got '" +
                              optionsString + "'");
        if (pm.getOpAnchorName() != ModuleOp::getOperationName())
          return errorHandler(
              "rng-shard-to-llvm runs on a 'builtin.module', not nested on '" +
              pm.getOpAnchorName() +
              "': write builtin.module(rng-shard-to-llvm) or run it on the "
              "top-level module");
        buildRngShardToLLVMPipeline(pm);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)>) {});
}
