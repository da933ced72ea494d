//===- StochasticRounding.cpp - Host stochastic rounding ------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Support/StochasticRounding.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::rng;
using llvm::APFloat;
using llvm::APInt;

/// `value`'s bit pattern.
static uint64_t bitsOf(const APFloat &value) {
  return value.bitcastToAPInt().getZExtValue();
}

/// `value` (a value of the semantics' format) in double: exact.
static double toDouble(APFloat value) {
  bool losesInfo = false;
  value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  return value.convertToDouble();
}

HostStochasticRounding::HostStochasticRounding(
    const llvm::fltSemantics &semantics, unsigned rbitsWidth, bool saturate)
    : semantics(semantics), saturate(saturate) {
  unsigned width = APFloat::semanticsSizeInBits(semantics);
  mantissaBits = APFloat::semanticsPrecision(semantics) - 1;
  // T's smallest normal is 2^minExponent.
  minExponent = APFloat::semanticsMinExponent(semantics);
  signBit = uint64_t(1) << (width - 1);
  // K = min(W, D(T)), D(T) = 23 - m.
  unsigned k = std::min(rbitsWidth, 23 - mantissaBits);
  randomMask = (uint64_t(1) << k) - 1;
  twoToK = std::ldexp(1.0, int(k));
  APFloat largestValue = APFloat::getLargest(semantics);
  largest = toDouble(largestValue);
  largestBits = bitsOf(largestValue);
  nanBits = APFloat::semanticsHasNaN(semantics)
                ? bitsOf(APFloat::getQNaN(semantics))
                : largestBits;
  hasInf = APFloat::semanticsHasInf(semantics);
  // FNUZ: the pattern of -0 is NaN, so a zero result is +0.
  hasNegativeZero = APFloat::getZero(semantics, /*Negative=*/true).isNegative();
}

// SPEC section 3, on values: a = |x|; q = a truncated toward zero to T's
// precision at a's binade, with T's subnormal spacing below T's smallest
// normal; ulp = T's spacing at q; t = floor((a - q) / ulp * 2^K); the
// magnitude is q + ulp if t + r >= 2^K, else q; above T's largest finite
// value it overflows (+-Inf inputs too). Every f32 and every value of T is
// exact in double, and so is each step: a / ulp and * 2^K scale by powers of
// two, floor and q = floor(a / ulp) * ulp are exact, and a - q < ulp keeps
// only a's own bits.
uint64_t HostStochasticRounding::round(uint32_t xBits, uint64_t rbits) const {
  float x = llvm::bit_cast<float>(xBits);
  if (std::isnan(x))
    return nanBits;
  bool negative = std::signbit(x);
  double a = std::fabs(double(x));
  double magnitude = INFINITY;
  if (std::isfinite(a)) {
    int exponent =
        a == 0.0 ? minExponent : std::max(std::ilogb(a), minExponent);
    double ulp = std::ldexp(1.0, exponent - int(mantissaBits));
    double q = std::floor(a / ulp) * ulp;
    double t = std::floor((a - q) / ulp * twoToK);
    double r = double(rbits & randomMask);
    magnitude = t + r >= twoToK ? q + ulp : q;
  }
  if (magnitude > largest) {
    if (saturate)
      return largestBits | (negative ? signBit : 0);
    if (hasInf)
      return bitsOf(APFloat::getInf(semantics, negative));
    return nanBits;
  }
  APFloat value(magnitude);
  bool losesInfo = false;
  value.convert(semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  uint64_t bits = bitsOf(value);
  // -0 stays -0 where T has one.
  if (negative && (magnitude != 0.0 || hasNegativeZero))
    bits |= signBit;
  return bits;
}

uint64_t HostStochasticRounding::roundScaled(uint32_t xBits, uint8_t scaleBits,
                                             uint64_t rbits) const {
  APFloat scale(APFloat::Float8E8M0FNU(), APInt(8, scaleBits));
  bool losesInfo = false;
  // Exact: 2^(e - 127) is an f32 (a subnormal for e = 0); NaN stays NaN.
  scale.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  APFloat quotient(APFloat::IEEEsingle(), APInt(32, xBits));
  quotient.divide(scale, APFloat::rmNearestTiesToEven);
  return round(uint32_t(bitsOf(quotient)), rbits);
}
