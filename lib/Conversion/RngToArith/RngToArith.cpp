//===- RngToArith.cpp - Universal lowering of the rng dialect -------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RngToArith/RngToArith.h"
#include "rng/Conversion/Common/Philox.h"
#include "rng/Conversion/Passes.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Rng/IR/RngOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

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

struct ConvertRngToArithPass final
    : rng::impl::ConvertRngToArithPassBase<ConvertRngToArithPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateRngToArithConversionPatterns(patterns);
    ConversionTarget target(getContext());
    target.addIllegalDialect<RngDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void rng::populateRngToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options,
    PatternBenefit benefit) {
  patterns.add<Philox4x32OpLowering>(patterns.getContext(), options, benefit);
}
