//===- RngToArith.h - Universal lowering of the rng dialect -----*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H
#define RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H

#include "rng/Conversion/Common/Philox.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace rng {

/// A function forming Philox's 32x32->64-bit products (see MulHiLoBuilder).
/// A plain function pointer, so that patterns can hold it.
using MulHiLoFn = std::pair<Value, Value> (*)(OpBuilder &builder, Location loc,
                                              Value lhs, Value rhs);

/// Target choices of the rng lowering. The defaults give the universal
/// lowering; a target lowering (e.g. `convert-rng-to-nvvm`) changes only
/// these and reuses every pattern.
struct RngLoweringOptions {
  /// Forms each Philox round's two high/low products. Every op that runs
  /// Philox uses it.
  MulHiLoFn mulHiLo = buildMulHiLoExtended;
};

/// Adds the lowering of every `rng` op to `arith` (+ `math` for the normal
/// distributions) to `patterns`. With default `options` the generated IR is
/// valid for any target; the Philox high products use
/// `arith.mului_extended`.
void populateRngToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options = {},
    PatternBenefit benefit = 1);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H
