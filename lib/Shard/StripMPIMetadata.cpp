//===- StripMPIMetadata.cpp - Erase what mlir-runner cannot parse ---------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// mlir-runner registers neither the DLTI nor the shard dialect, so a lowered
// module that still carries the MPI lowering's dlti.map or a shard.grid does
// not parse there (docs/upstream/mpi-dlti-mlir-runner.md). Once the MPI
// lowering has read them, they can go.
//
//===----------------------------------------------------------------------===//

#include "rng/Shard/Passes.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_STRIPMPIMETADATAPASS
#include "rng/Shard/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

namespace {
struct StripMPIMetadataPass final
    : rng::impl::StripMPIMetadataPassBase<StripMPIMetadataPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();

    for (auto grid :
         llvm::make_early_inc_range(module.getOps<shard::GridOp>())) {
      std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(grid, module);
      if (uses && !uses->empty()) {
        Operation *user = uses->begin()->getUser();
        InFlightDiagnostic diag = grid.emitError()
                                  << getArgument() << ": shard.grid @"
                                  << grid.getSymName() << " is still used by '"
                                  << user->getName()
                                  << "'; lower the shard ops first "
                                     "(convert-shard-to-mpi)";
        diag.attachNote(user->getLoc()) << "used here";
        return signalPassFailure();
      }
      grid.erase();
    }

    auto map = module->getAttrOfType<MapAttr>(DLTIDialect::kMapAttrName);
    if (!map)
      return;
    SmallVector<DataLayoutEntryInterface> kept;
    for (DataLayoutEntryInterface entry : map.getEntries()) {
      auto key = dyn_cast<StringAttr>(entry.getKey());
      if (!key || key.getValue() != kMPIImplementationKey)
        kept.push_back(entry);
    }
    if (kept.empty())
      module->removeAttr(DLTIDialect::kMapAttrName);
    else
      module->setAttr(DLTIDialect::kMapAttrName,
                      MapAttr::get(&getContext(), kept));
  }
};
} // namespace
