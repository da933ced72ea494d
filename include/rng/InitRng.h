//===- InitRng.h - Register rng-mlir dialects and passes --------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// One-call registration for tools that embed rng-mlir, in the style of
// mlir/InitAllDialects.h and mlir/InitAllPasses.h.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_INITRNG_H
#define RNG_INITRNG_H

#include "mlir/IR/DialectRegistry.h"

namespace mlir {
namespace rng {

/// Inserts every rng-mlir dialect into `registry`.
void registerRngDialects(DialectRegistry &registry);

/// Registers every rng-mlir pass and named pipeline with the global pass
/// registry (for textual pipelines and `-pass-pipeline`).
void registerRngPasses();

} // namespace rng
} // namespace mlir

#endif // RNG_INITRNG_H
