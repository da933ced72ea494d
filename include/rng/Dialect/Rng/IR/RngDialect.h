//===- RngDialect.h - rng dialect declaration -------------------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_RNG_IR_RNGDIALECT_H
#define RNG_DIALECT_RNG_IR_RNGDIALECT_H

#include "mlir/IR/Dialect.h"

#include "rng/Dialect/Rng/IR/RngOpsDialect.h.inc"

#endif // RNG_DIALECT_RNG_IR_RNGDIALECT_H
