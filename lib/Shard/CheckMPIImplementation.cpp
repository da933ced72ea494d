//===- CheckMPIImplementation.cpp - Check the module's MPI library --------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The MPI lowering picks the library's ABI from the module's DLTI entry
// "MPI:Implementation". LLVM 22 lowers for MPICH, with a warning, when the
// value is one it does not know (docs/upstream/mpi-unknown-implementation.md);
// here that is an error naming the values it knows.
//
//===----------------------------------------------------------------------===//

#include "rng/Shard/Passes.h"

#include "mlir/Dialect/DLTI/DLTI.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CHECKMPIIMPLEMENTATIONPASS
#include "rng/Shard/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

FailureOr<MPIImplementation> rng::getMPIImplementation(ModuleOp module,
                                                       StringRef passName) {
  // Without emitting errors: a module without the entry is valid (MPICH).
  FailureOr<Attribute> value =
      dlti::query(module, {kMPIImplementationKey}, /*emitError=*/false);
  if (failed(value))
    return MPIImplementation::MPICH;
  auto name = dyn_cast<StringAttr>(*value);
  if (name && name.getValue() == "OpenMPI")
    return MPIImplementation::OpenMPI;
  if (name && name.getValue() == "MPICH")
    return MPIImplementation::MPICH;
  module.emitError() << passName << ": unknown MPI implementation " << *value
                     << " in the module's dlti.map entry \""
                     << kMPIImplementationKey
                     << "\"; expected \"OpenMPI\" or \"MPICH\" (no entry "
                        "means \"MPICH\")";
  return failure();
}

namespace {
struct CheckMPIImplementationPass final
    : rng::impl::CheckMPIImplementationPassBase<CheckMPIImplementationPass> {
  void runOnOperation() override {
    if (failed(getMPIImplementation(getOperation(), getArgument())))
      signalPassFailure();
  }
};
} // namespace
