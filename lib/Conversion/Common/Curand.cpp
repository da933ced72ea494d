//===- Curand.cpp - IR builders of cuRAND's and PyTorch's rules -----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/Curand.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Support/Philox.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::rng;

// f32 and f64 constants of the conversions (bit patterns).
static constexpr uint32_t kTwoPow32InvF32 = 0x2F800000; // 2^-32
static constexpr uint32_t kTwoPow33InvF32 = 0x2F000000; // 2^-33
static constexpr uint32_t kTwoPiTwoPow32InvF32 =
    0x30C90FDB;                                           // 2^-32 * 6.2831855f
static constexpr uint32_t kPiTwoPow33InvF32 = 0x30490FDB; // its half
static constexpr uint32_t kMinusTwoF32 = 0xC0000000;
static constexpr uint64_t kTwoPow32InvF64 = 0x3DF0000000000000; // 2^-32
static constexpr uint64_t kTwoPow53InvF64 = 0x3CA0000000000000; // 2^-53
static constexpr uint64_t kTwoPow54InvF64 = 0x3C90000000000000; // 2^-54
static constexpr uint64_t kTwoPow52InvF64 = 0x3CB0000000000000; // 2^-52
static constexpr uint64_t kMinusTwoF64 = 0xC000000000000000;
static constexpr uint64_t kHalfF64 = 0x3FE0000000000000;
static constexpr uint64_t kZeroF64 = 0;
// pi = kPiHi + kPiLo to about 2^-107.
static constexpr uint64_t kPiHiF64 = 0x400921FB54442D18;
static constexpr uint64_t kPiLoF64 = 0x3CA1A62633145C07;

/// `type` with element type `elementType`.
static Type withElement(Type type, Type elementType) {
  return getTypeWithElementType(type, elementType);
}

/// a * b + c where the caller knows a * b to be exact (a power-of-two
/// scale of a value that cannot underflow): one rounding, so the fused and
/// the separate forms give the same bits. Both operations carry `contract`,
/// letting a target with FMA fuse them (one instruction instead of two).
static Value buildExactProductSum(OpBuilder &builder, Location loc, Value a,
                                  Value b, Value c) {
  auto contract = arith::FastMathFlags::contract;
  Value product = arith::MulFOp::create(builder, loc, a, b, contract);
  return arith::AddFOp::create(builder, loc, product, c, contract);
}

/// (lo32(x), hi32(x)) of i64 `x`.
static std::pair<Value, Value> splitI64(OpBuilder &builder, Location loc,
                                        Value x) {
  Type i32Type = withElement(x.getType(), builder.getI32Type());
  Value shift = createScalarOrSplatBits(builder, loc, x.getType(), 32);
  Value lo = arith::TruncIOp::create(builder, loc, i32Type, x);
  Value hi = arith::TruncIOp::create(
      builder, loc, i32Type, arith::ShRUIOp::create(builder, loc, x, shift));
  return {lo, hi};
}

std::array<Value, 4> rng::buildCurandBlock(OpBuilder &builder, Location loc,
                                           Value seed, Value subsequence,
                                           Value block,
                                           MulHiLoBuilder mulHiLo) {
  Type shape = block.getType();
  subsequence = broadcastToType(builder, loc, subsequence, shape);
  // A seed of the block's shape keys each lane; a scalar seed keys all.
  auto [q0, q1] = splitI64(builder, loc, block);
  auto [t0, t1] = splitI64(builder, loc, subsequence);
  auto [k0, k1] = splitI64(builder, loc, seed);
  return buildPhilox4x32(builder, loc, {q0, q1, t0, t1}, {k0, k1},
                         kDefaultPhiloxRounds, mulHiLo);
}

/// True if `value` (an i64 scalar or vector) is provably a multiple of 4: a
/// constant, a product or shift by one, a mask clearing the two low bits, or
/// a sum or difference of such values.
static bool isKnownMultipleOf4(Value value, unsigned depth = 0) {
  if (depth > 8)
    return false;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.urem(4) == 0;
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  auto recurse = [&](Value v) { return isKnownMultipleOf4(v, depth + 1); };
  if (isa<arith::MulIOp, arith::AndIOp>(def))
    return recurse(def->getOperand(0)) || recurse(def->getOperand(1));
  if (isa<arith::AddIOp, arith::SubIOp>(def))
    return recurse(def->getOperand(0)) && recurse(def->getOperand(1));
  if (isa<arith::ShLIOp>(def))
    return matchPattern(def->getOperand(1), m_ConstantInt(&constant)) &&
           constant.uge(2);
  return false;
}

SmallVector<Value, 4> rng::buildCurandWords(OpBuilder &builder, Location loc,
                                            Value seed, Value subsequence,
                                            Value position, unsigned count,
                                            MulHiLoBuilder mulHiLo) {
  Type type = position.getType();
  ScalarOrSplatBitsCache i64s(builder, loc, type);
  Value block = arith::ShRUIOp::create(builder, loc, position, i64s.get(2));
  std::array<Value, 4> first =
      buildCurandBlock(builder, loc, seed, subsequence, block, mulHiLo);
  bool aligned = isKnownMultipleOf4(position);
  Value skip;
  if (!aligned)
    skip = arith::AndIOp::create(builder, loc, position, i64s.get(3));
  if (aligned)
    return SmallVector<Value, 4>(first.begin(), first.begin() + count);
  if (count == 1)
    return {buildSelectComponent(builder, loc, first, skip)};
  // block + 1 < 2^62: no carry into the subsequence.
  Value next = arith::AddIOp::create(builder, loc, block, i64s.get(1));
  std::array<Value, 4> second =
      buildCurandBlock(builder, loc, seed, subsequence, next, mulHiLo);
  SmallVector<Value, 4> words;
  for (unsigned i = 0; i < count; ++i) {
    // Word i is first[skip + i] or second[skip + i - 4].
    SmallVector<Value, 4> candidates;
    for (unsigned s = 0; s < 4; ++s)
      candidates.push_back(s + i < 4 ? first[s + i] : second[s + i - 4]);
    words.push_back(buildSelectComponent(builder, loc, candidates, skip));
  }
  return words;
}

Value rng::buildSelectComponent(OpBuilder &builder, Location loc,
                                ArrayRef<Value> components, Value component) {
  ScalarOrSplatBitsCache i64s(builder, loc, component.getType());
  Value result = components.front();
  for (unsigned c = 1; c < components.size(); ++c) {
    Value is = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                     component, i64s.get(c));
    result = arith::SelectOp::create(builder, loc, is, components[c], result);
  }
  return result;
}

Value rng::buildCurandUniform(OpBuilder &builder, Location loc, Value x) {
  Type f32Type = withElement(x.getType(), builder.getF32Type());
  ScalarOrSplatBitsCache f32s(builder, loc, f32Type);
  Value f = arith::UIToFPOp::create(builder, loc, f32Type, x);
  return buildExactProductSum(builder, loc, f, f32s.get(kTwoPow32InvF32),
                              f32s.get(kTwoPow33InvF32));
}

Value rng::buildCurandUniformDouble(OpBuilder &builder, Location loc, Value x) {
  Type f64Type = withElement(x.getType(), builder.getF64Type());
  Value scale = createScalarOrSplatBits(builder, loc, f64Type, kTwoPow32InvF64);
  Value f = arith::UIToFPOp::create(builder, loc, f64Type, x);
  return buildExactProductSum(builder, loc, f, scale, scale);
}

/// f64(x ^ (y << 21)) (53 bits, exact) times the f64 `scaleBits` plus the
/// f64 `biasBits`, for words x and y: one rounding.
static Value buildWordPairDouble(OpBuilder &builder, Location loc, Value x,
                                 Value y, uint64_t scaleBits,
                                 uint64_t biasBits) {
  Type i64Type = withElement(x.getType(), builder.getI64Type());
  Type f64Type = withElement(x.getType(), builder.getF64Type());
  Value xw = arith::ExtUIOp::create(builder, loc, i64Type, x);
  Value yw = arith::ExtUIOp::create(builder, loc, i64Type, y);
  Value z = arith::XOrIOp::create(
      builder, loc, xw,
      arith::ShLIOp::create(
          builder, loc, yw,
          createScalarOrSplatBits(builder, loc, i64Type, 21)));
  // z < 2^53: exact in f64, and so is the product by a power of two.
  Value f = arith::UIToFPOp::create(builder, loc, f64Type, z);
  ScalarOrSplatBitsCache f64s(builder, loc, f64Type);
  return buildExactProductSum(builder, loc, f, f64s.get(scaleBits),
                              f64s.get(biasBits));
}

Value rng::buildCurandHq(OpBuilder &builder, Location loc, Value x, Value y) {
  return buildWordPairDouble(builder, loc, x, y, kTwoPow53InvF64,
                             kTwoPow54InvF64);
}

/// `step` of `x` through `stepFn`, or null for the universal form.
static Value buildTargetStep(OpBuilder &builder, Location loc,
                             CurandStepFn stepFn, CurandStep step, Value x) {
  return stepFn ? stepFn(builder, loc, step, x) : Value();
}

/// log(a) as `step` (LogF64) through `stepFn`, or `math.log`.
static Value buildCurandLog(OpBuilder &builder, Location loc,
                            CurandStepFn stepFn, CurandStep step, Value a) {
  if (Value log = buildTargetStep(builder, loc, stepFn, step, a))
    return log;
  return math::LogOp::create(builder, loc, a);
}

Value rng::buildCurandFma(OpBuilder &builder, Location loc, Value a, Value b,
                          Value c, CurandFmaFn fma) {
  if (fma)
    if (Value result = fma(builder, loc, a, b, c))
      return result;
  return math::FmaOp::create(builder, loc, a, b, c);
}

std::pair<Value, Value>
rng::buildCurandNormalFloat(OpBuilder &builder, Location loc, Value x, Value y,
                            CurandStepFn stepFn, CurandFmaFn fma) {
  Type f32Type = withElement(x.getType(), builder.getF32Type());
  ScalarOrSplatBitsCache f32s(builder, loc, f32Type);
  Value a = buildCurandUniform(builder, loc, x);
  Value yf = arith::UIToFPOp::create(builder, loc, f32Type, y);
  Value v = buildCurandFma(builder, loc, yf, f32s.get(kTwoPiTwoPow32InvF32),
                           f32s.get(kPiTwoPow33InvF32), fma);
  // -2 * log(a): the product by -2 is exact.
  Value minusTwoLog =
      buildTargetStep(builder, loc, stepFn, CurandStep::MinusTwoLogF32, a);
  if (!minusTwoLog)
    minusTwoLog = arith::MulFOp::create(builder, loc, f32s.get(kMinusTwoF32),
                                        math::LogOp::create(builder, loc, a));
  Value s =
      buildTargetStep(builder, loc, stepFn, CurandStep::SqrtF32, minusTwoLog);
  if (!s)
    s = math::SqrtOp::create(builder, loc, minusTwoLog);
  Value sin = buildTargetStep(builder, loc, stepFn, CurandStep::SinF32, v);
  if (!sin)
    sin = math::SinOp::create(builder, loc, v);
  Value cos = buildTargetStep(builder, loc, stepFn, CurandStep::CosF32, v);
  if (!cos)
    cos = math::CosOp::create(builder, loc, v);
  return {arith::MulFOp::create(builder, loc, sin, s),
          arith::MulFOp::create(builder, loc, cos, s)};
}

std::pair<Value, Value> rng::buildAccurateSinCosPi(OpBuilder &builder,
                                                   Location loc, Value v) {
  Type f64Type = v.getType();
  Type i64Type = withElement(f64Type, builder.getI64Type());
  ScalarOrSplatBitsCache f64s(builder, loc, f64Type);
  ScalarOrSplatBitsCache i64s(builder, loc, i64Type);
  // v = n / 2 + r with n = roundeven(2v) and |r| <= 1/4, both exact.
  Value twice = arith::AddFOp::create(builder, loc, v, v);
  Value n = math::RoundEvenOp::create(builder, loc, twice);
  Value r = arith::SubFOp::create(
      builder, loc, v,
      arith::MulFOp::create(builder, loc, n, f64s.get(kHalfF64)));
  // pi * r = hi + lo: hi rounded, lo its error plus r * (pi - kPiHi).
  Value hi = arith::MulFOp::create(builder, loc, r, f64s.get(kPiHiF64));
  Value error = math::FmaOp::create(builder, loc, r, f64s.get(kPiHiF64),
                                    arith::NegFOp::create(builder, loc, hi));
  Value lo = arith::AddFOp::create(
      builder, loc, error,
      arith::MulFOp::create(builder, loc, r, f64s.get(kPiLoF64)));
  // sin(hi + lo) ~ sin(hi) + lo cos(hi), cos(hi + lo) ~ cos(hi) - lo sin(hi).
  Value sinHi = math::SinOp::create(builder, loc, hi);
  Value cosHi = math::CosOp::create(builder, loc, hi);
  Value s = arith::AddFOp::create(
      builder, loc, sinHi, arith::MulFOp::create(builder, loc, lo, cosHi));
  Value c = arith::SubFOp::create(
      builder, loc, cosHi, arith::MulFOp::create(builder, loc, lo, sinHi));
  // Quadrant n mod 4; negation as 0 - x, so that zeros come out +0.0.
  Value zero = f64s.get(kZeroF64);
  Value negS = arith::SubFOp::create(builder, loc, zero, s);
  Value negC = arith::SubFOp::create(builder, loc, zero, c);
  Value plusS = arith::AddFOp::create(builder, loc, s, zero);
  Value quadrant = arith::AndIOp::create(
      builder, loc, arith::FPToSIOp::create(builder, loc, i64Type, n),
      i64s.get(3));
  Value sinPi =
      buildSelectComponent(builder, loc, {plusS, c, negS, negC}, quadrant);
  Value cosPi =
      buildSelectComponent(builder, loc, {c, negS, negC, plusS}, quadrant);
  return {sinPi, cosPi};
}

std::pair<Value, Value> rng::buildCurandNormalDouble(OpBuilder &builder,
                                                     Location loc,
                                                     std::array<Value, 4> w,
                                                     CurandStepFn stepFn) {
  Type f64Type = withElement(w[0].getType(), builder.getF64Type());
  Value a = buildCurandHq(builder, loc, w[0], w[1]);
  Value v = buildWordPairDouble(builder, loc, w[2], w[3], kTwoPow52InvF64,
                                kTwoPow53InvF64);
  Value minusTwoLog = arith::MulFOp::create(
      builder, loc,
      createScalarOrSplatBits(builder, loc, f64Type, kMinusTwoF64),
      buildCurandLog(builder, loc, stepFn, CurandStep::LogF64, a));
  Value s = math::SqrtOp::create(builder, loc, minusTwoLog);
  Value sinPi = buildTargetStep(builder, loc, stepFn, CurandStep::SinPiF64, v);
  Value cosPi = buildTargetStep(builder, loc, stepFn, CurandStep::CosPiF64, v);
  if (!sinPi || !cosPi)
    std::tie(sinPi, cosPi) = buildAccurateSinCosPi(builder, loc, v);
  return {arith::MulFOp::create(builder, loc, sinPi, s),
          arith::MulFOp::create(builder, loc, cosPi, s)};
}

/// The offset with its low two bits cleared, of the index's shape `type`.
static Value buildLaunchBase(OpBuilder &builder, Location loc, Value offset,
                             Type type) {
  return arith::AndIOp::create(
      builder, loc, broadcastToType(builder, loc, offset, type),
      createScalarOrSplatBits(builder, loc, type, ~uint64_t(3)));
}

/// max(threads, 1) of the index's shape, and the offset with its low two
/// bits cleared, of the index's shape.
static std::pair<Value, Value> normalizeLaunch(OpBuilder &builder, Location loc,
                                               Value offset, Value threads,
                                               Type type) {
  threads = broadcastToType(builder, loc, threads, type);
  // Folded where threads is a constant (buildDivRemU64 sees the divisor).
  Value s = builder.createOrFold<arith::MaxUIOp>(
      loc, threads, createScalarOrSplatBits(builder, loc, type, 1));
  return {s, buildLaunchBase(builder, loc, offset, type)};
}

std::pair<Value, Value> rng::buildDivRemU64(OpBuilder &builder, Location loc,
                                            Value n, Value d,
                                            bool branchNarrow) {
  auto withRemainder = [&](Value q) -> std::pair<Value, Value> {
    return {q, arith::SubIOp::create(
                   builder, loc, n, arith::MulIOp::create(builder, loc, q, d))};
  };
  if (!branchNarrow || isa<ShapedType>(n.getType()))
    return withRemainder(arith::DivUIOp::create(builder, loc, n, d));
  Type i64Type = builder.getI64Type();
  Type i32Type = builder.getI32Type();
  // A constant divisor's factor 2^z comes off both operands first: n >> z
  // is the same value for indices that differ only in their low z bits
  // (4m + j by a multiple of 4), so LLVM shares everything below between
  // them, branch condition included.
  Value numerator = n, divisor = d;
  APInt constant;
  if (matchPattern(d, m_ConstantInt(&constant)) && !constant.isZero())
    if (unsigned z = constant.countr_zero()) {
      numerator = arith::ShRUIOp::create(
          builder, loc, n,
          arith::ConstantIntOp::create(builder, loc, i64Type, z));
      divisor = arith::ConstantIntOp::create(builder, loc, i64Type,
                                             constant.lshr(z).getZExtValue());
    }
  // The 32-bit quotient, computed unconditionally (before the branch, so
  // that it is shared too) with a divisor that is never 0 (it is the
  // divisor wherever the quotient is used).
  Value q32 = arith::DivUIOp::create(
      builder, loc, arith::TruncIOp::create(builder, loc, i32Type, numerator),
      arith::MaxUIOp::create(
          builder, loc, arith::TruncIOp::create(builder, loc, i32Type, divisor),
          arith::ConstantIntOp::create(builder, loc, i32Type, 1)));
  Value narrowQ = arith::ExtUIOp::create(builder, loc, i64Type, q32);
  Value high = arith::ConstantIntOp::create(builder, loc, i64Type, 32);
  Value fits = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq,
      arith::ShRUIOp::create(
          builder, loc, arith::OrIOp::create(builder, loc, numerator, divisor),
          high),
      arith::ConstantIntOp::create(builder, loc, i64Type, 0));
  auto ifOp = scf::IfOp::create(
      builder, loc, fits,
      [&](OpBuilder &b, Location l) { scf::YieldOp::create(b, l, narrowQ); },
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(
            b, l, Value(arith::DivUIOp::create(b, l, numerator, divisor)));
      });
  return withRemainder(ifOp.getResult(0));
}

TorchDrawValues rng::buildTorchDraw(OpBuilder &builder, Location loc,
                                    Value offset, Value threads, Value index,
                                    unsigned unroll, bool branchNarrow) {
  Type type = index.getType();
  ScalarOrSplatBitsCache i64s(builder, loc, type);
  auto [s, base] = normalizeLaunch(builder, loc, offset, threads, type);
  auto [q, t] = buildDivRemU64(builder, loc, index, s, branchNarrow);
  unsigned shift = unroll == 4 ? 2 : 1;
  Value k = arith::ShRUIOp::create(builder, loc, q, i64s.get(shift));
  Value component =
      arith::AndIOp::create(builder, loc, q, i64s.get(unroll - 1));
  Value position = arith::AddIOp::create(
      builder, loc, base, arith::ShLIOp::create(builder, loc, k, i64s.get(2)));
  return {t, position, component};
}

TorchDrawValues rng::buildTorchAlignedDraw(OpBuilder &builder, Location loc,
                                           Value offset, Value subsequence,
                                           Value iteration, Type type) {
  ScalarOrSplatBitsCache i64s(builder, loc, type);
  Value k = broadcastToType(builder, loc, iteration, type);
  Value position = arith::AddIOp::create(
      builder, loc, buildLaunchBase(builder, loc, offset, type),
      arith::ShLIOp::create(builder, loc, k, i64s.get(2)));
  return {broadcastToType(builder, loc, subsequence, type), position,
          i64s.get(0)};
}

TorchDrawValues rng::buildTorchDropoutDraw(OpBuilder &builder, Location loc,
                                           Value offset, Value threads,
                                           Value index, unsigned vec,
                                           bool branchNarrow) {
  Type type = index.getType();
  ScalarOrSplatBitsCache i64s(builder, loc, type);
  auto [s, base] = normalizeLaunch(builder, loc, offset, threads, type);
  unsigned vecShift = llvm::countr_zero(vec);
  // Iteration floor(e / (vec * S)) and thread floor((e mod (vec * S)) / vec)
  // as the quotient and remainder of g = floor(e / vec) by S: the same
  // integers, with no product to wrap. Everything but j comes from g, which
  // the vec elements of one vector share: a kernel that draws them with
  // indices vec * m + j computes their Philox block once after LLVM's
  // simplification.
  Value j = arith::AndIOp::create(builder, loc, index, i64s.get(vec - 1));
  Value group =
      builder.createOrFold<arith::ShRUIOp>(loc, index, i64s.get(vecShift));
  auto [iteration, t] = buildDivRemU64(builder, loc, group, s, branchNarrow);
  // Call it * ceil(vec / 4) + floor(j / 4); its words at offset + 4 * call.
  Value call =
      arith::MulIOp::create(builder, loc, iteration, i64s.get((vec + 3) / 4));
  if (vec > 4)
    call = arith::AddIOp::create(
        builder, loc, call,
        arith::ShRUIOp::create(builder, loc, j, i64s.get(2)));
  Value position = arith::AddIOp::create(
      builder, loc, base,
      arith::ShLIOp::create(builder, loc, call, i64s.get(2)));
  Value component = arith::AndIOp::create(builder, loc, j, i64s.get(3));
  return {t, position, component};
}
