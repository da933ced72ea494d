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

/// Returns true if `a` and `b` are both scalars, both vectors of one shape or
/// both ranked tensors of one shape (element types aside).
static bool haveSameShape(Type a, Type b) {
  if (auto va = dyn_cast<VectorType>(a)) {
    auto vb = dyn_cast<VectorType>(b);
    return vb && va.getShape() == vb.getShape();
  }
  if (auto ta = dyn_cast<RankedTensorType>(a)) {
    auto tb = dyn_cast<RankedTensorType>(b);
    return tb && ta.getShape() == tb.getShape();
  }
  return !isa<ShapedType>(b);
}

LogicalResult StochasticOp::verify() {
  Type xType = getX().getType();
  if (auto tensorType = dyn_cast<RankedTensorType>(xType);
      tensorType && !tensorType.hasStaticShape())
    return emitOpError("operand 'x' of type ")
           << xType << " must have a static shape";
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
