//===- StochasticRounding.cpp - IR builder for stochastic rounding --------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/StochasticRounding.h"
#include "rng/Conversion/Common/Philox.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::rng;

std::optional<StochasticRoundingFormat>
StochasticRoundingFormat::get(Type type) {
  //        width, mantissa, bias, largest finite, +Inf, NaN, has -0
  if (isa<BFloat16Type>(type))
    return StochasticRoundingFormat{16, 7, 127, 0x7F7F, 0x7F80, 0x7FC0, true};
  if (isa<Float16Type>(type))
    return StochasticRoundingFormat{16, 10, 15, 0x7BFF, 0x7C00, 0x7E00, true};
  if (isa<Float8E4M3FNType>(type))
    return StochasticRoundingFormat{8, 3, 7, 0x7E, std::nullopt, 0x7F, true};
  if (isa<Float8E5M2Type>(type))
    return StochasticRoundingFormat{8, 2, 15, 0x7B, 0x7C, 0x7E, true};
  if (isa<Float8E4M3FNUZType>(type))
    return StochasticRoundingFormat{8, 3, 8, 0x7F, std::nullopt, 0x80, false};
  if (isa<Float8E5M2FNUZType>(type))
    return StochasticRoundingFormat{8, 2, 16, 0x7F, std::nullopt, 0x80, false};
  return std::nullopt;
}

/// Returns `type` (a scalar or shaped type) with its element type replaced by
/// `elementType`.
static Type withElementType(Type type, Type elementType) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(elementType);
  return elementType;
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
  llvm::SmallDenseMap<uint64_t, Value> constants;
  auto cst = [&](uint64_t value) {
    Value &constant = constants[value];
    if (!constant)
      constant = createScalarOrSplatConstant(builder, loc, wordType, value);
    return constant;
  };
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
        withElementType(wordType, builder.getIntegerType(format.width));
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
      Value amount = offset ? arith::AddIOp::create(builder, loc, below,
                                                    cst(offset))
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

  // Beyond T's largest finite value (also +-Inf inputs, whose q is past
  // every finite pattern).
  Value maxFinite = cst(format.maxFiniteBits);
  Value overflow =
      cmpi(arith::CmpIPredicate::ugt, magnitude, format.maxFiniteBits);
  if (saturate)
    magnitude = select(overflow, maxFinite, magnitude);

  // Attach the sign (bit 31 -> bit N - 1).
  Value signN = shruiBy(sign, 32 - format.width);
  Value result = arith::OrIOp::create(builder, loc, magnitude, signN);
  if (!format.hasNegativeZero) {
    // FNUZ: sign-bit-only is NaN, so every zero result is +0.
    Value isZero = cmpi(arith::CmpIPredicate::eq, magnitude, 0);
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

  Type narrowType =
      withElementType(wordType, builder.getIntegerType(format.width));
  return arith::TruncIOp::create(builder, loc, narrowType, result);
}

Value rng::buildStochasticRounding(OpBuilder &builder, Location loc, Value x,
                                   Value rbits, Type resultType,
                                   bool saturate) {
  std::optional<StochasticRoundingFormat> format =
      StochasticRoundingFormat::get(getElementTypeOrSelf(resultType));
  assert(format && "unsupported stochastic rounding result type");
  Type wordType = withElementType(x.getType(), builder.getI32Type());
  Value xBits = arith::BitcastOp::create(builder, loc, wordType, x);
  unsigned rbitsWidth = getElementTypeOrSelf(rbits).getIntOrFloatBitWidth();
  Value bits = buildStochasticRoundingBits(
      builder, loc, xBits, rbits, *format,
      format->getNumRandomBits(rbitsWidth), saturate);
  return arith::BitcastOp::create(builder, loc, resultType, bits);
}
