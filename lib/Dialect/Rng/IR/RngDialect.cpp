//===- RngDialect.cpp - rng dialect ---------------------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Rng/IR/RngOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::rng;

#include "rng/Dialect/Rng/IR/RngOpsDialect.cpp.inc"

#include "rng/Dialect/Rng/IR/RngEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "rng/Dialect/Rng/IR/RngAttrs.cpp.inc"

namespace {
/// Every rng op is pure, has no region and does not refer to its enclosing
/// function, so it is legal to inline anywhere (`--inline` of a callee that
/// holds rng ops).
struct RngInlinerInterface final : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
};
} // namespace

void RngDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "rng/Dialect/Rng/IR/RngOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "rng/Dialect/Rng/IR/RngAttrs.cpp.inc"
      >();
  addInterfaces<RngInlinerInterface>();
}

Operation *RngDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed || typed.getType() != type ||
      !arith::ConstantOp::isBuildableWith(value, type))
    return nullptr;
  return arith::ConstantOp::create(builder, loc, type, typed);
}
