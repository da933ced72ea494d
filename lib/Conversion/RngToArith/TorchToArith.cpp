//===- TorchToArith.cpp - Lowering of the cuRAND and PyTorch ops ----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The universal lowering of the cuRAND ops and the PyTorch ops (SPEC §9)
// through the builders of rng/Conversion/Common/Curand.h, on scalars and
// vectors (fixed and scalable; tensor-typed ops are left to the elementwise
// tensor lowering). Each op builds its Philox block from its own operands as
// pure `arith`, so ops that read the same words (the same seed, subsequence
// and block) compute Philox once after `cse` (which every pipeline runs).
//
//===----------------------------------------------------------------------===//

#include "ElementwiseOpLowering.h"

#include "rng/Conversion/Common/Curand.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Conversion/RngToArith/RngToArith.h"
#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::rng;

/// The i64 type of `op`'s shape (its first result's).
static Type getI64ShapeType(Operation *op) {
  return getTypeWithElementType(op->getResult(0).getType(),
                                IntegerType::get(op->getContext(), 64));
}

namespace {

//===----------------------------------------------------------------------===//
// cuRAND
//===----------------------------------------------------------------------===//

/// The `count` words at the op's position, with its subsequence and
/// position broadcast to its shape.
template <typename OpTy>
static SmallVector<Value, 4> buildOpWords(OpTy op, PatternRewriter &rewriter,
                                          unsigned count,
                                          const RngLoweringOptions &options) {
  Location loc = op.getLoc();
  Type type = getI64ShapeType(op);
  return buildCurandWords(
      rewriter, loc, op.getSeed(),
      broadcastToType(rewriter, loc, op.getSubsequence(), type),
      broadcastToType(rewriter, loc, op.getPosition(), type), count,
      options.mulHiLo);
}

struct CurandOpLowering final : ElementwiseOpLowering<CurandOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(CurandOp op,
                           PatternRewriter &rewriter) const override {
    return {buildOpWords(op, rewriter, 1, options)[0]};
  }
};

struct Curand4OpLowering final : ElementwiseOpLowering<Curand4Op> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(Curand4Op op,
                           PatternRewriter &rewriter) const override {
    return SmallVector<Value>(buildOpWords(op, rewriter, 4, options));
  }
};

struct CurandUniformOpLowering final : ElementwiseOpLowering<CurandUniformOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(CurandUniformOp op,
                           PatternRewriter &rewriter) const override {
    return {buildCurandUniform(rewriter, op.getLoc(),
                               buildOpWords(op, rewriter, 1, options)[0])};
  }
};

struct CurandNormal2OpLowering final : ElementwiseOpLowering<CurandNormal2Op> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(CurandNormal2Op op,
                           PatternRewriter &rewriter) const override {
    SmallVector<Value, 4> w = buildOpWords(op, rewriter, 2, options);
    auto [x, y] = buildCurandNormalFloat(rewriter, op.getLoc(), w[0], w[1],
                                         options.curandStep);
    return {x, y};
  }
};

struct CurandUniformDoubleOpLowering final
    : ElementwiseOpLowering<CurandUniformDoubleOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(CurandUniformDoubleOp op,
                           PatternRewriter &rewriter) const override {
    return {buildCurandUniformDouble(rewriter, op.getLoc(),
                                     buildOpWords(op, rewriter, 1, options)[0])};
  }
};

struct CurandUniform2DoubleOpLowering final
    : ElementwiseOpLowering<CurandUniform2DoubleOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(CurandUniform2DoubleOp op,
                           PatternRewriter &rewriter) const override {
    SmallVector<Value, 4> w = buildOpWords(op, rewriter, 4, options);
    return {buildCurandHq(rewriter, op.getLoc(), w[0], w[1]),
            buildCurandHq(rewriter, op.getLoc(), w[2], w[3])};
  }
};

struct CurandNormal2DoubleOpLowering final
    : ElementwiseOpLowering<CurandNormal2DoubleOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(CurandNormal2DoubleOp op,
                           PatternRewriter &rewriter) const override {
    SmallVector<Value, 4> w = buildOpWords(op, rewriter, 4, options);
    auto [x, y] = buildCurandNormalDouble(rewriter, op.getLoc(),
                                          {w[0], w[1], w[2], w[3]},
                                          options.curandStep);
    return {x, y};
  }
};

//===----------------------------------------------------------------------===//
// PyTorch
//===----------------------------------------------------------------------===//

/// The words of a PyTorch op's draw: its one Philox block (a draw's position
/// is a multiple of 4) and the component.
struct TorchWords {
  std::array<Value, 4> words;
  Value component;

  /// The component's word (U = 4).
  Value word(OpBuilder &builder, Location loc) const {
    return buildSelectComponent(builder, loc, words, component);
  }
  /// The component's pair of words (U = 2): (w0, w1) or (w2, w3).
  std::pair<Value, Value> pair(OpBuilder &builder, Location loc) const {
    return {buildSelectComponent(builder, loc, {words[0], words[2]}, component),
            buildSelectComponent(builder, loc, {words[1], words[3]},
                                 component)};
  }
};

/// The draw of a PyTorch op of `op`'s shape: the row-major layout with
/// `unroll` components, or dropout's vectorized one (`vec` > 1).
static TorchWords buildTorchWords(Operation *op, OpBuilder &builder,
                                  Value seed, Value offset, Value threads,
                                  Value index, unsigned unroll, unsigned vec,
                                  const RngLoweringOptions &options) {
  Location loc = op->getLoc();
  index = broadcastToType(builder, loc, index, getI64ShapeType(op));
  TorchDrawValues draw =
      vec > 1 ? buildTorchDropoutDraw(builder, loc, offset, threads, index, vec)
              : buildTorchDraw(builder, loc, offset, threads, index, unroll);
  Value block = arith::ShRUIOp::create(
      builder, loc, draw.position,
      createScalarOrSplatBits(builder, loc, draw.position.getType(), 2));
  return {buildCurandBlock(builder, loc, seed, draw.subsequence, block,
                           options.mulHiLo),
          draw.component};
}

/// `value` (of `type`'s element type, or a scalar) broadcast to `type`'s
/// shape.
static Value broadcastLike(OpBuilder &builder, Location loc, Value value,
                           Type shapeType) {
  return broadcastToType(
      builder, loc, value,
      getTypeWithElementType(shapeType, getElementTypeOrSelf(value.getType())));
}

/// `value` converted between float types of one shape (extf or truncf,
/// rounding to nearest even), or itself.
static Value convertFloat(OpBuilder &builder, Location loc, Value value,
                          Type elementType) {
  Type from = getElementTypeOrSelf(value.getType());
  if (from == elementType)
    return value;
  // Halves only ever convert from and to f32, in integer arithmetic (no
  // runtime library needed on CPUs without half-precision instructions).
  if (from.getIntOrFloatBitWidth() == 16)
    return buildHalfToF32(builder, loc, value);
  if (elementType.getIntOrFloatBitWidth() == 16)
    return buildF32ToHalf(builder, loc, value, elementType);
  Type type = getTypeWithElementType(value.getType(), elementType);
  if (from.getIntOrFloatBitWidth() < elementType.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(builder, loc, type, value);
  return arith::TruncFOp::create(builder, loc, type, value);
}

/// The accumulation element type of PyTorch's kernels for `elementType`.
static Type getAccElementType(Type elementType) {
  Builder builder(elementType.getContext());
  return elementType.isF64() ? builder.getF64Type() : builder.getF32Type();
}

/// The uniform component: u of the word (U = 4) or hq of the pair (U = 2).
static Value buildUniformComponent(OpBuilder &builder, Location loc,
                                   const TorchWords &draw, bool isF64) {
  if (isF64) {
    auto [x, y] = draw.pair(builder, loc);
    return buildCurandHq(builder, loc, x, y);
  }
  return buildCurandUniform(builder, loc, draw.word(builder, loc));
}

struct TorchUniformOpLowering final : ElementwiseOpLowering<TorchUniformOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(TorchUniformOp op,
                           PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    Type elementType = getElementTypeOrSelf(type);
    Type accType = getAccElementType(elementType);
    bool isF64 = elementType.isF64();
    TorchWords draw =
        buildTorchWords(op, rewriter, op.getSeed(), op.getOffset(),
                        op.getThreads(), op.getIndex(), isF64 ? 2 : 4, 1,
                        options);
    Value r = buildUniformComponent(rewriter, loc, draw, isF64);
    Value from = broadcastLike(rewriter, loc, op.getFrom(), type);
    Value to = broadcastLike(rewriter, loc, op.getTo(), type);
    Value fromAcc = convertFloat(rewriter, loc, from, accType);
    Value toAcc = convertFloat(rewriter, loc, to, accType);
    // range = acc(T(to - from)): the subtraction in T (for halves: exact
    // in f32, rounded once to T, as T's own subtraction).
    Value range = convertFloat(
        rewriter, loc,
        convertFloat(rewriter, loc,
                     arith::SubFOp::create(rewriter, loc, toAcc, fromAcc),
                     elementType),
        accType);
    Value value = convertFloat(
        rewriter, loc, math::FmaOp::create(rewriter, loc, r, range, fromAcc),
        elementType);
    // value == to, compared exactly in acc.
    Value isTo = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OEQ,
        convertFloat(rewriter, loc, value, accType), toAcc);
    return {arith::SelectOp::create(rewriter, loc, isTo, from, value)};
  }
};

struct TorchNormalOpLowering final : ElementwiseOpLowering<TorchNormalOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(TorchNormalOp op,
                           PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    Type elementType = getElementTypeOrSelf(type);
    bool isF64 = elementType.isF64();
    TorchWords draw =
        buildTorchWords(op, rewriter, op.getSeed(), op.getOffset(),
                        op.getThreads(), op.getIndex(), isF64 ? 2 : 4, 1,
                        options);
    Value n;
    if (isF64) {
      auto [sinValue, cosValue] =
          buildCurandNormalDouble(rewriter, loc, draw.words, options.curandStep);
      n = buildSelectComponent(rewriter, loc, {sinValue, cosValue},
                               draw.component);
    } else {
      // Components 0, 1 come from (w0, w1), 2, 3 from (w2, w3); even ones
      // are the sin value. One transform per element.
      Value half = arith::ShRUIOp::create(
          rewriter, loc, draw.component,
          createScalarOrSplatBits(rewriter, loc, draw.component.getType(), 1));
      Value x = buildSelectComponent(rewriter, loc,
                                     {draw.words[0], draw.words[2]}, half);
      Value y = buildSelectComponent(rewriter, loc,
                                     {draw.words[1], draw.words[3]}, half);
      auto [sinValue, cosValue] =
          buildCurandNormalFloat(rewriter, loc, x, y, options.curandStep);
      Value odd = arith::AndIOp::create(
          rewriter, loc, draw.component,
          createScalarOrSplatBits(rewriter, loc, draw.component.getType(), 1));
      n = buildSelectComponent(rewriter, loc, {sinValue, cosValue}, odd);
    }
    Type accType = getTypeWithElementType(type, getAccElementType(elementType));
    Value mean = broadcastToType(rewriter, loc, op.getMean(), accType);
    Value stdDev = broadcastToType(rewriter, loc, op.getStd(), accType);
    return {convertFloat(rewriter, loc,
                         math::FmaOp::create(rewriter, loc, n, stdDev, mean),
                         elementType)};
  }
};

struct TorchBernoulliOpLowering final
    : ElementwiseOpLowering<TorchBernoulliOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(TorchBernoulliOp op,
                           PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool isF64 = getElementTypeOrSelf(op.getP().getType()).isF64();
    TorchWords draw =
        buildTorchWords(op, rewriter, op.getSeed(), op.getOffset(),
                        op.getThreads(), op.getIndex(), isF64 ? 2 : 4, 1,
                        options);
    Value r = buildUniformComponent(rewriter, loc, draw, isF64);
    Value p = broadcastToType(rewriter, loc, op.getP(), r.getType());
    return {arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, r,
                                  p)};
  }
};

struct TorchRandomOpLowering final : ElementwiseOpLowering<TorchRandomOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(TorchRandomOp op,
                           PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    bool wide = op.getWide();
    TorchWords draw =
        buildTorchWords(op, rewriter, op.getSeed(), op.getOffset(),
                        op.getThreads(), op.getIndex(), wide ? 2 : 4, 1,
                        options);
    ScalarOrSplatBitsCache i64s(rewriter, loc, type);
    Value v;
    if (wide) {
      auto [x, y] = draw.pair(rewriter, loc);
      v = arith::OrIOp::create(
          rewriter, loc,
          arith::ShLIOp::create(rewriter, loc,
                                arith::ExtUIOp::create(rewriter, loc, type, x),
                                i64s.get(32)),
          arith::ExtUIOp::create(rewriter, loc, type, y));
    } else {
      v = arith::ExtUIOp::create(rewriter, loc, type, draw.word(rewriter, loc));
    }
    Value from = broadcastToType(rewriter, loc, op.getFrom(), type);
    Value range = broadcastToType(rewriter, loc, op.getRange(), type);
    // A range of 0 stands for 2^64: v itself (divide by 1 meanwhile).
    Value full = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       range, i64s.get(0));
    Value divisor = arith::SelectOp::create(rewriter, loc, full, i64s.get(1),
                                            range);
    Value value = arith::AddIOp::create(
        rewriter, loc, from, arith::RemUIOp::create(rewriter, loc, v, divisor));
    return {arith::SelectOp::create(rewriter, loc, full, v, value)};
  }
};

struct TorchDropoutOpLowering final : ElementwiseOpLowering<TorchDropoutOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(TorchDropoutOp op,
                           PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getResult().getType();
    Type elementType = getElementTypeOrSelf(type);
    Type accType = getTypeWithElementType(type, getAccElementType(elementType));
    Type f64Type = getTypeWithElementType(type, rewriter.getF64Type());
    TorchWords draw = buildTorchWords(op, rewriter, op.getSeed(),
                                      op.getOffset(), op.getThreads(),
                                      op.getIndex(), 4, op.getVec(), options);
    Value u = buildCurandUniform(rewriter, loc, draw.word(rewriter, loc));
    ScalarOrSplatBitsCache f64s(rewriter, loc, f64Type);
    Value p = broadcastToType(rewriter, loc, op.getP(), f64Type);
    Value pa64 = arith::SubFOp::create(rewriter, loc,
                                       f64s.get(0x3FF0000000000000), p);
    // pa = acc(1 - p), scale = acc(1 / f64(pa)).
    Value pa = convertFloat(rewriter, loc, pa64, accType == f64Type
                                                      ? rewriter.getF64Type()
                                                      : rewriter.getF32Type());
    Value scale = convertFloat(
        rewriter, loc,
        arith::DivFOp::create(rewriter, loc, f64s.get(0x3FF0000000000000),
                              convertFloat(rewriter, loc, pa,
                                           rewriter.getF64Type())),
        getElementTypeOrSelf(accType));
    Value keep = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT,
        convertFloat(rewriter, loc, u, getElementTypeOrSelf(accType)), pa);
    Value keepValue = arith::UIToFPOp::create(rewriter, loc, accType, keep);
    Value x = convertFloat(rewriter, loc, op.getX(),
                           getElementTypeOrSelf(accType));
    Value value = convertFloat(
        rewriter, loc,
        arith::MulFOp::create(rewriter, loc,
                              arith::MulFOp::create(rewriter, loc, x, keepValue),
                              scale),
        elementType);
    // p = 1 (pa = 0, or NaN): PyTorch's shortcut, +0.0 and no kept element.
    Value live = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNE,
                                       pa64, f64s.get(0));
    Value zero = createScalarOrSplatBits(rewriter, loc, type, 0);
    return {arith::SelectOp::create(rewriter, loc, live, value, zero),
            arith::AndIOp::create(rewriter, loc, keep, live)};
  }
};

struct TorchThreadsOpLowering final : ElementwiseOpLowering<TorchThreadsOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(TorchThreadsOp op,
                           PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ScalarOrSplatBitsCache i64s(rewriter, loc, op.getType());
    Value n = op.getN();
    // ceil(n / 256) without overflow: n >> 8 plus one where n & 255 != 0.
    Value partial = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(rewriter, loc, n, i64s.get(255)), i64s.get(0));
    Value blocks = arith::AddIOp::create(
        rewriter, loc, arith::ShRUIOp::create(rewriter, loc, n, i64s.get(8)),
        arith::ExtUIOp::create(rewriter, loc, op.getType(), partial));
    uint64_t cap = uint64_t(op.getMultiprocessors()) *
                   (uint64_t(op.getThreadsPerMultiprocessor()) / 256);
    Value capped = arith::MinUIOp::create(rewriter, loc, blocks, i64s.get(cap));
    return {arith::ShLIOp::create(rewriter, loc, capped, i64s.get(8))};
  }
};

struct TorchOffsetIncrementOpLowering final
    : ElementwiseOpLowering<TorchOffsetIncrementOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(TorchOffsetIncrementOp op,
                           PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ScalarOrSplatBitsCache i64s(rewriter, loc, op.getType());
    Value n = op.getN();
    Value s = arith::MaxUIOp::create(rewriter, loc, op.getThreads(), i64s.get(1));
    // threads * unroll, wrapping, and 1 where it wraps to 0.
    Value span = arith::MaxUIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, s, i64s.get(op.getUnroll())),
        i64s.get(1));
    Value iterations = arith::AddIOp::create(
        rewriter, loc,
        arith::DivUIOp::create(
            rewriter, loc, arith::SubIOp::create(rewriter, loc, n, i64s.get(1)),
            span),
        i64s.get(1));
    Value increment =
        arith::ShLIOp::create(rewriter, loc, iterations, i64s.get(2));
    Value empty = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        n, i64s.get(0));
    return {arith::SelectOp::create(rewriter, loc, empty, i64s.get(4),
                                    increment)};
  }
};

} // namespace

void rng::populateRngTorchToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options,
    PatternBenefit benefit) {
  patterns.add<CurandOpLowering, Curand4OpLowering, CurandUniformOpLowering,
               CurandNormal2OpLowering, CurandUniformDoubleOpLowering,
               CurandUniform2DoubleOpLowering, CurandNormal2DoubleOpLowering,
               TorchUniformOpLowering, TorchNormalOpLowering,
               TorchBernoulliOpLowering, TorchRandomOpLowering,
               TorchDropoutOpLowering, TorchThreadsOpLowering,
               TorchOffsetIncrementOpLowering>(patterns.getContext(), options,
                                               benefit);
}
