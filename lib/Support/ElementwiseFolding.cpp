//===- ElementwiseFolding.cpp - Bounded folding of elementwise ops --------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Support/ElementwiseFolding.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::rng;

namespace {

/// The elements of one constant operand as bit patterns: one value for a
/// scalar or splat, else every element (read once, up front).
struct ConstantBits {
  SmallVector<uint64_t> values;
  bool isSplat = true;

  uint64_t operator[](int64_t index) const {
    return isSplat ? values.front() : values[index];
  }
};

} // namespace

/// The bit pattern of one element: an integer zero-extended (its low 64
/// bits if it is wider), a float's encoding.
static uint64_t toBits(const APInt &value) {
  return value.extractBitsAsZExtValue(std::min(value.getBitWidth(), 64u), 0);
}
static uint64_t toBits(const APFloat &value) {
  return toBits(value.bitcastToAPInt());
}

/// Reads `attr` as ConstantBits: nothing for anything but an integer or
/// float scalar or dense constant.
static std::optional<ConstantBits> readConstant(Attribute attr) {
  if (auto integer = dyn_cast_or_null<IntegerAttr>(attr))
    return ConstantBits{{toBits(integer.getValue())}, true};
  if (auto floating = dyn_cast_or_null<FloatAttr>(attr))
    return ConstantBits{{toBits(floating.getValue())}, true};
  auto dense = dyn_cast_or_null<DenseIntOrFPElementsAttr>(attr);
  if (!dense || !isa<IntegerType, FloatType>(dense.getElementType()))
    return std::nullopt;
  ConstantBits bits;
  bits.isSplat = dense.isSplat();
  bool isFloat = isa<FloatType>(dense.getElementType());
  if (bits.isSplat) {
    bits.values.push_back(isFloat ? toBits(dense.getSplatValue<APFloat>())
                                  : toBits(dense.getSplatValue<APInt>()));
    return bits;
  }
  bits.values.reserve(dense.getNumElements());
  if (isFloat)
    for (const APFloat &value : dense.getValues<APFloat>())
      bits.values.push_back(toBits(value));
  else
    for (const APInt &value : dense.getValues<APInt>())
      bits.values.push_back(toBits(value));
  return bits;
}

/// The attribute of `type` (a scalar or a shaped type) holding `bits`: one
/// pattern per element, or a single one for a scalar or splat.
static Attribute makeConstant(Type type, ArrayRef<uint64_t> bits) {
  Type elementType = getElementTypeOrSelf(type);
  unsigned width = elementType.getIntOrFloatBitWidth();
  auto toAPInt = [&](uint64_t value) {
    return APInt(width, value, /*isSigned=*/false, /*implicitTrunc=*/true);
  };
  auto shaped = dyn_cast<ShapedType>(type);
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    SmallVector<APFloat> values;
    values.reserve(bits.size());
    for (uint64_t value : bits)
      values.emplace_back(semantics, toAPInt(value));
    if (!shaped)
      return FloatAttr::get(floatType, values.front());
    return DenseElementsAttr::get(shaped, values);
  }
  SmallVector<APInt> values;
  values.reserve(bits.size());
  for (uint64_t value : bits)
    values.push_back(toAPInt(value));
  if (!shaped)
    return IntegerAttr::get(elementType, values.front());
  return DenseElementsAttr::get(shaped, values);
}

LogicalResult
rng::foldElementwiseConstants(Operation *op, ArrayRef<Attribute> operands,
                              ElementwiseFoldFn eval,
                              SmallVectorImpl<OpFoldResult> &results) {
  // Check the shapes before reading any element: a constant above the
  // limit costs nothing.
  bool allSplat = llvm::all_of(operands, [](Attribute attr) {
    auto dense = dyn_cast_or_null<DenseElementsAttr>(attr);
    return isa_and_nonnull<IntegerAttr, FloatAttr>(attr) ||
           (dense && dense.isSplat());
  });
  int64_t count = 1;
  for (Type type : op->getResultTypes()) {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped)
      continue;
    auto vector = dyn_cast<VectorType>(type);
    bool scalable = vector && vector.isScalable();
    // Splat results of scalable vectors are fine; anything else needs a
    // static, fixed shape, and a non-splat one at most the limit.
    if (!(allSplat && scalable) && !shaped.hasStaticShape())
      return failure();
    if (!allSplat) {
      if (scalable || shaped.getNumElements() > kMaxFoldedElements)
        return failure();
      count = shaped.getNumElements();
    }
  }

  SmallVector<ConstantBits> inputs;
  inputs.reserve(operands.size());
  for (Attribute attr : operands) {
    std::optional<ConstantBits> bits = readConstant(attr);
    if (!bits || (!bits->isSplat && int64_t(bits->values.size()) != count))
      return failure();
    inputs.push_back(std::move(*bits));
  }

  unsigned numResults = op->getNumResults();
  SmallVector<SmallVector<uint64_t>> outputs(numResults);
  for (SmallVector<uint64_t> &output : outputs)
    output.reserve(count);
  SmallVector<uint64_t> in(inputs.size()), out(numResults);
  for (int64_t e = 0; e < count; ++e) {
    for (auto [j, input] : llvm::enumerate(inputs))
      in[j] = input[e];
    eval(in, out);
    for (unsigned r = 0; r < numResults; ++r)
      outputs[r].push_back(out[r]);
  }
  for (unsigned r = 0; r < numResults; ++r)
    results.push_back(makeConstant(op->getResult(r).getType(), outputs[r]));
  return success();
}

OpFoldResult rng::foldElementwiseConstants(Operation *op,
                                           ArrayRef<Attribute> operands,
                                           ElementwiseFoldFn eval) {
  SmallVector<OpFoldResult, 1> results;
  if (failed(foldElementwiseConstants(op, operands, eval, results)))
    return {};
  return results.front();
}
