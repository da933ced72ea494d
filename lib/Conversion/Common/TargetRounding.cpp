//===- TargetRounding.cpp - Helpers of the target SR lowerings ------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/TargetRounding.h"
#include "rng/Conversion/Common/StochasticRounding.h"
#include "rng/Conversion/Common/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::rng;

UnpackedRoundingOperands rng::unpackRoundingOperands(OpBuilder &builder,
                                                     Location loc, Value x,
                                                     Value rbits,
                                                     Type elementType) {
  unsigned width =
      getElementTypeOrSelf(rbits.getType()).getIntOrFloatBitWidth();
  StochasticRoundingFormat format = *StochasticRoundingFormat::get(elementType);
  return {unpackElements(builder, loc, x), unpackElements(builder, loc, rbits),
          format, format.getNumRandomBits(width)};
}

Value rng::placeRandomBits(OpBuilder &builder, Location loc, Value rbits,
                           unsigned numBits, unsigned shift) {
  Type i32 = builder.getI32Type();
  unsigned width = rbits.getType().getIntOrFloatBitWidth();
  Value bits = rbits;
  if (width > 32)
    bits = arith::TruncIOp::create(builder, loc, i32, bits);
  else if (width < 32)
    bits = arith::ExtUIOp::create(builder, loc, i32, bits);
  if (numBits < std::min(width, 32u))
    bits = arith::AndIOp::create(
        builder, loc, bits,
        createI32Constant(builder, loc, (uint32_t(1) << numBits) - 1));
  if (shift != 0)
    bits = arith::ShLIOp::create(builder, loc, bits,
                                 createI32Constant(builder, loc, shift));
  return bits;
}

Value rng::getMagnitudeBits(OpBuilder &builder, Location loc, Value x) {
  Value bits = arith::BitcastOp::create(builder, loc, builder.getI32Type(), x);
  return arith::AndIOp::create(builder, loc, bits,
                               createI32Constant(builder, loc, 0x7FFFFFFF));
}

/// `result` as a signless integer of its width.
static Value toBits(OpBuilder &builder, Location loc, Value result) {
  Type type = result.getType();
  if (type.isSignlessInteger())
    return result;
  return arith::BitcastOp::create(
      builder, loc, builder.getIntegerType(type.getIntOrFloatBitWidth()),
      result);
}

static Value fromBits(OpBuilder &builder, Location loc, Value bits, Type type) {
  if (bits.getType() == type)
    return bits;
  return arith::BitcastOp::create(builder, loc, type, bits);
}

Value rng::replaceAboveMagnitude(OpBuilder &builder, Location loc, Value x,
                                 Value result, arith::CmpIPredicate predicate,
                                 uint32_t threshold, uint32_t replacement,
                                 bool withSign) {
  using arith::CmpIPredicate;
  Type resultType = result.getType();
  unsigned width = resultType.getIntOrFloatBitWidth();
  Type intType = builder.getIntegerType(width);
  Value magnitude = getMagnitudeBits(builder, loc, x);
  // |x| in range and x not NaN (NaN patterns are above 0x7F800000).
  Value above =
      arith::CmpIOp::create(builder, loc, predicate, magnitude,
                            createI32Constant(builder, loc, threshold));
  Value notNaN =
      arith::CmpIOp::create(builder, loc, CmpIPredicate::ule, magnitude,
                            createI32Constant(builder, loc, 0x7F800000));
  Value cond = arith::AndIOp::create(builder, loc, above, notNaN);

  Value replacementBits =
      createScalarOrSplatBits(builder, loc, intType, replacement);
  if (withSign) {
    // x's sign moved to T's sign bit.
    Value xBits =
        arith::BitcastOp::create(builder, loc, builder.getI32Type(), x);
    Value sign = arith::ShRUIOp::create(builder, loc, xBits,
                                        createI32Constant(builder, loc, 31));
    sign = arith::ShLIOp::create(builder, loc, sign,
                                 createI32Constant(builder, loc, width - 1));
    sign = arith::TruncIOp::create(builder, loc, intType, sign);
    replacementBits = arith::OrIOp::create(builder, loc, replacementBits, sign);
  }
  Value bits = arith::SelectOp::create(builder, loc, cond, replacementBits,
                                       toBits(builder, loc, result));
  return fromBits(builder, loc, bits, resultType);
}

uint32_t rng::getLargestFiniteF32Bits(Type type) {
  APFloat largest =
      APFloat::getLargest(cast<FloatType>(type).getFloatSemantics());
  bool losesInfo = false;
  largest.convert(APFloat::IEEEsingle(), APFloat::rmTowardZero, &losesInfo);
  assert(!losesInfo && "largest finite value not exact in f32");
  return uint32_t(largest.bitcastToAPInt().getZExtValue());
}

uint32_t rng::getOverflowThresholdF32Bits(Type type) {
  const llvm::fltSemantics &semantics =
      cast<FloatType>(type).getFloatSemantics();
  APFloat largest(APFloat::IEEEsingle(),
                  APInt(32, getLargestFiniteF32Bits(type)));
  int ulpExponent =
      ilogb(largest) - int(APFloat::semanticsPrecision(semantics)) + 1;
  APFloat threshold =
      scalbn(APFloat(1.0f), ulpExponent, APFloat::rmNearestTiesToEven);
  threshold.add(largest, APFloat::rmNearestTiesToEven);
  assert(threshold.isFiniteNonZero() && "M + ulp(M) beyond f32's range");
  return uint32_t(threshold.bitcastToAPInt().getZExtValue());
}
