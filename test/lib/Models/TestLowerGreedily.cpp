//===- TestLowerGreedily.cpp - The rng lowerings under the greedy driver --===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `test-rng-lower-greedily` applies the universal patterns of both dialects
// (populateRngToArithConversionPatterns,
// populateRoundToArithConversionPatterns) with the greedy pattern driver
// instead of the conversion driver that convert-rng-to-arith and
// convert-round-to-arith use: the patterns promise to work under either,
// whatever order the driver visits ops in (option `top-down`: the driver's
// traversal; folding is off, so that the test sees what the patterns build).
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "rng/Conversion/RngToArith/RngToArith.h"
#include "rng/Conversion/RoundToArith/RoundToArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace {

struct TestLowerGreedilyPass final
    : PassWrapper<TestLowerGreedilyPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLowerGreedilyPass)

  TestLowerGreedilyPass() = default;
  TestLowerGreedilyPass(const TestLowerGreedilyPass &pass)
      : PassWrapper(pass) {}

  StringRef getArgument() const final { return "test-rng-lower-greedily"; }
  StringRef getDescription() const final {
    return "Lower the rng and round dialects with the greedy pattern driver";
  }
  void getDependentDialects(DialectRegistry &registry) const final {
    registry.insert<arith::ArithDialect, linalg::LinalgDialect,
                    math::MathDialect, scf::SCFDialect, tensor::TensorDialect,
                    vector::VectorDialect>();
  }

  void runOnOperation() final {
    RewritePatternSet patterns(&getContext());
    rng::RngLoweringOptions options;
    options.branchOnRareInputs = branchOnRareInputs;
    rng::populateRngToArithConversionPatterns(patterns, options);
    rng::populateRoundToArithConversionPatterns(patterns);
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(topDown).enableFolding(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
    WalkResult left = getOperation()->walk([](Operation *op) {
      StringRef dialect = op->getName().getDialectNamespace();
      if (dialect != "rng" && dialect != "round")
        return WalkResult::advance();
      op->emitError("test-rng-lower-greedily: op left unlowered");
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }

  Option<bool> topDown{*this, "top-down",
                       llvm::cl::desc("Visit ops top-down (default: the "
                                      "greedy driver's bottom-up order)"),
                       llvm::cl::init(false)};
  Option<bool> branchOnRareInputs{
      *this, "branch-on-rare-inputs",
      llvm::cl::desc("RngLoweringOptions::branchOnRareInputs (scalar "
                     "rng.jax_normal: scf.if around the tail polynomial)"),
      llvm::cl::init(false)};
};

} // namespace

void rng::test::registerTestLowerGreedilyPass() {
  PassRegistration<TestLowerGreedilyPass>();
}
