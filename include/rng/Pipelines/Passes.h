//===- Passes.h - Helper passes of the rng-mlir pipelines -------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The passes the named pipelines (rng/Pipelines/Pipelines.h) add around the
// conversion passes, generated from Passes.td: for each pass `<Name>Pass`,
// `create<Name>Pass()` (with `<Name>PassOptions` where it has options) and
// `register<Name>Pass()`, and registerRngPipelinePasses() for all of them
// (registerRngPasses() in rng/InitRng.h calls it).
//
//===----------------------------------------------------------------------===//

#ifndef RNG_PIPELINES_PASSES_H
#define RNG_PIPELINES_PASSES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace rng {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "rng/Pipelines/Passes.h.inc"

} // namespace rng
} // namespace mlir

#endif // RNG_PIPELINES_PASSES_H
