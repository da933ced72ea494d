//===- Pipelines.cpp - rng-mlir pass pipelines ----------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Pipelines/Pipelines.h"
#include "rng/Conversion/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void rng::buildRngToLLVMPipeline(OpPassManager &pm) {
  // Our dialects, by their universal lowerings.
  pm.addPass(createConvertRngToArithPass());
  pm.addPass(createConvertRoundToArithPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Ranked tensors: elementwise arith on tensors -> linalg -> loops on
  // memrefs.
  pm.addPass(createConvertElementwiseToLinalgPass());
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  pm.addPass(createConvertLinalgToLoopsPass());

  // Everything to the LLVM dialect.
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void rng::registerRngPipelines() {
  PassPipelineRegistration<>(
      "rng-to-llvm",
      "Lower rng/round ops and the upstream dialects they produce to the "
      "LLVM dialect for the host CPU (runnable with mlir-runner)",
      buildRngToLLVMPipeline);
}
