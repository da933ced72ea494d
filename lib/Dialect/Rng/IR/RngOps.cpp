//===- RngOps.cpp - rng dialect operations --------------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Support/Philox.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::rng;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Checks the `rounds` attribute of any rng op.
static LogicalResult verifyRounds(Operation *op, uint32_t rounds) {
  if (rounds < kMinPhiloxRounds || rounds > kMaxPhiloxRounds)
    return op->emitOpError("attribute 'rounds' must be in [")
           << kMinPhiloxRounds << ", " << kMaxPhiloxRounds
           << "] (Philox round count), but got " << int32_t(rounds);
  return success();
}

/// Returns the element values of a constant operand as `numElements` APInts:
/// an IntegerAttr is broadcast, a DenseIntElementsAttr is read element by
/// element. Returns std::nullopt for anything else.
static std::optional<SmallVector<APInt>>
getConstantElements(Attribute attr, int64_t numElements) {
  if (auto intAttr = dyn_cast_or_null<IntegerAttr>(attr))
    return SmallVector<APInt>(numElements, intAttr.getValue());
  auto dense = dyn_cast_or_null<DenseIntElementsAttr>(attr);
  if (!dense || (!dense.isSplat() && dense.getNumElements() != numElements))
    return std::nullopt;
  if (dense.isSplat())
    return SmallVector<APInt>(numElements, dense.getSplatValue<APInt>());
  return llvm::to_vector(dense.getValues<APInt>());
}

/// Number of elements of a scalar (1) or statically shaped type.
static int64_t getNumElements(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getNumElements();
  return 1;
}

/// Builds the attribute holding `values` for a scalar or shaped `type`.
static Attribute makeConstant(Type type, ArrayRef<APInt> values) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return DenseElementsAttr::get(shaped, values);
  return IntegerAttr::get(type, values.front());
}

//===----------------------------------------------------------------------===//
// Philox4x32Op
//===----------------------------------------------------------------------===//

void Philox4x32Op::build(OpBuilder &builder, OperationState &state, Value c0,
                         Value c1, Value c2, Value c3, Value k0, Value k1,
                         unsigned rounds) {
  Type type = c0.getType();
  build(builder, state, type, type, type, type, c0, c1, c2, c3, k0, k1,
        builder.getI32IntegerAttr(rounds));
}

LogicalResult Philox4x32Op::verify() {
  if (failed(verifyRounds(*this, getRounds())))
    return failure();
  Type counterType = getC0().getType();
  Type keyType = getK0().getType();
  if (keyType != counterType && !keyType.isInteger(32))
    return emitOpError("key type ")
           << keyType << " must be scalar i32 or the counter type "
           << counterType;
  if (isa<ShapedType>(counterType) &&
      !cast<ShapedType>(counterType).hasStaticShape())
    return emitOpError("counter type ")
           << counterType << " must have a static shape";
  return success();
}

LogicalResult
Philox4x32Op::fold(FoldAdaptor adaptor,
                   SmallVectorImpl<OpFoldResult> &results) {
  Type type = getC0().getType();
  int64_t n = getNumElements(type);
  SmallVector<SmallVector<APInt>> operands;
  for (Attribute attr : adaptor.getOperands()) {
    std::optional<SmallVector<APInt>> values = getConstantElements(attr, n);
    if (!values)
      return failure();
    operands.push_back(std::move(*values));
  }
  SmallVector<APInt> words[4];
  for (int64_t i = 0; i < n; ++i) {
    std::array<uint32_t, 4> counter;
    for (unsigned j = 0; j < 4; ++j)
      counter[j] = operands[j][i].getZExtValue();
    std::array<uint32_t, 2> key = {uint32_t(operands[4][i].getZExtValue()),
                                   uint32_t(operands[5][i].getZExtValue())};
    std::array<uint32_t, 4> x = philox4x32(counter, key, getRounds());
    for (unsigned j = 0; j < 4; ++j)
      words[j].push_back(APInt(32, x[j]));
  }
  for (unsigned j = 0; j < 4; ++j)
    results.push_back(makeConstant(type, words[j]));
  return success();
}

#define GET_OP_CLASSES
#include "rng/Dialect/Rng/IR/RngOps.cpp.inc"
