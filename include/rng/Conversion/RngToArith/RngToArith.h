//===- RngToArith.h - Universal lowering of the rng dialect -----*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H
#define RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace rng {

/// Adds the universal lowering of every `rng` op to `arith` (+ `math` for
/// the normal distributions) to `patterns`. The generated IR is valid for
/// any target; the Philox high products use `arith.mului_extended`.
void populateRngToArithConversionPatterns(RewritePatternSet &patterns,
                                          PatternBenefit benefit = 1);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H
