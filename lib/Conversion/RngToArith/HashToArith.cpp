//===- HashToArith.cpp - Lowering of the hash, dropout and seed ops -------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The universal lowering of rng.lowbias32, rng.hash_rand, rng.hash_randn,
// rng.hash_dropout, rng.dropout, rng.splitmix64 and rng.tr_dropout_sample
// (SPEC §5-7) through the builders of rng/Conversion/Common/Hash.h (and
// TritonRandom.h for rng.dropout's draw). The patterns take scalars and
// vectors (fixed and scalable); tensor-typed ops are left to the elementwise
// tensor lowering.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseOpLowering.h"

#include "rng/Conversion/Common/Hash.h"
#include "rng/Conversion/Common/Philox.h"
#include "rng/Conversion/Common/TritonRandom.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Conversion/RngToArith/RngToArith.h"
#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::rng;

namespace {

/// rng.lowbias32 -> buildLowbias32.
struct Lowbias32OpLowering final : ElementwiseOpLowering<Lowbias32Op> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(Lowbias32Op op,
                           PatternRewriter &rewriter) const override {
    return {buildLowbias32(rewriter, op.getLoc(), op.getX())};
  }
};

/// rng.hash_rand -> buildHashRand.
struct HashRandOpLowering final : ElementwiseOpLowering<HashRandOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(HashRandOp op,
                           PatternRewriter &rewriter) const override {
    return {
        buildHashRand(rewriter, op.getLoc(), op.getSeed(), op.getCounter())};
  }
};

/// rng.hash_randn -> buildHashRandn with the options' math flags.
struct HashRandnOpLowering final : ElementwiseOpLowering<HashRandnOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(HashRandnOp op,
                           PatternRewriter &rewriter) const override {
    return {buildHashRandn(rewriter, op.getLoc(), op.getSeed(), op.getCounter(),
                           options.getNormalMath())};
  }
};

/// rng.hash_dropout -> buildHashRand + buildDropout(oge).
struct HashDropoutOpLowering final : ElementwiseOpLowering<HashDropoutOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(HashDropoutOp op,
                           PatternRewriter &rewriter) const override {
    Value u =
        buildHashRand(rewriter, op.getLoc(), op.getSeed(), op.getCounter());
    return {buildDropout(rewriter, op.getLoc(), op.getX(), op.getP(), u,
                         arith::CmpFPredicate::OGE)};
  }
};

/// rng.dropout -> the builders of rng.rand (so its draw has rng.rand's bits,
/// with the options' Philox products) + buildDropout(ogt).
struct DropoutOpLowering final : ElementwiseOpLowering<DropoutOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(DropoutOp op,
                           PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value seed = op.getSeed();
    Value offset = op.getOffset();
    // The Philox counter carries the shape: a scalar offset beside a shaped
    // seed is broadcast (a scalar seed is one key for every element).
    if (isa<ShapedType>(seed.getType()) && !isa<ShapedType>(offset.getType()))
      offset = broadcastToType(
          rewriter, loc, offset,
          getTypeWithElementType(seed.getType(), offset.getType()));
    Value u = buildTritonRandom(rewriter, loc, TritonRandomKind::Rand, seed,
                                offset, op.getRounds(), options.mulHiLo)
                  .front();
    return {buildDropout(rewriter, loc, op.getX(), op.getP(), u,
                         arith::CmpFPredicate::OGT)};
  }
};

/// rng.splitmix64 -> buildSplitMix64.
struct SplitMix64OpLowering final : ElementwiseOpLowering<SplitMix64Op> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(SplitMix64Op op,
                           PatternRewriter &rewriter) const override {
    return {buildSplitMix64(rewriter, op.getLoc(), op.getX())};
  }
};

/// rng.tr_dropout_sample -> buildTrDropoutSample.
struct TrDropoutSampleOpLowering final
    : ElementwiseOpLowering<TrDropoutSampleOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(TrDropoutSampleOp op,
                           PatternRewriter &rewriter) const override {
    return {buildTrDropoutSample(rewriter, op.getLoc(), op.getSeedLo(),
                                 op.getSeedHi(), op.getOffset())};
  }
};

} // namespace

void rng::populateRngHashToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options,
    PatternBenefit benefit) {
  patterns.add<Lowbias32OpLowering, HashRandOpLowering, HashRandnOpLowering,
               HashDropoutOpLowering, DropoutOpLowering, SplitMix64OpLowering,
               TrDropoutSampleOpLowering>(patterns.getContext(), options,
                                          benefit);
}
