//===- TestEmulateGpuInstructions.cpp - Run target ops on the CPU ---------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `test-rng-emulate-gpu-instructions` replaces every NVVM / AMDGPU operation
// our target lowerings emit by its model, so that a module lowered with
// convert-round-to-nvvm / -rocdl or convert-rng-to-nvvm runs on the host
// (rng-to-llvm + mlir-runner) and can be compared bit for bit with the
// universal lowering.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace {

struct TestEmulateGpuInstructionsPass final
    : PassWrapper<TestEmulateGpuInstructionsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestEmulateGpuInstructionsPass)

  TestEmulateGpuInstructionsPass() = default;
  TestEmulateGpuInstructionsPass(const TestEmulateGpuInstructionsPass &pass)
      : PassWrapper(pass) {}

  StringRef getArgument() const final {
    return "test-rng-emulate-gpu-instructions";
  }
  StringRef getDescription() const final {
    return "Replace the NVVM/AMDGPU instructions of the rng-mlir target "
           "lowerings by arith models of their documented semantics";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, vector::VectorDialect>();
  }

  void runOnOperation() override {
    if (amdFp8 != "fnuz" && amdFp8 != "ocp") {
      getOperation()->emitError()
          << "test-rng-emulate-gpu-instructions: amd-fp8 must be 'fnuz' "
             "(gfx942) or 'ocp' (gfx950), got '"
          << amdFp8 << "'";
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    rng::test::populateNVVMModelPatterns(patterns);
    rng::test::populateROCDLModelPatterns(patterns, amdFp8 == "fnuz");
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }

  Option<std::string> amdFp8{
      *this, "amd-fp8",
      llvm::cl::desc("Meaning of rocdl.cvt.sr.{fp8,bf8}.f32: fnuz (gfx942) "
                     "or ocp (gfx950)"),
      llvm::cl::init("ocp")};
};

} // namespace

void rng::test::registerTestPasses() {
  PassRegistration<TestEmulateGpuInstructionsPass>();
  registerTestLowerGreedilyPass();
  registerTestBitGeneratorElementPass();
  registerTestCurandStepNVVMPass();
}
