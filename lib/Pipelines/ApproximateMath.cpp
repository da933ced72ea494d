//===- ApproximateMath.cpp - Polynomial math where afn allows it ----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PipelinePasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_APPROXIMATEMATHPASS
#include "rng/Pipelines/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

namespace {

/// The math functions replaced: those of the normal distributions' formulas
/// (Box-Muller's log, sin and cos) that upstream approximates.
bool isApproximated(StringRef name) {
  static const llvm::StringSet<> names = {"log", "sin", "cos"};
  return names.contains(name.starts_with("math.") ? name.drop_front(5) : name);
}

/// rng-approximate-math: the f32 math.log, math.sin and math.cos that carry
/// `fastmath<afn>` (under `fast-math`, the normals' Box-Muller steps) become
/// upstream's polynomial approximations (populateMathPolynomialApproximation-
/// Patterns), which vectorize; without it LLVM calls libm's logf, sinf and
/// cosf once per lane. Ops without `afn` are left alone.
struct ApproximateMathPass final
    : rng::impl::ApproximateMathPassBase<ApproximateMathPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      auto flags = dyn_cast<arith::ArithFastMathInterface>(op);
      if (flags && isa<math::MathDialect>(op->getDialect()) &&
          isApproximated(op->getName().getStringRef()) &&
          arith::bitEnumContainsAll(flags.getFastMathFlagsAttr().getValue(),
                                    arith::FastMathFlags::afn))
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, isApproximated);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    (void)applyOpPatternsGreedily(ops, std::move(patterns), config);
  }
};

} // namespace
