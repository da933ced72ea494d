//===- StochasticRounding.cpp - IR builder for stochastic rounding --------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/StochasticRounding.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace mlir::rng;

std::optional<StochasticRoundingFormat>
StochasticRoundingFormat::get(Type type) {
  if (!isa<BFloat16Type, Float16Type, Float8E4M3FNType, Float8E5M2Type,
           Float8E4M3FNUZType, Float8E5M2FNUZType, Float4E2M1FNType,
           Float6E2M3FNType, Float6E3M2FNType>(type))
    return std::nullopt;
  // Everything else follows from the format's semantics: T's encoding is
  // sign, exponent field, mantissa, with an implicit leading one.
  const llvm::fltSemantics &semantics =
      cast<FloatType>(type).getFloatSemantics();
  StochasticRoundingFormat format;
  format.width = llvm::APFloat::semanticsSizeInBits(semantics);
  format.mantissaBits = llvm::APFloat::semanticsPrecision(semantics) - 1;
  // The smallest normal is 2^minExponent = 2^(1 - bias).
  format.exponentBias = 1 - llvm::APFloat::semanticsMinExponent(semantics);
  format.maxFiniteBits = static_cast<uint32_t>(
      llvm::APFloat::getLargest(semantics).bitcastToAPInt().getZExtValue());
  if (llvm::APFloat::semanticsHasInf(semantics))
    format.infBits = static_cast<uint32_t>(
        llvm::APFloat::getInf(semantics).bitcastToAPInt().getZExtValue());
  // The MX element formats (f4E2M1FN, f6E2M3FN, f6E3M2FN) have no NaN: a
  // NaN input gives +largest finite there (what PTX cvt.rs.satfinite
  // produces for them).
  format.nanBits = llvm::APFloat::semanticsHasNaN(semantics)
                       ? static_cast<uint32_t>(llvm::APFloat::getQNaN(semantics)
                                                   .bitcastToAPInt()
                                                   .getZExtValue())
                       : format.maxFiniteBits;
  // FNUZ: APFloat has no -0 there (the pattern is NaN).
  format.hasNegativeZero =
      llvm::APFloat::getZero(semantics, /*Negative=*/true).isNegative();
  return format;
}

// The end both forms share: T's magnitude bits `magnitude` (past T's
// largest finite pattern on overflow, +-Inf inputs included) clamped
// (`saturate`) or replaced by +-Inf / NaN there, x's sign (`sign`, at bit
// 31) attached, FNUZ zeros made +0, `format.nanBits` where `isNaN`; returns
// T's bit patterns as iN.
static Value finishStochasticRounding(OpBuilder &builder, Location loc,
                                      ScalarOrSplatBitsCache &constants,
                                      Value magnitude, Value sign, Value isNaN,
                                      const StochasticRoundingFormat &format,
                                      bool saturate) {
  auto cst = [&](uint64_t value) { return constants.get(value); };
  auto select = [&](Value condition, Value onTrue, Value onFalse) -> Value {
    return arith::SelectOp::create(builder, loc, condition, onTrue, onFalse);
  };
  Value overflow;
  if (saturate)
    magnitude = arith::MinUIOp::create(builder, loc, magnitude,
                                       cst(format.maxFiniteBits));
  else
    overflow = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ugt,
                                     magnitude, cst(format.maxFiniteBits));
  // The sign from bit 31 to bit N - 1.
  Value signN =
      arith::ShRUIOp::create(builder, loc, sign, cst(32 - format.width));
  Value result = arith::OrIOp::create(builder, loc, magnitude, signN);
  if (!format.hasNegativeZero) {
    // FNUZ: sign-bit-only is NaN, so every zero result is +0.
    Value isZero = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                         magnitude, cst(0));
    result = select(isZero, cst(0), result);
  }
  if (!saturate) {
    Value special =
        format.infBits
            ? arith::OrIOp::create(builder, loc, cst(*format.infBits), signN)
                  .getResult()
            : cst(format.nanBits);
    result = select(overflow, special, result);
  }
  result = select(isNaN, cst(format.nanBits), result);
  Type narrowType = getTypeWithElementType(
      magnitude.getType(), builder.getIntegerType(format.width));
  return arith::TruncIOp::create(builder, loc, narrowType, result);
}

// With a = |x| as bits, e its f32 biased exponent, s its 24-bit significand
// (implicit one included; f32 subnormals have exponent 1 and no implicit
// one), m/D/bias T's mantissa bits, discarded bits and bias, and
// E = 128 - bias the f32 biased exponent of T's smallest normal:
//
//   below = max(E - e, 0)          binades below T's smallest normal
//   shift = D + below              discarded bits of s (wider for subnormals)
//   q     = (s >> shift) + (max(e - E, 0) << m)      a truncated, T's bits
//   t     = top K bits of the low `shift` bits of s
//   r     = low K bits of rbits
//   bits  = q + ((t + r) >> K)     +1 ulp on a carry out of the K-bit field
//
// The adds are carried in an extended encoding of T, so a carry out of the
// mantissa increments the exponent, and anything above T's largest finite
// pattern overflowed. Then sign, overflow (Inf / NaN / saturate), FNUZ zero
// and NaN inputs are patched in with selects.
Value rng::buildStochasticRoundingBits(OpBuilder &builder, Location loc,
                                       Value xBits, Value rbits,
                                       const StochasticRoundingFormat &format,
                                       unsigned numRandomBits, bool saturate) {
  Type wordType = xBits.getType();
  ScalarOrSplatBitsCache constants(builder, loc, wordType);
  auto cst = [&](uint64_t value) { return constants.get(value); };
  auto andi = [&](Value lhs, uint64_t mask) -> Value {
    return arith::AndIOp::create(builder, loc, lhs, cst(mask));
  };
  auto shrui = [&](Value lhs, Value amount) -> Value {
    return arith::ShRUIOp::create(builder, loc, lhs, amount);
  };
  auto shruiBy = [&](Value lhs, unsigned amount) -> Value {
    return amount ? shrui(lhs, cst(amount)) : lhs;
  };
  auto cmpi = [&](arith::CmpIPredicate predicate, Value lhs,
                  uint64_t rhs) -> Value {
    return arith::CmpIOp::create(builder, loc, predicate, lhs, cst(rhs));
  };
  auto select = [&](Value condition, Value onTrue, Value onFalse) -> Value {
    return arith::SelectOp::create(builder, loc, condition, onTrue, onFalse);
  };

  const unsigned k = numRandomBits;
  const unsigned m = format.mantissaBits;
  const unsigned d = format.getDiscardedBits();
  const uint64_t randomMask = (uint64_t(1) << k) - 1;
  const int64_t minNormalExp = 128 - format.exponentBias;

  // x's magnitude (its sign is split off below, where it is needed).
  Value abs = andi(xBits, 0x7FFFFFFFu);
  Value isNaN = cmpi(arith::CmpIPredicate::ugt, abs, 0x7F800000u);

  // r: the low K bits of rbits, as i32.
  unsigned rbitsWidth = getElementTypeOrSelf(rbits).getIntOrFloatBitWidth();
  assert(k >= 1 && k <= d && k <= rbitsWidth && "K out of range");
  Value r = rbits;
  if (rbitsWidth < 32)
    r = arith::ExtUIOp::create(builder, loc, wordType, r);
  else if (rbitsWidth > 32)
    r = arith::TruncIOp::create(builder, loc, wordType, r);
  if (k < rbitsWidth)
    r = andi(r, randomMask);

  // bf16 (f32's exponent range, an Inf) without saturate: add r at the top
  // K bits of the discarded field of x's own bits and shift the field out.
  // The carry out of the field is the round-up (t + r >= 2^K); it moves into
  // the exponent on a mantissa overflow and turns the largest finite value
  // into Inf; it never reaches the sign (|x| + r < 2^31 for non-NaN x), and
  // Inf stays Inf. Only NaN needs a select.
  if (minNormalExp <= 1 && !saturate && format.infBits) {
    Value aligned =
        d == k ? r
               : arith::ShLIOp::create(builder, loc, r, cst(d - k)).getResult();
    Value rounded =
        shruiBy(arith::AddIOp::create(builder, loc, xBits, aligned), d);
    Value result = select(isNaN, cst(format.nanBits), rounded);
    Type narrowType =
        getTypeWithElementType(wordType, builder.getIntegerType(format.width));
    return arith::TruncIOp::create(builder, loc, narrowType, result);
  }

  // x's sign, kept at bit 31.
  Value sign = andi(xBits, 0x80000000u);

  // q: a truncated toward zero to T's precision, as T's magnitude bits;
  // t: the top K bits of the discarded field.
  Value q, t;
  if (minNormalExp <= 1) {
    // T has f32's exponent range (bf16): every result, subnormals included,
    // is at a's own binade with D discarded bits, and the exponent field
    // needs no rebiasing, so the maths above reduces to plain shifts.
    q = shruiBy(abs, d);
    t = andi(shruiBy(abs, d - k), randomMask);
  } else {
    Value exp = shruiBy(abs, 23);
    // 24-bit significand: the implicit one for normal x (exp >= 1).
    Value hidden = arith::ShLIOp::create(
        builder, loc, arith::MinUIOp::create(builder, loc, exp, cst(1)),
        cst(23));
    Value sig = arith::OrIOp::create(builder, loc, andi(abs, 0x7FFFFF), hidden);
    // f32 subnormals are scaled like exponent 1.
    Value effExp = arith::MaxUIOp::create(builder, loc, exp, cst(1));
    Value clampedExp =
        arith::MaxUIOp::create(builder, loc, effExp, cst(minNormalExp));
    // below = max(E - e, 0); above = max(e - E, 0) = T's biased exponent - 1
    // for a normal result (whose implicit one, s >> D = 1 << m, adds the 1).
    Value below = arith::SubIOp::create(builder, loc, clampedExp, effExp);
    Value above =
        arith::SubIOp::create(builder, loc, clampedExp, cst(minNormalExp));
    // Shift s right by below + D for q and by below + D - K for t. Shifting
    // a 24-bit s by 24 or more gives 0; clamp to stay below 32 (an i32 shift
    // by 32 or more is poison).
    auto clampedShift = [&](unsigned offset) -> Value {
      Value amount =
          offset ? arith::AddIOp::create(builder, loc, below, cst(offset))
                       .getResult()
                 : below;
      return arith::MinUIOp::create(builder, loc, amount, cst(31));
    };
    Value qShift = clampedShift(d);
    Value tShift = clampedShift(d - k);
    q = arith::AddIOp::create(
        builder, loc, shrui(sig, qShift),
        arith::ShLIOp::create(builder, loc, above, cst(m)));
    t = andi(shrui(sig, tShift), randomMask);
  }

  // Round up on a carry out of the K-bit field: t, r < 2^K, so
  // (t + r) >> K is 0 or 1. A carry out of the mantissa moves to the next
  // binade (or from the largest subnormal to the smallest normal).
  Value carry = shruiBy(arith::AddIOp::create(builder, loc, t, r), k);
  Value magnitude = arith::AddIOp::create(builder, loc, q, carry);

  return finishStochasticRounding(builder, loc, constants, magnitude, sign,
                                  isNaN, format, saturate);
}

Value rng::buildStochasticRounding(OpBuilder &builder, Location loc, Value x,
                                   Value rbits, Type resultType,
                                   bool saturate) {
  std::optional<StochasticRoundingFormat> format =
      StochasticRoundingFormat::get(getElementTypeOrSelf(resultType));
  assert(format && "unsupported stochastic rounding result type");
  Type wordType = getTypeWithElementType(x.getType(), builder.getI32Type());
  Value xBits = arith::BitcastOp::create(builder, loc, wordType, x);
  unsigned rbitsWidth = getElementTypeOrSelf(rbits).getIntOrFloatBitWidth();
  Value bits = buildStochasticRoundingBits(builder, loc, xBits, rbits, *format,
                                           format->getNumRandomBits(rbitsWidth),
                                           saturate);
  return arith::BitcastOp::create(builder, loc, resultType, bits);
}

// With e the scale's 8-bit pattern (the value 2^(e - 127), NaN for 255):
//
//   factor = 2^(127 - e):  e <= 253  f32 bits (254 - e) << 23 (normal)
//                          e == 254  0x00400000 (2^-127, an f32 subnormal)
//                          e == 255  0x7FC00000 (quiet NaN)
//   result = SR(x * factor, rbits)
//
// x * 2^(127 - e) and x / 2^(e - 127) are the same real number, so their
// correctly rounded f32 values agree (exact unless the quotient overflows
// or leaves f32's normal range).
Value rng::buildScalingQuotient(OpBuilder &builder, Location loc, Value x,
                                Value scale, Type resultType) {
  // The factor in scale's own shape (one factor for a scalar scale).
  Type scaleType = scale.getType();
  Type byteType = getTypeWithElementType(scaleType, builder.getI8Type());
  Type wordType = getTypeWithElementType(scaleType, builder.getI32Type());
  ScalarOrSplatBitsCache constants(builder, loc, wordType);
  auto cst = [&](uint64_t value) { return constants.get(value); };
  Value e = arith::ExtUIOp::create(
      builder, loc, wordType,
      arith::BitcastOp::create(builder, loc, byteType, scale));
  Value normalBits = arith::ShLIOp::create(
      builder, loc, arith::SubIOp::create(builder, loc, cst(254), e), cst(23));
  Value isSubnormal = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq, e, cst(254));
  Value isNaN = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, e,
                                      cst(255));
  Value factorBits = arith::SelectOp::create(
      builder, loc, isNaN, cst(0x7FC00000),
      arith::SelectOp::create(builder, loc, isSubnormal, cst(0x00400000),
                              normalBits));
  Value factor = arith::BitcastOp::create(
      builder, loc, getTypeWithElementType(scaleType, builder.getF32Type()),
      factorBits);

  // Scalars beside a vector result are broadcast to its shape.
  auto shaped = [&](Value value) {
    return broadcastToType(
        builder, loc, value,
        getTypeWithElementType(resultType, getElementTypeOrSelf(value)));
  };
  return arith::MulFOp::create(builder, loc, shaped(x), shaped(factor));
}

Value rng::buildScalingStochasticRounding(OpBuilder &builder, Location loc,
                                          Value x, Value scale, Value rbits,
                                          Type resultType, bool saturate) {
  Value quotient = buildScalingQuotient(builder, loc, x, scale, resultType);
  Value shapedRbits = broadcastToType(
      builder, loc, rbits,
      getTypeWithElementType(resultType, getElementTypeOrSelf(rbits)));
  return buildStochasticRounding(builder, loc, quotient, shapedRbits,
                                 resultType, saturate);
}

bool rng::supportsFmaRZStochasticRounding(
    const StochasticRoundingFormat &format) {
  return 128 - format.exponentBias > 1;
}

Value rng::buildStochasticRoundingWithFmaRZ(
    OpBuilder &builder, Location loc, Value x, Value rbits, Type resultType,
    bool saturate, HalfAddTowardZeroBuilder buildHalfAdd) {
  std::optional<StochasticRoundingFormat> format =
      StochasticRoundingFormat::get(getElementTypeOrSelf(resultType));
  assert(format && supportsFmaRZStochasticRounding(*format) &&
         "unsupported stochastic rounding result type");
  Type floatType = x.getType();
  Type wordType = getTypeWithElementType(floatType, builder.getI32Type());
  ScalarOrSplatBitsCache constants(builder, loc, wordType);
  auto cst = [&](uint64_t value) { return constants.get(value); };
  auto cmpi = [&](arith::CmpIPredicate predicate, Value lhs,
                  uint64_t rhs) -> Value {
    return arith::CmpIOp::create(builder, loc, predicate, lhs, cst(rhs));
  };
  auto select = [&](Value condition, Value onTrue, Value onFalse) -> Value {
    return arith::SelectOp::create(builder, loc, condition, onTrue, onFalse);
  };
  auto bitsOf = [&](Value value) -> Value {
    return arith::BitcastOp::create(builder, loc, wordType, value);
  };

  const unsigned d = format->getDiscardedBits();
  unsigned rbitsWidth = getElementTypeOrSelf(rbits).getIntOrFloatBitWidth();
  const unsigned k = format->getNumRandomBits(rbitsWidth);
  // E - 1: the f32 biased exponent of N / 2.
  const uint32_t halfMinNormalExp = 127 - format->exponentBias;

  Value xBits = bitsOf(x);
  Value absBits = arith::AndIOp::create(builder, loc, xBits, cst(0x7FFFFFFFu));
  Value isNaN = cmpi(arith::CmpIPredicate::ugt, absBits, 0x7F800000u);
  Value magnitude = arith::BitcastOp::create(builder, loc, floatType, absBits);
  Value halfAdd =
      bitsOf(buildHalfAdd(builder, loc, magnitude, halfMinNormalExp << 23));
  // Non-negative floats order like their bit patterns; a NaN magnitude
  // makes c NaN too, and the select below replaces its result.
  Value c = arith::MaxUIOp::create(builder, loc, absBits, halfAdd);

  // r: the low K bits of rbits at the top of the D-bit field.
  Value r = rbits;
  if (rbitsWidth < 32)
    r = arith::ExtUIOp::create(builder, loc, wordType, r);
  else if (rbitsWidth > 32)
    r = arith::TruncIOp::create(builder, loc, wordType, r);
  if (k < std::min(rbitsWidth, 32u))
    r = arith::AndIOp::create(builder, loc, r, cst((uint64_t(1) << k) - 1));
  if (d > k)
    r = arith::ShLIOp::create(builder, loc, r, cst(d - k));
  // c >= N / 2, so the subtraction never wraps; c + r < 2^31 for non-NaN c.
  Value sum = arith::AddIOp::create(
      builder, loc, arith::AddIOp::create(builder, loc, c, r),
      cst(uint32_t(-(int64_t(halfMinNormalExp) << 23))));
  Value code = arith::ShRUIOp::create(builder, loc, sum, cst(d));

  Value sign = arith::AndIOp::create(builder, loc, xBits, cst(0x80000000u));
  Value narrowBits = finishStochasticRounding(builder, loc, constants, code,
                                              sign, isNaN, *format, saturate);
  return arith::BitcastOp::create(builder, loc, resultType, narrowBits);
}
