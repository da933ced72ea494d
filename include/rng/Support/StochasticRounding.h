//===- StochasticRounding.h - Host stochastic rounding ----------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// round.stochastic and round.scaling_stochastic evaluated on the host (SPEC
// sections 3 and 3.1), for the folders. Written from the SPEC's definition
// on values (truncation, spacing, discarded part), not from the lowering's
// bit fields; the results are the lowering's bit for bit, NaN included.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_SUPPORT_STOCHASTICROUNDING_H
#define RNG_SUPPORT_STOCHASTICROUNDING_H

#include "llvm/ADT/APFloat.h"

#include <cstdint>

namespace mlir {
namespace rng {

/// round.stochastic to one result format T, with one width of random bits
/// and one `saturate`: the format's constants are derived once, then
/// round() evaluates one element.
class HostStochasticRounding {
public:
  /// T given by `semantics` (one of the op's result types), random bits of
  /// `rbitsWidth` bits (W; the low K = min(W, D(T)) are used).
  HostStochasticRounding(const llvm::fltSemantics &semantics,
                         unsigned rbitsWidth, bool saturate);

  /// round.stochastic of the f32 with bit pattern `xBits` and the random
  /// bits `rbits`: T's bit pattern, sign bit included. A NaN gives T's
  /// quiet NaN pattern (APFloat::getQNaN), or +largest finite for the
  /// formats without NaN (f4E2M1FN, f6E2M3FN, f6E3M2FN), as the lowering
  /// does.
  uint64_t round(uint32_t xBits, uint64_t rbits) const;

  /// round.scaling_stochastic: round() of x / f32(scale), divided in f32
  /// (round to nearest even, subnormals kept), where the f8E8M0FNU pattern
  /// `scaleBits` = e is 2^(e - 127), and NaN for e = 255.
  uint64_t roundScaled(uint32_t xBits, uint8_t scaleBits, uint64_t rbits) const;

private:
  const llvm::fltSemantics &semantics;
  bool saturate;
  unsigned mantissaBits;
  int minExponent;
  uint64_t signBit;
  uint64_t randomMask;
  double twoToK;
  double largest;
  uint64_t largestBits;
  uint64_t nanBits;
  bool hasInf;
  bool hasNegativeZero;
};

} // namespace rng
} // namespace mlir

#endif // RNG_SUPPORT_STOCHASTICROUNDING_H
