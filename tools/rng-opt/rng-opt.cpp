//===- rng-opt.cpp - rng-mlir optimizer driver ----------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// mlir-opt with the rng-mlir dialects, passes and pipelines added to every
// upstream dialect, extension and pass, so that user pipelines can mix them.
//
//===----------------------------------------------------------------------===//

#include "rng/InitRng.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

// Test-only passes (test/lib), as mlir-opt registers upstream's.
namespace mlir::rng::test {
void registerTestPasses();
} // namespace mlir::rng::test

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::rng::registerRngPasses();
  mlir::rng::test::registerTestPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::rng::registerRngDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "rng-mlir optimizer driver\n", registry));
}
