//===- TritonRandom.h - IR builders for Triton's tl.random ------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// IR builders for the Triton-compatible random ops (rng.randint ...
// rng.randn4x, SPEC §2): the Philox key/counter setup from (seed, offset),
// the uniform conversion u2f and the Box-Muller pair. Every lowering of those
// ops (universal and target-specific) uses these builders, so all of them
// compute the same function. Targets differ only in the MulHiLoBuilder they
// pass.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_TRITONRANDOM_H
#define RNG_CONVERSION_COMMON_TRITONRANDOM_H

#include "rng/Conversion/Common/Philox.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <utility>

namespace mlir {
namespace rng {

/// The Triton function an op reproduces.
enum class TritonRandomKind {
  Randint,   ///< tl.randint: word 0.
  Randint4x, ///< tl.randint4x: words 0..3.
  Rand,      ///< tl.rand: u2f(word 0).
  Rand4x,    ///< tl.rand4x: u2f(words 0..3).
  Randn,     ///< tl.randn: first of pair(u2f(w0), u2f(w1)).
  Randn4x,   ///< tl.randn4x: pair(u2f(w0), u2f(w1)), pair(u2f(w2), u2f(w3)).
};

/// A step of the normal distributions' Box-Muller transform that a target
/// may compute with its own approximate instructions under fast math (see
/// NormalMath).
enum class BoxMullerStep {
  MinusTwoLog, ///< -2 * log(v), v in [1e-7, 1].
  Sqrt,        ///< sqrt(s), s = -2 * log(v) of such a v: +-0 or normal, <= 33.
  Cos,         ///< cos(t), t = 6.283185307179586f * u2: 0 or in [2^-29, 2pi).
  Sin,         ///< sin(t), t as for Cos.
};

/// Builds `step` of `x` (f32, scalar or shaped) with a target's approximate
/// instructions, or returns a null Value to leave the step to the math op.
/// It may rely on the input ranges of BoxMullerStep. A plain function
/// pointer, so that patterns can hold it.
using BoxMullerStepBuilder = Value (*)(OpBuilder &builder, Location loc,
                                       BoxMullerStep step, Value x);

/// Tells a target's optimizer that every element of `x` (f32 or f64, scalar
/// or shaped) lies in [lo, hi] (0 <= lo <= hi, both finite), where the
/// lowering knows it: the arguments of the normal distributions' logs. A
/// target may record it (convert-rng-to-nvvm: `llvm.intr.assume`, which
/// lets LLVM drop libdevice's special-case paths for zero, subnormal,
/// infinite and NaN arguments) or do nothing; it never changes a value.
using FloatRangeFn = void (*)(OpBuilder &builder, Location loc, Value x,
                              double lo, double hi);

/// How the normal distributions (rng.randn, rng.randn4x, rng.hash_randn)
/// compute log, sqrt, cos and sin: math ops carrying `flags` (none: each
/// target's accurate functions, within SPEC's bounds; `afn`: a target may
/// substitute approximate ones, e.g. libdevice's __nv_fast_logf), and under
/// `afn` the target's `fastStep` first, where it gives a value. `range`,
/// where set, is told the range of MinusTwoLog's argument before the log.
struct NormalMath {
  /*implicit*/ NormalMath(
      arith::FastMathFlags flags = arith::FastMathFlags::none,
      BoxMullerStepBuilder fastStep = nullptr, FloatRangeFn range = nullptr)
      : flags(flags), fastStep(fastStep), range(range) {}

  /// Whether fastStep is used (it is set and `flags` contain `afn`).
  bool usesFastStep() const {
    return fastStep &&
           arith::bitEnumContainsAll(flags, arith::FastMathFlags::afn);
  }

  /// Builds `step` of `x`: fastStep's value where usesFastStep() and it gives
  /// one, else the math ops (MinusTwoLog: -2.0f * math.log(x)) with `flags`.
  Value build(OpBuilder &builder, Location loc, BoxMullerStep step,
              Value x) const;

  arith::FastMathFlags flags;
  BoxMullerStepBuilder fastStep;
  FloatRangeFn range;
};

/// The Philox input of Triton's randint4x(seed, offset).
struct PhiloxInput {
  /// (lo32(offset), hi32(offset) or 0 for an i32 offset, 0, 0), of the
  /// offset's shape with i32 elements.
  std::array<Value, 4> counter;
  /// (lo32(seed64), hi32(seed64)) with seed64 = sext(seed): scalar i32 when
  /// the seed is a scalar, else of the counter's type.
  std::array<Value, 2> key;
};

/// Builds the Philox counter and key of Triton's randint4x from `seed` (a
/// signless integer of at most 64 bits, or a shaped type of one with the
/// offset's shape) and `offset` (i32 or i64, scalar or shaped).
PhiloxInput buildTritonPhiloxInput(OpBuilder &builder, Location loc, Value seed,
                                   Value offset);

/// Builds Triton's randint4x(seed, offset, rounds): the four Philox4x32
/// words of buildTritonPhiloxInput's counter and key, with `mulHiLo` as the
/// 32x32->64-bit product.
std::array<Value, 4>
buildTritonRandint4x(OpBuilder &builder, Location loc, Value seed, Value offset,
                     unsigned rounds,
                     MulHiLoBuilder mulHiLo = buildMulHiLoExtended);

/// Builds Triton's uint_to_uniform_float of `word` (i32, scalar or shaped):
/// x = word < 0 ? ~word : word; result = sitofp(x) * bitcast<f32>(0x2FFFFFFF)
/// (f32 of the word's shape, in [0, 1)).
Value buildUniformFloat(OpBuilder &builder, Location loc, Value word);

/// Builds the polar factors of the Box-Muller transform in f32 for `v` (the
/// uniform whose log is taken, in (0, 1]) and `u2` (values of one f32 type):
/// r = sqrt(-2.0 * log(v)) and t = 6.283185307179586f * u2, each op rounded
/// to nearest, log and sqrt as `normalMath` says. Returns (r, t). Triton's
/// pair_uniform_to_normal takes v = max(1.0e-7, u1), hash_randn v = 1 - u1.
std::pair<Value, Value> buildBoxMullerPolar(OpBuilder &builder, Location loc,
                                            Value v, Value u2,
                                            NormalMath normalMath = {});

/// Builds Triton's pair_uniform_to_normal (Box-Muller) of two f32 values of
/// one type: u1 = max(1.0e-7, u1); t = 6.283185307179586 * u2;
/// r = sqrt(-2 * log(u1)); returns (r * cos(t), r * sin(t)), log, sqrt, cos
/// and sin as `normalMath` says (by default the target's accurate functions).
std::pair<Value, Value> buildPairUniformToNormal(OpBuilder &builder,
                                                 Location loc, Value u1,
                                                 Value u2,
                                                 NormalMath normalMath = {});

/// Builds the results of the op of kind `kind` from the four Philox words of
/// its (seed, offset, rounds) (see buildTritonRandint4x): one value for
/// Randint/Rand/Randn, four for the *4x kinds. `normalMath` is how the normal
/// kinds compute their functions (see buildPairUniformToNormal); Randn builds
/// only the first of its pair (no sin).
SmallVector<Value, 4> buildTritonRandomFromWords(OpBuilder &builder,
                                                 Location loc,
                                                 TritonRandomKind kind,
                                                 std::array<Value, 4> words,
                                                 NormalMath normalMath = {});

/// Builds the results of the op of kind `kind` on (seed, offset, rounds):
/// buildTritonRandint4x, then buildTritonRandomFromWords. Every kind builds
/// the whole Philox block (unused words are left for canonicalize to remove).
SmallVector<Value, 4>
buildTritonRandom(OpBuilder &builder, Location loc, TritonRandomKind kind,
                  Value seed, Value offset, unsigned rounds,
                  MulHiLoBuilder mulHiLo = buildMulHiLoExtended);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_TRITONRANDOM_H
