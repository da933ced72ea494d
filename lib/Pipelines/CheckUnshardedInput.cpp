//===- CheckUnshardedInput.cpp - Reject unpartitioned shardings -----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PipelinePasses.h"

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CHECKUNSHARDEDINPUTPASS
#include "rng/Pipelines/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

namespace {

/// Rejects, with a diagnostic, the first shard.sharding or shard.shard op:
/// rng-to-llvm lowers a program for one device, and a sharded one is
/// partitioned by rng-shard-to-llvm first.
struct CheckUnshardedInputPass final
    : rng::impl::CheckUnshardedInputPassBase<CheckUnshardedInputPass> {
  using Base::Base;

  void runOnOperation() override {
    WalkResult result = getOperation()->walk([](Operation *op) {
      if (!isa<shard::ShardingOp, shard::ShardOp>(op))
        return WalkResult::advance();
      op->emitOpError()
          << "in rng-to-llvm's input: rng-to-llvm lowers a program for one "
             "device and leaves sharding annotations unlowered; partition a "
             "sharded program first (rng-shard-to-llvm partitions and lowers "
             "it; or rng-shard-partition, then rng-to-llvm)";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
