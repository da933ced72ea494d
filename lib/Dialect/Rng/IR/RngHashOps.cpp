//===- RngHashOps.cpp - hash generators, dropout, seeds -------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Verifiers, type inference and folders of rng.lowbias32, rng.hash_rand,
// rng.hash_randn, rng.hash_dropout, rng.dropout, rng.splitmix64 and
// rng.tr_dropout_sample (SPEC §5-7). The folders evaluate the ops with the
// host functions below (and rng/Support/Philox.h for rng.dropout) through
// foldElementwiseConstants, which bounds their cost.
//
//===----------------------------------------------------------------------===//

#include "Verifiers.h"

#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Support/ElementwiseFolding.h"
#include "rng/Support/Philox.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <utility>

using namespace mlir;
using namespace mlir::rng;

//===----------------------------------------------------------------------===//
// Host functions (SPEC §5, §7)
//===----------------------------------------------------------------------===//

/// lowbias32: mix(mix(mix(x, 16) * 0x7FEB352D, 15) * 0x846CA68B, 16) with
/// mix(v, s) = v ^ (v >> s), all on wrapping 32-bit words.
static uint32_t lowbias32(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return x;
}

/// hash_rand: f32(hash32(counter ^ hash32(seed)) & 0x7FFFFF) * 2^-23, exact.
static float hashUniformFloat(uint32_t seed, uint32_t counter) {
  uint32_t bits = lowbias32(counter ^ lowbias32(seed)) & 0x7FFFFFu;
  return static_cast<float>(bits) * 0x1p-23f;
}

/// SplitMix64's output for the state x (wrapping 64-bit arithmetic).
static uint64_t splitMix64(uint64_t x) {
  uint64_t z = x + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// The (high, low) 64-bit halves of the 128-bit product a * b, from the four
/// 32x32 -> 64-bit products of the halves.
static std::pair<uint64_t, uint64_t> mulHiLo64(uint64_t a, uint64_t b) {
  uint64_t aLo = a & 0xFFFFFFFFu, aHi = a >> 32;
  uint64_t bLo = b & 0xFFFFFFFFu, bHi = b >> 32;
  uint64_t lowProduct = aLo * bLo;
  uint64_t middle = aHi * bLo + (lowProduct >> 32);
  uint64_t middle2 = aLo * bHi + (middle & 0xFFFFFFFFu);
  uint64_t high = aHi * bHi + (middle >> 32) + (middle2 >> 32);
  return {high, a * b};
}

/// Tech-Renaissance's dropout sampler (SPEC §7), wrapping 64-bit arithmetic:
/// counter = seed_lo + offset, key0 = seed_hi, key1 = seed_lo ^
/// 0x9E3779B97F4A7C15; ten times (hi, lo) = M * counter, counter = hi ^ key0
/// ^ key1, key0 = lo, key1 = lo ^ key1; f32(hi32(counter)) * 2^-32 with the
/// conversion rounded to nearest even and the multiply exact.
static APFloat trDropoutSample(uint64_t seedLo, uint64_t seedHi,
                               uint64_t offset) {
  constexpr uint64_t kMultiplier = 0xD2B74407B1CE6E93ull;
  uint64_t counter = seedLo + offset;
  uint64_t key0 = seedHi;
  uint64_t key1 = seedLo ^ 0x9E3779B97F4A7C15ull;
  for (int round = 0; round < 10; ++round) {
    auto [high, low] = mulHiLo64(kMultiplier, counter);
    counter = high ^ key0 ^ key1;
    key0 = low;
    key1 = low ^ key1;
  }
  APFloat result(APFloat::IEEEsingle());
  result.convertFromAPInt(APInt(32, counter >> 32), /*IsSigned=*/false,
                          APFloat::rmNearestTiesToEven);
  // 2^-32: exact (the result is 0 or at least 2^-32, far from subnormal).
  result.multiply(APFloat(0x1p-32f), APFloat::rmNearestTiesToEven);
  return result;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Checks that every shaped type among `operands` is `reference`'s shape
/// with its own element type (same kind of type, sizes, scalable dims and
/// encoding). ElementwiseMappable alone would accept a dynamic size beside a
/// static one, which the lowerings cannot broadcast.
static LogicalResult
verifySameShapes(Operation *op, Type reference, StringRef referenceName,
                 ArrayRef<std::pair<StringRef, Value>> operands) {
  for (auto [name, value] : operands) {
    if (isa<ShapedType>(value.getType()) &&
        !haveSameShape(value.getType(), reference))
      return op->emitOpError("'") << name << "' type " << value.getType()
                                  << " must be a scalar or have the shape of '"
                                  << referenceName << "' (" << reference << ")";
  }
  return success();
}

/// Dropout's result for one element: keep ? x / (1 - p) : +0, in f32 (one
/// rounding for 1 - p, one for the division).
static APFloat applyDropout(bool keep, const APFloat &x, const APFloat &p) {
  if (!keep)
    return APFloat::getZero(x.getSemantics());
  APFloat scale(1.0f);
  scale.subtract(p, APFloat::rmNearestTiesToEven);
  APFloat result = x;
  result.divide(scale, APFloat::rmNearestTiesToEven);
  return result;
}

/// The f32 with bit pattern `bits`.
static APFloat toF32(uint64_t bits) {
  return APFloat(APFloat::IEEEsingle(), APInt(32, bits));
}

/// `value`'s bit pattern.
static uint64_t toBits(const APFloat &value) {
  return value.bitcastToAPInt().getZExtValue();
}

//===----------------------------------------------------------------------===//
// Lowbias32Op
//===----------------------------------------------------------------------===//

OpFoldResult Lowbias32Op::fold(FoldAdaptor adaptor) {
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        out[0] = lowbias32(uint32_t(in[0]));
      });
}

//===----------------------------------------------------------------------===//
// HashRandOp, HashRandnOp
//===----------------------------------------------------------------------===//

/// Infers the f32 result of rng.hash_rand / rng.hash_randn: the counter's
/// shape. Lenient on purpose (the C API relies on inference succeeding); the
/// constraints and verify() check the operand types.
static LogicalResult inferHashDrawType(MLIRContext *context,
                                       std::optional<Location> location,
                                       ValueRange operands,
                                       SmallVectorImpl<Type> &types) {
  if (operands.size() != 2)
    return emitOptionalError(location, "expected 2 operands (seed, counter)");
  types.push_back(
      getTypeWithElementType(operands[1].getType(), Float32Type::get(context)));
  return success();
}

#define RNG_DEFINE_HASH_DRAW_OP_COMMON(OpTy)                                   \
  LogicalResult OpTy::inferReturnTypes(                                        \
      MLIRContext *context, std::optional<Location> location,                  \
      ValueRange operands, DictionaryAttr, OpaqueProperties, RegionRange,      \
      SmallVectorImpl<Type> &inferredReturnTypes) {                            \
    return inferHashDrawType(context, location, operands,                      \
                             inferredReturnTypes);                             \
  }                                                                            \
  LogicalResult OpTy::verify() {                                               \
    return verifySameShapes(*this, getCounter().getType(), "counter",          \
                            {{"seed", getSeed()}});                            \
  }

RNG_DEFINE_HASH_DRAW_OP_COMMON(HashRandOp)
RNG_DEFINE_HASH_DRAW_OP_COMMON(HashRandnOp)

#undef RNG_DEFINE_HASH_DRAW_OP_COMMON

OpFoldResult HashRandOp::fold(FoldAdaptor adaptor) {
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        out[0] = llvm::bit_cast<uint32_t>(
            hashUniformFloat(uint32_t(in[0]), uint32_t(in[1])));
      });
}

//===----------------------------------------------------------------------===//
// HashDropoutOp, DropoutOp
//===----------------------------------------------------------------------===//

/// The dropout verifiers check types and attributes only: `p` is used as the
/// formula says whatever its value (SPEC §6), and its defining op is never
/// looked at, so a canonicalization that folds `p` into a constant cannot
/// make valid IR invalid.
LogicalResult HashDropoutOp::verify() {
  return verifySameShapes(
      *this, getX().getType(), "x",
      {{"p", getP()}, {"seed", getSeed()}, {"counter", getCounter()}});
}

OpFoldResult HashDropoutOp::fold(FoldAdaptor adaptor) {
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        APFloat x = toF32(in[0]), p = toF32(in[1]);
        APFloat u(hashUniformFloat(uint32_t(in[2]), uint32_t(in[3])));
        APFloat::cmpResult order = u.compare(p);
        bool keep =
            order == APFloat::cmpGreaterThan || order == APFloat::cmpEqual;
        out[0] = toBits(applyDropout(keep, x, p));
      });
}

LogicalResult DropoutOp::verify() {
  if (failed(verifyPhiloxRounds(*this, getRoundsAttr())))
    return failure();
  return verifySameShapes(
      *this, getX().getType(), "x",
      {{"p", getP()}, {"seed", getSeed()}, {"offset", getOffset()}});
}

OpFoldResult DropoutOp::fold(FoldAdaptor adaptor) {
  // The seed is sign-extended to 64 bits, the offset zero-extended.
  unsigned seedWidth =
      getElementTypeOrSelf(getSeed().getType()).getIntOrFloatBitWidth();
  bool offsetIs64Bit =
      getElementTypeOrSelf(getOffset().getType()).isInteger(64);
  uint32_t rounds = getRounds();
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        APFloat x = toF32(in[0]), p = toF32(in[1]);
        std::array<uint32_t, 4> words = tritonRandint4x(
            llvm::SignExtend64(in[2], seedWidth), in[3], offsetIs64Bit, rounds);
        APFloat u(uint32ToUniformFloat(words[0]));
        bool keep = u.compare(p) == APFloat::cmpGreaterThan;
        out[0] = toBits(applyDropout(keep, x, p));
      });
}

//===----------------------------------------------------------------------===//
// SplitMix64Op
//===----------------------------------------------------------------------===//

OpFoldResult SplitMix64Op::fold(FoldAdaptor adaptor) {
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        out[0] = splitMix64(in[0]);
      });
}

//===----------------------------------------------------------------------===//
// TrDropoutSampleOp
//===----------------------------------------------------------------------===//

/// The f32 result: the offset's shape. Lenient like inferHashDrawType.
LogicalResult TrDropoutSampleOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  if (operands.size() != 3)
    return emitOptionalError(location,
                             "expected 3 operands (seed_lo, seed_hi, offset)");
  inferredReturnTypes.push_back(
      getTypeWithElementType(operands[2].getType(), Float32Type::get(context)));
  return success();
}

LogicalResult TrDropoutSampleOp::verify() {
  return verifySameShapes(*this, getOffset().getType(), "offset",
                          {{"seed_lo", getSeedLo()}, {"seed_hi", getSeedHi()}});
}

OpFoldResult TrDropoutSampleOp::fold(FoldAdaptor adaptor) {
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        out[0] = toBits(trDropoutSample(in[0], in[1], in[2]));
      });
}
