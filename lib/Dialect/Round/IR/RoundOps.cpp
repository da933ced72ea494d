//===- RoundOps.cpp - round dialect operations ----------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Round/IR/RoundOps.h"
#include "rng/Support/ElementwiseFolding.h"
#include "rng/Support/StochasticRounding.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace mlir::rng::rounding;

//===----------------------------------------------------------------------===//
// StochasticOp
//===----------------------------------------------------------------------===//

/// The result types without Inf and NaN (f4E2M1FN, f6E2M3FN, f6E3M2FN)
/// need `saturate`: without it an overflow would have no result.
static LogicalResult verifySaturateRequired(Operation *op, Type resultType,
                                            bool saturate) {
  auto floatType = dyn_cast<FloatType>(getElementTypeOrSelf(resultType));
  if (saturate || !floatType)
    return success();
  const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
  if (llvm::APFloat::semanticsHasInf(semantics) ||
      llvm::APFloat::semanticsHasNaN(semantics))
    return success();
  return op->emitOpError("result element type ")
         << floatType
         << " has neither Inf nor NaN: 'saturate' is required (overflow and "
            "+-Inf give +-its largest finite value)";
}

/// The host rounding of an op whose result is `resultType` and whose random
/// bits are `rbits`.
static rng::HostStochasticRounding getHostRounding(Type resultType, Value rbits,
                                                   bool saturate) {
  auto floatType = cast<FloatType>(getElementTypeOrSelf(resultType));
  return rng::HostStochasticRounding(
      floatType.getFloatSemantics(),
      getElementTypeOrSelf(rbits.getType()).getIntOrFloatBitWidth(), saturate);
}

LogicalResult StochasticOp::verify() {
  if (failed(verifySaturateRequired(*this, getType(), getSaturate())))
    return failure();
  Type xType = getX().getType();
  if (!rng::haveSameShape(xType, getRbits().getType()))
    return emitOpError("operand 'rbits' of type ")
           << getRbits().getType() << " must have the shape of 'x' (" << xType
           << "): a scalar for a scalar x, else a vector or tensor of the "
              "same kind and shape";
  if (!rng::haveSameShape(xType, getType()))
    return emitOpError("result of type ")
           << getType() << " must have the shape of 'x' (" << xType
           << "): a scalar for a scalar x, else a vector or tensor of the "
              "same kind and shape";
  return success();
}

OpFoldResult StochasticOp::fold(FoldAdaptor adaptor) {
  rng::HostStochasticRounding host =
      getHostRounding(getType(), getRbits(), getSaturate());
  return rng::foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        out[0] = host.round(uint32_t(in[0]), in[1]);
      });
}

//===----------------------------------------------------------------------===//
// ScalingStochasticOp
//===----------------------------------------------------------------------===//

LogicalResult ScalingStochasticOp::verify() {
  // Shapes (scalable dimensions included) are ElementwiseMappable's.
  return verifySaturateRequired(*this, getType(), getSaturate());
}

OpFoldResult ScalingStochasticOp::fold(FoldAdaptor adaptor) {
  rng::HostStochasticRounding host =
      getHostRounding(getType(), getRbits(), getSaturate());
  return rng::foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        out[0] = host.roundScaled(uint32_t(in[0]), uint8_t(in[1]), in[2]);
      });
}

#define GET_OP_CLASSES
#include "rng/Dialect/Round/IR/RoundOps.cpp.inc"
