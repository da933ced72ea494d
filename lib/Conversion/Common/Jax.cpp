//===- Jax.cpp - IR builders for Threefry and JAX's samplers --------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/Jax.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Support/Threefry.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::rng;

/// The f32 bit patterns of 1.0, 2.0, 2.5, 3.0, 5.0, fl(sqrt(2)) and the f32
/// after -1 toward 0; the f64 ones of 1.0 and 0.5.
static constexpr uint32_t kOneF32Bits = 0x3F800000;
static constexpr uint32_t kTwoF32Bits = 0x40000000;
static constexpr uint32_t kTwoPointFiveF32Bits = 0x40200000;
static constexpr uint32_t kThreeF32Bits = 0x40400000;
static constexpr uint32_t kFiveF32Bits = 0x40A00000;
static constexpr uint32_t kSqrt2F32Bits = 0x3FB504F3;
static constexpr uint32_t kMinusOneUpF32Bits = 0xBF7FFFFF;
static constexpr uint64_t kOneF64Bits = 0x3FF0000000000000;
static constexpr uint64_t kHalfF64Bits = 0x3FE0000000000000;
/// Below this magnitude (2^-29) 1 + x is not exact in f64 for an f32 x, and
/// log1p(x) = x - x^2 / 2 to far better than f64 precision.
static constexpr uint64_t kLog1pSeriesBoundF64Bits = 0x3E20000000000000;

/// XLA's f32 ErfInv coefficients as SPEC §8 writes them, for w < 5 (on
/// w - 2.5) and for w >= 5 (on sqrt(w) - 3), highest degree first. Each is
/// used as the f32 nearest the decimal (getF32Bits).
static constexpr std::array<const char *, 9> kErfInvCentral = {
    "2.81022636e-08",  "3.43273939e-07", "-3.5233877e-06",
    "-4.39150654e-06", "0.00021858087",  "-0.00125372503",
    "-0.00417768164",  "0.246640727",    "1.50140941"};
static constexpr std::array<const char *, 9> kErfInvTail = {
    "-0.000200214257", "0.000100950558", "0.00134934322",
    "-0.00367342844",  "0.00573950773",  "-0.0076224613",
    "0.00943887047",   "1.00167406",     "2.83297682"};

/// The bit pattern of the f32 nearest the decimal `literal`.
static uint64_t getF32Bits(const char *literal) {
  return APFloat(APFloat::IEEEsingle(), literal)
      .bitcastToAPInt()
      .getZExtValue();
}

/// rotl(x, r) on 32-bit words: (x << r) | (x >> (32 - r)), which LLVM's
/// back ends turn into a rotate (funnel shift) where the target has one.
static Value buildRotateLeft(OpBuilder &builder, Location loc, Value x,
                             unsigned r) {
  Type type = x.getType();
  Value left = arith::ShLIOp::create(
      builder, loc, x, createScalarOrSplatBits(builder, loc, type, r));
  Value right = arith::ShRUIOp::create(
      builder, loc, x, createScalarOrSplatBits(builder, loc, type, 32 - r));
  return arith::OrIOp::create(builder, loc, left, right);
}

std::array<Value, 2> rng::buildThreefry2x32(OpBuilder &builder, Location loc,
                                            std::array<Value, 2> x,
                                            std::array<Value, 2> key,
                                            unsigned rounds, Value opaqueOne) {
  Type counterType = x[0].getType();
  Type keyType = key[0].getType();
  // The key schedule, in the key's type (scalar keys: computed once).
  Value parity =
      createScalarOrSplatBits(builder, loc, keyType, kThreefryParity);
  std::array<Value, 3> ks = {
      key[0], key[1],
      arith::XOrIOp::create(builder, loc,
                            arith::XOrIOp::create(builder, loc, key[0], key[1]),
                            parity)};
  auto inject = [&](Value word, Value keyWord) {
    return arith::AddIOp::create(
        builder, loc, word,
        broadcastToType(builder, loc, keyWord, counterType));
  };
  x[0] = inject(x[0], ks[0]);
  x[1] = inject(x[1], ks[1]);
  Value one = opaqueOne ? broadcastToType(builder, loc, opaqueOne, counterType)
                        : Value();
  for (unsigned r = 0; r < rounds; ++r) {
    // After an injection x0 + x1 is x0' + key + x1: as (x0' + key) * 1 + x1
    // it cannot become one three-input add (see buildThreefry2x32's doc).
    // x0 is the multiplicand because x1's injection ends in a constant,
    // over which LLVM would distribute the product.
    Value augend = x[0];
    if (one && r % 4 == 0)
      augend = arith::MulIOp::create(builder, loc, x[0], one);
    x[0] = arith::AddIOp::create(builder, loc, augend, x[1]);
    x[1] = arith::XOrIOp::create(
        builder, loc,
        buildRotateLeft(builder, loc, x[1], kThreefryRotations[r % 8]), x[0]);
    if ((r + 1) % 4 != 0)
      continue;
    unsigned s = (r + 1) / 4;
    x[0] = inject(x[0], ks[s % 3]);
    Value injected = arith::AddIOp::create(
        builder, loc, ks[(s + 1) % 3],
        createScalarOrSplatBits(builder, loc, keyType, s));
    x[1] = inject(x[1], injected);
  }
  return x;
}

/// The type of the shaped value among `values` (the first), or the first
/// value's type when all are scalars.
static Type getShapeType(ArrayRef<Value> values) {
  for (Value value : values)
    if (isa<ShapedType>(value.getType()))
      return value.getType();
  return values.front().getType();
}

std::array<Value, 2> rng::buildJaxThreefryAt(OpBuilder &builder, Location loc,
                                             Value k0, Value k1, Value d,
                                             Value opaqueOne) {
  Type wordType =
      getTypeWithElementType(getShapeType({k0, d}), builder.getI32Type());
  d = broadcastToType(
      builder, loc, d,
      getTypeWithElementType(wordType, getElementTypeOrSelf(d.getType())));
  Value hi, lo;
  if (getElementTypeOrSelf(d.getType()).isInteger(64)) {
    lo = arith::TruncIOp::create(builder, loc, wordType, d);
    Value shift = createScalarOrSplatBits(builder, loc, d.getType(), 32);
    hi = arith::TruncIOp::create(
        builder, loc, wordType, arith::ShRUIOp::create(builder, loc, d, shift));
  } else {
    lo = d;
    hi = createScalarOrSplatBits(builder, loc, wordType, 0);
  }
  return buildThreefry2x32(builder, loc, {hi, lo}, {k0, k1},
                           kDefaultThreefryRounds, opaqueOne);
}

Value rng::buildJaxBits(OpBuilder &builder, Location loc, Value k0, Value k1,
                        Value i, Type resultElementType, Value opaqueOne) {
  auto [y0, y1] = buildJaxThreefryAt(builder, loc, k0, k1, i, opaqueOne);
  Type resultType = getTypeWithElementType(y0.getType(), resultElementType);
  unsigned width = resultElementType.getIntOrFloatBitWidth();
  if (width == 64) {
    Value hi = arith::ExtUIOp::create(builder, loc, resultType, y0);
    Value lo = arith::ExtUIOp::create(builder, loc, resultType, y1);
    Value shift = createScalarOrSplatBits(builder, loc, resultType, 32);
    return arith::OrIOp::create(
        builder, loc, arith::ShLIOp::create(builder, loc, hi, shift), lo);
  }
  Value bits = arith::XOrIOp::create(builder, loc, y0, y1);
  if (width == 32)
    return bits;
  return arith::TruncIOp::create(builder, loc, resultType, bits);
}

Value rng::buildJaxUniform(OpBuilder &builder, Location loc, Value k0, Value k1,
                           Value i, Type resultElementType, Value opaqueOne) {
  bool isF64 = resultElementType.isF64();
  Type bitsElementType = isF64 ? builder.getI64Type() : builder.getI32Type();
  Value bits =
      buildJaxBits(builder, loc, k0, k1, i, bitsElementType, opaqueOne);
  Type bitsType = bits.getType();
  Type floatType = getTypeWithElementType(bitsType, resultElementType);
  // (bits >> (exponent + sign bits)) | the exponent of 1.0: a float in
  // [1, 2); minus 1.0, exact.
  Value shift = createScalarOrSplatBits(builder, loc, bitsType, isF64 ? 12 : 9);
  uint64_t oneBits = isF64 ? kOneF64Bits : kOneF32Bits;
  Value mantissa = arith::ShRUIOp::create(builder, loc, bits, shift);
  Value fill = arith::OrIOp::create(
      builder, loc, mantissa,
      createScalarOrSplatBits(builder, loc, bitsType, oneBits));
  Value inOneTwo = arith::BitcastOp::create(builder, loc, floatType, fill);
  return arith::SubFOp::create(
      builder, loc, inOneTwo,
      createScalarOrSplatBits(builder, loc, floatType, oneBits));
}

// The series' error below 2^-29 is under 2^-58 relative.
Value rng::buildJaxLog1pViaF64(OpBuilder &builder, Location loc, Value x,
                               arith::FastMathFlags mathFlags) {
  Type f32Type = x.getType();
  Type f64Type = getTypeWithElementType(f32Type, builder.getF64Type());
  ScalarOrSplatBitsCache f64Constants(builder, loc, f64Type);
  Value wide = arith::ExtFOp::create(builder, loc, f64Type, x);
  Value onePlus =
      arith::AddFOp::create(builder, loc, f64Constants.get(kOneF64Bits), wide);
  Value log = math::LogOp::create(builder, loc, onePlus, mathFlags);
  Value square = arith::MulFOp::create(builder, loc, wide, wide);
  Value series = arith::SubFOp::create(
      builder, loc, wide,
      arith::MulFOp::create(builder, loc, square,
                            f64Constants.get(kHalfF64Bits)));
  Value magnitude = math::AbsFOp::create(builder, loc, wide);
  Value small =
      arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OLT, magnitude,
                            f64Constants.get(kLog1pSeriesBoundF64Bits));
  Value result = arith::SelectOp::create(builder, loc, small, series, log);
  return arith::TruncFOp::create(builder, loc, f32Type, result);
}

Value rng::buildJaxLog1pTargetF32(OpBuilder &builder, Location loc, Value x,
                                  arith::FastMathFlags mathFlags) {
  return math::Log1pOp::create(builder, loc, x, mathFlags);
}

Value rng::buildJaxNormal(OpBuilder &builder, Location loc, Value k0, Value k1,
                          Value i, arith::FastMathFlags mathFlags,
                          JaxLog1pFn log1p, bool branchOnTail, Value opaqueOne,
                          JaxNormalStepFn step) {
  assert(log1p && "rng.jax_normal needs a log1p builder");
  Value f =
      buildJaxUniform(builder, loc, k0, k1, i, builder.getF32Type(), opaqueOne);
  Type type = f.getType();
  assert((!branchOnTail || !isa<ShapedType>(type)) &&
         "the tail branch is for scalars only");
  ScalarOrSplatBitsCache constants(builder, loc, type);
  // u = max(lo, 2f + lo) in (-1, 1): 2f is exact, the sum rounds once.
  Value lo = constants.get(kMinusOneUpF32Bits);
  Value twice =
      arith::MulFOp::create(builder, loc, f, constants.get(kTwoF32Bits));
  Value u = arith::MaximumFOp::create(
      builder, loc, lo, arith::AddFOp::create(builder, loc, twice, lo));
  // w = -log1p(-(u * u)).
  Value negSquare = arith::NegFOp::create(
      builder, loc, arith::MulFOp::create(builder, loc, u, u));
  Value w = arith::NegFOp::create(builder, loc,
                                  log1p(builder, loc, negSquare, mathFlags));
  Value central = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OLT,
                                        w, constants.get(kFiveF32Bits));
  // The central (w < 5) polynomial on w - 2.5, the tail one on
  // sqrt(w) - 3, each in Horner form with fused multiply-adds.
  auto argument = [&](OpBuilder &b, ScalarOrSplatBitsCache &c,
                      bool tail) -> Value {
    if (!tail)
      return arith::SubFOp::create(b, loc, w, c.get(kTwoPointFiveF32Bits));
    Value root =
        step ? step(b, loc, JaxNormalStep::Sqrt, {w}, mathFlags) : Value();
    if (!root)
      root = math::SqrtOp::create(b, loc, w, mathFlags);
    return arith::SubFOp::create(b, loc, root, c.get(kThreeF32Bits));
  };
  auto fma = [&](OpBuilder &b, Value x, Value y, Value z) -> Value {
    if (step)
      if (Value v = step(b, loc, JaxNormalStep::Fma, {x, y, z}, mathFlags))
        return v;
    return math::FmaOp::create(b, loc, x, y, z);
  };
  auto horner = [&](OpBuilder &b, Value t,
                    function_ref<Value(unsigned)> coefficient) {
    Value p = coefficient(0);
    for (unsigned j = 1; j < kErfInvCentral.size(); ++j)
      p = fma(b, p, t, coefficient(j));
    return p;
  };
  Value p;
  if (branchOnTail) {
    // One polynomial per side, each with the constants of its own block.
    auto side = [&](bool tail) {
      return [&, tail](OpBuilder &b, Location) {
        ScalarOrSplatBitsCache sideConstants(b, loc, type);
        const auto &coefficients = tail ? kErfInvTail : kErfInvCentral;
        Value t = argument(b, sideConstants, tail);
        scf::YieldOp::create(b, loc, horner(b, t, [&](unsigned j) {
                               return sideConstants.get(
                                   getF32Bits(coefficients[j]));
                             }));
      };
    };
    p = scf::IfOp::create(builder, loc, central, side(false), side(true))
            .getResult(0);
  } else {
    Value t = arith::SelectOp::create(builder, loc, central,
                                      argument(builder, constants, false),
                                      argument(builder, constants, true));
    p = horner(builder, t, [&](unsigned j) -> Value {
      return arith::SelectOp::create(
          builder, loc, central, constants.get(getF32Bits(kErfInvCentral[j])),
          constants.get(getF32Bits(kErfInvTail[j])));
    });
  }
  Value erfInv = arith::MulFOp::create(builder, loc, p, u);
  return arith::MulFOp::create(builder, loc, constants.get(kSqrt2F32Bits),
                               erfInv);
}

Value rng::buildJaxRandint(OpBuilder &builder, Location loc, Value k0, Value k1,
                           Value i, Value minval, Value maxval,
                           Value opaqueOne) {
  Type boundType = minval.getType();
  Type elementType = getElementTypeOrSelf(boundType);
  unsigned width = elementType.getIntOrFloatBitWidth();
  // split(k, 2): fold_in(k, 0) and fold_in(k, 1), on the key's type.
  Type keyIndexType =
      getTypeWithElementType(k0.getType(), builder.getI32Type());
  auto [ka0, ka1] = buildJaxThreefryAt(
      builder, loc, k0, k1,
      createScalarOrSplatBits(builder, loc, keyIndexType, 0), opaqueOne);
  auto [kb0, kb1] = buildJaxThreefryAt(
      builder, loc, k0, k1,
      createScalarOrSplatBits(builder, loc, keyIndexType, 1), opaqueOne);
  Value hi = buildJaxBits(builder, loc, ka0, ka1, i, elementType, opaqueOne);
  Value lo = buildJaxBits(builder, loc, kb0, kb1, i, elementType, opaqueOne);
  // The result's type: the draws' shape, or the bounds' where the key and
  // the index are scalars beside shaped bounds (every lane then draws at the
  // same index).
  Type shapeType = isa<ShapedType>(hi.getType()) ? hi.getType() : boundType;
  hi = broadcastToType(builder, loc, hi, shapeType);
  lo = broadcastToType(builder, loc, lo, shapeType);

  // span and the multiplier on the bounds' type (scalars: once).
  ScalarOrSplatBitsCache bounds(builder, loc, boundType);
  Value empty = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sle,
                                      maxval, minval);
  Value span = arith::SelectOp::create(
      builder, loc, empty, bounds.get(1),
      arith::SubIOp::create(builder, loc, maxval, minval));
  Value m = arith::RemUIOp::create(
      builder, loc, bounds.get(uint64_t(1) << (width / 2)), span);
  m = arith::RemUIOp::create(builder, loc,
                             arith::MulIOp::create(builder, loc, m, m), span);

  span = broadcastToType(builder, loc, span, shapeType);
  m = broadcastToType(builder, loc, m, shapeType);
  Value minvalShaped = broadcastToType(builder, loc, minval, shapeType);
  Value offset = arith::AddIOp::create(
      builder, loc,
      arith::MulIOp::create(builder, loc,
                            arith::RemUIOp::create(builder, loc, hi, span), m),
      arith::RemUIOp::create(builder, loc, lo, span));
  offset = arith::RemUIOp::create(builder, loc, offset, span);
  return arith::AddIOp::create(builder, loc, minvalShaped, offset);
}
