//===- ElementwiseOpLowering.h - Base of the scalar/vector patterns -*- C++
//-*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The frame of the patterns that lower one elementwise rng op on scalars and
// vectors (fixed and scalable) with the IR builders: ops on ranked tensors
// are left to the elementwise tensor lowering (a linalg.generic over the
// scalar op), everything else is replaced by what `lower` builds.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_LIB_CONVERSION_RNGTOARITH_ELEMENTWISEOPLOWERING_H
#define RNG_LIB_CONVERSION_RNGTOARITH_ELEMENTWISEOPLOWERING_H

#include "rng/Conversion/Common/ElementwiseTensors.h"
#include "rng/Conversion/RngToArith/RngToArith.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace rng {

/// Lowers `OpTy` on scalars and vectors to the values `lower` returns (one
/// per result), with the lowering options at hand.
template <typename OpTy> struct ElementwiseOpLowering : OpRewritePattern<OpTy> {
  ElementwiseOpLowering(MLIRContext *context, const RngLoweringOptions &options,
                        PatternBenefit benefit)
      : OpRewritePattern<OpTy>(context, benefit), options(options) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    if (hasRankedTensorOperandOrResult(op))
      return rewriter.notifyMatchFailure(op, "tensors go through linalg");
    rewriter.replaceOp(op, lower(op, rewriter));
    return success();
  }

  /// The replacement values of `op`'s results.
  virtual SmallVector<Value> lower(OpTy op,
                                   PatternRewriter &rewriter) const = 0;

  RngLoweringOptions options;
};

} // namespace rng
} // namespace mlir

#endif // RNG_LIB_CONVERSION_RNGTOARITH_ELEMENTWISEOPLOWERING_H
