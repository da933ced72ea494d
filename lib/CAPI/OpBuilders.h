//===- OpBuilders.h - Shared helper of the C op builders --------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// createVerifiedOp: the body of every mlir<Dialect><Op>Create function of the
// C API, so that a new op's C builder is a one-line call.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_LIB_CAPI_OPBUILDERS_H
#define RNG_LIB_CAPI_OPBUILDERS_H

#include "mlir-c/IR.h"
#include "mlir/CAPI/IR.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include <initializer_list>
#include <utility>

namespace mlir {
namespace rng {
namespace capi {

/// A value or type argument of a C builder call, named for the diagnostic
/// that reports it null.
class NamedArgument {
public:
  NamedArgument(const char *name, MlirValue value)
      : name(name), kind("operand"), isNull(mlirValueIsNull(value)),
        context(isNull ? nullptr : unwrap(value).getContext()) {}
  NamedArgument(const char *name, MlirType type)
      : name(name), kind("type"), isNull(mlirTypeIsNull(type)),
        context(isNull ? nullptr : unwrap(type).getContext()) {}

  const char *name;
  const char *kind;
  bool isNull;
  MLIRContext *context;
};

/// Creates a detached `OpTy` at `location` with `OpTy::build(builder, state,
/// args...)` and returns it, after loading `DialectTy` into the context.
/// Returns a null operation, with an error emitted at `location`, when an
/// entry of `arguments` is null or the new op fails verification (the op is
/// then destroyed; its diagnostics carry no "see current operation" note,
/// which could only print the detached op's operands as unknown values).
///
/// For an op with inferred result types, ODS's builder aborts the process if
/// inference fails. The inference of every rng-mlir op therefore succeeds for
/// operands of any type (the Triton family takes the offset's shape, the rest
/// copy an operand's type) and leaves bad types to verify(): keep it so for
/// new ops that get a C builder.
template <typename DialectTy, typename OpTy, typename... Args>
MlirOperation createVerifiedOp(MlirLocation location,
                               std::initializer_list<NamedArgument> arguments,
                               Args &&...args) {
  // Without a location there is no context to report in: a null operation.
  if (mlirLocationIsNull(location))
    return MlirOperation{nullptr};
  Location loc = unwrap(location);
  for (const NamedArgument &argument : arguments) {
    if (argument.isNull) {
      emitError(loc) << "cannot build '" << OpTy::getOperationName()
                     << "': " << argument.kind << " '" << argument.name
                     << "' is null";
      return MlirOperation{nullptr};
    }
    if (argument.context != loc.getContext()) {
      emitError(loc) << "cannot build '" << OpTy::getOperationName()
                     << "': " << argument.kind << " '" << argument.name
                     << "' belongs to another MLIRContext than the location";
      return MlirOperation{nullptr};
    }
  }
  MLIRContext *context = loc.getContext();
  context->getOrLoadDialect<DialectTy>();
  OpBuilder builder(context);
  OpTy op = OpTy::create(builder, loc, std::forward<Args>(args)...);
  // The op is detached: a "see current operation" note on its diagnostics
  // would print its operands as <<UNKNOWN SSA VALUE>>, so verify without.
  bool printOp = context->shouldPrintOpOnDiagnostic();
  context->printOpOnDiagnostic(false);
  LogicalResult verified = verify(op, /*verifyRecursively=*/false);
  context->printOpOnDiagnostic(printOp);
  if (failed(verified)) {
    op->erase();
    return MlirOperation{nullptr};
  }
  return wrap(op.getOperation());
}

} // namespace capi
} // namespace rng
} // namespace mlir

#endif // RNG_LIB_CAPI_OPBUILDERS_H
