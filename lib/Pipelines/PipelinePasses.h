//===- PipelinePasses.h - Helper passes of the pipelines --------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The pipelines' own constructors of the helper passes that take options
// (rng/Pipelines/Passes.h has the passes), and LLVM's target lookup.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_LIB_PIPELINES_PIPELINEPASSES_H
#define RNG_LIB_PIPELINES_PIPELINEPASSES_H

#include "rng/Pipelines/Passes.h"

#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace llvm {
class Target;
class Triple;
} // namespace llvm

namespace mlir {
namespace rng {

/// rng-hoist-gpu-module with its options: `pipeline` is named in its
/// diagnostics, `triple` set on the hoisted module.
std::unique_ptr<Pass> createHoistGpuModulePass(StringRef pipeline,
                                               StringRef triple);

/// rng-gpu-module-data-layout with the layout of LLVM's target for `triple`.
std::unique_ptr<Pass> createGpuModuleDataLayoutPass(StringRef triple);

/// rng-check-gpu-input with its options: `pipeline` is named in its
/// diagnostics, `targetDialect` and `chip` are the target it attaches.
std::unique_ptr<Pass> createCheckGpuPipelineInputPass(StringRef pipeline,
                                                      StringRef targetDialect,
                                                      StringRef chip);

/// LLVM's target for `triple` (its registry initialized once), or null with
/// the reason in `error`.
const llvm::Target *lookupLLVMTarget(const llvm::Triple &triple,
                                     std::string &error);

} // namespace rng
} // namespace mlir

#endif // RNG_LIB_PIPELINES_PIPELINEPASSES_H
