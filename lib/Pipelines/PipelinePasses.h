//===- PipelinePasses.h - Helper passes of the pipelines --------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The passes the rng-to-llvm, rng-to-nvvm and rng-to-rocdl pipelines add
// around the conversion passes: input checks, workarounds for upstream
// passes, and the GPU module steps. Each is registered (Pipelines.cpp), so
// that a printed pipeline parses back; the constructors with arguments are
// the pipelines' own.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_LIB_PIPELINES_PIPELINEPASSES_H
#define RNG_LIB_PIPELINES_PIPELINEPASSES_H

#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace llvm {
class Target;
class Triple;
} // namespace llvm

namespace mlir {
namespace rng {

/// rng-hoist-gpu-module (HoistGpuModule.cpp); `pipeline` is named in its
/// diagnostics, `triple` set on the hoisted module.
std::unique_ptr<Pass> createHoistGpuModulePass();
std::unique_ptr<Pass> createHoistGpuModulePass(StringRef pipeline,
                                               StringRef triple);

/// rng-gpu-module-data-layout (GpuModuleDataLayout.cpp), with the layout of
/// LLVM's target for `triple`.
std::unique_ptr<Pass> createGpuModuleDataLayoutPass();
std::unique_ptr<Pass> createGpuModuleDataLayoutPass(StringRef triple);

/// rng-check-gpu-input (CheckGpuPipelineInput.cpp); `pipeline` is named in
/// its diagnostics, `targetDialect` and `chip` are the target it attaches.
std::unique_ptr<Pass> createCheckGpuPipelineInputPass();
std::unique_ptr<Pass> createCheckGpuPipelineInputPass(StringRef pipeline,
                                                      StringRef targetDialect,
                                                      StringRef chip);

/// rng-approximate-math (ApproximateMath.cpp).
std::unique_ptr<Pass> createApproximateMathPass();

/// rng-unroll-vector-sincos (UnrollVectorSincos.cpp).
std::unique_ptr<Pass> createUnrollVectorSincosPass();

/// rng-expand-vector-mului-extended (ExpandVectorMulUIExtended.cpp).
std::unique_ptr<Pass> createExpandVectorMulUIExtendedPass();

/// rng-check-scalable-vectors (CheckScalableVectors.cpp).
std::unique_ptr<Pass> createCheckScalableVectorsPass();

/// rng-check-elementwise-to-linalg-input (CheckElementwiseToLinalgInput.cpp).
std::unique_ptr<Pass> createCheckElementwiseToLinalgInputPass();

/// LLVM's target for `triple` (its registry initialized once), or null with
/// the reason in `error`.
const llvm::Target *lookupLLVMTarget(const llvm::Triple &triple,
                                     std::string &error);

} // namespace rng
} // namespace mlir

#endif // RNG_LIB_PIPELINES_PIPELINEPASSES_H
