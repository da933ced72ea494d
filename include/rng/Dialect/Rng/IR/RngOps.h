//===- RngOps.h - rng dialect operations ------------------------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_RNG_IR_RNGOPS_H
#define RNG_DIALECT_RNG_IR_RNGOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "rng/Dialect/Rng/IR/RngDialect.h"

#include "rng/Dialect/Rng/IR/RngEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "rng/Dialect/Rng/IR/RngAttrs.h.inc"

#define GET_OP_CLASSES
#include "rng/Dialect/Rng/IR/RngOps.h.inc"

#endif // RNG_DIALECT_RNG_IR_RNGOPS_H
