//===- RngHashOps.cpp - hash generators, dropout, seeds -------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Verifiers, type inference and folders of rng.lowbias32, rng.hash_rand,
// rng.hash_randn, rng.hash_dropout, rng.dropout, rng.splitmix64 and
// rng.tr_dropout_sample (SPEC §5-7). The folders evaluate the ops with the
// host functions below (and rng/Support/Philox.h for rng.dropout).
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Support/Philox.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"

#include <tuple>
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

/// True for a type whose constants can be folded: a scalar, or a vector or
/// tensor of static, fixed shape.
static bool isFoldableType(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return !vector.isScalable();
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.hasStaticShape();
  return true;
}

/// True for a scalar constant or a splat dense constant.
static bool isSplat(Attribute attr) {
  if (isa_and_nonnull<IntegerAttr, FloatAttr>(attr))
    return true;
  auto dense = dyn_cast_or_null<DenseElementsAttr>(attr);
  return dense && dense.isSplat();
}

/// The values of a constant operand as `count` elements: a scalar or splat is
/// repeated, a dense constant of `count` elements read. std::nullopt for
/// anything else. `T` is APInt (integer constants) or APFloat (float ones).
template <typename T>
static std::optional<SmallVector<T>> getElements(Attribute attr,
                                                 int64_t count) {
  using ScalarAttr =
      std::conditional_t<std::is_same_v<T, APInt>, IntegerAttr, FloatAttr>;
  if (auto scalar = dyn_cast_or_null<ScalarAttr>(attr))
    return SmallVector<T>(count, scalar.getValue());
  auto dense = dyn_cast_or_null<DenseElementsAttr>(attr);
  if (!dense)
    return std::nullopt;
  if (dense.isSplat())
    return SmallVector<T>(count, dense.getSplatValue<T>());
  if (dense.getNumElements() != count)
    return std::nullopt;
  return llvm::to_vector(dense.getValues<T>());
}

/// The number of values to evaluate for an op whose constant operands are
/// `attrs` and whose result is of `type`: 1 when every operand is a scalar
/// or splat (the result is then a splat), else the element count.
static int64_t getFoldCount(ArrayRef<Attribute> attrs, Type type) {
  if (llvm::all_of(attrs, isSplat))
    return 1;
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getNumElements();
  return 1;
}

/// The constant of `type` holding `values` (one per element, or one for a
/// splat).
static Attribute makeConstant(Type type, ArrayRef<Attribute> values) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped)
    return values.front();
  if (values.size() == 1)
    return DenseElementsAttr::get(shaped, values.front());
  return DenseElementsAttr::get(shaped, values);
}

/// The most elements a folder evaluates for a constant that is not a splat:
/// larger constants are left to the lowering, so that folding stays cheap.
static constexpr int64_t kMaxFoldedElements = 65536;

/// True if folding an op whose constant operands are `attrs` and whose
/// result is of `type` would evaluate more than kMaxFoldedElements values.
static bool exceedsFoldLimit(ArrayRef<Attribute> attrs, Type type) {
  return isFoldableType(type) && getFoldCount(attrs, type) > kMaxFoldedElements;
}

/// Folds an op whose result of `type` is the function `fn` of its constant
/// operands `attrs`, read element by element as `Ts` (APInt or APFloat, one
/// per operand). `fn` returns the scalar attribute of one element.
template <typename... Ts, typename Fn, size_t... Is>
static OpFoldResult foldElementwiseImpl(Type type, ArrayRef<Attribute> attrs,
                                        Fn fn, std::index_sequence<Is...>) {
  if (!isFoldableType(type))
    return {};
  int64_t count = getFoldCount(attrs, type);
  std::tuple<std::optional<SmallVector<Ts>>...> elements{
      getElements<Ts>(attrs[Is], count)...};
  if (!(std::get<Is>(elements).has_value() && ...))
    return {};
  SmallVector<Attribute> values;
  values.reserve(count);
  for (int64_t i = 0; i < count; ++i)
    values.push_back(fn((*std::get<Is>(elements))[i]...));
  return makeConstant(type, values);
}

template <typename... Ts, typename Fn>
static OpFoldResult foldElementwise(Type type, ArrayRef<Attribute> attrs,
                                    Fn fn) {
  return foldElementwiseImpl<Ts...>(type, attrs, fn,
                                    std::index_sequence_for<Ts...>());
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

static APFloat toAPFloat(float value) { return APFloat(value); }

//===----------------------------------------------------------------------===//
// Lowbias32Op
//===----------------------------------------------------------------------===//

OpFoldResult Lowbias32Op::fold(FoldAdaptor adaptor) {
  Type type = getType();
  Type i32 = getElementTypeOrSelf(type);
  return foldElementwise<APInt>(type, {adaptor.getX()}, [&](const APInt &x) {
    return IntegerAttr::get(i32, APInt(32, lowbias32(x.getZExtValue())));
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
  Type f32 = getElementTypeOrSelf(getType());
  return foldElementwise<APInt, APInt>(
      getType(), {adaptor.getSeed(), adaptor.getCounter()},
      [&](const APInt &seed, const APInt &counter) {
        return FloatAttr::get(
            f32, toAPFloat(hashUniformFloat(seed.getZExtValue(),
                                            counter.getZExtValue())));
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
  Type f32 = getElementTypeOrSelf(getType());
  return foldElementwise<APFloat, APFloat, APInt, APInt>(
      getType(),
      {adaptor.getX(), adaptor.getP(), adaptor.getSeed(), adaptor.getCounter()},
      [&](const APFloat &x, const APFloat &p, const APInt &seed,
          const APInt &counter) {
        APFloat u = toAPFloat(
            hashUniformFloat(seed.getZExtValue(), counter.getZExtValue()));
        APFloat::cmpResult order = u.compare(p);
        bool keep =
            order == APFloat::cmpGreaterThan || order == APFloat::cmpEqual;
        return FloatAttr::get(f32, applyDropout(keep, x, p));
      });
}

LogicalResult DropoutOp::verify() {
  uint32_t rounds = getRounds();
  if (rounds < kMinPhiloxRounds || rounds > kMaxPhiloxRounds)
    return emitOpError("attribute 'rounds' must be in [")
           << kMinPhiloxRounds << ", " << kMaxPhiloxRounds
           << "] (Philox round count), but got " << int32_t(rounds);
  return verifySameShapes(
      *this, getX().getType(), "x",
      {{"p", getP()}, {"seed", getSeed()}, {"offset", getOffset()}});
}

OpFoldResult DropoutOp::fold(FoldAdaptor adaptor) {
  Type f32 = getElementTypeOrSelf(getType());
  bool offsetIs64Bit =
      getElementTypeOrSelf(getOffset().getType()).isInteger(64);
  uint32_t rounds = getRounds();
  return foldElementwise<APFloat, APFloat, APInt, APInt>(
      getType(),
      {adaptor.getX(), adaptor.getP(), adaptor.getSeed(), adaptor.getOffset()},
      [&](const APFloat &x, const APFloat &p, const APInt &seed,
          const APInt &offset) {
        std::array<uint32_t, 4> words = tritonRandint4x(
            seed.getSExtValue(), offset.getZExtValue(), offsetIs64Bit, rounds);
        APFloat u = toAPFloat(uint32ToUniformFloat(words[0]));
        bool keep = u.compare(p) == APFloat::cmpGreaterThan;
        return FloatAttr::get(f32, applyDropout(keep, x, p));
      });
}

//===----------------------------------------------------------------------===//
// SplitMix64Op
//===----------------------------------------------------------------------===//

OpFoldResult SplitMix64Op::fold(FoldAdaptor adaptor) {
  Type type = getType();
  Type i64 = getElementTypeOrSelf(type);
  return foldElementwise<APInt>(type, {adaptor.getX()}, [&](const APInt &x) {
    return IntegerAttr::get(i64, APInt(64, splitMix64(x.getZExtValue())));
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
  Type type = getType();
  SmallVector<Attribute> attrs{adaptor.getSeedLo(), adaptor.getSeedHi(),
                               adaptor.getOffset()};
  if (exceedsFoldLimit(attrs, type))
    return {};
  Type f32 = getElementTypeOrSelf(type);
  return foldElementwise<APInt, APInt, APInt>(
      type, attrs,
      [&](const APInt &seedLo, const APInt &seedHi, const APInt &offset) {
        return FloatAttr::get(f32, trDropoutSample(seedLo.getZExtValue(),
                                                   seedHi.getZExtValue(),
                                                   offset.getZExtValue()));
      });
}
