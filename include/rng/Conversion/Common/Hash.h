//===- Hash.h - IR builders for the hash generators and dropout -*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// IR builders for rng.lowbias32, rng.hash_rand, rng.hash_randn,
// rng.hash_dropout, rng.dropout, rng.splitmix64 and rng.tr_dropout_sample
// (SPEC §5-7). Every
// lowering of those ops uses these builders, so all of them compute the same
// function. They emit only `arith` (+ `math` for hash_randn) ops and splat
// constants, so they work on scalars and on every vector type, fixed or
// scalable; a scalar operand beside a shaped one is broadcast
// (`vector.broadcast`).
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_HASH_H
#define RNG_CONVERSION_COMMON_HASH_H

#include "rng/Conversion/Common/TritonRandom.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <cstdint>
#include <utility>

namespace mlir {
namespace rng {

/// Builds lowbias32 of `x` (i32, scalar or shaped):
/// mix(mix(mix(x, 16) * 0x7FEB352D, 15) * 0x846CA68B, 16), mix(v, s) =
/// v ^ (v >> s), in wrapping 32-bit arithmetic with logical shifts.
Value buildLowbias32(OpBuilder &builder, Location loc, Value x);

/// Builds hash_rand(seed, counter) = f32(hash32(counter ^ hash32(seed)) &
/// 0x7FFFFF) * 2^-23 (exact). `seed` and `counter` are i32-like; either may
/// be a scalar beside the other's shape. The result is f32 of the shaped
/// operand's shape.
Value buildHashRand(OpBuilder &builder, Location loc, Value seed,
                    Value counter);

/// Builds hash_randn(seed, counter): with c = 2 * counter (wrapping),
/// u1 = hash_rand(seed, c), u2 = hash_rand(seed, c + 1),
/// sqrt(-2 * log(1 - u1)) * cos(6.283185307179586f * u2), in f32, log, sqrt
/// and cos as `normalMath` says (by default the target's accurate functions).
Value buildHashRandn(OpBuilder &builder, Location loc, Value seed,
                     Value counter, NormalMath normalMath = {});

/// Builds the dropout result keep ? x / (1 - p) : +0 with
/// keep = cmpf(`predicate`, u, p): `ogt` for rng.dropout, `oge` for
/// rng.hash_dropout. `x` is f32-like; `p` and `u` are f32 scalars or of
/// `x`'s type (scalars are broadcast). 1 - p is rounded once (computed before
/// broadcasting a scalar p), then divides x.
Value buildDropout(OpBuilder &builder, Location loc, Value x, Value p, Value u,
                   arith::CmpFPredicate predicate);

/// Builds SplitMix64's output for the state `x` (i64, scalar or shaped):
/// z = x + 0x9E3779B97F4A7C15; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
/// z = (z ^ (z >> 27)) * 0x94D049BB133111EB; z ^ (z >> 31).
Value buildSplitMix64(OpBuilder &builder, Location loc, Value x);

/// Builds the (high, low) 64-bit halves of the unsigned 128-bit product
/// `lhs * multiplier` (`lhs` i64, scalar or vector; fixed or scalable):
/// `arith.mului_extended` on a scalar, and on a vector four 32x32 -> 64-bit
/// products of the halves (upstream lowers `arith.mului_extended` to LLVM
/// only on scalars and 1-D fixed vectors).
std::pair<Value, Value> buildMulHiLo64(OpBuilder &builder, Location loc,
                                       Value lhs, uint64_t multiplier);

/// Builds Tech-Renaissance's dropout sampler rng.tr_dropout_sample (all
/// i64, wrapping; M = 0xD2B74407B1CE6E93): counter = seed_lo + offset,
/// key0 = seed_hi, key1 = seed_lo ^ 0x9E3779B97F4A7C15; ten times
/// (hi, lo) = M * counter, counter = hi ^ key0 ^ key1, key0 = lo,
/// key1 = lo ^ key1; result f32(hi32(counter)) * 2^-32 (uitofp rounded to
/// nearest even, exact multiply). `seedLo` and `seedHi` are i64 scalars or
/// of `offset`'s type (scalars are broadcast); the result is f32 of
/// `offset`'s shape.
Value buildTrDropoutSample(OpBuilder &builder, Location loc, Value seedLo,
                           Value seedHi, Value offset);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_HASH_H
