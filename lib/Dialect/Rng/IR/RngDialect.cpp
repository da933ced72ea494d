//===- RngDialect.cpp - rng dialect ---------------------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Rng/IR/RngOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::rng;

#include "rng/Dialect/Rng/IR/RngOpsDialect.cpp.inc"

#include "rng/Dialect/Rng/IR/RngEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "rng/Dialect/Rng/IR/RngAttrs.cpp.inc"

void RngDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "rng/Dialect/Rng/IR/RngOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "rng/Dialect/Rng/IR/RngAttrs.cpp.inc"
      >();
}

Operation *RngDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed || typed.getType() != type ||
      !arith::ConstantOp::isBuildableWith(value, type))
    return nullptr;
  return arith::ConstantOp::create(builder, loc, type, typed);
}
