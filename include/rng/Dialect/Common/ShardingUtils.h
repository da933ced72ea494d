//===- ShardingUtils.h - Sharding models of both dialects -------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What the `shard` dialect's ShardingInterface models of both dialects share
// (SPEC §10): the checks that refuse what would not give the unsharded
// program's bits (uneven splits, dynamic sizes, halos, explicit shard sizes,
// operands sharded unlike the result), each process's shard offsets, and the
// model of every elementwise op (ElementwiseMappable): all loops parallel,
// shaped operands and results with identity maps, scalar operands
// replicated. Partitioning an elementwise op applies it to the local shards:
// each element's counter is an operand, so counters travel with the values.
// Ops on scalars or vectors are not sharded (they take no part in
// propagation).
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_COMMON_SHARDINGUTILS_H
#define RNG_DIALECT_COMMON_SHARDINGUTILS_H

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"

namespace mlir {
class IRMapping;
class SymbolTableCollection;

namespace rng {

/// The grid axes that split dimension `d` under `sharding` (none beyond its
/// list of split axes).
ArrayRef<shard::GridAxis> splitAxesOf(const shard::Sharding &sharding,
                                      int64_t d);

/// The split axes of `sharding` as "[[0], []]" ("none" for a null one), for
/// diagnostics.
std::string formatSplitAxes(const shard::Sharding &sharding);

/// Checks that `sharding` of `value` (an operand or result of `op`, named
/// `what` in diagnostics) gives every process an equal static slice: a
/// ranked tensor of static shape, no halos or explicit shard sizes, a grid
/// that exists with static sizes on the split axes, and every split
/// dimension divisible by its process-group size. A null or fully
/// replicated sharding always passes. Reports on `op` and fails otherwise.
LogicalResult verifyEvenSharding(Operation *op, Value value,
                                 const shard::Sharding &sharding,
                                 StringRef what,
                                 SymbolTableCollection &symbolTable);

/// The offsets (index values) of this process's shard of a tensor of type
/// `type` sharded by `sharding` on `grid` (which verifyEvenSharding
/// accepted): along each split dimension the process's linear index in the
/// group of grid axes that split it times the local size, 0 along the others.
SmallVector<Value> buildShardOffsets(OpBuilder &builder, Location loc,
                                     shard::GridOp grid,
                                     const shard::Sharding &sharding,
                                     RankedTensorType type);

/// Whether an elementwise op takes part in sharding: every result is a
/// ranked tensor and every operand a ranked tensor or a scalar.
bool isShardableElementwiseOp(Operation *op);

/// Partitions an elementwise op: with every sharding null or fully
/// replicated a clone; otherwise, after verifyEvenSharding on each tensor
/// operand and result and a check that every tensor operand is sharded as
/// the result, the op on the local shards. `checkSplit`, when given, is
/// called with the result's sharding and grid for op-specific checks.
LogicalResult partitionElementwiseOp(
    Operation *op, ArrayRef<Value> partitionedOperands,
    ArrayRef<shard::Sharding> operandShardings,
    ArrayRef<shard::Sharding> resultShardings, IRMapping &partitionMap,
    SymbolTableCollection &symbolTable, OpBuilder &builder,
    function_ref<LogicalResult(const shard::Sharding &, shard::GridOp)>
        checkSplit = nullptr);

/// upstream's default sharding option, except that shardings with halos or
/// explicit shard sizes give none: propagation would otherwise annotate the
/// op with a plain split and reshard around it, out of sight of the checks
/// of partitionElementwiseOp, which then refuse those shardings.
FailureOr<shard::ShardingOption>
getPlainShardingOption(Operation *op,
                       ArrayRef<shard::Sharding> operandShardings,
                       ArrayRef<shard::Sharding> resultShardings);

/// Adds the shard.shard annotations of `option` to the ranked-tensor
/// operands and results of `op`, and none to its scalars (upstream's
/// default annotates scalar operands with a sharding without a grid, which
/// fails to verify; docs/upstream/shard-scalar-operand-annotation.md).
LogicalResult addTensorShardingAnnotations(Operation *op, OpBuilder &builder,
                                           const shard::ShardingOption &option);

/// Identity maps for tensor operands and results, maps without results for
/// scalar operands, over the loops of the op's first result.
SmallVector<AffineMap> getElementwiseIndexingMaps(Operation *op);

/// All-parallel loops, one per dimension of the op's first result (none
/// unless it is a ranked tensor).
SmallVector<utils::IteratorType> getElementwiseLoopIteratorTypes(Operation *op);

/// Loads the dialects that partitioning our ops creates ops of (shard,
/// affine for the process index, arith, linalg, tensor) into `ctx`. Called
/// by the model registrations, as upstream's do.
void loadShardingDialects(MLIRContext *ctx);

/// The sharding model of an elementwise op (see the file comment). Ops with
/// extra rules derive from it and override partition.
template <typename ConcreteModel, typename OpTy>
struct ElementwiseShardingModelBase
    : public shard::ShardingInterface::ExternalModel<ConcreteModel, OpTy> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    return getElementwiseLoopIteratorTypes(op);
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    return getElementwiseIndexingMaps(op);
  }

  FailureOr<shard::ShardingOption>
  getShardingOption(Operation *op, ArrayRef<shard::Sharding> operandShardings,
                    ArrayRef<shard::Sharding> resultShardings) const {
    // Scalars and vectors stay as they are, on every process.
    if (!isShardableElementwiseOp(op))
      return shard::ShardingOption::makeEmpty();
    return getPlainShardingOption(op, operandShardings, resultShardings);
  }

  LogicalResult
  addShardingAnnotations(Operation *op, OpBuilder &builder,
                         const shard::ShardingOption &option) const {
    return addTensorShardingAnnotations(op, builder, option);
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<shard::Sharding> operandShardings,
                          ArrayRef<shard::Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    return partitionElementwiseOp(op, partitionedOperands, operandShardings,
                                  resultShardings, partitionMap, symbolTable,
                                  builder);
  }
};

template <typename OpTy>
struct ElementwiseShardingModel
    : public ElementwiseShardingModelBase<ElementwiseShardingModel<OpTy>,
                                          OpTy> {};

/// Specialize to std::true_type for an elementwise op that gets a sharding
/// model of its own (attachElementwiseShardingModels then skips it).
template <typename Op> struct HasOwnShardingModel : std::false_type {};

/// Attaches ElementwiseShardingModel to each of `Ops` that is elementwise
/// (OpTrait::Elementwise) and has no model of its own, so a new elementwise
/// op gets its model from the op list alone.
template <typename... Ops>
void attachElementwiseShardingModels(MLIRContext *ctx) {
  (
      [&] {
        if constexpr (Ops::template hasTrait<OpTrait::Elementwise>() &&
                      !HasOwnShardingModel<Ops>::value)
          Ops::template attachInterface<ElementwiseShardingModel<Ops>>(*ctx);
      }(),
      ...);
}

} // namespace rng
} // namespace mlir

#endif // RNG_DIALECT_COMMON_SHARDINGUTILS_H
