//===- LowerShardCollectives.cpp - all_slice and all_gather for MPI -------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// LLVM 22's convert-shard-to-mpi lowers shard.all_reduce, but not the
// shard.all_slice and shard.all_gather that shard-partition creates when it
// reshards (docs/upstream/shard-all-gather-to-mpi.md). all_slice has an
// upstream lowering (used by test-grid-all-slice-op-lowering); all_gather
// becomes a masked all_reduce here.
//
//===----------------------------------------------------------------------===//

#include "rng/Shard/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_LOWERSHARDCOLLECTIVESPASS
#include "rng/Shard/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

/// Whether the lowering gathers elements of type `type`: signless integers
/// and floats of at most 64 bits (carried in the integers MPI reduces).
static bool isReducibleElementType(Type type) {
  if (!type.isSignlessInteger() && !isa<FloatType>(type))
    return false;
  unsigned width = type.getIntOrFloatBitWidth();
  return width >= 1 && width <= 64;
}

/// The integer width that carries `width` bits through MPI: 8, 16, 32 or 64.
static unsigned carrierWidth(unsigned width) {
  return width <= 8 ? 8 : width <= 16 ? 16 : width <= 32 ? 32 : 64;
}

namespace {
/// shard.all_gather %x on @grid grid_axes = A gather_axis = d
///     : tensor<...x L x ...> -> tensor<...x (n * L) x ...>
/// with i = the process's linear index in the group of grid axes A (n
/// processes, numbered as shard.all_slice numbers them) is
///   bitcast(all_reduce_sum_A(
///       insert_slice(bitcast(x), zeros, offsets [0.., i * L, 0..])))
/// where bitcast takes floats to the integer type of their width and back
/// (and narrower elements, i1, f4E2M1FN, f6E3M2FN..., are zero-extended to
/// 8 bits and truncated back): each element of the sum has one non-zero
/// summand at most, so integer addition returns its bits exactly (-0.0, NaN
/// payloads).
struct AllGatherOpLowering final : OpRewritePattern<shard::AllGatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shard::AllGatherOp op,
                                PatternRewriter &rewriter) const override {
    auto inputType = cast<RankedTensorType>(op.getInput().getType());
    auto resultType = cast<RankedTensorType>(op.getResult().getType());
    Type elementType = inputType.getElementType();
    // The pass has diagnosed the others.
    if (!inputType.hasStaticShape() || !resultType.hasStaticShape() ||
        !isReducibleElementType(elementType))
      return rewriter.notifyMatchFailure(op, "unsupported all_gather");

    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    unsigned width = elementType.getIntOrFloatBitWidth();
    Type rawType = b.getIntegerType(width);
    Type bitsType = b.getIntegerType(carrierWidth(width));
    RankedTensorType bitsResultType = resultType.clone(bitsType);
    Value input = op.getInput();
    if (elementType != rawType)
      input = arith::BitcastOp::create(b, inputType.clone(rawType), input);
    if (rawType != bitsType)
      input = arith::ExtUIOp::create(b, inputType.clone(bitsType), input);

    // zeros : the result's shape, all bits 0.
    Value zero = arith::ConstantOp::create(b, b.getIntegerAttr(bitsType, 0));
    Value empty = tensor::EmptyOp::create(b, resultType.getShape(), bitsType);
    Value zeros = linalg::FillOp::create(b, zero, empty).getResult(0);

    // This process's shard at offset i * L along the gather axis.
    int64_t gatherAxis = op.getGatherAxis().getSExtValue();
    Value index =
        shard::createProcessLinearIndex(op.getGrid(), op.getGridAxes(), b);
    Value offset = arith::MulIOp::create(
        b, index,
        arith::ConstantIndexOp::create(b, inputType.getDimSize(gatherAxis)));
    SmallVector<OpFoldResult> offsets(inputType.getRank(), b.getIndexAttr(0));
    offsets[gatherAxis] = offset;
    SmallVector<OpFoldResult> strides(inputType.getRank(), b.getIndexAttr(1));
    SmallVector<OpFoldResult> sizes;
    for (int64_t size : inputType.getShape())
      sizes.push_back(b.getIndexAttr(size));
    Value own =
        tensor::InsertSliceOp::create(b, input, zeros, offsets, sizes, strides);

    Value sum = shard::AllReduceOp::create(b, bitsResultType, op.getGrid(),
                                           op.getGridAxes(), own,
                                           shard::ReductionKind::Sum);
    if (rawType != bitsType)
      sum = arith::TruncIOp::create(b, resultType.clone(rawType), sum);
    if (elementType != rawType)
      sum = arith::BitcastOp::create(b, resultType, sum);
    rewriter.replaceOp(op, sum);
    return success();
  }
};

struct LowerShardCollectivesPass final
    : rng::impl::LowerShardCollectivesPassBase<LowerShardCollectivesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbolTables;

    // What the lowering does not handle, diagnosed before rewriting.
    WalkResult checked = module.walk([&](shard::AllGatherOp op) {
      auto inputType = cast<RankedTensorType>(op.getInput().getType());
      auto resultType = cast<RankedTensorType>(op.getResult().getType());
      if (!inputType.hasStaticShape() || !resultType.hasStaticShape()) {
        op.emitError() << getArgument() << ": cannot lower shard.all_gather "
                       << "from " << inputType << " to " << resultType
                       << ": the shapes must be static";
        return WalkResult::interrupt();
      }
      if (!isReducibleElementType(inputType.getElementType())) {
        op.emitError() << getArgument() << ": cannot lower shard.all_gather "
                       << "of " << inputType.getElementType()
                       << " elements: expected signless integers or floats "
                          "of at most 64 bits";
        return WalkResult::interrupt();
      }
      shard::GridOp grid = shard::getGrid(op, symbolTables);
      if (ShapedType::isDynamicShape(grid.getShape())) {
        op.emitError() << getArgument() << ": cannot lower shard.all_gather "
                       << "on grid @" << grid.getSymName()
                       << " of dynamic shape: the grid's shape must be static";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (checked.wasInterrupted())
      return signalPassFailure();

    RewritePatternSet patterns(&getContext());
    shard::populateAllSliceOpLoweringPatterns(patterns, symbolTables);
    patterns.add<AllGatherOpLowering>(&getContext());
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
