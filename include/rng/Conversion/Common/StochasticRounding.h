//===- StochasticRounding.h - IR builder for stochastic rounding -*- C++
//-*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The one place where the bit maths of stochastic rounding (SPEC section 3,
// `round.stochastic`) is emitted as IR. The universal lowering
// (convert-round-to-arith) is a thin wrapper around
// buildStochasticRounding; target lowerings (NVVM, ROCDL) call it for every
// case their instruction does not compute exactly.
//
// The emitted IR is integer `arith` only (andi, ori, shrui, shli, addi,
// subi, maxui, minui, cmpi, select, extui/trunci, bitcast) on 32-bit
// patterns. It works elementwise on scalars, vectors and statically shaped
// ranked tensors and needs nothing from the target: no float arithmetic, no
// support for the narrow float types beyond a final bitcast.
// buildScalingStochasticRounding adds one `arith.mulf` (and
// `vector.broadcast` for scalar operands beside vector ones).
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_STOCHASTICROUNDING_H
#define RNG_CONVERSION_COMMON_STOCHASTICROUNDING_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace mlir {
namespace rng {

/// The encoding of a stochastic-rounding result format T: an IEEE-style
/// binary format with an implicit leading one, `width` bits of storage, one
/// sign bit, `mantissaBits` explicit mantissa bits and the exponent field in
/// between. All bit patterns are magnitudes (sign bit clear) unless noted.
struct StochasticRoundingFormat {
  /// Storage width N of T in bits (16, 8, 6 or 4).
  unsigned width;
  /// Explicit mantissa bits m of T.
  unsigned mantissaBits;
  /// Exponent bias of T: a normal value is 1.m * 2^(e - exponentBias).
  int exponentBias;
  /// Bit pattern of T's largest finite value.
  uint32_t maxFiniteBits;
  /// Bit pattern of +Inf, or std::nullopt where T has no infinities.
  std::optional<uint32_t> infBits;
  /// The NaN produced for NaN inputs and non-saturated overflow where T has
  /// no infinities (full pattern, sign bit included). For the formats
  /// without NaN (f4E2M1FN, f6E2M3FN, f6E3M2FN) the value a NaN input
  /// gives instead: +largest finite.
  uint32_t nanBits;
  /// False for the FNUZ formats: there the pattern with only the sign bit
  /// set is NaN, so a zero result is always +0.
  bool hasNegativeZero;

  /// Returns the format of `type` (bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ,
  /// f8E5M2FNUZ, f4E2M1FN, f6E2M3FN, f6E3M2FN), or std::nullopt for any
  /// other type. Derived from the type's APFloat semantics.
  static std::optional<StochasticRoundingFormat> get(Type type);

  /// D(T): the number of f32 mantissa bits discarded for a normal result.
  unsigned getDiscardedBits() const { return 23 - mantissaBits; }

  /// K = min(W, D(T)): the number of random bits used with an iW `rbits`.
  unsigned getNumRandomBits(unsigned rbitsWidth) const {
    return std::min(rbitsWidth, getDiscardedBits());
  }
};

/// Emits stochastic rounding (SPEC section 3) on bit patterns.
///
/// * `xBits`: the f32 inputs as `i32` bit patterns (i32, or a fixed-size
///   vector or statically shaped ranked tensor of i32).
/// * `rbits`: the random bits, signless integers of any width W and of
///   `xBits`' shape. Only the low `numRandomBits` bits of each element are
///   read; the caller puts the random bits it wants there (a target may
///   shuffle or shift them first).
/// * `numRandomBits`: K, with 1 <= K <= format.getDiscardedBits() and
///   K <= W. The SPEC's K is format.getNumRandomBits(W); a caller may pass
///   less only to model an instruction that reads fewer bits.
/// * `saturate`: the op's `saturate` attribute.
///
/// Returns T's bit patterns as signless integers of `format.width` bits in
/// `xBits`' shape (bitcast them to T). For every non-NaN input the result is
/// exactly SPEC section 3: truncation to T's precision, rounding up on a
/// carry out of (top K discarded bits + the K random bits), with the random
/// bits aligned to the top of the discarded field also for subnormal
/// results; carries into the exponent; overflow to +-Inf, NaN or (with
/// `saturate`) +-largest finite; -0 except for the FNUZ formats. A NaN input
/// gives `format.nanBits`.
Value buildStochasticRoundingBits(OpBuilder &builder, Location loc, Value xBits,
                                  Value rbits,
                                  const StochasticRoundingFormat &format,
                                  unsigned numRandomBits, bool saturate);

/// Convenience wrapper with the op's types: `x` is f32-like, `rbits` iW-like
/// of the same shape, `resultType` T-like of the same shape (T one of the
/// formats StochasticRoundingFormat::get accepts). Uses K = min(W, D(T)) and
/// returns a value of `resultType`: exactly `round.stochastic`.
Value buildStochasticRounding(OpBuilder &builder, Location loc, Value x,
                              Value rbits, Type resultType, bool saturate);

/// Emits `round.scaling_stochastic` (SPEC section 3.1): `x` (f32-like),
/// `scale` (f8E8M0FNU-like), `rbits` (iW-like) and `resultType` (T-like)
/// are scalars or vectors, fixed or scalable; a scalar `x`, `scale` or
/// `rbits` beside a vector `resultType` is broadcast. The quotient
/// x / 2^(e - 127) is formed as the f32 product x * 2^(127 - e), whose
/// factor is exact for every e in 0..254 (2^-127 is an f32 subnormal), so
/// the product is the correctly rounded quotient; e = 255 (NaN) makes the
/// factor NaN. The product is rounded with buildStochasticRounding.
Value buildScalingStochasticRounding(OpBuilder &builder, Location loc, Value x,
                                     Value scale, Value rbits, Type resultType,
                                     bool saturate);

/// The f32 quotient of `round.scaling_stochastic` (SPEC section 3.1) in
/// `resultType`'s shape: x * 2^(127 - e), with the broadcasts and the
/// factor of buildScalingStochasticRounding (which rounds it).
Value buildScalingQuotient(OpBuilder &builder, Location loc, Value x,
                           Value scale, Type resultType);

/// Builds, for the f32 magnitudes `magnitude` (|x|, a scalar or fixed-size
/// vector) and the f32 power of two whose encoding is `addendBits`, the
/// fused multiply-add magnitude * 0.5 + addend rounded once, toward zero
/// (IEEE roundTowardZero, f32 subnormals kept), in magnitude's type. A
/// target supplies it from an instruction (NVVM: `llvm.nvvm.fma.rz.f`).
using HalfAddTowardZeroBuilder = llvm::function_ref<Value(
    OpBuilder &builder, Location loc, Value magnitude, uint32_t addendBits)>;

/// True if buildStochasticRoundingWithFmaRZ supports `format`: every format
/// whose smallest normal is above f32's (all but bf16, whose universal
/// lowering is already a few integer ops).
bool supportsFmaRZStochasticRounding(const StochasticRoundingFormat &format);

/// Emits exactly buildStochasticRounding's bits (SPEC section 3) with one
/// round-toward-zero fma per element in place of the variable shifts of
/// the subnormal range. With N = 2^(1 - bias) T's smallest normal, E its
/// f32 biased exponent, m, D and K as there and a = |x|:
///
///   c    = max(a, RZ(a * 0.5 + N / 2))            compared as bit patterns
///   code = (bits(c) + (r << (D - K)) - ((E - 1) << 23)) >> D
///
/// For a >= N, c = a and the sum adds r at the top K of a's D discarded
/// bits: the carry out of the field is the round-up, and the shifted-out
/// exponent field minus E - 1 is T's. For a < N (T's subnormal range),
/// c = N/2 + a/2 truncated to f32 lies in [N/2, N), where f32's grid maps
/// a's subnormal spacing N * 2^-m onto the m-bit grid of that binade and
/// the truncation (RZ) keeps a's next K bits exact below it: the same sum
/// gives codes 0 .. 2^m - 1, or N on a carry. Then `code` is clamped
/// (`saturate`) or replaced by Inf/NaN above T's largest finite pattern,
/// the sign is attached (FNUZ zeros are +0) and NaN inputs give
/// `format.nanBits`, as in buildStochasticRoundingBits. `x` and `rbits` are
/// scalars or fixed-size vectors of one shape (that of `resultType`).
/// Returns a value of `resultType`.
Value buildStochasticRoundingWithFmaRZ(OpBuilder &builder, Location loc,
                                       Value x, Value rbits, Type resultType,
                                       bool saturate,
                                       HalfAddTowardZeroBuilder buildHalfAdd);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_STOCHASTICROUNDING_H
