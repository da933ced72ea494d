//===- SRModel.cpp - Bit-level models of GPU stochastic-rounding insns ----===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "SRModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::rng::test;

// The formats' parameters and bit patterns are written out from the format
// definitions (IEEE 754, OCP 8-bit and MX specs, the FNUZ variants) rather
// than taken from APFloat as the lowerings take them: the models are an
// independent oracle.
ModelFormat ModelFormat::bf16() {
  return {16, 7, 127, 0x7F7F, 0x7F80, 0x7FC0, false};
}
ModelFormat ModelFormat::f16() {
  return {16, 10, 15, 0x7BFF, 0x7C00, 0x7E00, false};
}
ModelFormat ModelFormat::e4m3fn() {
  return {8, 3, 7, 0x7E, std::nullopt, 0x7F, false};
}
ModelFormat ModelFormat::e5m2() { return {8, 2, 15, 0x7B, 0x7C, 0x7E, false}; }
ModelFormat ModelFormat::e4m3fnuz() {
  return {8, 3, 8, 0x7F, std::nullopt, 0x80, true};
}
ModelFormat ModelFormat::e5m2fnuz() {
  return {8, 2, 16, 0x7F, std::nullopt, 0x80, true};
}
ModelFormat ModelFormat::e2m1() {
  return {4, 1, 1, 0x7, std::nullopt, 0x7, false};
}
ModelFormat ModelFormat::e2m3() {
  return {6, 3, 1, 0x1F, std::nullopt, 0x1F, false};
}
ModelFormat ModelFormat::e3m2() {
  return {6, 2, 3, 0x1F, std::nullopt, 0x1F, false};
}

namespace {
/// Small helper for i64 scalar arithmetic.
struct I64 {
  OpBuilder &b;
  Location loc;
  Value c(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value band(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value bor(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value shl(Value x, Value y) { return arith::ShLIOp::create(b, loc, x, y); }
  Value shr(Value x, Value y) { return arith::ShRUIOp::create(b, loc, x, y); }
  Value maxs(Value x, Value y) { return arith::MaxSIOp::create(b, loc, x, y); }
  Value mins(Value x, Value y) { return arith::MinSIOp::create(b, loc, x, y); }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value sel(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
};
} // namespace

// The instruction, per its documentation: the significand of |x| (with the
// implicit one), is shifted so that T's last kept bit lands on bit `shift`
// (D = 23 - m bits for a normal result, more for a subnormal one); the N
// random bits are added at the top of the discarded field (bits
// [shift-1 : shift-N]); the kept part of the sum is the result's
// significand, a carry out of the field rounding away from zero (and into
// the exponent where the significand overflows).
Value rng::test::buildSRModel(OpBuilder &builder, Location loc, Value x,
                              Value random, const ModelInstruction &insn) {
  const ModelFormat &fmt = insn.format;
  I64 i{builder, loc};
  using P = arith::CmpIPredicate;
  Type i32 = builder.getI32Type();
  Type i64 = builder.getI64Type();

  Value bits = arith::ExtUIOp::create(
      builder, loc, i64, arith::BitcastOp::create(builder, loc, i32, x));
  Value r = arith::ExtUIOp::create(builder, loc, i64, random);
  r = i.band(r, i.c((int64_t(1) << insn.numRandomBits) - 1));

  Value sign = i.shr(bits, i.c(31));
  Value exponent = i.band(i.shr(bits, i.c(23)), i.c(0xFF));
  Value fraction = i.band(bits, i.c(0x7FFFFF));
  Value isSpecial = i.cmp(P::eq, exponent, i.c(0xFF));
  Value isNaN = arith::AndIOp::create(builder, loc, isSpecial,
                                      i.cmp(P::ne, fraction, i.c(0)));
  Value isInf = arith::AndIOp::create(builder, loc, isSpecial,
                                      i.cmp(P::eq, fraction, i.c(0)));

  // f32 subnormals: no implicit one, exponent 1.
  Value isSubnormal32 = i.cmp(P::eq, exponent, i.c(0));
  Value significand =
      i.sel(isSubnormal32, fraction, i.bor(fraction, i.c(0x800000)));
  Value e = i.maxs(exponent, i.c(1));

  // The f32 biased exponent of T's smallest normal value.
  int64_t minNormalExponent = 127 + 1 - fmt.bias;
  int64_t discarded = 23 - fmt.mantissaBits;
  Value below = i.maxs(i.sub(i.c(minNormalExponent), e), i.c(0));
  // From N + 24 on, the significand (< 2^24) lies wholly below the random
  // bits and cannot make them carry: the result is 0 for any larger shift.
  // Clamping keeps the i64 arithmetic exact.
  Value shift =
      i.mins(i.add(i.c(discarded), below), i.c(insn.numRandomBits + 24));
  Value addend = i.shl(r, i.sub(shift, i.c(insn.numRandomBits)));
  Value kept = i.shr(i.add(significand, addend), shift);
  Value truncated = i.shr(significand, shift);
  Value carried = i.cmp(P::ne, kept, truncated);

  // Result magnitude: the exponent field above the smallest normal plus the
  // kept significand (its implicit one, or a carry, bumps the exponent).
  Value exponentField = i.maxs(i.sub(e, i.c(minNormalExponent)), i.c(0));
  Value magnitude = i.add(i.shl(exponentField, i.c(fmt.mantissaBits)), kept);

  Value maxV = i.c(fmt.maxBits);
  Value infOrNaN = i.c(fmt.infBits ? *fmt.infBits : fmt.nanBits);
  Value overflowValue;
  if (insn.saturate) {
    overflowValue = maxV;
  } else {
    switch (insn.overflow) {
    case ModelOverflow::Infinity:
      overflowValue = infOrNaN;
      break;
    case ModelOverflow::DirectedRounding:
      overflowValue = i.sel(carried, infOrNaN, maxV);
      break;
    case ModelOverflow::Saturate:
      overflowValue = maxV;
      break;
    }
  }
  Value overflowed = i.cmp(P::ugt, magnitude, maxV);
  magnitude = i.sel(overflowed, overflowValue, magnitude);

  Value infValue;
  if (insn.saturate) {
    infValue = maxV;
  } else {
    switch (insn.infinity) {
    case ModelInfinity::Infinity:
      infValue = infOrNaN;
      break;
    case ModelInfinity::NaN:
      infValue = i.c(fmt.nanBits);
      break;
    case ModelInfinity::Saturate:
      infValue = maxV;
      break;
    }
  }
  magnitude = i.sel(isInf, infValue, magnitude);

  // Sign; the FNUZ formats have no -0 and a NaN pattern of their own.
  Value signBit = i.shl(sign, i.c(fmt.width - 1));
  if (fmt.fnuz)
    signBit = i.sel(i.cmp(P::eq, magnitude, i.c(0)), i.c(0), signBit);
  Value result = i.bor(magnitude, signBit);
  if (fmt.fnuz && !fmt.infBits) {
    // A NaN magnitude pattern (0x80 | ...) is never produced above except
    // through infValue; keep it unsigned.
    result = i.sel(i.cmp(P::eq, magnitude, i.c(fmt.nanBits)), i.c(fmt.nanBits),
                   result);
  }
  result = i.sel(isNaN, i.c(fmt.nanBits), result);
  return arith::TruncIOp::create(builder, loc,
                                 builder.getIntegerType(fmt.width), result);
}
