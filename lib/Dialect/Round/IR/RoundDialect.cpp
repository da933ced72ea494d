//===- RoundDialect.cpp - round dialect -----------------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/Dialect/Round/IR/RoundOps.h"

using namespace mlir;
using namespace mlir::rounding;

#include "rng/Dialect/Round/IR/RoundOpsDialect.cpp.inc"

void RoundDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "rng/Dialect/Round/IR/RoundOps.cpp.inc"
      >();
}
