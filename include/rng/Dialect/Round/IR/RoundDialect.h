//===- RoundDialect.h - round dialect declaration ---------------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_ROUND_IR_ROUNDDIALECT_H
#define RNG_DIALECT_ROUND_IR_ROUNDDIALECT_H

#include "mlir/IR/Dialect.h"

#include "rng/Dialect/Round/IR/RoundOpsDialect.h.inc"

#endif // RNG_DIALECT_ROUND_IR_ROUNDDIALECT_H
