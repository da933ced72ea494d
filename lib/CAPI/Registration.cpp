//===- Registration.cpp - Register rng-mlir from C ------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng-c/Registration.h"
#include "rng/InitRng.h"

#include "mlir/CAPI/IR.h"

void mlirRegisterRngDialects(MlirDialectRegistry registry) {
  mlir::rng::registerRngDialects(*unwrap(registry));
}

void mlirRegisterRngPasses(void) { mlir::rng::registerRngPasses(); }
