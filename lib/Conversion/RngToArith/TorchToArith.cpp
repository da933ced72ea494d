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
// PyTorch samplers that read one draw S elements apart are lowered together
// (the draw groups of TorchDrawGroups.h).
//
//===----------------------------------------------------------------------===//

#include "ElementwiseOpLowering.h"
#include "TorchDrawGroups.h"

#include "rng/Conversion/Common/Curand.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Conversion/RngToArith/RngToArith.h"
#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::rng;

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
                                         options.curandStep, options.curandFma);
    return {x, y};
  }
};

struct CurandUniformDoubleOpLowering final
    : ElementwiseOpLowering<CurandUniformDoubleOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(CurandUniformDoubleOp op,
                           PatternRewriter &rewriter) const override {
    return {buildCurandUniformDouble(
        rewriter, op.getLoc(), buildOpWords(op, rewriter, 1, options)[0])};
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
    auto [x, y] = buildCurandNormalDouble(
        rewriter, op.getLoc(), {w[0], w[1], w[2], w[3]}, options.curandStep);
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
    return {
        buildSelectComponent(builder, loc, {words[0], words[2]}, component),
        buildSelectComponent(builder, loc, {words[1], words[3]}, component)};
  }
};

/// The Philox block of a draw (whose position is a multiple of 4) and the
/// block's index.
static std::pair<TorchWords, Value>
buildDrawBlock(OpBuilder &builder, Location loc, Value seed,
               const TorchDrawValues &draw, const RngLoweringOptions &options) {
  Value block = arith::ShRUIOp::create(
      builder, loc, draw.position,
      createScalarOrSplatBits(builder, loc, draw.position.getType(), 2));
  return {{buildCurandBlock(builder, loc, seed, draw.subsequence, block,
                            options.mulHiLo),
           draw.component},
          block};
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

static SmallVector<Value> lowerTorchUniform(TorchUniformOp op,
                                            OpBuilder &rewriter,
                                            const TorchWords &draw,
                                            const RngLoweringOptions &options) {
  Location loc = op.getLoc();
  Type type = op.getType();
  Type elementType = getElementTypeOrSelf(type);
  Type accType = getAccElementType(elementType);
  bool isF64 = elementType.isF64();
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
      rewriter, loc,
      buildCurandFma(rewriter, loc, r, range, fromAcc, options.curandFma),
      elementType);
  // value == to, compared exactly in acc.
  Value isTo =
      arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OEQ,
                            convertFloat(rewriter, loc, value, accType), toAcc);
  return {arith::SelectOp::create(rewriter, loc, isTo, from, value)};
}

static SmallVector<Value> lowerTorchNormal(TorchNormalOp op,
                                           OpBuilder &rewriter,
                                           const TorchWords &draw,
                                           const RngLoweringOptions &options) {
  Location loc = op.getLoc();
  Type type = op.getType();
  Type elementType = getElementTypeOrSelf(type);
  bool isF64 = elementType.isF64();
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
    auto [sinValue, cosValue] = buildCurandNormalFloat(
        rewriter, loc, x, y, options.curandStep, options.curandFma);
    Value odd = arith::AndIOp::create(
        rewriter, loc, draw.component,
        createScalarOrSplatBits(rewriter, loc, draw.component.getType(), 1));
    n = buildSelectComponent(rewriter, loc, {sinValue, cosValue}, odd);
  }
  Type accType = getTypeWithElementType(type, getAccElementType(elementType));
  Value mean = broadcastToType(rewriter, loc, op.getMean(), accType);
  Value stdDev = broadcastToType(rewriter, loc, op.getStd(), accType);
  return {convertFloat(
      rewriter, loc,
      buildCurandFma(rewriter, loc, n, stdDev, mean, options.curandFma),
      elementType)};
}

static SmallVector<Value>
lowerTorchBernoulli(TorchBernoulliOp op, OpBuilder &rewriter,
                    const TorchWords &draw, const RngLoweringOptions &options) {
  Location loc = op.getLoc();
  bool isF64 = getElementTypeOrSelf(op.getP().getType()).isF64();
  Value r = buildUniformComponent(rewriter, loc, draw, isF64);
  Value p = broadcastToType(rewriter, loc, op.getP(), r.getType());
  return {
      arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, r, p)};
}

static SmallVector<Value> lowerTorchRandom(TorchRandomOp op,
                                           OpBuilder &rewriter,
                                           const TorchWords &draw,
                                           const RngLoweringOptions &options) {
  Location loc = op.getLoc();
  Type type = op.getType();
  bool wide = op.getWide();
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
  Value divisor =
      arith::SelectOp::create(rewriter, loc, full, i64s.get(1), range);
  Value value = arith::AddIOp::create(
      rewriter, loc, from, arith::RemUIOp::create(rewriter, loc, v, divisor));
  return {arith::SelectOp::create(rewriter, loc, full, v, value)};
}

static SmallVector<Value> lowerTorchDropout(TorchDropoutOp op,
                                            OpBuilder &rewriter,
                                            const TorchWords &draw,
                                            const RngLoweringOptions &options) {
  Location loc = op.getLoc();
  Type type = op.getResult().getType();
  Type elementType = getElementTypeOrSelf(type);
  Type accType = getTypeWithElementType(type, getAccElementType(elementType));
  Type f64Type = getTypeWithElementType(type, rewriter.getF64Type());
  Value u = buildCurandUniform(rewriter, loc, draw.word(rewriter, loc));
  ScalarOrSplatBitsCache f64s(rewriter, loc, f64Type);
  Value p = broadcastToType(rewriter, loc, op.getP(), f64Type);
  Value pa64 =
      arith::SubFOp::create(rewriter, loc, f64s.get(0x3FF0000000000000), p);
  // pa = acc(1 - p), scale = acc(1 / f64(pa)).
  Value pa = convertFloat(rewriter, loc, pa64,
                          accType == f64Type ? rewriter.getF64Type()
                                             : rewriter.getF32Type());
  Value scale =
      convertFloat(rewriter, loc,
                   arith::DivFOp::create(
                       rewriter, loc, f64s.get(0x3FF0000000000000),
                       convertFloat(rewriter, loc, pa, rewriter.getF64Type())),
                   getElementTypeOrSelf(accType));
  Value keep = arith::CmpFOp::create(
      rewriter, loc, arith::CmpFPredicate::OLT,
      convertFloat(rewriter, loc, u, getElementTypeOrSelf(accType)), pa);
  Value keepValue = arith::UIToFPOp::create(rewriter, loc, accType, keep);
  Value x =
      convertFloat(rewriter, loc, op.getX(), getElementTypeOrSelf(accType));
  Value value = convertFloat(
      rewriter, loc,
      arith::MulFOp::create(rewriter, loc,
                            arith::MulFOp::create(rewriter, loc, x, keepValue),
                            scale),
      elementType);
  // p = 1 (pa = 0): PyTorch's shortcut, +0.0 and no kept element.
  Value live = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UNE,
                                     pa64, f64s.get(0));
  Value zero = createScalarOrSplatBits(rewriter, loc, type, 0);
  return {arith::SelectOp::create(rewriter, loc, live, value, zero),
          arith::AndIOp::create(rewriter, loc, keep, live)};
}

/// The values of a PyTorch sampler from its draw.
static SmallVector<Value>
lowerTorchFromWords(Operation *op, OpBuilder &builder, const TorchWords &draw,
                    const RngLoweringOptions &options) {
  return llvm::TypeSwitch<Operation *, SmallVector<Value>>(op)
      .Case([&](TorchUniformOp o) {
        return lowerTorchUniform(o, builder, draw, options);
      })
      .Case([&](TorchNormalOp o) {
        return lowerTorchNormal(o, builder, draw, options);
      })
      .Case([&](TorchBernoulliOp o) {
        return lowerTorchBernoulli(o, builder, draw, options);
      })
      .Case([&](TorchRandomOp o) {
        return lowerTorchRandom(o, builder, draw, options);
      })
      .Case([&](TorchDropoutOp o) {
        return lowerTorchDropout(o, builder, draw, options);
      });
}

/// The PyTorch samplers in the row-major layout (and dropout with vec = 1)
/// on scalars and vectors. An op and the later ops that read the same draw
/// S elements apart (getTorchMembers) share one Philox block and one index
/// decomposition; a member whose component passes the draw's end reads the
/// next block. Where the leader's index provably starts its draw
/// (matchAlignedIndex) the group reads one block and the index is not
/// divided (lowerGroupAligned). Elsewhere scalar ops on SIMT targets
/// (branchOnRareInputs) branch on the leader's component: where it is 0 (a
/// kernel that draws a whole draw per thread) every member's component is
/// static and no next block is built (lowerGroupBranching). A `threads` of 0
/// at run time puts every member on the leader's own element
/// (buildMemberDistance).
template <typename OpTy>
struct TorchSamplerLowering final : OpRewritePattern<OpTy> {
  TorchSamplerLowering(MLIRContext *context, const RngLoweringOptions &options,
                       PatternBenefit benefit)
      : OpRewritePattern<OpTy>(context, benefit), options(options) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (hasRankedTensorOperandOrResult(op))
      return rewriter.notifyMatchFailure(op, "tensors go through linalg");
    Location loc = op.getLoc();
    std::optional<TorchLaunch> launch = matchTorchLaunch(op);
    if (!launch) {
      // Dropout's vectorized layouts.
      auto dropout = cast<TorchDropoutOp>(op.getOperation());
      Value index = broadcastToType(rewriter, loc, dropout.getIndex(),
                                    getI64ShapeType(op));
      TorchDrawValues values = buildTorchDropoutDraw(
          rewriter, loc, dropout.getOffset(), dropout.getThreads(), index,
          dropout.getVec(), canBranch(op));
      TorchWords draw =
          buildDrawBlock(rewriter, loc, dropout.getSeed(), values, options)
              .first;
      rewriter.replaceOp(op, lowerTorchFromWords(op, rewriter, draw, options));
      return success();
    }
    if (hasTorchLeader(op, *launch))
      return rewriter.notifyMatchFailure(
          op, "lowered with the earlier op whose draw it shares");
    Type type = getI64ShapeType(op);
    SmallVector<TorchMember> members = getTorchMembers(op, *launch);
    if (std::optional<AlignedIndex> terms = matchAlignedIndex(*launch)) {
      TorchDrawValues values =
          buildAlignedDraw(rewriter, loc, *launch, *terms, type);
      lowerGroupAligned(
          op, rewriter,
          buildDrawBlock(rewriter, loc, launch->seed, values, options).first,
          members);
      return success();
    }
    Value index = broadcastToType(rewriter, loc, launch->index, type);
    TorchDrawValues values =
        buildTorchDraw(rewriter, loc, launch->offset, launch->threads, index,
                       launch->unroll, canBranch(op));
    auto [draw, block] =
        buildDrawBlock(rewriter, loc, launch->seed, values, options);
    // The branching form computes every member at the leader: each
    // member's operands but its index must be defined before it.
    DominanceInfo dominance;
    if (!members.empty() && canBranch(op) &&
        llvm::all_of(members, [&](const TorchMember &member) {
          return llvm::all_of(member.op->getOperands(), [&](Value operand) {
            return operand == matchTorchLaunch(member.op)->index ||
                   dominance.properlyDominates(operand, op);
          });
        })) {
      lowerGroupBranching(op, rewriter, *launch, draw, block,
                          values.subsequence, members);
      return success();
    }
    SmallVector<Value> results =
        lowerTorchFromWords(op, rewriter, draw, options);
    if (!members.empty())
      lowerMembers(rewriter, *launch, draw, block, values.subsequence, members);
    rewriter.replaceOp(op, results);
    return success();
  }

  /// Whether `op` may branch (scf.if) around rare work: scalar ops on SIMT
  /// targets (RngLoweringOptions::branchOnRareInputs), outside bodies that
  /// must stay straight-line.
  bool canBranch(Operation *op) const {
    return options.branchOnRareInputs &&
           !isa<ShapedType>(op->getResult(0).getType()) &&
           !op->getParentOfType<linalg::LinalgOp>() &&
           !op->getParentOfType<memref::GenericAtomicRMWOp>() &&
           op->getContext()->getLoadedDialect<scf::SCFDialect>();
  }

  /// The group whose leader's component is provably 0 (matchAlignedIndex,
  /// which also proves threads not 0):
  /// each op where it stands, member c from component c of the leader's
  /// block.
  void lowerGroupAligned(Operation *leader, PatternRewriter &rewriter,
                         const TorchWords &draw,
                         ArrayRef<TorchMember> members) const {
    auto lowerAt = [&](Operation *op, unsigned component) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(op);
      Value c = createScalarOrSplatBits(rewriter, op->getLoc(),
                                        draw.component.getType(), component);
      rewriter.replaceOp(
          op, lowerTorchFromWords(op, rewriter, {draw.words, c}, options));
    };
    for (const TorchMember &member : members)
      lowerAt(member.op, member.distance);
    lowerAt(leader, 0);
  }

  /// The group where the leader's component is 0 (every member's component
  /// c is then static and its words the leader's, so pairs of normals share
  /// one transform after folding) in one branch, the general selects in the
  /// other; every member's operands are available at the leader.
  void lowerGroupBranching(Operation *leader, PatternRewriter &rewriter,
                           const TorchLaunch &launch, const TorchWords &draw,
                           Value block, Value subsequence,
                           ArrayRef<TorchMember> members) const {
    Location loc = leader->getLoc();
    Type type = block.getType();
    Value zero = createScalarOrSplatBits(rewriter, loc, type, 0);
    Value aligned = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, draw.component, zero);
    // Member c is c components on only where S = threads.
    if (!isThreadsNonzero(launch))
      aligned = arith::AndIOp::create(
          rewriter, loc, aligned,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                launch.threads, zero));
    auto ifOp = scf::IfOp::create(
        rewriter, loc, aligned,
        [&](OpBuilder &builder, Location bodyLoc) {
          SmallVector<Value> results =
              lowerTorchFromWords(leader, builder, {draw.words, zero}, options);
          for (const TorchMember &member : members)
            llvm::append_range(
                results,
                lowerTorchFromWords(
                    member.op, builder,
                    {draw.words, createScalarOrSplatBits(builder, bodyLoc, type,
                                                         member.distance)},
                    options));
          scf::YieldOp::create(builder, bodyLoc, results);
        },
        [&](OpBuilder &builder, Location bodyLoc) {
          std::array<Value, 4> next =
              buildNextBlock(builder, bodyLoc, launch, block, subsequence);
          SmallVector<Value> results =
              lowerTorchFromWords(leader, builder, draw, options);
          for (const TorchMember &member : members) {
            TorchWords theirs = getMemberWords(builder, bodyLoc, launch, draw,
                                               next, member.distance);
            llvm::append_range(results, lowerTorchFromWords(member.op, builder,
                                                            theirs, options));
          }
          scf::YieldOp::create(builder, bodyLoc, results);
        });
    ValueRange results = ifOp.getResults();
    rewriter.replaceOp(leader, results.take_front(leader->getNumResults()));
    results = results.drop_front(leader->getNumResults());
    for (const TorchMember &member : members) {
      rewriter.replaceOp(member.op,
                         results.take_front(member.op->getNumResults()));
      results = results.drop_front(member.op->getNumResults());
    }
  }

  /// A member's words and component at distance c from the leader's draw:
  /// the leader's block, or `next` where the component passes the draw.
  static TorchWords getMemberWords(OpBuilder &builder, Location loc,
                                   const TorchLaunch &launch,
                                   const TorchWords &draw, ArrayRef<Value> next,
                                   unsigned distance) {
    Type type = draw.component.getType();
    ScalarOrSplatBitsCache i64s(builder, loc, type);
    Value position = arith::AddIOp::create(
        builder, loc, draw.component,
        buildMemberDistance(builder, loc, launch, distance, type));
    Value over = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::uge,
                                       position, i64s.get(launch.unroll));
    TorchWords theirs;
    for (unsigned i = 0; i < 4; ++i)
      theirs.words[i] =
          arith::SelectOp::create(builder, loc, over, next[i], draw.words[i]);
    theirs.component = arith::AndIOp::create(builder, loc, position,
                                             i64s.get(launch.unroll - 1));
    return theirs;
  }

  /// The Philox block after `block` (no carry into the subsequence: block
  /// + 1 < 2^62).
  std::array<Value, 4> buildNextBlock(OpBuilder &builder, Location loc,
                                      const TorchLaunch &launch, Value block,
                                      Value subsequence) const {
    Value next = arith::AddIOp::create(
        builder, loc, block,
        createScalarOrSplatBits(builder, loc, block.getType(), 1));
    return buildCurandBlock(builder, loc, launch.seed, subsequence, next,
                            options.mulHiLo);
  }

  /// The members lowered where they stand, from the leader's block and the
  /// next one (computed whatever the leader's component: where this path is
  /// taken no branch may be built, or a member's operands are defined after
  /// the leader).
  void lowerMembers(PatternRewriter &rewriter, const TorchLaunch &launch,
                    const TorchWords &draw, Value block, Value subsequence,
                    ArrayRef<TorchMember> members) const {
    std::array<Value, 4> next =
        buildNextBlock(rewriter, block.getLoc(), launch, block, subsequence);
    for (const TorchMember &member : members) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(member.op);
      TorchWords theirs = getMemberWords(rewriter, member.op->getLoc(), launch,
                                         draw, next, member.distance);
      rewriter.replaceOp(
          member.op, lowerTorchFromWords(member.op, rewriter, theirs, options));
    }
  }

  RngLoweringOptions options;
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
    Value s =
        arith::MaxUIOp::create(rewriter, loc, op.getThreads(), i64s.get(1));
    // floor((n - 1) / (S * U)) as floor(floor((n - 1) / S) / U): no product
    // to wrap; U is 2 or 4.
    Value perThread = arith::DivUIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, n, i64s.get(1)), s);
    Value iterations = arith::AddIOp::create(
        rewriter, loc,
        arith::ShRUIOp::create(rewriter, loc, perThread,
                               i64s.get(llvm::countr_zero(op.getUnroll()))),
        i64s.get(1));
    Value increment =
        arith::ShLIOp::create(rewriter, loc, iterations, i64s.get(2));
    Value empty = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        n, i64s.get(0));
    return {
        arith::SelectOp::create(rewriter, loc, empty, i64s.get(0), increment)};
  }
};

} // namespace

void rng::populateRngTorchToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options,
    PatternBenefit benefit) {
  patterns.add<
      CurandOpLowering, Curand4OpLowering, CurandUniformOpLowering,
      CurandNormal2OpLowering, CurandUniformDoubleOpLowering,
      CurandUniform2DoubleOpLowering, CurandNormal2DoubleOpLowering,
      TorchSamplerLowering<TorchUniformOp>, TorchSamplerLowering<TorchNormalOp>,
      TorchSamplerLowering<TorchBernoulliOp>,
      TorchSamplerLowering<TorchRandomOp>, TorchSamplerLowering<TorchDropoutOp>,
      TorchThreadsOpLowering, TorchOffsetIncrementOpLowering>(
      patterns.getContext(), options, benefit);
}
