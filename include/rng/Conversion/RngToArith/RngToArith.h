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

#include "rng/Conversion/Common/Philox.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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
  /// Forms each Philox round's two high/low products, in the lowerings of
  /// rng.philox_4x32 and rng.randint4x (the only ops that build Philox
  /// rounds; see below).
  MulHiLoFn mulHiLo = buildMulHiLoExtended;
  /// Fast-math flags for the math ops of the normal distributions
  /// (rng.randn, rng.randn4x). `none` (the default) keeps each target's
  /// accurate log/sqrt/cos/sin, so normals stay within SPEC's 2 ulp;
  /// `afn` (pass option `fast-math`) lets a target substitute approximate
  /// functions (libdevice's __nv_fast_*f on NVVM), which is faster and no
  /// longer within 2 ulp. Integers and uniforms never change.
  arith::FastMathFlags normalMathFlags = arith::FastMathFlags::none;
};

/// Adds the lowering of every `rng` op to `arith` (+ `math` for the normal
/// distributions) to `patterns`. With default `options` the generated IR is
/// valid for any target; the Philox high products use
/// `arith.mului_extended`. rng.randint, rng.rand, rng.rand4x, rng.randn and
/// rng.randn4x expand to an rng.randint4x plus their conversion, so only
/// rng.randint4x and rng.philox_4x32 build Philox rounds, both with
/// `options.mulHiLo`.
///
/// Use the patterns with the dialect conversion driver
/// (`applyPartialConversion` with the `rng` dialect marked illegal), possibly
/// next to patterns of your own; run shareTritonPhiloxBlocks first so that
/// ops with the same seed, offset and rounds share one Philox block. A pass
/// that uses them must declare the `arith`, `math`, `vector` and `tensor`
/// dialects as dependent dialects (and those of `options.mulHiLo`'s ops).
void populateRngToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options = {},
    PatternBenefit benefit = 1);

/// Adds the lowering of rng.lowbias32, rng.hash_rand, rng.hash_randn,
/// rng.hash_dropout, rng.dropout and rng.splitmix64 on scalars and vectors
/// (fixed and scalable) to `arith` (+ `math` for rng.hash_randn, with
/// `options.normalMathFlags`; rng.dropout's Philox uses `options.mulHiLo`).
/// Tensor-typed ops are not matched. Part of
/// populateRngToArithConversionPatterns.
void populateRngHashToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options = {},
    PatternBenefit benefit = 1);

/// Rewrites every rng.randint, rng.rand, rng.rand4x, rng.randn and
/// rng.randn4x under `root` into an rng.randint4x followed by its conversion
/// (u2f in arith, Box-Muller in arith + math), reusing one rng.randint4x for
/// all ops with the same seed, offset and rounds where it dominates them
/// (existing rng.randint4x ops are merged the same way). Afterwards each
/// distinct (seed, offset, rounds) computes one Philox block, whatever
/// canonicalization later removes from it. convert-rng-to-arith runs this
/// first; target lowerings should too.
void shareTritonPhiloxBlocks(Operation *root,
                             const RngLoweringOptions &options = {});

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H
