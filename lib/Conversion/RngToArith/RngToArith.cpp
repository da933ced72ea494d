//===- RngToArith.cpp - Universal lowering of the rng dialect -------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RngToArith/RngToArith.h"
#include "rng/Conversion/Common/DialectLowering.h"
#include "rng/Conversion/Common/Philox.h"
#include "rng/Conversion/Common/TritonRandom.h"
#include "rng/Conversion/Passes.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Rng/IR/RngOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"

#include <tuple>

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CONVERTRNGTOARITHPASS
#include "rng/Conversion/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

namespace {

/// rng.philox_4x32 -> buildPhilox4x32 with the options' products.
struct Philox4x32OpLowering final : OpRewritePattern<Philox4x32Op> {
  Philox4x32OpLowering(MLIRContext *context, const RngLoweringOptions &options,
                       PatternBenefit benefit)
      : OpRewritePattern(context, benefit), options(options) {}

  LogicalResult matchAndRewrite(Philox4x32Op op,
                                PatternRewriter &rewriter) const override {
    std::array<Value, 4> words = buildPhilox4x32(
        rewriter, op.getLoc(), {op.getC0(), op.getC1(), op.getC2(), op.getC3()},
        {op.getK0(), op.getK1()}, op.getRounds(), options.mulHiLo);
    rewriter.replaceOp(op, words);
    return success();
  }

  RngLoweringOptions options;
};

/// rng.randint4x -> buildTritonRandint4x (key/counter setup and Philox
/// rounds) with the options' products.
struct RandInt4xOpLowering final : OpRewritePattern<RandInt4xOp> {
  RandInt4xOpLowering(MLIRContext *context, const RngLoweringOptions &options,
                      PatternBenefit benefit)
      : OpRewritePattern(context, benefit), options(options) {}

  LogicalResult matchAndRewrite(RandInt4xOp op,
                                PatternRewriter &rewriter) const override {
    std::array<Value, 4> words =
        buildTritonRandint4x(rewriter, op.getLoc(), op.getSeed(),
                             op.getOffset(), op.getRounds(), options.mulHiLo);
    rewriter.replaceOp(op, words);
    return success();
  }

  RngLoweringOptions options;
};

/// rng.randint, rng.rand, rng.rand4x, rng.randn, rng.randn4x ->
/// rng.randint4x of the same operands + buildTritonRandomFromWords (u2f in
/// arith, Box-Muller in arith and math). Target independent.
template <typename OpTy, TritonRandomKind Kind>
struct TritonRandomOpExpansion final : OpRewritePattern<OpTy> {
  TritonRandomOpExpansion(MLIRContext *context,
                          const RngLoweringOptions &options,
                          PatternBenefit benefit)
      : OpRewritePattern<OpTy>(context, benefit), options(options) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto block = RandInt4xOp::create(rewriter, op.getLoc(), op.getSeed(),
                                     op.getOffset(), op.getRounds());
    rewriter.replaceOp(
        op, buildTritonRandomFromWords(
                rewriter, op.getLoc(), Kind,
                {block.getX0(), block.getX1(), block.getX2(), block.getX3()},
                options.normalMathFlags));
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
    shareTritonPhiloxBlocks(getOperation(), options);
    RewritePatternSet patterns(&getContext());
    populateRngToArithConversionPatterns(patterns, options);
    if (failed(applyDialectLowering<RngDialect>(getOperation(),
                                                std::move(patterns))))
      signalPassFailure();
  }
};

/// A Triton-family op: its kind and operands.
struct TritonOpInfo {
  TritonRandomKind kind;
  Value seed;
  Value offset;
  uint32_t rounds;
};

} // namespace

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

void rng::shareTritonPhiloxBlocks(Operation *root,
                                  const RngLoweringOptions &options) {
  SmallVector<Operation *> ops;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (matchTritonOp(op))
      ops.push_back(op);
  });
  if (ops.empty())
    return;

  // The rng.randint4x ops kept so far for each (seed, offset, rounds), in
  // program order. Ops are only inserted into existing blocks, so the
  // dominance information stays valid.
  DominanceInfo dominance(root);
  llvm::DenseMap<std::tuple<Value, Value, uint32_t>, SmallVector<RandInt4xOp>>
      blocks;
  IRRewriter rewriter(root->getContext());
  for (Operation *op : ops) {
    TritonOpInfo info = *matchTritonOp(op);
    SmallVector<RandInt4xOp> &candidates =
        blocks[{info.seed, info.offset, info.rounds}];
    auto it = llvm::find_if(candidates, [&](RandInt4xOp candidate) {
      return dominance.properlyDominates(candidate, op);
    });
    RandInt4xOp block;
    if (it != candidates.end()) {
      block = *it;
    } else if (auto randint4x = dyn_cast<RandInt4xOp>(op)) {
      candidates.push_back(randint4x);
      continue;
    } else {
      rewriter.setInsertionPoint(op);
      block = RandInt4xOp::create(rewriter, op->getLoc(), info.seed,
                                  info.offset, info.rounds);
      candidates.push_back(block);
    }
    rewriter.setInsertionPoint(op);
    SmallVector<Value, 4> results = buildTritonRandomFromWords(
        rewriter, op->getLoc(), info.kind,
        {block.getX0(), block.getX1(), block.getX2(), block.getX3()},
        options.normalMathFlags);
    rewriter.replaceOp(op, results);
  }
}

void rng::populateRngToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options,
    PatternBenefit benefit) {
  patterns.add<Philox4x32OpLowering, RandInt4xOpLowering>(
      patterns.getContext(), options, benefit);
  patterns.add<TritonRandomOpExpansion<RandIntOp, TritonRandomKind::Randint>,
               TritonRandomOpExpansion<RandOp, TritonRandomKind::Rand>,
               TritonRandomOpExpansion<Rand4xOp, TritonRandomKind::Rand4x>,
               TritonRandomOpExpansion<RandnOp, TritonRandomKind::Randn>,
               TritonRandomOpExpansion<Randn4xOp, TritonRandomKind::Randn4x>>(
      patterns.getContext(), options, benefit);
  populateRngHashToArithConversionPatterns(patterns, options, benefit);
}
