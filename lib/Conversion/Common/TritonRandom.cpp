//===- TritonRandom.cpp - IR builders for Triton's tl.random --------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/TritonRandom.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Support/Philox.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::rng;

/// f32 bit patterns of the Box-Muller constants (Triton's
/// pair_uniform_to_normal; hash_randn uses the same).
static constexpr uint32_t kMinUniformBits = 0x33D6BF95; // 1.0e-7f
static constexpr uint32_t kTwoPiBits = 0x40C90FDB;      // 6.283185307179586f
static constexpr uint32_t kMinusTwoBits = 0xC0000000;   // -2.0f

// Triton's randint4x(seed, offset) calls philox with
//   counter = (lo32(offset), offset is 64-bit ? hi32(offset) : 0, 0, 0)
//   key     = (lo32(seed64), hi32(seed64)),  seed64 = sext(seed)
PhiloxInput rng::buildTritonPhiloxInput(OpBuilder &builder, Location loc,
                                        Value seed, Value offset) {
  Type i32 = builder.getI32Type();
  PhiloxInput input;

  // Counter: the offset's bits, zero-padded to 128 bits.
  Type offsetType = offset.getType();
  Type counterType = getTypeWithElementType(offsetType, i32);
  Value zero = createScalarOrSplatBits(builder, loc, counterType, 0);
  if (getElementTypeOrSelf(offsetType).isInteger(32)) {
    input.counter = {offset, zero, zero, zero};
  } else {
    Value shift = createScalarOrSplatBits(builder, loc, offsetType, 32);
    Value high = arith::ShRUIOp::create(builder, loc, offset, shift);
    input.counter = {arith::TruncIOp::create(builder, loc, counterType, offset),
                     arith::TruncIOp::create(builder, loc, counterType, high),
                     zero, zero};
  }

  // Key: the seed sign-extended to 64 bits, split into two words.
  Type seedType = seed.getType();
  Type keyType = getTypeWithElementType(seedType, i32);
  unsigned seedWidth = getElementTypeOrSelf(seedType).getIntOrFloatBitWidth();
  if (seedWidth <= 32) {
    // lo32(seed64) = sext32(seed); hi32(seed64) = its sign bit copied into
    // all 32 bits.
    Value low = seedWidth == 32
                    ? seed
                    : arith::ExtSIOp::create(builder, loc, keyType, seed);
    Value shift = createScalarOrSplatBits(builder, loc, keyType, 31);
    input.key = {low, arith::ShRSIOp::create(builder, loc, low, shift)};
  } else {
    Type seed64Type = getTypeWithElementType(seedType, builder.getI64Type());
    Value seed64 = seedWidth == 64
                       ? seed
                       : arith::ExtSIOp::create(builder, loc, seed64Type, seed);
    Value shift = createScalarOrSplatBits(builder, loc, seed64Type, 32);
    Value high = arith::ShRUIOp::create(builder, loc, seed64, shift);
    input.key = {arith::TruncIOp::create(builder, loc, keyType, seed64),
                 arith::TruncIOp::create(builder, loc, keyType, high)};
  }
  return input;
}

std::array<Value, 4> rng::buildTritonRandint4x(OpBuilder &builder, Location loc,
                                               Value seed, Value offset,
                                               unsigned rounds,
                                               MulHiLoBuilder mulHiLo) {
  PhiloxInput input = buildTritonPhiloxInput(builder, loc, seed, offset);
  return buildPhilox4x32(builder, loc, input.counter, input.key, rounds,
                         mulHiLo);
}

// Triton's uint_to_uniform_float on i32 words:
//   x = w < 0 ? -w - 1 : w           (-w - 1 == ~w)
//   u = f32(x) * 4.6566127342e-10    (the f32 0x2FFFFFFF)
Value rng::buildUniformFloat(OpBuilder &builder, Location loc, Value word) {
  Type wordType = word.getType();
  // w >>s 31 is all ones for a negative w and zero otherwise, so
  // w ^ (w >>s 31) is ~w for a negative w and w otherwise: x in [0, 2^31).
  Value shift = createScalarOrSplatBits(builder, loc, wordType, 31);
  Value sign = arith::ShRSIOp::create(builder, loc, word, shift);
  Value magnitude = arith::XOrIOp::create(builder, loc, word, sign);
  // f32(x), rounded to nearest even; then one f32 multiply, rounded to
  // nearest even: at most f32(2^31 - 1) * 0x2FFFFFFF = 0x3F7FFFFF < 1.
  return buildScaledIntToFloat(builder, loc, magnitude, /*isSigned=*/true,
                               kUniformScaleBits);
}

Value rng::NormalMath::build(OpBuilder &builder, Location loc,
                             BoxMullerStep step, Value x) const {
  if (usesFastStep())
    if (Value value = fastStep(builder, loc, step, x))
      return value;
  switch (step) {
  case BoxMullerStep::MinusTwoLog: {
    // v = max(1.0e-7f, u1) (Triton) or 1 - u1 >= 2^-23 (hash_randn).
    if (range)
      range(builder, loc, x, llvm::bit_cast<float>(kMinUniformBits), 1.0);
    Value minusTwo =
        createScalarOrSplatBits(builder, loc, x.getType(), kMinusTwoBits);
    return arith::MulFOp::create(builder, loc, minusTwo,
                                 math::LogOp::create(builder, loc, x, flags));
  }
  case BoxMullerStep::Sqrt:
    return math::SqrtOp::create(builder, loc, x, flags);
  case BoxMullerStep::Cos:
    return math::CosOp::create(builder, loc, x, flags);
  case BoxMullerStep::Sin:
    return math::SinOp::create(builder, loc, x, flags);
  }
  llvm_unreachable("unknown BoxMullerStep");
}

std::pair<Value, Value> rng::buildBoxMullerPolar(OpBuilder &builder,
                                                 Location loc, Value v,
                                                 Value u2,
                                                 NormalMath normalMath) {
  Value twoPi = createScalarOrSplatBits(builder, loc, v.getType(), kTwoPiBits);
  Value radius = normalMath.build(
      builder, loc, BoxMullerStep::Sqrt,
      normalMath.build(builder, loc, BoxMullerStep::MinusTwoLog, v));
  Value angle = arith::MulFOp::create(builder, loc, twoPi, u2);
  return {radius, angle};
}

/// u1 = max(1.0e-7, u1), then buildBoxMullerPolar: (r, t).
static std::pair<Value, Value> buildClampedPolar(OpBuilder &builder,
                                                 Location loc, Value u1,
                                                 Value u2,
                                                 NormalMath normalMath) {
  Value minU1 =
      createScalarOrSplatBits(builder, loc, u1.getType(), kMinUniformBits);
  // u1 is never NaN, so maxnumf and Triton's maximum agree.
  Value clamped = arith::MaxNumFOp::create(builder, loc, minU1, u1);
  return buildBoxMullerPolar(builder, loc, clamped, u2, normalMath);
}

// Triton's pair_uniform_to_normal (Box-Muller), in f32:
//   u1 = max(1.0e-7, u1)
//   r  = sqrt(-2.0 * log(u1))
//   t  = 6.283185307179586 * u2
//   return (r * cos(t), r * sin(t))
std::pair<Value, Value> rng::buildPairUniformToNormal(OpBuilder &builder,
                                                      Location loc, Value u1,
                                                      Value u2,
                                                      NormalMath normalMath) {
  auto [radius, angle] = buildClampedPolar(builder, loc, u1, u2, normalMath);
  Value cos = normalMath.build(builder, loc, BoxMullerStep::Cos, angle);
  Value sin = normalMath.build(builder, loc, BoxMullerStep::Sin, angle);
  return {arith::MulFOp::create(builder, loc, radius, cos),
          arith::MulFOp::create(builder, loc, radius, sin)};
}

SmallVector<Value, 4> rng::buildTritonRandomFromWords(OpBuilder &builder,
                                                      Location loc,
                                                      TritonRandomKind kind,
                                                      std::array<Value, 4> w,
                                                      NormalMath normalMath) {
  // The uniforms of the first `count` words, built in word order (so the IR
  // does not depend on the C++ compiler's order of argument evaluation).
  auto uniforms = [&](unsigned count) {
    SmallVector<Value, 4> u;
    for (unsigned i = 0; i < count; ++i)
      u.push_back(buildUniformFloat(builder, loc, w[i]));
    return u;
  };
  switch (kind) {
  case TritonRandomKind::Randint:
    return {w[0]};
  case TritonRandomKind::Randint4x:
    return {w[0], w[1], w[2], w[3]};
  case TritonRandomKind::Rand:
    return uniforms(1);
  case TritonRandomKind::Rand4x:
    return uniforms(4);
  case TritonRandomKind::Randn: {
    // The first of the pair: r * cos(t).
    SmallVector<Value, 4> u = uniforms(2);
    auto [radius, angle] =
        buildClampedPolar(builder, loc, u[0], u[1], normalMath);
    return {arith::MulFOp::create(
        builder, loc, radius,
        normalMath.build(builder, loc, BoxMullerStep::Cos, angle))};
  }
  case TritonRandomKind::Randn4x: {
    SmallVector<Value, 4> u = uniforms(4);
    auto [n0, n1] =
        buildPairUniformToNormal(builder, loc, u[0], u[1], normalMath);
    auto [n2, n3] =
        buildPairUniformToNormal(builder, loc, u[2], u[3], normalMath);
    return {n0, n1, n2, n3};
  }
  }
  llvm_unreachable("unknown TritonRandomKind");
}

SmallVector<Value, 4> rng::buildTritonRandom(OpBuilder &builder, Location loc,
                                             TritonRandomKind kind, Value seed,
                                             Value offset, unsigned rounds,
                                             MulHiLoBuilder mulHiLo) {
  return buildTritonRandomFromWords(
      builder, loc, kind,
      buildTritonRandint4x(builder, loc, seed, offset, rounds, mulHiLo));
}
