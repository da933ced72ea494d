//===- ShardingInterfaceImpl.cpp - rng ops' sharding models ---------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Rng/Transforms/ShardingInterfaceImpl.h"
#include "rng/Conversion/RngToArith/Windows.h"
#include "rng/Dialect/Common/ShardingUtils.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Rng/IR/RngOps.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::rng;

namespace {

/// The shard of `value` (a tensor result of `op` whose values depend on
/// element positions) under `sharding`: its local type and its offsets in
/// the whole tensor. Reports (and returns failure()) an uneven or otherwise
/// refused sharding; returns std::nullopt, with `op` cloned into
/// `partitionMap`, when nothing is split.
static FailureOr<std::optional<std::pair<RankedTensorType, SmallVector<Value>>>>
getWindow(Operation *op, Value value, const shard::Sharding &sharding,
          StringRef what, IRMapping &partitionMap,
          SymbolTableCollection &symbolTable, OpBuilder &builder) {
  if (failed(verifyEvenSharding(op, value, sharding, what, symbolTable)))
    return failure();
  if (!sharding || shard::isFullReplication(sharding)) {
    builder.clone(*op, partitionMap);
    return std::optional<std::pair<RankedTensorType, SmallVector<Value>>>();
  }
  shard::GridOp grid =
      shard::getGridOrNull(op, sharding.getGridAttr(), symbolTable);
  auto type = cast<RankedTensorType>(value.getType());
  auto localType =
      cast<RankedTensorType>(shard::shardType(type, grid, sharding));
  return std::optional(
      std::make_pair(localType, buildShardOffsets(builder, op->getLoc(), grid,
                                                  sharding, type)));
}

/// rng.linear_index: one parallel loop per dimension, the result's identity
/// map, the scalar base replicated (as an elementwise op's). A shard is the
/// window of the whole index tensor at the process's offsets
/// (buildLinearIndexWindow).
struct LinearIndexShardingModel
    : public ElementwiseShardingModelBase<LinearIndexShardingModel,
                                          LinearIndexOp> {
  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<shard::Sharding> operandShardings,
                          ArrayRef<shard::Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    auto indexOp = cast<LinearIndexOp>(op);
    auto window = getWindow(op, indexOp.getResult(), resultShardings.front(),
                            "result #0", partitionMap, symbolTable, builder);
    if (failed(window) || !*window)
      return failure(failed(window));
    auto &[localType, offsets] = **window;
    auto type = cast<RankedTensorType>(indexOp.getType());
    Value base = indexOp.getBase() ? partitionedOperands.front() : Value();
    Value local = buildLinearIndexWindow(builder, op->getLoc(), localType,
                                         type.getShape(), offsets, base);
    partitionMap.map(indexOp.getResult(), local);
    return success();
  }
};

/// rng.bit_generator: one parallel loop per output dimension; the output's
/// identity map; the state and the new state (rank-1 tensors not indexed by
/// the loops) map to no loop, so they are replicated. A shard computes the
/// window of the output at the process's offsets, each element at its
/// global position (three_fry's pairs along the whole output included),
/// and every process returns the new state of the whole output.
struct BitGeneratorShardingModel
    : public shard::ShardingInterface::ExternalModel<BitGeneratorShardingModel,
                                                     BitGeneratorOp> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    auto type =
        cast<RankedTensorType>(cast<BitGeneratorOp>(op).getOutput().getType());
    return SmallVector<utils::IteratorType>(type.getRank(),
                                            utils::IteratorType::parallel);
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    MLIRContext *ctx = op->getContext();
    int64_t rank =
        cast<RankedTensorType>(cast<BitGeneratorOp>(op).getOutput().getType())
            .getRank();
    AffineMap none = AffineMap::get(rank, 0, {}, ctx);
    // state; new_state, output.
    return {none, none, AffineMap::getMultiDimIdentityMap(rank, ctx)};
  }

  FailureOr<shard::ShardingOption>
  getShardingOption(Operation *op, ArrayRef<shard::Sharding> operandShardings,
                    ArrayRef<shard::Sharding> resultShardings) const {
    return getPlainShardingOption(op, operandShardings, resultShardings);
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<shard::Sharding> operandShardings,
                          ArrayRef<shard::Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    auto generator = cast<BitGeneratorOp>(op);
    auto replicated = [&](const shard::Sharding &sharding, Value value,
                          StringRef what) -> LogicalResult {
      if (failed(verifyEvenSharding(op, value, sharding, what, symbolTable)))
        return failure();
      if (sharding && !shard::isFullReplication(sharding))
        return op->emitOpError()
               << what
               << " is split; the generator state must be replicated (every "
                  "process holds the whole state)";
      return success();
    };
    if (failed(replicated(operandShardings[0], generator.getState(),
                          "the state (operand #0)")) ||
        failed(replicated(resultShardings[0], generator.getNewState(),
                          "the new state (result #0)")))
      return failure();
    auto window =
        getWindow(op, generator.getOutput(), resultShardings[1],
                  "the output (result #1)", partitionMap, symbolTable, builder);
    if (failed(window) || !*window)
      return failure(failed(window));
    auto &[localType, offsets] = **window;
    auto [newState, output] = buildBitGeneratorWindow(
        builder, generator, localType, offsets, partitionedOperands.front());
    partitionMap.map(generator.getNewState(), newState);
    partitionMap.map(generator.getOutput(), output);
    return success();
  }
};

/// rng.torch_dropout: elementwise, but with vec > 1 every shard must hold a
/// multiple of vec elements (the verifier's rule for a static tensor, which
/// the shard's op must pass too). The values do not change: the index
/// operand carries the whole tensor's memory indices.
struct TorchDropoutShardingModel
    : public ElementwiseShardingModelBase<TorchDropoutShardingModel,
                                          TorchDropoutOp> {
  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<shard::Sharding> operandShardings,
                          ArrayRef<shard::Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    auto checkVec = [&](const shard::Sharding &sharding,
                        shard::GridOp grid) -> LogicalResult {
      uint32_t vec = cast<TorchDropoutOp>(op).getVec();
      auto type = cast<RankedTensorType>(op->getResult(0).getType());
      auto local =
          cast<RankedTensorType>(shard::shardType(type, grid, sharding));
      if (!local.hasStaticShape() || local.getNumElements() % vec == 0)
        return success();
      return op->emitOpError()
             << "with vec = " << vec << " cannot be split into shards of "
             << local.getNumElements() << " elements (" << local
             << "): each shard must hold a multiple of vec elements (split "
                "a dimension so that it does)";
    };
    return partitionElementwiseOp(op, partitionedOperands, operandShardings,
                                  resultShardings, partitionMap, symbolTable,
                                  builder, checkVec);
  }
};

} // namespace

template <>
struct mlir::rng::HasOwnShardingModel<TorchDropoutOp> : std::true_type {};

void rng::registerShardingInterfaceExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, RngDialect *) {
    loadShardingDialects(ctx);
    attachElementwiseShardingModels<
#define GET_OP_LIST
#include "rng/Dialect/Rng/IR/RngOps.cpp.inc"
        >(ctx);
    LinearIndexOp::attachInterface<LinearIndexShardingModel>(*ctx);
    BitGeneratorOp::attachInterface<BitGeneratorShardingModel>(*ctx);
    TorchDropoutOp::attachInterface<TorchDropoutShardingModel>(*ctx);
  });
}
