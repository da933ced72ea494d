//===- rng-opt.cpp - rng-mlir optimizer driver ----------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// mlir-opt with the rng-mlir dialects, passes and pipelines added to every
// upstream dialect, extension and pass, so that user pipelines can mix them.
// Built a second time as rng-test-opt (RNG_INCLUDE_TEST_PASSES), which adds
// the test-only passes of test/lib and is not installed. `--version` prints
// LLVM's version and then rng-mlir's (RNG_MLIR_VERSION, the CMake project's
// version).
//
//===----------------------------------------------------------------------===//

#include "rng/InitRng.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#ifdef RNG_INCLUDE_TEST_PASSES
// Test-only passes (test/lib), as mlir-opt registers upstream's.
namespace mlir::rng::test {
void registerTestPasses();
} // namespace mlir::rng::test
#endif

/// The line `--version` adds after LLVM's.
static void printRngMLIRVersion(llvm::raw_ostream &os) {
  os << "rng-mlir version " << RNG_MLIR_VERSION << "\n";
}

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter(printRngMLIRVersion);
  mlir::registerAllPasses();
  mlir::rng::registerRngPasses();
#ifdef RNG_INCLUDE_TEST_PASSES
  mlir::rng::test::registerTestPasses();
#endif

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::rng::registerRngDialects(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "rng-mlir optimizer driver\n", registry));
}
