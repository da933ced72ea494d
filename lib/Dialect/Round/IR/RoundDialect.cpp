//===- RoundDialect.cpp - round dialect -----------------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/Dialect/Round/IR/RoundOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::rng::rounding;

#include "rng/Dialect/Round/IR/RoundOpsDialect.cpp.inc"

namespace {
/// Every round op is pure, has no region and does not refer to its
/// enclosing function, so it is legal to inline anywhere (`--inline` of a
/// callee that holds round ops).
struct RoundInlinerInterface final : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
};
} // namespace

void RoundDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "rng/Dialect/Round/IR/RoundOps.cpp.inc"
      >();
  addInterfaces<RoundInlinerInterface>();
}

Operation *RoundDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed || typed.getType() != type ||
      !arith::ConstantOp::isBuildableWith(value, type))
    return nullptr;
  return arith::ConstantOp::create(builder, loc, type, typed);
}
