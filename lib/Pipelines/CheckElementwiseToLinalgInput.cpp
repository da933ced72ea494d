//===- CheckElementwiseToLinalgInput.cpp - Guard elementwise-to-linalg ----===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PipelinePasses.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CHECKELEMENTWISETOLINALGINPUTPASS
#include "rng/Pipelines/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

namespace {

/// Rejects, with a diagnostic, the inputs on which LLVM 22's
/// convert-elementwise-to-linalg crashes or builds invalid IR (rng-to-llvm
/// runs it after our lowerings, for elementwise arith on tensors): an
/// ElementwiseMappable op on ranked tensors whose first operand is a scalar
/// and one of whose result types no operand has, so that the pass sizes a
/// new output from that scalar (docs/upstream/). Our own ops never reach it:
/// our lowerings size their outputs from a tensor operand.
struct CheckElementwiseToLinalgInputPass final
    : rng::impl::CheckElementwiseToLinalgInputPassBase<
          CheckElementwiseToLinalgInputPass> {
  using Base::Base;

  void runOnOperation() override {
    bool anyFailed = false;
    getOperation()->walk([&](Operation *op) {
      if (!OpTrait::hasElementwiseMappableTraits(op) ||
          op->getNumOperands() == 0 ||
          isa<RankedTensorType>(op->getOperand(0).getType()) ||
          llvm::none_of(op->getOperandTypes(), llvm::IsaPred<RankedTensorType>))
        return;
      bool newOutput = llvm::any_of(op->getResultTypes(), [&](Type type) {
        return !llvm::is_contained(op->getOperandTypes(), type);
      });
      if (!newOutput)
        return;
      op->emitOpError()
          << "has a scalar first operand beside ranked tensor operands and a "
             "result type that no operand has, which upstream's "
             "convert-elementwise-to-linalg (LLVM 22, run by rng-to-llvm) "
             "cannot convert: put a tensor operand first or convert the op "
             "to linalg before the pipeline "
             "(docs/upstream/elementwise-to-linalg-scalar-first-operand.md)";
      anyFailed = true;
    });
    if (anyFailed)
      signalPassFailure();
  }
};

} // namespace
