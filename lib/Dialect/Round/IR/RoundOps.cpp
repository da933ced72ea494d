//===- RoundOps.cpp - round dialect operations ----------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Round/IR/RoundOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::rounding;

//===----------------------------------------------------------------------===//
// StochasticOp
//===----------------------------------------------------------------------===//

/// Returns true if `a` and `b` are both scalars, or both vectors or both
/// ranked tensors of one shape (element types aside; scalable dimensions,
/// dynamic sizes and tensor encodings must match too).
static bool haveSameShape(Type a, Type b) {
  if (auto shaped = dyn_cast<ShapedType>(a))
    return isa<ShapedType>(b) &&
           shaped.clone(cast<ShapedType>(b).getElementType()) == b;
  return !isa<ShapedType>(b);
}

LogicalResult StochasticOp::verify() {
  Type xType = getX().getType();
  if (!haveSameShape(xType, getRbits().getType()))
    return emitOpError("operand 'rbits' of type ")
           << getRbits().getType() << " must have the shape of 'x' (" << xType
           << "): a scalar for a scalar x, else a vector or tensor of the "
              "same kind and shape";
  if (!haveSameShape(xType, getType()))
    return emitOpError("result of type ")
           << getType() << " must have the shape of 'x' (" << xType
           << "): a scalar for a scalar x, else a vector or tensor of the "
              "same kind and shape";
  return success();
}

#define GET_OP_CLASSES
#include "rng/Dialect/Round/IR/RoundOps.cpp.inc"
