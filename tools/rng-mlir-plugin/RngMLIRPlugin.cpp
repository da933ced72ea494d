//===- RngMLIRPlugin.cpp - rng-mlir as a plugin of stock mlir-opt ---------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// libRngMLIRPlugin.so: a dialect plugin and a pass plugin in one shared
// library, as upstream's mlir/examples/standalone, so that an mlir-opt built
// without rng-mlir (Debian's /usr/lib/llvm-22/bin/mlir-opt) parses the rng
// and round dialects and runs our passes and pipelines:
//
//   mlir-opt --load-dialect-plugin=libRngMLIRPlugin.so \
//            --load-pass-plugin=libRngMLIRPlugin.so \
//            --pass-pipeline='builtin.module(rng-to-llvm)' file.mlir
//
// The library links the shared libMLIR.so that such an mlir-opt loads, so the
// process holds one MLIR.
//
//===----------------------------------------------------------------------===//

#include "rng/InitRng.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

/// The dialect plugin: registers the rng and round dialects.
extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "RngMLIR", RNG_MLIR_VERSION,
          [](mlir::DialectRegistry *registry) {
            mlir::rng::registerRngDialects(*registry);
          }};
}

/// The pass plugin: registers every rng-mlir pass and named pipeline
/// (`convert-rng-to-arith`, ..., `rng-to-llvm`, `rng-to-nvvm`,
/// `rng-to-rocdl`).
extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "RngMLIRPasses", RNG_MLIR_VERSION,
          []() { mlir::rng::registerRngPasses(); }};
}
