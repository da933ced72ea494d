//===- RoundToArith.cpp - Universal lowering of the round dialect ---------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RoundToArith/RoundToArith.h"
#include "rng/Conversion/Common/DialectLowering.h"
#include "rng/Conversion/Common/ElementwiseTensors.h"
#include "rng/Conversion/Common/Outlining.h"
#include "rng/Conversion/Common/StochasticRounding.h"
#include "rng/Conversion/Passes.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/Dialect/Round/IR/RoundOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"

#include <optional>

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CONVERTROUNDTOARITHPASS
#include "rng/Conversion/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

namespace {

/// `round.stochastic` / `round.scaling_stochastic` on scalars and vectors:
/// the universal lowering (buildStochasticRounding: integer arith on the
/// f32 bits, K = min(W, D(T)) random bits; buildScalingStochasticRounding)
/// inline, or, with an outliner that can outline the op, a call of a
/// function holding it (one per operand types, result type and saturate).
template <typename OpTy>
struct RoundingOpLowering final : OpRewritePattern<OpTy> {
  RoundingOpLowering(MLIRContext *context, FunctionOutliner *outliner,
                     PatternBenefit benefit)
      : OpRewritePattern<OpTy>(context, benefit), outliner(outliner) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (hasRankedTensorOperandOrResult(op))
      return rewriter.notifyMatchFailure(op, "tensors go through linalg");
    bool saturate = op.getSaturate();
    Type resultType = op.getType();
    auto build = [&](OpBuilder &builder, Location loc,
                     ValueRange operands) -> Value {
      if constexpr (std::is_same_v<OpTy, rounding::ScalingStochasticOp>)
        return buildScalingStochasticRounding(builder, loc, operands[0],
                                              operands[1], operands[2],
                                              resultType, saturate);
      else
        return buildStochasticRounding(builder, loc, operands[0], operands[1],
                                       resultType, saturate);
    };
    if (!outliner || !outliner->canOutline(op)) {
      rewriter.replaceOp(op, build(rewriter, op.getLoc(), op->getOperands()));
      return success();
    }
    rewriter.replaceOp(
        op, outliner->buildCall(
                rewriter, op.getLoc(), FunctionOutliner::getSignatureName(op),
                op->getOperands(), resultType,
                [&](OpBuilder &body, Location loc, ValueRange arguments) {
                  return SmallVector<Value>{build(body, loc, arguments)};
                }));
    return success();
  }

  FunctionOutliner *outliner;
};

struct ConvertRoundToArithPass final
    : rng::impl::ConvertRoundToArithPassBase<ConvertRoundToArithPass> {
  using Base::Base;

  void runOnOperation() override {
    // Many ops in one module: lower them to calls (Outlining.h).
    std::optional<FunctionOutliner> outliner;
    Operation *root = getOperation();
    // Only into a builtin.module: a gpu.module root (a pass nested on it)
    // keeps device code inline.
    if (isa<ModuleOp>(root)) {
      unsigned count = 0;
      root->walk([&](Operation *op) {
        if (isa<rounding::StochasticOp, rounding::ScalingStochasticOp>(op))
          ++count;
        return count > outlineAbove ? WalkResult::interrupt()
                                    : WalkResult::advance();
      });
      if (count > outlineAbove)
        outliner.emplace(root);
    }
    RewritePatternSet patterns(&getContext());
    populateRoundToArithConversionPatterns(patterns, /*benefit=*/1,
                                           outliner ? &*outliner : nullptr);
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
                                                 PatternBenefit benefit,
                                                 FunctionOutliner *outliner) {
  patterns.add<RoundingOpLowering<rounding::StochasticOp>,
               RoundingOpLowering<rounding::ScalingStochasticOp>>(
      patterns.getContext(), outliner, benefit);
  // Ranked tensors: a linalg.generic over the scalar op.
  populateElementwiseTensorToLinalgPatterns(
      patterns, rounding::RoundDialect::getDialectNamespace(), {}, benefit);
}
