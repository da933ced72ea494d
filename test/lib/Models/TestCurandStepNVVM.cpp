//===- TestCurandStepNVVM.cpp - cuRAND's NVVM steps on their own ----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `test-rng-curand-step-nvvm` replaces each (unregistered) op
//
//   %y = "test.curand_step"(%x) {step = "minus_two_log_f32"} : (T) -> T
//
// by rng::buildCurandStepNVVM of that step: the instructions
// convert-rng-to-nvvm emits for one step of cuRAND's Box-Muller transforms,
// outside of an op. The steps made of IEEE operations alone (-2 logf(u):
// an fma chain) then run on the host, where
// test/Conversion/RngToNVVM/curand-log.test compares them with libdevice
// itself.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "rng/Conversion/Common/Curand.h"
#include "rng/Conversion/RngToNVVM/RngToNVVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

namespace {

struct TestCurandStepNVVMPass final
    : PassWrapper<TestCurandStepNVVMPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestCurandStepNVVMPass)

  StringRef getArgument() const final { return "test-rng-curand-step-nvvm"; }
  StringRef getDescription() const final {
    return "Replace test.curand_step ops by rng::buildCurandStepNVVM";
  }
  void getDependentDialects(DialectRegistry &registry) const final {
    registry
        .insert<arith::ArithDialect, LLVM::LLVMDialect, math::MathDialect>();
  }

  void runOnOperation() final {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "test.curand_step")
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      auto name = op->getAttrOfType<StringAttr>("step");
      std::optional<rng::CurandStep> step =
          name ? llvm::StringSwitch<std::optional<rng::CurandStep>>(
                     name.getValue())
                     .Case("minus_two_log_f32", rng::CurandStep::MinusTwoLogF32)
                     .Default(std::nullopt)
               : std::nullopt;
      if (!step || op->getNumOperands() != 1 || op->getNumResults() != 1 ||
          op->getOperand(0).getType() != op->getResult(0).getType() ||
          !getElementTypeOrSelf(op->getResult(0).getType()).isF32()) {
        op->emitOpError("expects `step` minus_two_log_f32 and one f32 (or "
                        "vector of f32) operand and result of one type");
        return signalPassFailure();
      }
      OpBuilder builder(op);
      Value value = rng::buildCurandStepNVVM(builder, op->getLoc(), *step,
                                             op->getOperand(0));
      if (!value) {
        op->emitOpError("has no NVVM form of this step for its type");
        return signalPassFailure();
      }
      op->getResult(0).replaceAllUsesWith(value);
      op->erase();
    }
  }
};

} // namespace

void rng::test::registerTestCurandStepNVVMPass() {
  PassRegistration<TestCurandStepNVVMPass>();
}
