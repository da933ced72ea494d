//===- RngOps.cpp - rng dialect operations --------------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Dialect/Rng/IR/RngOps.h"
#include "Verifiers.h"
#include "rng/Support/ElementwiseFolding.h"
#include "rng/Support/Philox.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::rng;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

LogicalResult rng::verifyDefaultedAttr(Operation *op, Attribute attr,
                                       StringRef name, StringRef meaning,
                                       int64_t defaultValue) {
  if (attr)
    return success();
  return op->emitOpError("requires attribute '")
         << name << "' (" << meaning << "; the custom form omits it at "
         << defaultValue << ", but it was removed from the operation)";
}

LogicalResult rng::verifyPhiloxRounds(Operation *op, IntegerAttr attr) {
  if (failed(verifyDefaultedAttr(op, attr, "rounds", "the Philox round count",
                                 kDefaultPhiloxRounds)))
    return failure();
  uint32_t rounds = attr.getValue().getZExtValue();
  if (rounds < kMinPhiloxRounds || rounds > kMaxPhiloxRounds)
    return op->emitOpError("attribute 'rounds' must be in [")
           << kMinPhiloxRounds << ", " << kMaxPhiloxRounds
           << "] (Philox round count), but got " << int32_t(rounds);
  return success();
}

/// The first shaped type among `types`, or the first type if none is shaped.
Type rng::getShapeSource(TypeRange types) {
  for (Type type : types)
    if (isa<ShapedType>(type))
      return type;
  return types.front();
}

/// Checks that the shaped operands and results of `op` all have one shape
/// (ElementwiseMappable alone accepts a dynamic size beside a static one and
/// does not compare scalable dimensions).
LogicalResult rng::verifyOneShape(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  Type reference = getShapeSource(types);
  for (Type type : types)
    if (isa<ShapedType>(type) && !haveSameShape(type, reference))
      return op->emitOpError("operand and result shapes must agree: ")
             << type << " has not the shape "
             << (isa<RankedTensorType>(type) && isa<RankedTensorType>(reference)
                     ? "and encoding "
                     : "")
             << "of " << reference
             << " (scalars may stand beside shaped operands)";
  return success();
}

LogicalResult rng::verifyKeyType(Operation *op, Type keyType,
                                 Type counterType) {
  if (keyType != counterType && !keyType.isInteger(32))
    return op->emitOpError("key type ")
           << keyType << " must be scalar i32 or the counter type "
           << counterType;
  return success();
}

//===----------------------------------------------------------------------===//
// Philox4x32Op
//===----------------------------------------------------------------------===//

LogicalResult Philox4x32Op::verify() {
  if (failed(verifyPhiloxRounds(*this, getRoundsAttr())))
    return failure();
  return verifyKeyType(*this, getK0().getType(), getC0().getType());
}

LogicalResult Philox4x32Op::fold(FoldAdaptor adaptor,
                                 SmallVectorImpl<OpFoldResult> &results) {
  uint32_t rounds = getRounds();
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        std::array<uint32_t, 4> words =
            philox4x32({uint32_t(in[0]), uint32_t(in[1]), uint32_t(in[2]),
                        uint32_t(in[3])},
                       {uint32_t(in[4]), uint32_t(in[5])}, rounds);
        llvm::copy(words, out.begin());
      },
      results);
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
                                    Type offsetType, IntegerAttr rounds) {
  if (failed(verifyPhiloxRounds(op, rounds)))
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
                          getRoundsAttr());                                    \
  }

RNG_DEFINE_TRITON_OP_COMMON(RandIntOp, I32, 1)
RNG_DEFINE_TRITON_OP_COMMON(RandInt4xOp, I32, 4)
RNG_DEFINE_TRITON_OP_COMMON(RandOp, F32, 1)
RNG_DEFINE_TRITON_OP_COMMON(Rand4xOp, F32, 4)
RNG_DEFINE_TRITON_OP_COMMON(RandnOp, F32, 1)
RNG_DEFINE_TRITON_OP_COMMON(Randn4xOp, F32, 4)

#undef RNG_DEFINE_TRITON_OP_COMMON

/// Folds a Triton-family integer or uniform op whose seed and offset are
/// constants: result i is word i of tritonRandint4x (see rng/Support/
/// Philox.h), as is (`asUniform` false) or through uint32ToUniformFloat.
static LogicalResult foldTritonOp(Operation *op, ArrayRef<Attribute> operands,
                                  uint32_t rounds, bool asUniform,
                                  SmallVectorImpl<OpFoldResult> &results) {
  // The seed is sign-extended to 64 bits, the offset zero-extended.
  unsigned seedWidth =
      getElementTypeOrSelf(op->getOperand(0).getType()).getIntOrFloatBitWidth();
  bool offsetIs64Bit =
      getElementTypeOrSelf(op->getOperand(1).getType()).isInteger(64);
  return foldElementwiseConstants(
      op, operands,
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        std::array<uint32_t, 4> words = tritonRandint4x(
            llvm::SignExtend64(in[0], seedWidth), in[1], offsetIs64Bit, rounds);
        for (auto [result, word] : llvm::zip(out, words))
          result = asUniform
                       ? llvm::bit_cast<uint32_t>(uint32ToUniformFloat(word))
                       : word;
      },
      results);
}

OpFoldResult RandIntOp::fold(FoldAdaptor adaptor) {
  SmallVector<OpFoldResult, 1> results;
  if (failed(foldTritonOp(*this, adaptor.getOperands(), getRounds(),
                          /*asUniform=*/false, results)))
    return {};
  return results.front();
}

LogicalResult RandInt4xOp::fold(FoldAdaptor adaptor,
                                SmallVectorImpl<OpFoldResult> &results) {
  return foldTritonOp(*this, adaptor.getOperands(), getRounds(),
                      /*asUniform=*/false, results);
}

OpFoldResult RandOp::fold(FoldAdaptor adaptor) {
  SmallVector<OpFoldResult, 1> results;
  if (failed(foldTritonOp(*this, adaptor.getOperands(), getRounds(),
                          /*asUniform=*/true, results)))
    return {};
  return results.front();
}

LogicalResult Rand4xOp::fold(FoldAdaptor adaptor,
                             SmallVectorImpl<OpFoldResult> &results) {
  return foldTritonOp(*this, adaptor.getOperands(), getRounds(),
                      /*asUniform=*/true, results);
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

//===----------------------------------------------------------------------===//
// LinearIndexOp
//===----------------------------------------------------------------------===//

OpFoldResult LinearIndexOp::fold(FoldAdaptor adaptor) {
  auto baseAttr = dyn_cast_if_present<IntegerAttr>(adaptor.getBase());
  // A constant zero base is the default: drop it (in place).
  if (getBase() && baseAttr && baseAttr.getValue().isZero()) {
    getBaseMutable().clear();
    return getResult();
  }
  // With at most one element the result is a splat of the base. Larger
  // results stay ops: shard-partition cannot partition a non-splat constant.
  // The count is read off the shape, not multiplied out: a product such as
  // 2^32 x 2^32 wraps int64 (to 0, which would fold to an empty constant).
  auto type = cast<RankedTensorType>(getType());
  ArrayRef<int64_t> shape = type.getShape();
  unsigned width = type.getElementTypeBitWidth();
  if (llvm::is_contained(shape, 0))
    return DenseElementsAttr::get(type, ArrayRef<APInt>());
  if (!llvm::all_of(shape, [](int64_t size) { return size == 1; }))
    return {};
  if (!getBase())
    return DenseElementsAttr::get(type, APInt(width, 0));
  if (baseAttr)
    return DenseElementsAttr::get(type, baseAttr.getValue());
  return {};
}
