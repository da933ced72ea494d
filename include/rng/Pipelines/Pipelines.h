//===- Pipelines.h - rng-mlir pass pipelines --------------------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_PIPELINES_PIPELINES_H
#define RNG_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"

namespace mlir {
namespace rng {

/// Appends `rng-to-llvm` to `pm` (anchored on builtin.module): lowers our
/// dialects with their universal lowerings, then arith, math, vector, scf,
/// cf, memref, func (and ranked tensors, through bufferization) to the LLVM
/// dialect for the host CPU. The result runs with `mlir-runner`.
void buildRngToLLVMPipeline(OpPassManager &pm);

/// Registers the named pipelines (`rng-to-llvm`, ...) with the global pass
/// registry so that `rng-opt` and `PassManager::parse` know them.
void registerRngPipelines();

} // namespace rng
} // namespace mlir

#endif // RNG_PIPELINES_PIPELINES_H
