//===- ShardingInterfaceImpl.h - round ops' sharding models -----*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// External models of the `shard` dialect's ShardingInterface for the round
// ops (SPEC §10). registerRngDialects registers them.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_ROUND_TRANSFORMS_SHARDINGINTERFACEIMPL_H
#define RNG_DIALECT_ROUND_TRANSFORMS_SHARDINGINTERFACEIMPL_H

#include <cstdint>

namespace mlir {
class DialectRegistry;

namespace rng {
namespace rounding {

/// The size of an MX block (OCP Microscaling): round.scaling_stochastic's
/// innermost dimension splits only into multiples of it.
constexpr int64_t kMXBlockSize = 32;

/// Attaches the models: round.stochastic as any elementwise op, and
/// round.scaling_stochastic split only at MX block boundaries (a split of
/// the innermost dimension must leave whole blocks of kMXBlockSize
/// elements on every process).
void registerShardingInterfaceExternalModels(DialectRegistry &registry);

} // namespace rounding
} // namespace rng
} // namespace mlir

#endif // RNG_DIALECT_ROUND_TRANSFORMS_SHARDINGINTERFACEIMPL_H
