//===- RngToArith.cpp - Universal lowering of the rng dialect -------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RngToArith/RngToArith.h"
#include "rng/Conversion/Common/Philox.h"
#include "rng/Conversion/Common/TritonRandom.h"
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

/// rng.philox_4x32 -> buildPhilox4x32 with arith.mului_extended products.
struct Philox4x32OpLowering final : OpRewritePattern<Philox4x32Op> {
  using Base::Base;

  LogicalResult matchAndRewrite(Philox4x32Op op,
                                PatternRewriter &rewriter) const override {
    std::array<Value, 4> words = buildPhilox4x32(
        rewriter, op.getLoc(), {op.getC0(), op.getC1(), op.getC2(), op.getC3()},
        {op.getK0(), op.getK1()}, op.getRounds());
    rewriter.replaceOp(op, words);
    return success();
  }
};

/// rng.randint ... rng.randn4x -> buildTritonRandom with
/// arith.mului_extended products (and math ops for the normals).
template <typename OpTy, TritonRandomKind Kind>
struct TritonRandomOpLowering final : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value, 4> results =
        buildTritonRandom(rewriter, op.getLoc(), Kind, op.getSeed(),
                          op.getOffset(), op.getRounds());
    rewriter.replaceOp(op, results);
    return success();
  }
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

void rng::populateRngToArithConversionPatterns(RewritePatternSet &patterns,
                                               PatternBenefit benefit) {
  patterns.add<Philox4x32OpLowering,
               TritonRandomOpLowering<RandIntOp, TritonRandomKind::Randint>,
               TritonRandomOpLowering<RandInt4xOp, TritonRandomKind::Randint4x>,
               TritonRandomOpLowering<RandOp, TritonRandomKind::Rand>,
               TritonRandomOpLowering<Rand4xOp, TritonRandomKind::Rand4x>,
               TritonRandomOpLowering<RandnOp, TritonRandomKind::Randn>,
               TritonRandomOpLowering<Randn4xOp, TritonRandomKind::Randn4x>>(
      patterns.getContext(), benefit);
}
