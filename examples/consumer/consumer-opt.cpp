//===- consumer-opt.cpp - A compiler driver that embeds rng-mlir ----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The mlir-opt of a (toy) DSL compiler built against the installed RngMLIR
// package. It registers the rng-mlir dialects next to the upstream dialects
// it uses and adds a pass of its own, `consumer-lower-random`, that lowers
// every rng-mlir op inside the compiler's own dialect conversion through the
// rng-mlir populate functions: the universal ones, or with
// `nvvm-chip=sm_XX` those for NVIDIA GPUs. rng-mlir's passes and pipelines
// are registered too, so they can be mixed into its pipelines.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/DialectLowering.h"
#include "rng/Conversion/Common/Targets.h"
#include "rng/Conversion/RngToArith/RngToArith.h"
#include "rng/Conversion/RngToNVVM/RngToNVVM.h"
#include "rng/Conversion/RoundToArith/RoundToArith.h"
#include "rng/Conversion/RoundToNVVM/RoundToNVVM.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/InitRng.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace {

/// The compiler's lowering of random numbers: rng-mlir's universal or NVVM
/// lowering, applied by the compiler's own conversion (where its own patterns
/// would go).
struct LowerRandomPass final
    : PassWrapper<LowerRandomPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerRandomPass)

  LowerRandomPass() = default;
  LowerRandomPass(const LowerRandomPass &other) : PassWrapper(other) {}

  Option<std::string> nvvmChip{
      *this, "nvvm-chip",
      llvm::cl::desc("Lower for this NVIDIA chip (sm_90, sm_100a, ...) "
                     "instead of for any target"),
      llvm::cl::init("")};
  Option<bool> fastMath{
      *this, "fast-math",
      llvm::cl::desc("Approximate math functions for the normal distributions"),
      llvm::cl::init(false)};

  StringRef getArgument() const final { return "consumer-lower-random"; }
  StringRef getDescription() const final {
    return "Lower rng-mlir ops with rng-mlir's populate functions";
  }

  // The dialects the rng-mlir patterns produce.
  void getDependentDialects(DialectRegistry &registry) const final {
    registry.insert<arith::ArithDialect, linalg::LinalgDialect,
                    LLVM::LLVMDialect, math::MathDialect, NVVM::NVVMDialect,
                    tensor::TensorDialect, vector::VectorDialect>();
  }

  void runOnOperation() final {
    MLIRContext *context = &getContext();
    std::optional<rng::NVVMChip> chip;
    if (!nvvmChip.empty()) {
      chip = rng::parseNVVMChip(nvvmChip);
      if (!chip) {
        getOperation().emitError()
            << "consumer-lower-random: unknown NVIDIA chip '" << nvvmChip
            << "'; expected " << rng::getNVVMChipHelp();
        return signalPassFailure();
      }
    }

    // Unused draws are erased rather than expanded.
    rng::eraseDeadRngOps(getOperation());

    // The patterns are self-contained: ops that share a Philox block compute
    // it once, ranked tensors go through linalg.generic.
    arith::FastMathFlags mathFlags =
        fastMath ? arith::FastMathFlags::afn : arith::FastMathFlags::none;
    RewritePatternSet patterns(context);
    if (chip) {
      rng::populateRngToNVVMConversionPatterns(patterns, mathFlags);
      rng::populateRoundToNVVMConversionPatterns(patterns, *chip);
    } else {
      rng::RngLoweringOptions options;
      options.normalMathFlags = mathFlags;
      rng::populateRngToArithConversionPatterns(patterns, options);
      rng::populateRoundToArithConversionPatterns(patterns);
    }

    ConversionTarget target(*context);
    target.addIllegalDialect<rng::RngDialect, rounding::RoundDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

int main(int argc, char **argv) {
  DialectRegistry registry;
  registry.insert<arith::ArithDialect, func::FuncDialect, gpu::GPUDialect,
                  math::MathDialect, memref::MemRefDialect,
                  tensor::TensorDialect, vector::VectorDialect>();
  rng::registerRngDialects(registry);

  rng::registerRngPasses();
  PassRegistration<LowerRandomPass>();

  return asMainReturnCode(MlirOptMain(
      argc, argv, "A DSL compiler driver embedding rng-mlir\n", registry));
}
