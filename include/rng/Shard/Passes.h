//===- Passes.h - rng-mlir passes for sharded programs ----------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The passes that take a program sharded with upstream's `shard` dialect to
// MPI on the CPU, generated from Passes.td: for each pass `<Name>Pass`,
// `create<Name>Pass()` and `register<Name>Pass()`, and
// registerRngShardPasses() for all of them (registerRngPasses() in
// rng/InitRng.h registers them and the pipeline of rng/Shard/Pipelines.h).
//
//===----------------------------------------------------------------------===//

#ifndef RNG_SHARD_PASSES_H
#define RNG_SHARD_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace rng {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "rng/Shard/Passes.h.inc"

/// The MPI libraries whose ABI upstream's MPI lowering knows.
enum class MPIImplementation { MPICH, OpenMPI };

/// The DLTI key naming the MPI implementation, as upstream's lowering reads
/// it from the module's `dlti.map`.
inline constexpr llvm::StringLiteral kMPIImplementationKey =
    "MPI:Implementation";

/// The implementation `module` names under kMPIImplementationKey: "OpenMPI"
/// or "MPICH", and MPICH when there is no such entry (upstream's default).
/// Any other value is reported on `module` as an error naming the allowed
/// values, prefixed by `passName`, and the result is failure.
FailureOr<MPIImplementation> getMPIImplementation(ModuleOp module,
                                                  StringRef passName);

} // namespace rng
} // namespace mlir

#endif // RNG_SHARD_PASSES_H
