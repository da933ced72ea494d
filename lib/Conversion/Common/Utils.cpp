//===- Utils.cpp - IR building helpers of the rng-mlir lowerings ----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/Utils.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::rng;

Value rng::createScalarOrSplatBits(OpBuilder &builder, Location loc, Type type,
                                   uint64_t bits) {
  Type elementType = getElementTypeOrSelf(type);
  APInt value(elementType.getIntOrFloatBitWidth(), bits, /*isSigned=*/false,
              /*implicitTrunc=*/true);
  if (auto floatType = dyn_cast<FloatType>(elementType))
    return mlir::createScalarOrSplatConstant(
        builder, loc, type, APFloat(floatType.getFloatSemantics(), value));
  return mlir::createScalarOrSplatConstant(builder, loc, type, value);
}

Value rng::createI32Constant(OpBuilder &builder, Location loc, uint32_t value) {
  return createScalarOrSplatBits(builder, loc, builder.getI32Type(), value);
}

Value rng::buildScaledIntToFloat(OpBuilder &builder, Location loc,
                                 Value integer, bool isSigned,
                                 uint32_t scaleBits) {
  Type floatType =
      getTypeWithElementType(integer.getType(), builder.getF32Type());
  Value asFloat =
      isSigned ? arith::SIToFPOp::create(builder, loc, floatType, integer)
                     .getResult()
               : arith::UIToFPOp::create(builder, loc, floatType, integer)
                     .getResult();
  Value scale = createScalarOrSplatBits(builder, loc, floatType, scaleBits);
  return arith::MulFOp::create(builder, loc, asFloat, scale);
}

Value rng::broadcastToType(OpBuilder &builder, Location loc, Value value,
                           Type type) {
  if (value.getType() == type)
    return value;
  if (auto vectorType = dyn_cast<VectorType>(type))
    return vector::BroadcastOp::create(builder, loc, vectorType, value);
  // Static tensors only: the lowerings take ranked tensors through
  // linalg.generic and never reach here with one.
  return tensor::SplatOp::create(builder, loc, cast<RankedTensorType>(type),
                                 value);
}

bool rng::isScalarOrStaticVector(Type type) {
  if (auto vectorType = dyn_cast<VectorType>(type))
    return !vectorType.isScalable() &&
           vectorType.getNumElements() <= kMaxUnrolledElements;
  return !isa<ShapedType>(type);
}

SmallVector<Value> rng::unpackElements(OpBuilder &builder, Location loc,
                                       Value value) {
  auto vectorType = dyn_cast<VectorType>(value.getType());
  if (!vectorType)
    return {value};
  int64_t numElements = vectorType.getNumElements();
  auto flatType = VectorType::get({numElements}, vectorType.getElementType());
  Value flat = vector::ShapeCastOp::create(builder, loc, flatType, value);
  SmallVector<Value> elements;
  elements.reserve(numElements);
  for (int64_t i = 0; i < numElements; ++i)
    elements.push_back(vector::ExtractOp::create(builder, loc, flat, i));
  return elements;
}

Value rng::packElements(OpBuilder &builder, Location loc, Type type,
                        ArrayRef<Value> elements) {
  auto vectorType = dyn_cast<VectorType>(type);
  if (!vectorType)
    return elements.front();
  auto flatType = VectorType::get({vectorType.getNumElements()},
                                  vectorType.getElementType());
  Value flat = vector::FromElementsOp::create(builder, loc, flatType, elements);
  return vector::ShapeCastOp::create(builder, loc, vectorType, flat);
}
