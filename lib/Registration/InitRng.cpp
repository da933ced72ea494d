//===- InitRng.cpp - Register rng-mlir dialects and passes ----------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/InitRng.h"
#include "rng/Conversion/Passes.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/Pipelines/Pipelines.h"

#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"

using namespace mlir;

void rng::registerRngDialects(DialectRegistry &registry) {
  registry.insert<rng::RngDialect>();
  registry.insert<rounding::RoundDialect>();
  registerRngPipelineExtensions(registry);
}

void rng::registerRngPipelineExtensions(DialectRegistry &registry) {
  // The extensions are keyed by function, so registering them again (e.g.
  // after registerAllDialects) adds nothing.
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
}

void rng::registerRngPasses() {
  // A pipeline registered twice is a fatal error in MLIR builds with
  // assertions; register once per process.
  static const bool registered = [] {
    registerRngConversionPasses();
    registerRngPipelines();
    return true;
  }();
  (void)registered;
}
