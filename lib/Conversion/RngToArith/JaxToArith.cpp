//===- JaxToArith.cpp - Lowering of Threefry, JAX and XLA ops -------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The universal lowering of rng.threefry_2x32 and the jax_* ops (SPEC §8)
// through the builders of rng/Conversion/Common/Jax.h, on scalars and
// vectors (fixed and scalable; tensor-typed ops are left to the elementwise
// tensor lowering), and of rng.bit_generator to a linalg.generic over its
// output whose body computes each element with BitGenerator.h's rule.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseOpLowering.h"

#include "rng/Conversion/Common/ElementwiseTensors.h"
#include "rng/Conversion/Common/Jax.h"
#include "rng/Conversion/RngToArith/BitGenerator.h"
#include "rng/Conversion/RngToArith/RngToArith.h"
#include "rng/Conversion/RngToArith/Windows.h"
#include "rng/Dialect/Rng/IR/RngOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::rng;

/// The 1 of options.threefryOpaqueOne at the rewriter's insertion point, or
/// null.
static Value getThreefryOpaqueOne(const RngLoweringOptions &options,
                                  OpBuilder &builder, Location loc) {
  return options.threefryOpaqueOne ? options.threefryOpaqueOne(builder, loc)
                                   : Value();
}

namespace {

struct Threefry2x32OpLowering final : ElementwiseOpLowering<Threefry2x32Op> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(Threefry2x32Op op,
                           PatternRewriter &rewriter) const override {
    auto words =
        buildThreefry2x32(rewriter, op.getLoc(), {op.getX0(), op.getX1()},
                          {op.getK0(), op.getK1()}, op.getRounds(),
                          getThreefryOpaqueOne(options, rewriter, op.getLoc()));
    return {words[0], words[1]};
  }
};

struct JaxFoldInOpLowering final : ElementwiseOpLowering<JaxFoldInOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(JaxFoldInOp op,
                           PatternRewriter &rewriter) const override {
    // A scalar d beside a shaped key is broadcast by the builder; a scalar
    // key beside a shaped d is broadcast per round.
    auto words = buildJaxThreefryAt(
        rewriter, op.getLoc(), op.getK0(), op.getK1(), op.getD(),
        getThreefryOpaqueOne(options, rewriter, op.getLoc()));
    return {words[0], words[1]};
  }
};

struct JaxBitsOpLowering final : ElementwiseOpLowering<JaxBitsOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(JaxBitsOp op,
                           PatternRewriter &rewriter) const override {
    return {buildJaxBits(rewriter, op.getLoc(), op.getK0(), op.getK1(),
                         op.getI(), getElementTypeOrSelf(op.getType()),
                         getThreefryOpaqueOne(options, rewriter, op.getLoc()))};
  }
};

struct JaxUniformOpLowering final : ElementwiseOpLowering<JaxUniformOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(JaxUniformOp op,
                           PatternRewriter &rewriter) const override {
    return {
        buildJaxUniform(rewriter, op.getLoc(), op.getK0(), op.getK1(),
                        op.getI(), getElementTypeOrSelf(op.getType()),
                        getThreefryOpaqueOne(options, rewriter, op.getLoc()))};
  }
};

struct JaxNormalOpLowering final : ElementwiseOpLowering<JaxNormalOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(JaxNormalOp op,
                           PatternRewriter &rewriter) const override {
    // A linalg op's body stays straight-line, for linalg's vectorizer, and so
    // does a generic_atomic_rmw's (one block, which scf-to-cf would split);
    // where `scf` is not loaded (options set by a pass that did not declare
    // it) the selects stay rather than an op of an unloaded dialect.
    bool branchOnTail = options.branchOnRareInputs &&
                        !isa<ShapedType>(op.getType()) &&
                        !op->getParentOfType<linalg::LinalgOp>() &&
                        !op->getParentOfType<memref::GenericAtomicRMWOp>() &&
                        op->getContext()->getLoadedDialect<scf::SCFDialect>();
    return {buildJaxNormal(rewriter, op.getLoc(), op.getK0(), op.getK1(),
                           op.getI(), options.normalMathFlags,
                           options.jaxNormalLog1p, branchOnTail,
                           getThreefryOpaqueOne(options, rewriter, op.getLoc()),
                           options.jaxNormalStep)};
  }
};

struct JaxRandintOpLowering final : ElementwiseOpLowering<JaxRandintOp> {
  using ElementwiseOpLowering::ElementwiseOpLowering;
  SmallVector<Value> lower(JaxRandintOp op,
                           PatternRewriter &rewriter) const override {
    return {
        buildJaxRandint(rewriter, op.getLoc(), op.getK0(), op.getK1(),
                        op.getI(), op.getMinval(), op.getMaxval(),
                        getThreefryOpaqueOne(options, rewriter, op.getLoc()))};
  }
};

/// Refuses `op` (a tensor op whose values depend on element positions)
/// inside a gpu.module: kernels hold no tensors, and a linalg.generic on
/// tensors left there would reach no GPU lowering. `instead` says what a
/// kernel does instead.
static LogicalResult checkNotInKernel(Operation *op, StringRef instead) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (parent->getName().getStringRef() == "gpu.module")
      return op->emitOpError("on tensors cannot lower inside a gpu.module "
                             "(kernels hold no tensors); ")
             << instead;
  return success();
}

/// rng.bit_generator -> the state words (tensor.extract), a linalg.generic
/// over the output computing element e from its indices
/// (buildBitGeneratorElement: rng.threefry_2x32 / rng.philox_4x32 + arith,
/// lowered by the other patterns) and the new state (tensor.from_elements):
/// buildBitGeneratorWindow over the whole output.
struct BitGeneratorOpLowering final : OpRewritePattern<BitGeneratorOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BitGeneratorOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkNotInKernel(
            op, "compute each output element in the kernel with "
                "buildBitGeneratorElement (rng/Conversion/RngToArith/"
                "BitGenerator.h) instead")))
      return failure();
    auto [newState, output] = buildBitGeneratorWindow(
        rewriter, op, cast<RankedTensorType>(op.getOutput().getType()),
        ValueRange{});
    rewriter.replaceOp(op, {newState, output});
    return success();
  }
};

/// rng.linear_index -> a linalg.generic computing each element's row-major
/// index from linalg.index (buildLinearIndexWindow over the whole tensor).
struct LinearIndexOpLowering final : OpRewritePattern<LinearIndexOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LinearIndexOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkNotInKernel(
            op, "compute the index from the thread's coordinates instead")))
      return failure();
    auto type = cast<RankedTensorType>(op.getType());
    rewriter.replaceOp(op, buildLinearIndexWindow(rewriter, op.getLoc(), type,
                                                  type.getShape(), ValueRange{},
                                                  op.getBase()));
    return success();
  }
};

} // namespace

void rng::populateRngJaxToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options,
    PatternBenefit benefit) {
  patterns.add<Threefry2x32OpLowering, JaxFoldInOpLowering, JaxBitsOpLowering,
               JaxUniformOpLowering, JaxNormalOpLowering, JaxRandintOpLowering>(
      patterns.getContext(), options, benefit);
  patterns.add<BitGeneratorOpLowering, LinearIndexOpLowering>(
      patterns.getContext(), benefit);
}
