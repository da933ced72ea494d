//===- ShardingInterfaceImpl.h - rng ops' sharding models -------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// External models of the `shard` dialect's ShardingInterface for the rng
// ops (SPEC §10), so that upstream's sharding-propagation and shard-partition
// run over programs that hold them. registerRngDialects registers them.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_RNG_TRANSFORMS_SHARDINGINTERFACEIMPL_H
#define RNG_DIALECT_RNG_TRANSFORMS_SHARDINGINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace rng {

/// Attaches the models: every elementwise rng op (shaped operands and
/// results split alike, scalars replicated), rng.linear_index (each shard
/// holds its elements' global indices) and rng.bit_generator (each shard
/// computes its own elements at their global positions; the state and the
/// new state are replicated).
void registerShardingInterfaceExternalModels(DialectRegistry &registry);

} // namespace rng
} // namespace mlir

#endif // RNG_DIALECT_RNG_TRANSFORMS_SHARDINGINTERFACEIMPL_H
