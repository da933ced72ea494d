//===- RngToArith.h - Universal lowering of the rng dialect -----*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Library: RngToArith (CMake: RngMLIR::RngToArith). Pass:
// `convert-rng-to-arith`, createConvertRngToArithPass() in
// rng/Conversion/Passes.h.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H
#define RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace rng {

/// Adds the universal lowering of every `rng` op to `arith` (+ `math` for
/// the normal distributions) to `patterns`. The generated IR is valid for
/// any target (scalars, vectors, ranked tensors); the Philox high products use
/// `arith.mului_extended`.
/// rng.randint, rng.rand, rng.rand4x, rng.randn and rng.randn4x expand to an
/// rng.randint4x plus their conversion, so only rng.randint4x and
/// rng.philox_4x32 build Philox rounds: a target lowering overrides those
/// two at a higher benefit to use its own product.
///
/// Use the patterns with the dialect conversion driver
/// (`applyPartialConversion` with the `rng` dialect marked illegal), possibly
/// next to patterns of your own; run shareTritonPhiloxBlocks first so that
/// ops with the same seed, offset and rounds share one Philox block. A pass
/// that uses them must declare the `arith`, `math`, `vector` and `tensor`
/// dialects as dependent dialects.
void populateRngToArithConversionPatterns(RewritePatternSet &patterns,
                                          PatternBenefit benefit = 1);

/// Rewrites every rng.randint, rng.rand, rng.rand4x, rng.randn and
/// rng.randn4x under `root` into an rng.randint4x followed by its conversion
/// (u2f in arith, Box-Muller in arith + math), reusing one rng.randint4x for
/// all ops with the same seed, offset and rounds where it dominates them
/// (existing rng.randint4x ops are merged the same way). Afterwards each
/// distinct (seed, offset, rounds) computes one Philox block, whatever
/// canonicalization later removes from it. convert-rng-to-arith runs this
/// first; target lowerings should too.
void shareTritonPhiloxBlocks(Operation *root);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H
