//===- RoundToArith.cpp - Universal lowering of the round dialect ---------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RoundToArith/RoundToArith.h"
#include "rng/Conversion/Common/DialectLowering.h"
#include "rng/Conversion/Common/ElementwiseTensors.h"
#include "rng/Conversion/Common/StochasticRounding.h"
#include "rng/Conversion/Passes.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/Dialect/Round/IR/RoundOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CONVERTROUNDTOARITHPASS
#include "rng/Conversion/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

namespace {

/// round.stochastic -> buildStochasticRounding (integer arith on the f32
/// bits, K = min(W, D(T)) random bits).
struct StochasticOpLowering final : OpRewritePattern<rounding::StochasticOp> {
  using Base::Base;

  LogicalResult matchAndRewrite(rounding::StochasticOp op,
                                PatternRewriter &rewriter) const override {
    if (hasRankedTensorOperandOrResult(op))
      return rewriter.notifyMatchFailure(op, "tensors go through linalg");
    Value result =
        buildStochasticRounding(rewriter, op.getLoc(), op.getX(), op.getRbits(),
                                op.getType(), op.getSaturate());
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// round.scaling_stochastic -> buildScalingStochasticRounding (an f32
/// multiply by the exact reciprocal power of two, then the universal
/// stochastic rounding). Scalars and vectors, fixed or scalable; ranked
/// tensors are left to the elementwise tensor lowering.
struct ScalingStochasticOpLowering final
    : OpRewritePattern<rounding::ScalingStochasticOp> {
  using Base::Base;

  LogicalResult matchAndRewrite(rounding::ScalingStochasticOp op,
                                PatternRewriter &rewriter) const override {
    if (isa<TensorType>(op.getType()))
      return rewriter.notifyMatchFailure(op, "tensors are lowered elementwise");
    Value result = buildScalingStochasticRounding(
        rewriter, op.getLoc(), op.getX(), op.getScale(), op.getRbits(),
        op.getType(), op.getSaturate());
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConvertRoundToArithPass final
    : rng::impl::ConvertRoundToArithPassBase<ConvertRoundToArithPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateRoundToArithConversionPatterns(patterns);
    bool changed = false;
    if (failed(applyDialectLowering<rounding::RoundDialect>(
            getOperation(), std::move(patterns), &changed)))
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace

void rng::populateRoundToArithConversionPatterns(RewritePatternSet &patterns,
                                                 PatternBenefit benefit) {
  patterns.add<StochasticOpLowering, ScalingStochasticOpLowering>(
      patterns.getContext(), benefit);
  // Ranked tensors: a linalg.generic over the scalar op.
  populateElementwiseTensorToLinalgPatterns(
      patterns, rounding::RoundDialect::getDialectNamespace(), {}, benefit);
}
