//===- ShardPartition.cpp - Partition the functions that shard ------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Upstream's sharding-propagation and shard-partition, scheduled on every
// function, reject a function holding an op without a sharding model (mpi.*,
// calls, printing) and any function that is not one block (external
// declarations included). A sharded program needs a driver, so this pass
// runs them only on the functions that shard.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Common/ShardingUtils.h"
#include "rng/Shard/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_SHARDPARTITIONPASS
#include "rng/Shard/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

/// Whether `fn` annotates a sharding (the ops sharding-propagation starts
/// from).
static bool holdsShardOps(FunctionOpInterface fn) {
  return fn
      .walk([](Operation *op) {
        return isa<shard::ShardOp, shard::ShardingOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Checks that each of `sharding`'s static `name` (halo sizes or shard
/// offsets) is at least 0 or the marker of one of its `numDynamic` dynamic
/// values: the verifier accepts the marker (INT64_MIN) with no value in its
/// place, and LLVM 22's canonicalizer and printer then crash.
static LogicalResult checkStaticSizes(shard::ShardingOp sharding,
                                      StringRef pass, StringRef name,
                                      ArrayRef<int64_t> sizes,
                                      size_t numDynamic) {
  size_t markers = llvm::count(sizes, ShapedType::kDynamic);
  for (int64_t size : sizes) {
    if (size >= 0 || (size == ShapedType::kDynamic && markers == numDynamic))
      continue;
    InFlightDiagnostic diag = sharding.emitError()
                              << pass << ": shard.sharding's " << name
                              << " hold " << size;
    if (size == ShapedType::kDynamic)
      diag << ", the marker of a dynamic size, with no value in its "
              "place (LLVM 22's canonicalizer crashes on it)";
    diag << "; each is at least 0, or a value (%v) in its place";
    return failure();
  }
  return success();
}

/// Checks that every shard.sharding in `fn` splits over axes its grid has
/// (LLVM 22's sharding-propagation indexes the grid's shape with the axis
/// unchecked: a crash for `split_axes = [[128]]` on a one-axis grid) and
/// whose size is not 0 (shard-partition divides by it: `shard.grid
/// @grid(shape = 0)` is verifier-valid), whose static halo sizes and shard
/// offsets pass checkStaticSizes, and that every shard.shard splits only
/// dimensions its tensor has.
static LogicalResult checkShardings(FunctionOpInterface fn, StringRef pass,
                                    SymbolTableCollection &symbolTable) {
  WalkResult result = fn.walk([&](shard::ShardingOp sharding) {
    shard::GridOp grid =
        shard::getGridOrNull(sharding, sharding.getGridAttr(), symbolTable);
    if (!grid)
      return WalkResult::advance(); // The verifier reports a missing grid.
    if (failed(checkStaticSizes(sharding, pass, "halo_sizes",
                                sharding.getStaticHaloSizes(),
                                sharding.getDynamicHaloSizes().size())) ||
        failed(
            checkStaticSizes(sharding, pass, "sharded_dims_offsets",
                             sharding.getStaticShardedDimsOffsets(),
                             sharding.getDynamicShardedDimsOffsets().size())))
      return WalkResult::interrupt();
    int64_t rank = grid.getRank();
    for (auto [dim, axes] : llvm::enumerate(sharding.getSplitAxes())) {
      for (shard::GridAxis axis : axes.asArrayRef()) {
        if (axis >= 0 && axis < rank) {
          if (grid.getShape()[axis] != 0)
            continue;
          sharding.emitError()
              << pass << ": shard.sharding splits tensor dimension " << dim
              << " over grid axis " << axis << " of @" << grid.getSymName()
              << ", whose size is 0; split only over axes of at least one "
                 "process (LLVM 22's shard-partition divides by the size)";
          return WalkResult::interrupt();
        }
        sharding.emitError()
            << pass << ": shard.sharding splits tensor dimension " << dim
            << " over grid axis " << axis << " of @" << grid.getSymName()
            << ", which has " << rank << " axes (0 .. " << rank - 1
            << "; LLVM 22's sharding-propagation crashes on it)";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  // A split of a dimension the tensor lacks (`split_axes = [[0]]` on a
  // tensor<i32>): LLVM 22's shard-partition builds a shard.all_slice of
  // that dimension and crashes.
  result = fn.walk([&](shard::ShardOp shardOp) {
    auto type = dyn_cast<RankedTensorType>(shardOp.getSrc().getType());
    auto sharding = shardOp.getSharding().getDefiningOp<shard::ShardingOp>();
    if (!type || !sharding)
      return WalkResult::advance();
    int64_t rank = type.getRank();
    for (auto [dim, axes] : llvm::enumerate(sharding.getSplitAxes())) {
      if (static_cast<int64_t>(dim) < rank || axes.empty())
        continue;
      InFlightDiagnostic diag = shardOp.emitError()
                                << pass << ": the sharding splits dimension "
                                << dim << " of " << type << ", which ";
      if (rank == 0)
        diag << "has no dimension to split";
      else
        diag << "has dimensions 0 .. " << rank - 1;
      diag << " (LLVM 22's shard-partition crashes on it)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Appends upstream's passes, which run on any FunctionOpInterface.
static void addPartitionPasses(OpPassManager &pm) {
  pm.addPass(shard::createShardingPropagation());
  pm.addPass(shard::createPartition());
}

/// Whether LLVM 22's shard-partition reshards a value of rank `rank` from
/// `from` to `to`: equal split axes (a halo change at most), or one grid
/// axis changed: appended to one dimension's axes (split), removed from its
/// end (gather), or moved from the end of one dimension to the end of
/// another. Anything else it gets wrong (a local type that keeps a split)
/// or crashes on.
static bool isOneStepResharding(const shard::Sharding &from,
                                const shard::Sharding &to, int64_t rank) {
  auto a = [&](int64_t d) { return splitAxesOf(from, d); };
  auto b = [&](int64_t d) { return splitAxesOf(to, d); };
  SmallVector<int64_t> changed;
  for (int64_t d = 0; d < rank; ++d)
    if (a(d) != b(d))
      changed.push_back(d);
  auto extends = [](ArrayRef<shard::GridAxis> longer,
                    ArrayRef<shard::GridAxis> shorter) {
    return longer.size() == shorter.size() + 1 && longer.drop_back() == shorter;
  };
  if (changed.empty())
    return true;
  if (changed.size() == 1) {
    int64_t d = changed.front();
    return extends(a(d), b(d)) || extends(b(d), a(d));
  }
  if (changed.size() == 2) {
    int64_t d0 = changed[0], d1 = changed[1];
    return (extends(a(d0), b(d0)) && extends(b(d1), a(d1)) &&
            a(d0).back() == b(d1).back()) ||
           (extends(a(d1), b(d1)) && extends(b(d0), a(d0)) &&
            a(d1).back() == b(d0).back());
  }
  return false;
}

/// Checks what LLVM 22's shard-partition asserts (and, built without
/// assertions, crashes on) in the annotated function `fn`: every ranked
/// tensor argument of rank > 0 has one use, a shard.shard, and every such
/// operand of the other ops comes from a shard.shard. An argument with no
/// use at all is annotated as replicated on the function's grid first
/// (docs/upstream/shard-partition-unannotated-values.md).
static LogicalResult checkAnnotated(FunctionOpInterface fn, StringRef pass) {
  Block &entry = fn.getFunctionBody().front();
  // shard-partition leaves a block without shard.shard as it is.
  if (llvm::none_of(entry, llvm::IsaPred<shard::ShardOp>))
    return success();
  auto isShardedTensor = [](Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    return type && type.getRank() > 0;
  };
  FlatSymbolRefAttr grid;
  fn.walk([&](shard::ShardingOp sharding) {
    if (!grid)
      grid = sharding.getGridAttr();
  });
  for (BlockArgument arg : entry.getArguments()) {
    if (!isShardedTensor(arg))
      continue;
    if (arg.use_empty() && grid) {
      OpBuilder builder = OpBuilder::atBlockBegin(&entry);
      Value replicated = shard::ShardingOp::create(
          builder, arg.getLoc(),
          shard::Sharding::get(
              grid, {shard::GridAxesAttr::get(builder.getContext(), {})}));
      shard::ShardOp::create(builder, arg.getLoc(), arg, replicated);
      continue;
    }
    if (arg.hasOneUse() && isa<shard::ShardOp>(*arg.getUsers().begin()))
      continue;
    return fn.emitError()
           << pass << ": argument #" << arg.getArgNumber() << " ("
           << arg.getType() << ") of @" << fn.getName()
           << " is not annotated after sharding-propagation (it must have "
              "one use, a shard.shard; LLVM 22's shard-partition crashes "
              "otherwise): annotate it with shard.shard, use it only "
              "through ops with a sharding model, or remove it";
  }
  for (Operation &op : entry) {
    if (auto target = dyn_cast<shard::ShardOp>(op)) {
      auto source = target.getSrc().getDefiningOp<shard::ShardOp>();
      auto type = dyn_cast<RankedTensorType>(target.getType());
      if (!source || !type)
        continue;
      shard::Sharding from(source.getSharding()), to(target.getSharding());
      if (isOneStepResharding(from, to, type.getRank()))
        continue;
      return target.emitError()
             << pass << ": reshards " << type << " from split axes "
             << formatSplitAxes(from) << " to " << formatSplitAxes(to)
             << " in one step; LLVM 22's shard-partition changes one grid "
                "axis per step (appends one to a dimension's split axes, "
                "removes the last one, or moves it to another dimension): "
                "go through intermediate shard.shard annotations";
    }
    if (isa<shard::ShardingOp, shard::GetShardingOp>(op))
      continue;
    for (OpOperand &operand : op.getOpOperands()) {
      if (!isShardedTensor(operand.get()) ||
          operand.get().getDefiningOp<shard::ShardOp>())
        continue;
      return op.emitError()
             << pass << ": operand #" << operand.getOperandNumber() << " ("
             << operand.get().getType()
             << ") is not annotated after sharding-propagation (it must come "
                "from a shard.shard; LLVM 22's shard-partition crashes "
                "otherwise): annotate the value with shard.shard";
    }
  }
  return success();
}

namespace {
struct ShardPartitionPass final
    : rng::impl::ShardPartitionPassBase<ShardPartitionPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *) override {
    // Op-agnostic, run on each function that shards.
    propagation = OpPassManager(OpPassManager::Nesting::Explicit);
    propagation.addPass(shard::createShardingPropagation());
    partition = OpPassManager(OpPassManager::Nesting::Explicit);
    partition.addPass(shard::createPartition());
    return success();
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    OpPassManager pm(OpPassManager::Nesting::Explicit);
    addPartitionPasses(pm);
    pm.getDependentDialects(registry);
  }

  void runOnOperation() override;

  /// Checks that every call of `fn`, whose type was `oldType` before
  /// partitioning, still matches its type.
  LogicalResult checkCalls(FunctionOpInterface fn, Type oldType);

  OpPassManager propagation;
  OpPassManager partition;
};
} // namespace

void ShardPartitionPass::runOnOperation() {
  ModuleOp module = getOperation();
  SmallVector<FunctionOpInterface> sharded;
  for (auto fn : module.getOps<FunctionOpInterface>()) {
    if (fn.isExternal() || !holdsShardOps(fn))
      continue;
    size_t blocks = fn.getFunctionBody().getBlocks().size();
    if (blocks != 1) {
      fn.emitError() << getArgument() << ": function @" << fn.getName()
                     << " holds shard ops and has " << blocks
                     << " blocks; sharding-propagation and shard-partition "
                        "partition only functions of one block (use "
                        "structured control flow, or move the shard ops to a "
                        "function of one block)";
      return signalPassFailure();
    }
    sharded.push_back(fn);
  }

  SymbolTableCollection symbolTable;
  for (FunctionOpInterface fn : sharded)
    if (failed(checkShardings(fn, getArgument(), symbolTable)))
      return signalPassFailure();

  for (FunctionOpInterface fn : sharded) {
    Type oldType = fn.getFunctionType();
    // LLVM 22 fails without a diagnostic on some inputs (a non-splat
    // constant): name the function then.
    bool reported = false;
    LogicalResult result = success();
    {
      ScopedDiagnosticHandler watch(&getContext(), [&](Diagnostic &diag) {
        if (diag.getSeverity() == DiagnosticSeverity::Error)
          reported = true;
        return failure(); // Let the enclosing handler report it.
      });
      result = runPipeline(propagation, fn);
      if (succeeded(result)) {
        if (failed(checkAnnotated(fn, getArgument())))
          return signalPassFailure();
        result = runPipeline(partition, fn);
      }
    }
    if (failed(result)) {
      if (!reported)
        fn.emitError() << getArgument()
                       << ": sharding-propagation or shard-partition failed "
                          "on function @"
                       << fn.getName()
                       << " without a diagnostic (LLVM 22 does so for a "
                          "sharded non-splat constant: build such tensors "
                          "with linalg.generic or pass them as arguments)";
      return signalPassFailure();
    }
    if (failed(checkCalls(fn, oldType)))
      return signalPassFailure();
  }
}

LogicalResult ShardPartitionPass::checkCalls(FunctionOpInterface fn,
                                             Type oldType) {
  auto newType = cast<FunctionType>(fn.getFunctionType());
  if (newType == oldType)
    return success();
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(fn, getOperation());
  if (!uses)
    return success();
  bool ok = true;
  for (const SymbolTable::SymbolUse &use : *uses) {
    auto call = dyn_cast<CallOpInterface>(use.getUser());
    if (!call)
      continue;
    if (TypeRange(call.getArgOperands()) == newType.getInputs() &&
        call->getResultTypes() == newType.getResults())
      continue;
    call->emitError() << getArgument() << ": shard-partition changed the type "
                      << "of @" << fn.getName() << " from " << oldType
                      << " to its local " << newType
                      << ", which this call does not match; return "
                         "replicated results from sharded functions (a "
                         "shard.shard to a sharding with empty split axes) "
                         "or call them only from partitioned code";
    ok = false;
  }
  return success(ok);
}
