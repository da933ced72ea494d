//===- ElementwiseTensors.cpp - Ranked-tensor forms via linalg ------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/ElementwiseTensors.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::rng;

bool rng::hasRankedTensorOperandOrResult(Operation *op) {
  auto isTensor = llvm::IsaPred<RankedTensorType>;
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

namespace {

struct ElementwiseTensorToLinalg final : RewritePattern {
  ElementwiseTensorToLinalg(MLIRContext *context, StringRef dialectNamespace,
                            ElementwiseGroupFn group, PatternBenefit benefit)
      : RewritePattern(MatchAnyOpTypeTag(), benefit, context),
        dialectNamespace(dialectNamespace.str()), group(std::move(group)) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getName().getDialectNamespace() != dialectNamespace ||
        !OpTrait::hasElementwiseMappableTraits(op) ||
        op->getNumResults() == 0 ||
        !isa<RankedTensorType>(op->getResult(0).getType()))
      return rewriter.notifyMatchFailure(op, "not an op on ranked tensors");
    // The verifier guarantees one tensor shape for all tensor operands and
    // results; anything else (a vector beside a tensor) is left alone.
    auto isScalarOrTensor = [](Type type) {
      return isa<RankedTensorType>(type) || !isa<ShapedType>(type);
    };
    if (!llvm::all_of(op->getOperandTypes(), isScalarOrTensor) ||
        !llvm::all_of(op->getResultTypes(), llvm::IsaPred<RankedTensorType>))
      return rewriter.notifyMatchFailure(op, "mixes tensors and vectors");

    SmallVector<Operation *> ops{op};
    if (group) {
      ops = group(op);
      if (ops.empty())
        return rewriter.notifyMatchFailure(op, "computed with an earlier op");
    }

    Location loc = op->getLoc();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    int64_t rank = resultType.getRank();
    MLIRContext *context = rewriter.getContext();
    AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, context);
    AffineMap scalar = AffineMap::get(rank, /*symbolCount=*/0, {}, context);

    // Sizes: from a tensor operand if there is one (dynamic sizes), else
    // static from the result type.
    Value sizeSource;
    for (Value operand : op->getOperands())
      if (isa<RankedTensorType>(operand.getType())) {
        sizeSource = operand;
        break;
      }
    SmallVector<OpFoldResult> sizes =
        sizeSource ? tensor::getMixedSizes(rewriter, loc, sizeSource)
                   : getAsIndexOpFoldResult(context, resultType.getShape());

    // One input per distinct operand, so that ops sharing operands share
    // block arguments (and so, for the Triton family, one Philox block).
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    llvm::DenseMap<Value, unsigned> inputIndex;
    for (Operation *member : ops)
      for (Value operand : member->getOperands()) {
        if (!inputIndex.try_emplace(operand, inputs.size()).second)
          continue;
        inputs.push_back(operand);
        maps.push_back(isa<RankedTensorType>(operand.getType()) ? identity
                                                                : scalar);
      }
    SmallVector<Value> outputs;
    SmallVector<Type> resultTypes;
    for (Operation *member : ops)
      for (Type type : member->getResultTypes()) {
        auto tensorType = cast<RankedTensorType>(type);
        outputs.push_back(tensor::EmptyOp::create(rewriter, loc, sizes,
                                                  tensorType.getElementType(),
                                                  tensorType.getEncoding()));
        resultTypes.push_back(type);
        maps.push_back(identity);
      }
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);

    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultTypes, inputs, outputs, maps, iterators,
        [&](OpBuilder &builder, Location bodyLoc, ValueRange args) {
          SmallVector<Value> yielded;
          for (Operation *member : ops) {
            SmallVector<Type> elementTypes;
            for (Type type : member->getResultTypes())
              elementTypes.push_back(cast<ShapedType>(type).getElementType());
            OperationState state(member->getLoc(), member->getName());
            for (Value operand : member->getOperands())
              state.addOperands(args[inputIndex.lookup(operand)]);
            state.addTypes(elementTypes);
            state.addAttributes(member->getAttrs());
            llvm::append_range(yielded, builder.create(state)->getResults());
          }
          linalg::YieldOp::create(builder, bodyLoc, yielded);
        });

    unsigned next = 0;
    for (Operation *member : ops) {
      unsigned count = member->getNumResults();
      rewriter.replaceOp(member, generic.getResults().slice(next, count));
      next += count;
    }
    return success();
  }

  std::string dialectNamespace;
  ElementwiseGroupFn group;
};

} // namespace

void rng::populateElementwiseTensorToLinalgPatterns(RewritePatternSet &patterns,
                                                    StringRef dialectNamespace,
                                                    ElementwiseGroupFn group,
                                                    PatternBenefit benefit) {
  patterns.add<ElementwiseTensorToLinalg>(
      patterns.getContext(), dialectNamespace, std::move(group), benefit);
}
