//===- RngToArith.cpp - Universal lowering of the rng dialect -------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RngToArith/RngToArith.h"
#include "rng/Conversion/Common/DialectLowering.h"
#include "rng/Conversion/Common/ElementwiseTensors.h"
#include "rng/Conversion/Common/Philox.h"
#include "rng/Conversion/Common/TritonRandom.h"
#include "rng/Conversion/Passes.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Rng/IR/RngOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CONVERTRNGTOARITHPASS
#define GEN_PASS_DEF_RNGELEMENTWISETOLINALGPASS
#include "rng/Conversion/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

/// A Triton-family op: its kind and operands.
struct TritonOpInfo {
  TritonRandomKind kind;
  Value seed;
  Value offset;
  uint32_t rounds;
};

static std::optional<TritonOpInfo> matchTritonOp(Operation *op) {
  auto info = [](auto tritonOp, TritonRandomKind kind) {
    return std::optional<TritonOpInfo>(TritonOpInfo{
        kind, tritonOp.getSeed(), tritonOp.getOffset(), tritonOp.getRounds()});
  };
  return llvm::TypeSwitch<Operation *, std::optional<TritonOpInfo>>(op)
      .Case([&](RandIntOp o) { return info(o, TritonRandomKind::Randint); })
      .Case([&](RandInt4xOp o) { return info(o, TritonRandomKind::Randint4x); })
      .Case([&](RandOp o) { return info(o, TritonRandomKind::Rand); })
      .Case([&](Rand4xOp o) { return info(o, TritonRandomKind::Rand4x); })
      .Case([&](RandnOp o) { return info(o, TritonRandomKind::Randn); })
      .Case([&](Randn4xOp o) { return info(o, TritonRandomKind::Randn4x); })
      .Default([](Operation *) { return std::nullopt; });
}

/// The Triton-family ops other than `op` whose seed, offset and rounds are
/// `info`'s. Each of them uses both the seed and the offset, so the users of
/// whichever value has fewer uses hold them all: walking the two use lists
/// in step finds that value after min(#uses) steps. The cost per op is thus
/// independent of how many ops share only the seed (one seed per kernel) or
/// only the offset, and lowering N ops that share a seed is linear in N.
static SmallVector<Operation *> getSameKeyOps(Operation *op,
                                              const TritonOpInfo &info) {
  Value::use_iterator seedUse = info.seed.use_begin();
  Value::use_iterator offsetUse = info.offset.use_begin();
  while (seedUse != info.seed.use_end() && offsetUse != info.offset.use_end()) {
    ++seedUse;
    ++offsetUse;
  }
  // The operand the key's ops are found through: 0 (the seed) or 1 (the
  // offset). Only uses as that operand count, so that an op whose seed is
  // its offset is found once.
  unsigned operandNumber = seedUse == info.seed.use_end() ? 0 : 1;
  Value key = operandNumber == 0 ? info.seed : info.offset;
  SmallVector<Operation *> ops;
  for (OpOperand &use : key.getUses()) {
    Operation *user = use.getOwner();
    if (user == op || use.getOperandNumber() != operandNumber)
      continue;
    std::optional<TritonOpInfo> other = matchTritonOp(user);
    // (Same seed and offset: the same result shape.)
    if (other && other->seed == info.seed && other->offset == info.offset &&
        other->rounds == info.rounds)
      ops.push_back(user);
  }
  return ops;
}

SmallVector<Operation *> rng::getTritonPhiloxSharers(Operation *op) {
  SmallVector<Operation *> sharers{op};
  std::optional<TritonOpInfo> info = matchTritonOp(op);
  if (!info)
    return sharers;
  Block *block = op->getBlock();
  Region *region = op->getParentRegion();
  // Ops later in the block, or nested in ops later in the block, are
  // dominated by `op` in regions with SSA dominance; graph regions share
  // nothing.
  if (!block || !region || !mayHaveSSADominance(*region))
    return sharers;
  for (Operation *other : getSameKeyOps(op, *info)) {
    Operation *ancestor = block->findAncestorOpInBlock(*other);
    if (ancestor && op->isBeforeInBlock(ancestor))
      sharers.push_back(other);
  }
  // Program order, so that results are built in a deterministic order.
  llvm::sort(llvm::drop_begin(sharers), [](Operation *a, Operation *b) {
    return a->getBlock() == b->getBlock() ? a->isBeforeInBlock(b) : a < b;
  });
  return sharers;
}

/// Returns true if an earlier Triton-family op with `op`'s seed, offset and
/// rounds dominates `op`: that op's lowering computes `op` too (see
/// getTritonPhiloxSharers), so `op` waits for it, whatever order the
/// pattern driver visits ops in.
static bool hasDominatingTritonSharer(Operation *op) {
  std::optional<TritonOpInfo> info = matchTritonOp(op);
  if (!info)
    return false;
  for (Operation *other : getSameKeyOps(op, *info)) {
    Region *region = other->getParentRegion();
    if (!region || !mayHaveSSADominance(*region))
      continue;
    Operation *ancestor = other->getBlock()->findAncestorOpInBlock(*op);
    if (ancestor && other->isBeforeInBlock(ancestor))
      return true;
  }
  return false;
}

/// The ops one linalg.generic computes with `op`: its Philox sharers, or
/// none (the earlier op that dominates it takes it along).
static SmallVector<Operation *> getTritonPhiloxGroup(Operation *op) {
  if (hasDominatingTritonSharer(op))
    return {};
  return getTritonPhiloxSharers(op);
}

std::array<Value, 4> RngOutliner::buildPhiloxCall(OpBuilder &builder,
                                                  Location loc,
                                                  std::array<Value, 4> counter,
                                                  std::array<Value, 2> key,
                                                  unsigned rounds) {
  Type counterType = counter[0].getType();
  std::string name = "rng.philox4x32_r" + std::to_string(rounds) + "_" +
                     FunctionOutliner::mangleType(counterType) + "_" +
                     FunctionOutliner::mangleType(key[0].getType());
  SmallVector<Value> words = functions.buildCall(
      builder, loc, name,
      ValueRange{counter[0], counter[1], counter[2], counter[3], key[0],
                 key[1]},
      TypeRange{counterType, counterType, counterType, counterType},
      [&](OpBuilder &body, Location bodyLoc, ValueRange arguments) {
        std::array<Value, 4> results = buildPhilox4x32(
            body, bodyLoc,
            {arguments[0], arguments[1], arguments[2], arguments[3]},
            {arguments[4], arguments[5]}, rounds, mulHiLo);
        return SmallVector<Value>(results.begin(), results.end());
      });
  return {words[0], words[1], words[2], words[3]};
}

SmallVector<Value> RngOutliner::buildTritonCall(
    OpBuilder &builder, Location loc, Value seed, Value offset, unsigned rounds,
    ArrayRef<TritonRandomKind> kinds, TypeRange resultTypes) {
  static constexpr const char *kindNames[] = {
      "randint", "randint4x", "rand", "rand4x", "randn", "randn4x"};
  std::string name = "rng.triton_r" + std::to_string(rounds) + "_" +
                     FunctionOutliner::mangleType(seed.getType()) + "_" +
                     FunctionOutliner::mangleType(offset.getType());
  for (TritonRandomKind kind : kinds)
    name += std::string("_") + kindNames[static_cast<unsigned>(kind)];
  if (normalMath.flags != arith::FastMathFlags::none)
    name += "_" + arith::stringifyFastMathFlags(normalMath.flags);
  if (normalMath.usesFastStep())
    name += "_target";
  return functions.buildCall(
      builder, loc, name, ValueRange{seed, offset}, resultTypes,
      [&](OpBuilder &body, Location bodyLoc, ValueRange arguments) {
        std::array<Value, 4> words = buildTritonRandint4x(
            body, bodyLoc, arguments[0], arguments[1], rounds, mulHiLo);
        SmallVector<Value> results;
        for (TritonRandomKind kind : kinds)
          llvm::append_range(results,
                             buildTritonRandomFromWords(body, bodyLoc, kind,
                                                        words, normalMath));
        return results;
      });
}

SmallVector<Value> RngOutliner::buildOpCall(OpBuilder &builder, Operation *op) {
  std::string name = FunctionOutliner::getSignatureName(op);
  return functions.buildCall(
      builder, op->getLoc(), name, op->getOperands(), op->getResultTypes(),
      [&](OpBuilder &body, Location, ValueRange arguments) {
        IRMapping mapping;
        mapping.map(op->getOperands(), arguments);
        return SmallVector<Value>(body.clone(*op, mapping)->getResults());
      });
}

namespace {

/// With an outliner (RngLoweringOptions::outliner), every rng op on scalars
/// and vectors but the Triton family and rng.philox_4x32 (which group their
/// Philox blocks themselves) becomes a call (RngOutliner::buildOpCall),
/// ahead of its lowering pattern.
struct OutlineRngOp final : RewritePattern {
  OutlineRngOp(MLIRContext *context, RngOutliner *outliner,
               PatternBenefit benefit)
      : RewritePattern(MatchAnyOpTypeTag(), benefit, context),
        outliner(outliner) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa_and_present<RngDialect>(op->getDialect()) ||
        isa<Philox4x32Op>(op) || matchTritonOp(op) ||
        op->getNumRegions() != 0 || hasRankedTensorOperandOrResult(op) ||
        !outliner->canOutline(op))
      return failure();
    rewriter.replaceOp(op, outliner->buildOpCall(rewriter, op));
    return success();
  }

  RngOutliner *outliner;
};

/// rng.philox_4x32 -> buildPhilox4x32 with the options' products.
struct Philox4x32OpLowering final : OpRewritePattern<Philox4x32Op> {
  Philox4x32OpLowering(MLIRContext *context, const RngLoweringOptions &options,
                       PatternBenefit benefit)
      : OpRewritePattern(context, benefit), options(options) {}

  LogicalResult matchAndRewrite(Philox4x32Op op,
                                PatternRewriter &rewriter) const override {
    if (hasRankedTensorOperandOrResult(op))
      return rewriter.notifyMatchFailure(op, "tensors go through linalg");
    std::array<Value, 4> counter = {op.getC0(), op.getC1(), op.getC2(),
                                    op.getC3()};
    std::array<Value, 2> key = {op.getK0(), op.getK1()};
    std::array<Value, 4> words =
        options.outliner && options.outliner->canOutline(op)
            ? options.outliner->buildPhiloxCall(rewriter, op.getLoc(), counter,
                                                key, op.getRounds())
            : buildPhilox4x32(rewriter, op.getLoc(), counter, key,
                              op.getRounds(), options.mulHiLo);
    rewriter.replaceOp(op, words);
    return success();
  }

  RngLoweringOptions options;
};

/// The Triton family (rng.randint ... rng.randn4x) on scalars and vectors:
/// one Philox block (buildTritonRandint4x) for the op and every op that
/// shares its seed, offset and rounds and that it dominates, then each op's
/// conversion of the words (buildTritonRandomFromWords).
template <typename OpTy>
struct TritonFamilyLowering final : OpRewritePattern<OpTy> {
  TritonFamilyLowering(MLIRContext *context, const RngLoweringOptions &options,
                       PatternBenefit benefit)
      : OpRewritePattern<OpTy>(context, benefit), options(options) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (hasRankedTensorOperandOrResult(op))
      return rewriter.notifyMatchFailure(op, "tensors go through linalg");
    if (hasDominatingTritonSharer(op))
      return rewriter.notifyMatchFailure(
          op, "lowered with the earlier op that shares its Philox block");
    if (options.outliner && options.outliner->canOutline(op)) {
      SmallVector<Operation *> sharers = getTritonPhiloxSharers(op);
      SmallVector<TritonRandomKind> kinds;
      SmallVector<Type> resultTypes;
      for (Operation *sharer : sharers) {
        kinds.push_back(matchTritonOp(sharer)->kind);
        llvm::append_range(resultTypes, sharer->getResultTypes());
      }
      SmallVector<Value> results = options.outliner->buildTritonCall(
          rewriter, op.getLoc(), op.getSeed(), op.getOffset(), op.getRounds(),
          kinds, resultTypes);
      ArrayRef<Value> remaining = results;
      for (Operation *sharer : sharers) {
        unsigned count = sharer->getNumResults();
        rewriter.replaceOp(sharer, remaining.take_front(count));
        remaining = remaining.drop_front(count);
      }
      return success();
    }
    std::array<Value, 4> words =
        buildTritonRandint4x(rewriter, op.getLoc(), op.getSeed(),
                             op.getOffset(), op.getRounds(), options.mulHiLo);
    for (Operation *sharer : getTritonPhiloxSharers(op)) {
      SmallVector<Value, 4> results = buildTritonRandomFromWords(
          rewriter, sharer->getLoc(), matchTritonOp(sharer)->kind, words,
          options.getNormalMath());
      rewriter.replaceOp(sharer, results);
    }
    return success();
  }

  RngLoweringOptions options;
};

struct ConvertRngToArithPass final
    : rng::impl::ConvertRngToArithPassBase<ConvertRngToArithPass> {
  using Base::Base;

  void runOnOperation() override {
    RngLoweringOptions options;
    if (fastMath)
      options.normalMathFlags = arith::FastMathFlags::afn;
    if (lanePairProducts)
      options.mulHiLo = buildMulHiLoLanePairs;
    // Many ops in one module: build their lowerings as calls (see
    // RngOutliner), so that compile time stays proportional to the ops.
    std::optional<RngOutliner> outliner;
    Operation *root = getOperation();
    // Only into a builtin.module: a gpu.module root (a pass nested on it)
    // keeps device code inline.
    if (isa<ModuleOp>(root)) {
      unsigned count = 0;
      root->walk([&](Operation *op) {
        if (isa_and_present<RngDialect>(op->getDialect()))
          ++count;
        return count > outlineAbove ? WalkResult::interrupt()
                                    : WalkResult::advance();
      });
      if (count > outlineAbove) {
        outliner.emplace(root, options.mulHiLo, options.getNormalMath());
        options.outliner = &*outliner;
      }
    }
    bool changed = false;
    if (failed(applyRngToArithConversion(getOperation(), options, &changed)))
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};

/// rng-elementwise-to-linalg: the tensor forms of both dialects' ops to
/// linalg.generic, nothing else.
struct RngElementwiseToLinalgPass final
    : rng::impl::RngElementwiseToLinalgPassBase<RngElementwiseToLinalgPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateRngElementwiseToLinalgPatterns(patterns);
    if (failed(applyPatternsGreedily(
            getOperation(), std::move(patterns),
            GreedyRewriteConfig().setUseTopDownTraversal(true))))
      signalPassFailure();
  }
};

} // namespace

LogicalResult rng::applyRngToArithConversion(Operation *root,
                                             const RngLoweringOptions &options,
                                             bool *changed) {
  RewritePatternSet patterns(root->getContext());
  populateRngToArithConversionPatterns(patterns, options);
  return applyDialectLowering<RngDialect>(root, std::move(patterns), changed);
}

void rng::populateRngElementwiseToLinalgPatterns(RewritePatternSet &patterns,
                                                 PatternBenefit benefit) {
  populateElementwiseTensorToLinalgPatterns(patterns,
                                            RngDialect::getDialectNamespace(),
                                            getTritonPhiloxGroup, benefit);
  // The round dialect by name: this library does not link it.
  populateElementwiseTensorToLinalgPatterns(patterns, "round", {}, benefit);
}

void rng::populateRngToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options,
    PatternBenefit benefit) {
  patterns.add<Philox4x32OpLowering, TritonFamilyLowering<RandIntOp>,
               TritonFamilyLowering<RandInt4xOp>, TritonFamilyLowering<RandOp>,
               TritonFamilyLowering<Rand4xOp>, TritonFamilyLowering<RandnOp>,
               TritonFamilyLowering<Randn4xOp>>(patterns.getContext(), options,
                                                benefit);
  // Ranked tensors: a linalg.generic over the scalar ops (one generic for
  // the Triton ops that share a Philox block), lowered by the patterns
  // above.
  populateElementwiseTensorToLinalgPatterns(patterns,
                                            RngDialect::getDialectNamespace(),
                                            getTritonPhiloxGroup, benefit);
  populateRngHashToArithConversionPatterns(patterns, options, benefit);
  populateRngJaxToArithConversionPatterns(patterns, options, benefit);
  populateRngTorchToArithConversionPatterns(patterns, options, benefit);
  if (options.outliner)
    patterns.add<OutlineRngOp>(patterns.getContext(), options.outliner,
                               PatternBenefit(benefit.getBenefit() + 1));
}
