//===- ExpandVectorMulUIExtended.cpp - Expand n-D arith.mului_extended ----===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PipelinePasses.h"
#include "rng/Conversion/Common/Philox.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_EXPANDVECTORMULUIEXTENDEDPASS
#include "rng/Pipelines/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

namespace {

/// arith.mului_extended on an n-D or scalable vector, which arith-to-llvm
/// (LLVM 22) cannot lower (docs/upstream/), computed as our lowerings do
/// (buildMulHiLoExtended): our ops never build one, but vectorizing their
/// scalar lowering (a linalg.generic lowered by convert-rng-to-arith, then
/// vectorized) does.
struct ExpandVectorMulUIExtended final
    : OpRewritePattern<arith::MulUIExtendedOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::MulUIExtendedOp op,
                                PatternRewriter &rewriter) const override {
    auto vectorType = dyn_cast<VectorType>(op.getLhs().getType());
    if (!vectorType || (vectorType.getRank() <= 1 && !vectorType.isScalable()))
      return rewriter.notifyMatchFailure(op, "arith-to-llvm lowers it");
    auto [high, low] =
        buildMulHiLoExtended(rewriter, op.getLoc(), op.getLhs(), op.getRhs());
    rewriter.replaceOp(op, {low, high});
    return success();
  }
};

struct ExpandVectorMulUIExtendedPass final
    : rng::impl::ExpandVectorMulUIExtendedPassBase<
          ExpandVectorMulUIExtendedPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandVectorMulUIExtended>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
