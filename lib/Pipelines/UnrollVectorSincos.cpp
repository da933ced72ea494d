//===- UnrollVectorSincos.cpp - Unroll math.sincos on vectors -------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PipelinePasses.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_UNROLLVECTORSINCOSPASS
#include "rng/Pipelines/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

namespace {

/// Unrolls math.sincos on fixed-size vectors into one scalar math.sincos per
/// element: convert-gpu-to-nvvm (LLVM 22) turns only scalar sincos into
/// __nv_sincosf and leaves a vector one behind (docs/upstream/), while it
/// scalarizes vector sin and cos itself. So the pipeline fuses Box-Muller's
/// sin and cos (math-sincos-fusion) and then unrolls the fused op.
struct UnrollVectorSincos final : OpRewritePattern<math::SincosOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::SincosOp op,
                                PatternRewriter &rewriter) const override {
    auto vectorType = dyn_cast<VectorType>(op.getOperand().getType());
    if (!vectorType)
      return rewriter.notifyMatchFailure(op, "not a vector");
    if (vectorType.isScalable())
      return rewriter.notifyMatchFailure(op, "scalable vector");
    Location loc = op.getLoc();
    SmallVector<Value> sines, cosines;
    SmallVector<int64_t> strides = computeStrides(vectorType.getShape());
    for (int64_t i = 0, e = vectorType.getNumElements(); i < e; ++i) {
      SmallVector<int64_t> position = delinearize(i, strides);
      Value element =
          vector::ExtractOp::create(rewriter, loc, op.getOperand(), position);
      auto scalar =
          math::SincosOp::create(rewriter, loc, element, op.getFastmath());
      sines.push_back(scalar.getSin());
      cosines.push_back(scalar.getCos());
    }
    rewriter.replaceOp(
        op,
        {vector::FromElementsOp::create(rewriter, loc, vectorType, sines),
         vector::FromElementsOp::create(rewriter, loc, vectorType, cosines)});
    return success();
  }
};

struct UnrollVectorSincosPass final
    : rng::impl::UnrollVectorSincosPassBase<UnrollVectorSincosPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<UnrollVectorSincos>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
