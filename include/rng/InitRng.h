//===- InitRng.h - Register rng-mlir dialects and passes --------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// One-call registration for tools that embed rng-mlir, in the style of
// mlir/InitAllDialects.h and mlir/InitAllPasses.h. Library: RngRegistration
// (CMake: RngMLIR::RngRegistration, which links every rng-mlir library).
//
//   mlir::DialectRegistry registry;
//   mlir::registerAllDialects(registry);   // or only the dialects you use
//   mlir::rng::registerRngDialects(registry);
//   mlir::MLIRContext context(registry);
//   mlir::rng::registerRngPasses();        // for textual pipelines
//
// To build passes directly use rng/Conversion/Passes.h (create...Pass) and
// rng/Pipelines/Pipelines.h (build...Pipeline); to reuse our lowerings in a
// pass of your own, the populate...Patterns functions of
// rng/Conversion/<X>To<Y>/<X>To<Y>.h. The C API equivalents are in
// rng-c/Registration.h.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_INITRNG_H
#define RNG_INITRNG_H

#include "mlir/IR/DialectRegistry.h"

namespace mlir {
namespace rng {

/// Inserts every rng-mlir dialect into `registry`, with
/// registerRngPipelineExtensions. The dialects the lowerings produce (arith,
/// math, vector, tensor, ...) are loaded by the passes that produce them and
/// need no registration here.
void registerRngDialects(DialectRegistry &registry);

/// Registers the external models that the named pipelines need beyond the
/// dialects themselves: the bufferization models of arith, func, linalg,
/// scf, tensor and vector ops, for `rng-to-llvm`'s one-shot bufferization
/// of tensor programs (rng.bit_generator, ops on tensors, tensors read with
/// vector.transfer_read). mlir::registerAllDialects
/// includes them; a tool that registers only the dialects it uses gets them
/// from registerRngDialects (without them, `rng-to-llvm` reports "op was not
/// bufferized").
void registerRngPipelineExtensions(DialectRegistry &registry);

/// Registers every rng-mlir pass (the `convert-*` passes of
/// rng/Conversion/Passes.td) and named pipeline (`rng-to-llvm`, ...) with the
/// global pass registry, for `-pass-pipeline`, `PassManager` textual pipelines
/// and `mlir-opt`-style command lines. Safe to call more than once and from
/// several threads: only the first call registers.
void registerRngPasses();

} // namespace rng
} // namespace mlir

#endif // RNG_INITRNG_H
