//===- RoundToArith.cpp - Universal lowering of the round dialect ---------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RoundToArith/RoundToArith.h"
#include "rng/Conversion/Common/StochasticRounding.h"
#include "rng/Conversion/Passes.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/Dialect/Round/IR/RoundOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/DialectConversion.h"

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
struct StochasticOpLowering final
    : OpRewritePattern<rounding::StochasticOp> {
  using Base::Base;

  LogicalResult matchAndRewrite(rounding::StochasticOp op,
                                PatternRewriter &rewriter) const override {
    Value result =
        buildStochasticRounding(rewriter, op.getLoc(), op.getX(),
                                op.getRbits(), op.getType(), op.getSaturate());
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConvertRoundToArithPass final
    : rng::impl::ConvertRoundToArithPassBase<ConvertRoundToArithPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateRoundToArithConversionPatterns(patterns);
    ConversionTarget target(getContext());
    target.addIllegalDialect<rounding::RoundDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void rng::populateRoundToArithConversionPatterns(RewritePatternSet &patterns,
                                                 PatternBenefit benefit) {
  patterns.add<StochasticOpLowering>(patterns.getContext(), benefit);
}
