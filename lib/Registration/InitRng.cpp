//===- InitRng.cpp - Register rng-mlir dialects and passes ----------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/InitRng.h"
#include "rng/Conversion/Passes.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Rng/Transforms/ShardingInterfaceImpl.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/Dialect/Round/Transforms/ShardingInterfaceImpl.h"
#include "rng/Pipelines/Pipelines.h"
#include "rng/Shard/Passes.h"
#include "rng/Shard/Pipelines.h"

#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/ShardingInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Func/Extensions/ShardingExtensions.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/ShardingInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Extensions/ShardingExtensions.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.h"

using namespace mlir;

void rng::registerRngDialects(DialectRegistry &registry) {
  registry.insert<rng::RngDialect>();
  registry.insert<rounding::RoundDialect>();
  // Sharding (SPEC §10): every elementwise op, rng.linear_index and
  // rng.bit_generator take part in upstream's sharding-propagation and
  // shard-partition.
  rng::registerShardingInterfaceExternalModels(registry);
  rounding::registerShardingInterfaceExternalModels(registry);
  registerRngPipelineExtensions(registry);
}

void rng::registerRngPipelineExtensions(DialectRegistry &registry) {
  // The extensions are keyed by function, so registering them again (e.g.
  // after registerAllDialects) adds nothing.
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  // vector.transfer_read/write on tensors (how a host program reads a
  // tensor result into a vector to print or store it).
  vector::registerBufferizableOpInterfaceExternalModels(registry);
  // Upstream's sharding models of the ops that sharded programs hold beside
  // ours (constants, linalg, tensor.empty/insert_slice ...).
  arith::registerShardingInterfaceExternalModels(registry);
  func::registerShardingInterfaceExternalModels(registry);
  linalg::registerShardingInterfaceExternalModels(registry);
  tensor::registerShardingInterfaceExternalModels(registry);
}

void rng::registerRngPasses() {
  // A pipeline registered twice is a fatal error in MLIR builds with
  // assertions; register once per process.
  static const bool registered = [] {
    registerRngConversionPasses();
    registerRngPipelines();
    registerRngShardPasses();
    registerRngShardPipelines();
    return true;
  }();
  (void)registered;
}
