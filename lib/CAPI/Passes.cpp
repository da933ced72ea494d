//===- Passes.cpp - C API for the rng-mlir passes -------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng-c/Passes.h"
#include "rng/Conversion/Passes.h"

#include "mlir/CAPI/Pass.h"

using namespace mlir;
using namespace mlir::rng;

// mlirRegisterRngConversionPasses, mlirCreateRngConversion<Pass>,
// mlirRegisterRngConversion<Pass>, generated from rng/Conversion/Passes.td.
#include "Passes.capi.cpp.inc"
