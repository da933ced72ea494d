//===- Registration.cpp - Python bindings: what every Context knows -------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Kept apart from the bindings proper: the InitAll* headers are expensive to
// compile, and this is the only file that needs them.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "rng/InitRng.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include <mutex>

using namespace mlir;

void rng_python::populateRegistry(DialectRegistry &registry) {
  // The same set as rng-opt: every upstream dialect, the extensions (NVVM and
  // ROCDL target attributes among them, for gpu-module-to-binary) and the
  // LLVM IR translations (for the ExecutionEngine and the GPU targets).
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  rng::registerRngDialects(registry);
}

void rng_python::registerAllPassesOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerAllPasses();
    rng::registerRngPasses();
  });
}

const std::vector<std::string> &rng_python::getRngDialectNamespaces() {
  static const std::vector<std::string> names = [] {
    DialectRegistry registry;
    rng::registerRngDialects(registry);
    std::vector<std::string> result;
    for (StringRef name : registry.getDialectNames())
      result.push_back(name.str());
    return result;
  }();
  return names;
}
