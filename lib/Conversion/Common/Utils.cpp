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

Value rng::buildHalfToF32(OpBuilder &builder, Location loc, Value x) {
  Type type = x.getType();
  Type i16Type = getTypeWithElementType(type, builder.getI16Type());
  Type i32Type = getTypeWithElementType(type, builder.getI32Type());
  Type f32Type = getTypeWithElementType(type, builder.getF32Type());
  ScalarOrSplatBitsCache i32s(builder, loc, i32Type);
  Value bits = arith::ExtUIOp::create(
      builder, loc, i32Type,
      arith::BitcastOp::create(builder, loc, i16Type, x));
  if (getElementTypeOrSelf(type).isBF16())
    return arith::BitcastOp::create(
        builder, loc, f32Type,
        arith::ShLIOp::create(builder, loc, bits, i32s.get(16)));
  // f16: the magnitude's bits moved to f32's exponent and mantissa fields
  // read as an f32 are the value times 2^-112 (subnormals included), so a
  // product by 2^112 is exact; infinities and NaNs are built apart.
  Value sign = arith::ShLIOp::create(
      builder, loc, arith::AndIOp::create(builder, loc, bits, i32s.get(0x8000)),
      i32s.get(16));
  Value magnitude = arith::AndIOp::create(builder, loc, bits, i32s.get(0x7FFF));
  Value moved = arith::ShLIOp::create(builder, loc, magnitude, i32s.get(13));
  Value scaled = arith::BitcastOp::create(
      builder, loc, i32Type,
      arith::MulFOp::create(
          builder, loc, arith::BitcastOp::create(builder, loc, f32Type, moved),
          createScalarOrSplatBits(builder, loc, f32Type, 0x77800000)));
  Value special = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::uge,
                                        magnitude, i32s.get(0x7C00));
  Value infOrNaN =
      arith::OrIOp::create(builder, loc, moved, i32s.get(0x7F800000));
  Value result =
      arith::SelectOp::create(builder, loc, special, infOrNaN, scaled);
  return arith::BitcastOp::create(
      builder, loc, f32Type, arith::OrIOp::create(builder, loc, result, sign));
}

Value rng::buildF32ToHalf(OpBuilder &builder, Location loc, Value x,
                          Type halfType) {
  Type type = x.getType();
  Type i32Type = getTypeWithElementType(type, builder.getI32Type());
  Type i16Type = getTypeWithElementType(type, builder.getI16Type());
  Type f32Type = getTypeWithElementType(type, builder.getF32Type());
  Type resultType = getTypeWithElementType(type, halfType);
  ScalarOrSplatBitsCache i32s(builder, loc, i32Type);
  Value bits = arith::BitcastOp::create(builder, loc, i32Type, x);
  Value magnitude =
      arith::AndIOp::create(builder, loc, bits, i32s.get(0x7FFFFFFF));
  Value isNaN = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ugt,
                                      magnitude, i32s.get(0x7F800000));
  Value sign = arith::AndIOp::create(
      builder, loc, arith::ShRUIOp::create(builder, loc, bits, i32s.get(16)),
      i32s.get(0x8000));
  Value result;
  if (halfType.isBF16()) {
    // Round to nearest even on the 16 low bits; a carry into the exponent
    // rounds up to the next binade or to infinity, as it should.
    Value odd = arith::AndIOp::create(
        builder, loc,
        arith::ShRUIOp::create(builder, loc, magnitude, i32s.get(16)),
        i32s.get(1));
    Value rounded = arith::ShRUIOp::create(
        builder, loc,
        arith::AddIOp::create(
            builder, loc, magnitude,
            arith::AddIOp::create(builder, loc, odd, i32s.get(0x7FFF))),
        i32s.get(16));
    result =
        arith::SelectOp::create(builder, loc, isNaN, i32s.get(0x7FC0), rounded);
  } else {
    // Normal results: rebias the exponent (127 -> 15) and round to nearest
    // even on the 13 low bits; past the largest finite value, infinity.
    Value rebiased =
        arith::SubIOp::create(builder, loc, magnitude, i32s.get(0x38000000));
    Value odd = arith::AndIOp::create(
        builder, loc,
        arith::ShRUIOp::create(builder, loc, rebiased, i32s.get(13)),
        i32s.get(1));
    Value normal = arith::MinUIOp::create(
        builder, loc,
        arith::ShRUIOp::create(
            builder, loc,
            arith::AddIOp::create(
                builder, loc, rebiased,
                arith::AddIOp::create(builder, loc, odd, i32s.get(0xFFF))),
            i32s.get(13)),
        i32s.get(0x7C00));
    // Below 2^-14: the subnormal's integer m = |x| * 2^24 rounded to
    // nearest even, which adding 2^23 in f32 does (|x| * 2^24 < 2^10); a
    // result of 0x400 is the smallest normal, as it should be.
    ScalarOrSplatBitsCache f32s(builder, loc, f32Type);
    Value absolute = arith::BitcastOp::create(builder, loc, f32Type, magnitude);
    Value shifted = arith::AddFOp::create(
        builder, loc,
        arith::MulFOp::create(builder, loc, absolute, f32s.get(0x4B800000)),
        f32s.get(0x4B000000));
    Value subnormal = arith::SubIOp::create(
        builder, loc, arith::BitcastOp::create(builder, loc, i32Type, shifted),
        i32s.get(0x4B000000));
    Value isSmall =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                              magnitude, i32s.get(0x38800000));
    result = arith::SelectOp::create(
        builder, loc, isNaN, i32s.get(0x7E00),
        arith::SelectOp::create(builder, loc, isSmall, subnormal, normal));
  }
  Value half = arith::TruncIOp::create(
      builder, loc, i16Type, arith::OrIOp::create(builder, loc, result, sign));
  return arith::BitcastOp::create(builder, loc, resultType, half);
}
