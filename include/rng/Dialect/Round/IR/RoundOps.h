//===- RoundOps.h - round dialect operations --------------------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_ROUND_IR_ROUNDOPS_H
#define RNG_DIALECT_ROUND_IR_ROUNDOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "rng/Dialect/Round/IR/RoundDialect.h"

#define GET_OP_CLASSES
#include "rng/Dialect/Round/IR/RoundOps.h.inc"

#endif // RNG_DIALECT_ROUND_IR_ROUNDOPS_H
