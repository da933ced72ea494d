//===- TestBitGeneratorElement.cpp - buildBitGeneratorElement in kernels --===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `test-rng-bit-generator-element` replaces each (unregistered) op
//
//   %v = "test.bit_generator_element"(%s0, %s1[, %s2], %e)
//          {algorithm = "three_fry" | "philox" | "default",
//           shape = array<i64: ...>} : (i64, i64[, i64], i64) -> iN
//
// by buildBitGeneratorElement: element %e (row-major) of the output of a
// rng.bit_generator of that algorithm and output type tensor<shape x iN>
// with state words %s0.. -- what a GPU kernel, which holds no tensors,
// computes in place of the tensor op. test/GPU/conformance-h200.sh runs such
// kernels on a GPU against the host model.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "rng/Conversion/RngToArith/BitGenerator.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {

struct TestBitGeneratorElementPass final
    : PassWrapper<TestBitGeneratorElementPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestBitGeneratorElementPass)

  StringRef getArgument() const final {
    return "test-rng-bit-generator-element";
  }
  StringRef getDescription() const final {
    return "Replace test.bit_generator_element ops by "
           "buildBitGeneratorElement";
  }
  void getDependentDialects(DialectRegistry &registry) const final {
    registry.insert<arith::ArithDialect, rng::RngDialect>();
  }

  /// The layout an op asks for, or a diagnostic on it.
  static FailureOr<rng::BitGeneratorLayout> getLayout(Operation *op) {
    auto fail = [&] {
      return op->emitOpError(
          "expects an `algorithm` (three_fry, philox or default), a "
          "`shape` array of sizes >= 0, 2 or 3 i64 state words (three_fry: "
          "2) and an i64 index, and one i8/i16/i32/i64 result");
    };
    auto algorithmName = op->getAttrOfType<StringAttr>("algorithm");
    auto shape = op->getAttrOfType<DenseI64ArrayAttr>("shape");
    if (!algorithmName || !shape || op->getNumResults() != 1)
      return fail();
    std::optional<rng::Algorithm> algorithm =
        rng::symbolizeAlgorithm(algorithmName.getValue());
    if (!algorithm)
      return fail();
    rng::Algorithm kind = *algorithm;
    unsigned numWords = op->getNumOperands() - 1;
    Type result = op->getResult(0).getType();
    unsigned width =
        result.isSignlessInteger() ? result.getIntOrFloatBitWidth() : 0;
    if ((numWords != 2 && numWords != 3) ||
        (width != 8 && width != 16 && width != 32 && width != 64) ||
        (kind == rng::Algorithm::ThreeFry && numWords != 2) ||
        llvm::any_of(op->getOperandTypes(),
                     [](Type t) { return !t.isSignlessInteger(64); }) ||
        llvm::any_of(shape.asArrayRef(), [](int64_t d) { return d < 0; }))
      return fail();
    return rng::BitGeneratorLayout(kind, numWords, shape.asArrayRef(), width);
  }

  void runOnOperation() final {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "test.bit_generator_element")
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      FailureOr<rng::BitGeneratorLayout> layout = getLayout(op);
      if (failed(layout))
        return signalPassFailure();
      OpBuilder builder(op);
      SmallVector<Value> state(op->getOperands().drop_back());
      Value value = rng::buildBitGeneratorElement(
          builder, op->getLoc(), *layout, state, op->getOperands().back());
      op->getResult(0).replaceAllUsesWith(value);
      op->erase();
    }
  }
};

} // namespace

void rng::test::registerTestBitGeneratorElementPass() {
  PassRegistration<TestBitGeneratorElementPass>();
}
