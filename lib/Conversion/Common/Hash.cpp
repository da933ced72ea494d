//===- Hash.cpp - IR builders for the hash generators and dropout ---------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/Hash.h"
#include "rng/Conversion/Common/TritonRandom.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::rng;

/// lowbias32's multipliers (SPEC §5).
static constexpr uint32_t kLowbiasM1 = 0x7FEB352D;
static constexpr uint32_t kLowbiasM2 = 0x846CA68B;
/// f32 bit patterns of 2^-23 and 1.0.
static constexpr uint32_t kTwoPowMinus23Bits = 0x34000000;
static constexpr uint32_t kOneBits = 0x3F800000;
/// SplitMix64's constants (SPEC §7).
static constexpr uint64_t kSplitMixGamma = 0x9E3779B97F4A7C15;
static constexpr uint64_t kSplitMixM1 = 0xBF58476D1CE4E5B9;
static constexpr uint64_t kSplitMixM2 = 0x94D049BB133111EB;
/// Tech-Renaissance's dropout sampler (SPEC §7): the multiplier, the
/// constant key1 starts from, its ten rounds and f32 2^-32.
static constexpr uint64_t kTrMultiplier = 0xD2B74407B1CE6E93;
static constexpr uint64_t kTrKey1Xor = 0x9E3779B97F4A7C15;
static constexpr unsigned kTrRounds = 10;
static constexpr uint32_t kTwoPowMinus32Bits = 0x2F800000;

/// v ^ (v >> shift), logical shift.
static Value buildMix(OpBuilder &builder, Location loc, Value v,
                      unsigned shift) {
  Value amount = createScalarOrSplatBits(builder, loc, v.getType(), shift);
  return arith::XOrIOp::create(builder, loc, v,
                               arith::ShRUIOp::create(builder, loc, v, amount));
}

/// v * multiplier, wrapping.
static Value buildMulConstant(OpBuilder &builder, Location loc, Value v,
                              uint64_t multiplier) {
  Value m = createScalarOrSplatBits(builder, loc, v.getType(), multiplier);
  return arith::MulIOp::create(builder, loc, v, m);
}

// hash32(x) = mix(mix(mix(x, 16) * 0x7FEB352D, 15) * 0x846CA68B, 16)
Value rng::buildLowbias32(OpBuilder &builder, Location loc, Value x) {
  Value h = buildMix(builder, loc, x, 16);
  h = buildMulConstant(builder, loc, h, kLowbiasM1);
  h = buildMix(builder, loc, h, 15);
  h = buildMulConstant(builder, loc, h, kLowbiasM2);
  return buildMix(builder, loc, h, 16);
}

/// f32(hash32(counter ^ seedHash) & 0x7FFFFF) * 2^-23, with `seedHash` of
/// `counter`'s type.
static Value buildHashUniform(OpBuilder &builder, Location loc, Value seedHash,
                              Value counter) {
  Type wordType = counter.getType();
  Value word = buildLowbias32(
      builder, loc, arith::XOrIOp::create(builder, loc, counter, seedHash));
  // The low 23 bits: an integer below 2^23, so the conversion is exact and
  // so is the multiply by a power of two.
  Value mask = createScalarOrSplatBits(builder, loc, wordType, 0x7FFFFF);
  Value bits = arith::AndIOp::create(builder, loc, word, mask);
  return buildScaledIntToFloat(builder, loc, bits, /*isSigned=*/false,
                               kTwoPowMinus23Bits);
}

/// hash32(seed) and the counter, of one type: the seed is hashed before it
/// is broadcast, and a scalar counter beside a shaped seed is broadcast.
static std::pair<Value, Value> buildSeedHashAndCounter(OpBuilder &builder,
                                                       Location loc, Value seed,
                                                       Value counter) {
  Value seedHash = buildLowbias32(builder, loc, seed);
  Type type =
      isa<ShapedType>(counter.getType()) ? counter.getType() : seed.getType();
  return {broadcastToType(builder, loc, seedHash, type),
          broadcastToType(builder, loc, counter, type)};
}

Value rng::buildHashRand(OpBuilder &builder, Location loc, Value seed,
                         Value counter) {
  auto [seedHash, counters] =
      buildSeedHashAndCounter(builder, loc, seed, counter);
  return buildHashUniform(builder, loc, seedHash, counters);
}

// c = 2 * counter; u1 = hash_rand(seed, c); u2 = hash_rand(seed, c + 1)
// result = sqrt(-2 * log(1 - u1)) * cos(6.283185307179586f * u2)
Value rng::buildHashRandn(OpBuilder &builder, Location loc, Value seed,
                          Value counter, NormalMath normalMath) {
  auto [seedHash, counters] =
      buildSeedHashAndCounter(builder, loc, seed, counter);
  Type wordType = counters.getType();
  Value even = arith::AddIOp::create(builder, loc, counters, counters);
  Value one = createScalarOrSplatBits(builder, loc, wordType, 1);
  Value odd = arith::AddIOp::create(builder, loc, even, one);
  Value u1 = buildHashUniform(builder, loc, seedHash, even);
  Value u2 = buildHashUniform(builder, loc, seedHash, odd);

  Value oneF = createScalarOrSplatBits(builder, loc, u1.getType(), kOneBits);
  // 1 - u1 is exact (u1 is a multiple of 2^-23 below 1) and at least 2^-23,
  // so the log is finite.
  Value complement = arith::SubFOp::create(builder, loc, oneF, u1);
  auto [radius, angle] =
      buildBoxMullerPolar(builder, loc, complement, u2, normalMath);
  Value cos = normalMath.build(builder, loc, BoxMullerStep::Cos, angle);
  return arith::MulFOp::create(builder, loc, radius, cos);
}

// keep = cmpf(predicate, u, p); result = keep ? x / (1 - p) : 0
Value rng::buildDropout(OpBuilder &builder, Location loc, Value x, Value p,
                        Value u, arith::CmpFPredicate predicate) {
  Type type = x.getType();
  // 1 - p, rounded once; a scalar p is subtracted before broadcasting.
  Value one = createScalarOrSplatBits(builder, loc, p.getType(), kOneBits);
  Value scale = arith::SubFOp::create(builder, loc, one, p);
  Value ps = broadcastToType(builder, loc, p, type);
  Value scales = broadcastToType(builder, loc, scale, type);
  Value us = broadcastToType(builder, loc, u, type);
  Value keep = arith::CmpFOp::create(builder, loc, predicate, us, ps);
  // One division (not a multiply by the reciprocal).
  Value scaled = arith::DivFOp::create(builder, loc, x, scales);
  Value zero = createScalarOrSplatBits(builder, loc, type, 0);
  return arith::SelectOp::create(builder, loc, keep, scaled, zero);
}

// z = x + 0x9E3779B97F4A7C15
// z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
// z = (z ^ (z >> 27)) * 0x94D049BB133111EB
// result = z ^ (z >> 31)
Value rng::buildSplitMix64(OpBuilder &builder, Location loc, Value x) {
  Value gamma =
      createScalarOrSplatBits(builder, loc, x.getType(), kSplitMixGamma);
  Value z = arith::AddIOp::create(builder, loc, x, gamma);
  z = buildMulConstant(builder, loc, buildMix(builder, loc, z, 30),
                       kSplitMixM1);
  z = buildMulConstant(builder, loc, buildMix(builder, loc, z, 27),
                       kSplitMixM2);
  return buildMix(builder, loc, z, 31);
}

// With x = xh * 2^32 + xl and m = mh * 2^32 + ml (32-bit halves), every step
// exact in 64 bits:
//   t  = xl * ml
//   u  = xh * ml + (t >> 32)
//   v  = xl * mh + (u & 0xFFFFFFFF)
//   hi = xh * mh + (u >> 32) + (v >> 32)
//   lo = (v << 32) | (t & 0xFFFFFFFF)
std::pair<Value, Value> rng::buildMulHiLo64(OpBuilder &builder, Location loc,
                                            Value lhs, uint64_t multiplier) {
  Type type = lhs.getType();
  if (!isa<ShapedType>(type)) {
    Value m = createScalarOrSplatBits(builder, loc, type, multiplier);
    auto product = arith::MulUIExtendedOp::create(builder, loc, lhs, m);
    return {product.getHigh(), product.getLow()};
  }
  Value lowMask = createScalarOrSplatBits(builder, loc, type, 0xFFFFFFFF);
  Value c32 = createScalarOrSplatBits(builder, loc, type, 32);
  Value mLow =
      createScalarOrSplatBits(builder, loc, type, multiplier & 0xFFFFFFFF);
  Value mHigh = createScalarOrSplatBits(builder, loc, type, multiplier >> 32);
  auto mul = [&](Value a, Value b) {
    return arith::MulIOp::create(builder, loc, a, b).getResult();
  };
  auto add = [&](Value a, Value b) {
    return arith::AddIOp::create(builder, loc, a, b).getResult();
  };
  auto low = [&](Value a) {
    return arith::AndIOp::create(builder, loc, a, lowMask).getResult();
  };
  auto high = [&](Value a) {
    return arith::ShRUIOp::create(builder, loc, a, c32).getResult();
  };
  // One statement per op, so that the IR's order does not depend on the
  // order in which a compiler evaluates arguments.
  Value xLow = low(lhs);
  Value xHigh = high(lhs);
  Value t = mul(xLow, mLow);
  Value xHighMLow = mul(xHigh, mLow);
  Value tHigh = high(t);
  Value u = add(xHighMLow, tHigh);
  Value xLowMHigh = mul(xLow, mHigh);
  Value uLow = low(u);
  Value v = add(xLowMHigh, uLow);
  Value xHighMHigh = mul(xHigh, mHigh);
  Value uHigh = high(u);
  Value vHigh = high(v);
  Value hi = add(add(xHighMHigh, uHigh), vHigh);
  Value vShifted = arith::ShLIOp::create(builder, loc, v, c32);
  Value tLow = low(t);
  Value lo = arith::OrIOp::create(builder, loc, vShifted, tLow);
  return {hi, lo};
}

// counter = seed_lo + offset; key0 = seed_hi
// key1 = seed_lo ^ 0x9E3779B97F4A7C15
// ten times: (hi, lo) = M * counter; counter = hi ^ key0 ^ key1;
//            key0 = lo; key1 = lo ^ key1
// result = f32(counter >> 32) * 2^-32
Value rng::buildTrDropoutSample(OpBuilder &builder, Location loc, Value seedLo,
                                Value seedHi, Value offset) {
  Type type = offset.getType();
  // key1's start is computed on the seed before it is broadcast.
  Value key1Xor =
      createScalarOrSplatBits(builder, loc, seedLo.getType(), kTrKey1Xor);
  Value key1 = arith::XOrIOp::create(builder, loc, seedLo, key1Xor);
  key1 = broadcastToType(builder, loc, key1, type);
  Value key0 = broadcastToType(builder, loc, seedHi, type);
  Value counter = arith::AddIOp::create(
      builder, loc, broadcastToType(builder, loc, seedLo, type), offset);
  for (unsigned round = 0; round < kTrRounds; ++round) {
    auto [hi, lo] = buildMulHiLo64(builder, loc, counter, kTrMultiplier);
    counter = arith::XOrIOp::create(
        builder, loc, arith::XOrIOp::create(builder, loc, hi, key0), key1);
    key0 = lo;
    key1 = arith::XOrIOp::create(builder, loc, lo, key1);
  }
  // The high word, converted once (to nearest even: 0xFFFFFF80 and above
  // give 2^32), then scaled by 2^-32 (exact).
  Value c32 = createScalarOrSplatBits(builder, loc, type, 32);
  Value highWord = arith::TruncIOp::create(
      builder, loc, getTypeWithElementType(type, builder.getI32Type()),
      arith::ShRUIOp::create(builder, loc, counter, c32));
  return buildScaledIntToFloat(builder, loc, highWord, /*isSigned=*/false,
                               kTwoPowMinus32Bits);
}
