//===- CheckScalableVectors.cpp - Reject unlowerable scalable vectors -----===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PipelinePasses.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CHECKSCALABLEVECTORSPASS
#include "rng/Pipelines/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

namespace {

/// Rejects, with a diagnostic, rng and round ops on scalable vectors with a
/// scalable dimension other than the last alone (vector<[4]x2xi32>,
/// vector<[2]x[4]xi32>): upstream's arith-to-llvm (LLVM 22) unrolls only
/// leading fixed dimensions, and would leave their lowering behind with exit
/// status 0.
struct CheckScalableVectorsPass final
    : rng::impl::CheckScalableVectorsPassBase<CheckScalableVectorsPass> {
  using Base::Base;

  static bool isLowerable(Type type) {
    auto vectorType = dyn_cast<VectorType>(type);
    if (!vectorType || !vectorType.isScalable())
      return true;
    ArrayRef<bool> scalable = vectorType.getScalableDims();
    return llvm::none_of(scalable.drop_back(), [](bool s) { return s; });
  }

  void runOnOperation() override {
    bool anyFailed = false;
    getOperation()->walk(
        [&](Operation *op) {
          if (!isa_and_present<rng::RngDialect, rounding::RoundDialect>(
                  op->getDialect()))
            return;
          for (Type type : llvm::concat<const Type>(op->getOperandTypes(),
                                                    op->getResultTypes())) {
            if (isLowerable(type))
              continue;
            op->emitOpError()
                << "on " << type
                << ": rng-to-llvm lowers scalable vectors whose only scalable "
                   "dimension is the last (vector<2x[4]xi32>); upstream's "
                   "arith-to-llvm (LLVM 22) unrolls leading fixed dimensions "
                   "only";
            anyFailed = true;
            return;
          }
        });
    if (anyFailed)
      signalPassFailure();
  }
};

} // namespace
