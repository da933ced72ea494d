//===- RoundDialect.h - round dialect declaration ---------------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_ROUND_IR_ROUNDDIALECT_H
#define RNG_DIALECT_ROUND_IR_ROUNDDIALECT_H

#include "mlir/IR/Dialect.h"

#include "rng/Dialect/Round/IR/RoundOpsDialect.h.inc"

namespace mlir {
/// The round dialect's namespace before it moved under `mlir::rng`: code
/// written against `mlir::rounding::StochasticOp` and the like still
/// compiles.
namespace rounding = ::mlir::rng::rounding;
} // namespace mlir

#endif // RNG_DIALECT_ROUND_IR_ROUNDDIALECT_H
