//===- ShardingInterfaceImpl.cpp - round ops' sharding models -------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Round/Transforms/ShardingInterfaceImpl.h"
#include "rng/Dialect/Common/ShardingUtils.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/Dialect/Round/IR/RoundOps.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::rng;
using namespace mlir::rng::rounding;

namespace {

/// round.scaling_stochastic: elementwise, but an MX block (kMXBlockSize
/// consecutive elements of the innermost dimension, sharing one scale) is
/// never split between processes.
struct ScalingStochasticShardingModel
    : public ElementwiseShardingModelBase<ScalingStochasticShardingModel,
                                          ScalingStochasticOp> {
  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<shard::Sharding> operandShardings,
                          ArrayRef<shard::Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    auto checkBlocks = [&](const shard::Sharding &sharding,
                           shard::GridOp grid) -> LogicalResult {
      auto type = cast<RankedTensorType>(op->getResult(0).getType());
      int64_t last = type.getRank() - 1;
      ArrayRef<shard::GridAxesAttr> split = sharding.getSplitAxes();
      if (last < 0 || last >= int64_t(split.size()) ||
          split[last].asArrayRef().empty())
        return success();
      int64_t group = shard::collectiveProcessGroupSize(
          split[last].asArrayRef(), grid.getShape());
      int64_t local = type.getDimSize(last) / group;
      if (local % kMXBlockSize == 0)
        return success();
      return op->emitOpError()
             << "splits its innermost dimension (size " << type.getDimSize(last)
             << ") into " << group << " shards of " << local
             << " elements, which cuts MX blocks of " << kMXBlockSize
             << " elements; the innermost dimension may be split only into "
                "multiples of "
             << kMXBlockSize << " (or split an outer dimension)";
    };
    return partitionElementwiseOp(op, partitionedOperands, operandShardings,
                                  resultShardings, partitionMap, symbolTable,
                                  builder, checkBlocks);
  }
};

} // namespace

void mlir::rng::rounding::registerShardingInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, RoundDialect *) {
    loadShardingDialects(ctx);
    StochasticOp::attachInterface<ElementwiseShardingModel<StochasticOp>>(*ctx);
    ScalingStochasticOp::attachInterface<ScalingStochasticShardingModel>(*ctx);
  });
}
