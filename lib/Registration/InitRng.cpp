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

using namespace mlir;

void rng::registerRngDialects(DialectRegistry &registry) {
  registry.insert<rng::RngDialect>();
  registry.insert<rounding::RoundDialect>();
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
