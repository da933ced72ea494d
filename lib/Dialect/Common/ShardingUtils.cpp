//===- ShardingUtils.cpp - Sharding models shared by rng and round --------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Common/ShardingUtils.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterfaceImpl.h"
#include "mlir/Dialect/Shard/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using namespace mlir::rng;

ArrayRef<shard::GridAxis> rng::splitAxesOf(const shard::Sharding &sharding,
                                           int64_t d) {
  ArrayRef<shard::GridAxesAttr> split = sharding.getSplitAxes();
  if (d >= int64_t(split.size()))
    return {};
  return split[d].asArrayRef();
}

/// `axes` as "[0, 1]".
static std::string formatAxes(ArrayRef<shard::GridAxis> axes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::interleaved_array(axes);
  return text;
}

std::string rng::formatSplitAxes(const shard::Sharding &sharding) {
  if (!sharding)
    return "none";
  std::string text = "[";
  llvm::interleave(
      sharding.getSplitAxes(),
      [&](shard::GridAxesAttr axes) { text += formatAxes(axes.asArrayRef()); },
      [&] { text += ", "; });
  return text + "]";
}

LogicalResult rng::verifyEvenSharding(Operation *op, Value value,
                                      const shard::Sharding &sharding,
                                      StringRef what,
                                      SymbolTableCollection &symbolTable) {
  if (!sharding)
    return success();
  auto describe = [&]() {
    InFlightDiagnostic diag = op->emitOpError();
    diag << what << " (" << value.getType() << ") ";
    return diag;
  };
  if (!sharding.getStaticHaloSizes().empty() ||
      !sharding.getDynamicHaloSizes().empty())
    return describe() << "is sharded with halos on @" << sharding.getGrid()
                      << "; rng and round ops compute each element exactly "
                         "once, so only plain splits (split_axes) are allowed";
  if (!sharding.getStaticShardedDimsOffsets().empty() ||
      !sharding.getDynamicShardedDimsOffsets().empty())
    return describe() << "is sharded with explicit shard sizes "
                         "(sharded_dims_offsets) on @"
                      << sharding.getGrid()
                      << "; only even splits (split_axes) are allowed";
  if (shard::isFullReplication(sharding))
    return success();
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return describe() << "is split on @" << sharding.getGrid()
                      << " but is not a ranked tensor; only ranked tensors "
                         "can be split";
  shard::GridOp grid =
      shard::getGridOrNull(op, sharding.getGridAttr(), symbolTable);
  if (!grid)
    return describe() << "is split on @" << sharding.getGrid()
                      << ", which names no shard.grid";
  ArrayRef<int64_t> gridShape = grid.getShape();
  for (int64_t d = 0, e = sharding.getSplitAxes().size(); d < e; ++d) {
    ArrayRef<shard::GridAxis> axes = splitAxesOf(sharding, d);
    if (axes.empty())
      continue;
    if (d >= type.getRank())
      return describe() << "is split along dimension " << d
                        << ", beyond its rank " << type.getRank();
    for (shard::GridAxis axis : axes)
      if (axis < 0 || axis >= int64_t(gridShape.size()))
        return describe() << "is split over grid axis " << axis << " of @"
                          << grid.getSymName() << ", which has "
                          << gridShape.size() << " axes";
    int64_t group = shard::collectiveProcessGroupSize(axes, gridShape);
    if (ShapedType::isDynamic(group))
      return describe() << "is split along dimension " << d
                        << " over grid axes of dynamic size on @"
                        << grid.getSymName()
                        << "; the split axes' sizes must be static";
    if (group == 0)
      return describe() << "is split along dimension " << d << " over grid "
                        << "axes " << formatAxes(axes) << " of @"
                        << grid.getSymName()
                        << ", one of which has size 0; a split needs "
                           "axes of at least one process";
    if (type.isDynamicDim(d))
      return describe() << "is split along dimension " << d
                        << ", which has a dynamic size; split dimensions "
                           "must be static (shard-partition keeps a dynamic "
                           "size whole, so every process would compute the "
                           "whole tensor)";
    if (type.getDimSize(d) % group != 0)
      return describe() << "has dimension " << d << " of size "
                        << type.getDimSize(d)
                        << ", which does not split evenly over the " << group
                        << " processes of grid axes " << formatAxes(axes)
                        << " of @" << grid.getSymName()
                        << "; a split must divide its dimension (upstream "
                           "would give the remainder to trailing shards)";
  }
  return success();
}

SmallVector<Value> rng::buildShardOffsets(OpBuilder &builder, Location loc,
                                          shard::GridOp grid,
                                          const shard::Sharding &sharding,
                                          RankedTensorType type) {
  ImplicitLocOpBuilder b(loc, builder);
  SmallVector<Value> offsets;
  Value zero;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    ArrayRef<shard::GridAxis> axes = splitAxesOf(sharding, d);
    if (axes.empty()) {
      if (!zero)
        zero = arith::ConstantIndexOp::create(b, 0);
      offsets.push_back(zero);
      continue;
    }
    int64_t group = shard::collectiveProcessGroupSize(axes, grid.getShape());
    Value process = shard::createProcessLinearIndex(grid.getSymName(), axes, b);
    Value localSize =
        arith::ConstantIndexOp::create(b, type.getDimSize(d) / group);
    offsets.push_back(arith::MulIOp::create(b, process, localSize));
  }
  return offsets;
}

bool rng::isShardableElementwiseOp(Operation *op) {
  return llvm::all_of(op->getResultTypes(), llvm::IsaPred<RankedTensorType>) &&
         llvm::all_of(op->getOperandTypes(), [](Type type) {
           return isa<RankedTensorType>(type) || type.isIntOrIndexOrFloat();
         });
}

/// Whether `sharding` splits something.
static bool isSplit(const shard::Sharding &sharding) {
  return sharding && !shard::isFullReplication(sharding);
}

/// Whether two shardings split the dimensions of a rank-`rank` tensor alike
/// (trailing unsplit dimensions may be left out of either).
static bool splitAlike(const shard::Sharding &a, const shard::Sharding &b,
                       int64_t rank) {
  for (int64_t d = 0; d < rank; ++d)
    if (splitAxesOf(a, d) != splitAxesOf(b, d))
      return false;
  return true;
}

LogicalResult rng::partitionElementwiseOp(
    Operation *op, ArrayRef<Value> partitionedOperands,
    ArrayRef<shard::Sharding> operandShardings,
    ArrayRef<shard::Sharding> resultShardings, IRMapping &partitionMap,
    SymbolTableCollection &symbolTable, OpBuilder &builder,
    function_ref<LogicalResult(const shard::Sharding &, shard::GridOp)>
        checkSplit) {
  // A result that nothing reads needs no annotation (sharding-propagation
  // leaves it without one, as the mask of a dropout whose caller keeps
  // only the output): it takes the sharding of the op's annotated results.
  SmallVector<shard::Sharding, 4> shardings(resultShardings);
  auto annotated = llvm::find_if(
      shardings, [](const shard::Sharding &sharding) { return !!sharding; });
  if (annotated != shardings.end()) {
    shard::Sharding reference = *annotated;
    for (auto [result, sharding] : llvm::zip(op->getResults(), shardings))
      if (!sharding && result.use_empty())
        sharding = reference;
  }
  resultShardings = shardings;
  for (auto [i, result] : llvm::enumerate(op->getResults()))
    if (failed(verifyEvenSharding(op, result, resultShardings[i],
                                  "result #" + std::to_string(i), symbolTable)))
      return failure();
  for (auto [i, operand] : llvm::enumerate(op->getOperands()))
    if (failed(verifyEvenSharding(op, operand, operandShardings[i],
                                  "operand #" + std::to_string(i),
                                  symbolTable)))
      return failure();

  bool anySplit = llvm::any_of(resultShardings, isSplit) ||
                  llvm::any_of(operandShardings, isSplit);
  if (!anySplit) {
    builder.clone(*op, partitionMap);
    return success();
  }
  if (!isShardableElementwiseOp(op))
    return op->emitOpError("is split, but only ops whose results are ranked "
                           "tensors and whose operands are ranked tensors or "
                           "scalars can be split");

  // One sharding for every tensor: the op applies to the local shards.
  const shard::Sharding &sharding = resultShardings.front();
  int64_t rank = cast<RankedTensorType>(op->getResult(0).getType()).getRank();
  auto mismatch = [&](StringRef what, const shard::Sharding &other) {
    if (!other)
      return op->emitOpError()
             << what
             << " has no sharding while another value of the op is split; "
                "shard-partition reads a value's sharding from its one "
                "shard.shard (a value annotated with shard.shard must have "
                "no other users: use the annotated value)";
    return op->emitOpError()
           << what << " is sharded unlike result #0 (split axes "
           << formatSplitAxes(other) << " against " << formatSplitAxes(sharding)
           << "); an elementwise op needs one sharding for all its tensors "
              "(run sharding-propagation to annotate them)";
  };
  for (auto [i, other] : llvm::enumerate(resultShardings))
    if (!other || other.getGridAttr() != sharding.getGridAttr() ||
        !splitAlike(other, sharding, rank))
      return mismatch("result #" + std::to_string(i), other);
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    if (!isa<RankedTensorType>(operand.getType()))
      continue;
    const shard::Sharding &other = operandShardings[i];
    if (!other || other.getGridAttr() != sharding.getGridAttr() ||
        !splitAlike(other, sharding, rank))
      return mismatch("operand #" + std::to_string(i), other);
  }
  if (checkSplit) {
    shard::GridOp grid =
        shard::getGridOrNull(op, sharding.getGridAttr(), symbolTable);
    if (failed(checkSplit(sharding, grid)))
      return failure();
  }
  shard::partitionTriviallyShardableOperation(
      *op, partitionedOperands, operandShardings, resultShardings, partitionMap,
      symbolTable, builder);
  return success();
}

/// Whether `sharding` has halos or explicit shard sizes.
static bool hasHalosOrSizes(const shard::Sharding &sharding) {
  return sharding && (!sharding.getStaticHaloSizes().empty() ||
                      !sharding.getDynamicHaloSizes().empty() ||
                      !sharding.getStaticShardedDimsOffsets().empty() ||
                      !sharding.getDynamicShardedDimsOffsets().empty());
}

FailureOr<shard::ShardingOption>
rng::getPlainShardingOption(Operation *op,
                            ArrayRef<shard::Sharding> operandShardings,
                            ArrayRef<shard::Sharding> resultShardings) {
  if (llvm::any_of(operandShardings, hasHalosOrSizes) ||
      llvm::any_of(resultShardings, hasHalosOrSizes))
    return failure();
  return shard::detail::defaultGetShardingOption(op, operandShardings,
                                                 resultShardings);
}

LogicalResult
rng::addTensorShardingAnnotations(Operation *op, OpBuilder &builder,
                                  const shard::ShardingOption &option) {
  FailureOr<std::vector<shard::Sharding>> shardings =
      shard::detail::defaultGetShardingAnnotations(op, option);
  if (failed(shardings))
    return failure();
  unsigned numOperands = op->getNumOperands();
  for (OpResult result : op->getResults())
    if (isa<RankedTensorType>(result.getType()))
      shard::maybeInsertTargetShardingAnnotation(
          (*shardings)[numOperands + result.getResultNumber()], result,
          builder);
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<RankedTensorType>(operand.get().getType()))
      continue;
    OpBuilder::InsertionGuard guard(builder);
    shard::maybeInsertSourceShardingAnnotation(
        (*shardings)[operand.getOperandNumber()], operand, builder);
  }
  return success();
}

SmallVector<AffineMap> rng::getElementwiseIndexingMaps(Operation *op) {
  MLIRContext *ctx = op->getContext();
  auto resultType = op->getNumResults()
                        ? dyn_cast<RankedTensorType>(op->getResult(0).getType())
                        : RankedTensorType();
  if (!resultType)
    return {};
  int64_t rank = resultType.getRank();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap scalar = AffineMap::get(rank, 0, {}, ctx);
  SmallVector<AffineMap> maps;
  for (Type type : op->getOperandTypes())
    maps.push_back(isa<ShapedType>(type) ? identity : scalar);
  maps.append(op->getNumResults(), identity);
  return maps;
}

SmallVector<utils::IteratorType>
rng::getElementwiseLoopIteratorTypes(Operation *op) {
  auto resultType = op->getNumResults()
                        ? dyn_cast<RankedTensorType>(op->getResult(0).getType())
                        : RankedTensorType();
  if (!resultType)
    return {};
  return SmallVector<utils::IteratorType>(resultType.getRank(),
                                          utils::IteratorType::parallel);
}

void rng::loadShardingDialects(MLIRContext *ctx) {
  DialectRegistry registry;
  registry
      .insert<affine::AffineDialect, arith::ArithDialect, linalg::LinalgDialect,
              shard::ShardDialect, tensor::TensorDialect>();
  ctx->appendDialectRegistry(registry);
  for (StringRef name : registry.getDialectNames())
    ctx->getOrLoadDialect(name);
}
