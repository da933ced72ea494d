//===- RngOps.cpp - rng dialect operations --------------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Support/Philox.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
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

/// Returns true for a constant whose elements are all equal: an IntegerAttr
/// or a splat DenseIntElementsAttr.
static bool isSplatConstant(Attribute attr) {
  if (isa_and_nonnull<IntegerAttr>(attr))
    return true;
  auto dense = dyn_cast_or_null<DenseIntElementsAttr>(attr);
  return dense && dense.isSplat();
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

LogicalResult Philox4x32Op::verify() {
  if (failed(verifyRounds(*this, getRounds())))
    return failure();
  Type counterType = getC0().getType();
  Type keyType = getK0().getType();
  if (keyType != counterType && !keyType.isInteger(32))
    return emitOpError("key type ")
           << keyType << " must be scalar i32 or the counter type "
           << counterType;
  return success();
}

LogicalResult Philox4x32Op::fold(FoldAdaptor adaptor,
                                 SmallVectorImpl<OpFoldResult> &results) {
  Type type = getC0().getType();
  // All-splat constants fold to splats (the only constants of scalable
  // vector types; a splat of 10^8 elements must not be expanded); other
  // constants need a static shape.
  auto shaped = dyn_cast<ShapedType>(type);
  int64_t n = 1;
  if (!llvm::all_of(adaptor.getOperands(), isSplatConstant)) {
    if (shaped && !shaped.hasStaticShape())
      return failure();
    n = getNumElements(type);
  }
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

//===----------------------------------------------------------------------===//
// Triton-compatible family: randint, randint4x, rand, rand4x, randn, randn4x
//===----------------------------------------------------------------------===//

/// Infers the `count` results of a Triton-family op: the offset's shape with
/// `elementType`. Lenient on purpose: the operand types are checked by the
/// ODS constraints and verify(), which give better messages.
static LogicalResult inferTritonResultTypes(std::optional<Location> location,
                                            ValueRange operands,
                                            Type elementType, unsigned count,
                                            SmallVectorImpl<Type> &types) {
  if (operands.size() != 2)
    return emitOptionalError(location, "expected 2 operands (seed, offset)");
  types.append(count,
               getTypeWithElementType(operands[1].getType(), elementType));
  return success();
}

/// Checks what the type constraints and the Elementwise trait cannot: the
/// round count and a seed that is scalar or shaped like the offset.
static LogicalResult verifyTritonOp(Operation *op, Type seedType,
                                    Type offsetType, uint32_t rounds) {
  if (failed(verifyRounds(op, rounds)))
    return failure();
  // A shaped seed must be the offset's type up to the element type (same
  // kind, shape and tensor encoding).
  if (isa<ShapedType>(seedType) && !haveSameShape(seedType, offsetType))
    return op->emitOpError("seed type ")
           << seedType
           << " must be a scalar or the offset's vector or tensor type up "
              "to the element type, but the offset type is "
           << offsetType;
  return success();
}

/// Evaluates the Philox words of a Triton-family op whose seed and offset
/// are constants (see tritonRandint4x): one block per element, or a single
/// block when both constants are splats (the results are then splats too).
/// Returns std::nullopt if either operand is not a constant.
static std::optional<SmallVector<std::array<uint32_t, 4>>>
foldTritonWords(Attribute seedAttr, Attribute offsetAttr, Type offsetType,
                uint32_t rounds) {
  if (auto shaped = dyn_cast<ShapedType>(offsetType);
      shaped && !shaped.hasStaticShape())
    return std::nullopt;
  int64_t numElements = isSplatConstant(seedAttr) && isSplatConstant(offsetAttr)
                            ? 1
                            : getNumElements(offsetType);
  std::optional<SmallVector<APInt>> seeds =
      getConstantElements(seedAttr, numElements);
  std::optional<SmallVector<APInt>> offsets =
      getConstantElements(offsetAttr, numElements);
  if (!seeds || !offsets)
    return std::nullopt;
  bool offsetIs64Bit = getElementTypeOrSelf(offsetType).isInteger(64);
  SmallVector<std::array<uint32_t, 4>> words;
  words.reserve(numElements);
  for (int64_t i = 0; i < numElements; ++i)
    words.push_back(tritonRandint4x((*seeds)[i].getSExtValue(),
                                    (*offsets)[i].getZExtValue(), offsetIs64Bit,
                                    rounds));
  return words;
}

/// Builds the constant of `type` holding `scalars` (one per element, or a
/// single one for a splat).
static Attribute makeTritonConstant(Type type, ArrayRef<Attribute> scalars) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped)
    return scalars.front();
  if (scalars.size() == 1)
    return DenseElementsAttr::get(shaped, scalars.front());
  return DenseElementsAttr::get(shaped, scalars);
}

/// Builds the constant of `type` (i32-like) holding word `index` of `words`.
static Attribute makeWordConstant(Type type,
                                  ArrayRef<std::array<uint32_t, 4>> words,
                                  unsigned index) {
  Type i32 = getElementTypeOrSelf(type);
  SmallVector<Attribute> scalars;
  scalars.reserve(words.size());
  for (const std::array<uint32_t, 4> &block : words)
    scalars.push_back(IntegerAttr::get(i32, APInt(32, block[index])));
  return makeTritonConstant(type, scalars);
}

/// Builds the constant of `type` (f32-like) holding u2f of word `index` of
/// `words`.
static Attribute makeUniformConstant(Type type,
                                     ArrayRef<std::array<uint32_t, 4>> words,
                                     unsigned index) {
  Type f32 = getElementTypeOrSelf(type);
  SmallVector<Attribute> scalars;
  scalars.reserve(words.size());
  for (const std::array<uint32_t, 4> &block : words)
    scalars.push_back(
        FloatAttr::get(f32, APFloat(uint32ToUniformFloat(block[index]))));
  return makeTritonConstant(type, scalars);
}

#define RNG_DEFINE_TRITON_OP_COMMON(OpTy, ElementType, Count)                  \
  LogicalResult OpTy::inferReturnTypes(                                        \
      MLIRContext *context, std::optional<Location> location,                  \
      ValueRange operands, DictionaryAttr, OpaqueProperties, RegionRange,      \
      SmallVectorImpl<Type> &inferredReturnTypes) {                            \
    return inferTritonResultTypes(location, operands,                          \
                                  Builder(context).get##ElementType##Type(),   \
                                  Count, inferredReturnTypes);                 \
  }                                                                            \
  LogicalResult OpTy::verify() {                                               \
    return verifyTritonOp(*this, getSeed().getType(), getOffset().getType(),   \
                          getRounds());                                        \
  }

RNG_DEFINE_TRITON_OP_COMMON(RandIntOp, I32, 1)
RNG_DEFINE_TRITON_OP_COMMON(RandInt4xOp, I32, 4)
RNG_DEFINE_TRITON_OP_COMMON(RandOp, F32, 1)
RNG_DEFINE_TRITON_OP_COMMON(Rand4xOp, F32, 4)
RNG_DEFINE_TRITON_OP_COMMON(RandnOp, F32, 1)
RNG_DEFINE_TRITON_OP_COMMON(Randn4xOp, F32, 4)

#undef RNG_DEFINE_TRITON_OP_COMMON

/// Folds a Triton-family integer or uniform op with constant operands: the
/// results are `makeConstant(resultType, words, i)` for its results i.
template <typename OpTy, typename MakeConstant>
static LogicalResult foldTritonOp(OpTy op, typename OpTy::FoldAdaptor adaptor,
                                  MakeConstant makeConstant,
                                  SmallVectorImpl<OpFoldResult> &results) {
  std::optional<SmallVector<std::array<uint32_t, 4>>> words =
      foldTritonWords(adaptor.getSeed(), adaptor.getOffset(),
                      op.getOffset().getType(), op.getRounds());
  if (!words)
    return failure();
  for (auto [i, result] : llvm::enumerate(op->getResults()))
    results.push_back(makeConstant(result.getType(), *words, i));
  return success();
}

OpFoldResult RandIntOp::fold(FoldAdaptor adaptor) {
  SmallVector<OpFoldResult, 1> results;
  if (failed(foldTritonOp(*this, adaptor, makeWordConstant, results)))
    return {};
  return results.front();
}

LogicalResult RandInt4xOp::fold(FoldAdaptor adaptor,
                                SmallVectorImpl<OpFoldResult> &results) {
  return foldTritonOp(*this, adaptor, makeWordConstant, results);
}

OpFoldResult RandOp::fold(FoldAdaptor adaptor) {
  SmallVector<OpFoldResult, 1> results;
  if (failed(foldTritonOp(*this, adaptor, makeUniformConstant, results)))
    return {};
  return results.front();
}

LogicalResult Rand4xOp::fold(FoldAdaptor adaptor,
                             SmallVectorImpl<OpFoldResult> &results) {
  return foldTritonOp(*this, adaptor, makeUniformConstant, results);
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// The algorithm as a bare keyword (`three_fry`, `philox`, `default`); the
/// generic form spells the attribute `#rng<algorithm three_fry>`.
static ParseResult parseAlgorithm(OpAsmParser &parser,
                                  AlgorithmAttr &algorithm) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<Algorithm> value = symbolizeAlgorithm(keyword);
  if (!value)
    return parser.emitError(loc, "unknown algorithm '")
           << keyword << "'; expected three_fry, philox or default";
  algorithm = AlgorithmAttr::get(parser.getContext(), *value);
  return success();
}

static void printAlgorithm(OpAsmPrinter &printer, Operation *,
                           AlgorithmAttr algorithm) {
  printer << stringifyAlgorithm(algorithm.getValue());
}

#define GET_OP_CLASSES
#include "rng/Dialect/Rng/IR/RngOps.cpp.inc"
