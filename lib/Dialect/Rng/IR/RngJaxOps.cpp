//===- RngJaxOps.cpp - Threefry, JAX and XLA ------------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Verifiers, type inference and folders of rng.threefry_2x32, the jax_* ops
// and rng.bit_generator (SPEC §8). The folders evaluate the ops with the host
// functions of rng/Support/Threefry.h.
//
//===----------------------------------------------------------------------===//

#include "Verifiers.h"
#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Support/ElementwiseFolding.h"
#include "rng/Support/Threefry.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::rng;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The bits of an `i` operand as the 64-bit JAX index (an i32 index is
/// zero-extended: getElementBits already does).
static std::array<uint32_t, 2> getKey(ArrayRef<uint64_t> in) {
  return {uint32_t(in[0]), uint32_t(in[1])};
}

//===----------------------------------------------------------------------===//
// Threefry2x32Op
//===----------------------------------------------------------------------===//

LogicalResult Threefry2x32Op::verify() {
  if (failed(verifyDefaultedAttr(*this, getRoundsAttr(), "rounds",
                                 "the Threefry round count",
                                 kDefaultThreefryRounds)))
    return failure();
  uint32_t rounds = getRounds();
  if (rounds < kMinThreefryRounds || rounds > kMaxThreefryRounds)
    return emitOpError("attribute 'rounds' must be in [")
           << kMinThreefryRounds << ", " << kMaxThreefryRounds
           << "] (Threefry round count), but got " << int32_t(rounds);
  return verifyKeyType(*this, getK0().getType(), getX0().getType());
}

LogicalResult Threefry2x32Op::fold(FoldAdaptor adaptor,
                                   SmallVectorImpl<OpFoldResult> &results) {
  unsigned rounds = getRounds();
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        std::array<uint32_t, 2> y =
            threefry2x32({uint32_t(in[0]), uint32_t(in[1])},
                         {uint32_t(in[2]), uint32_t(in[3])}, rounds);
        out[0] = y[0];
        out[1] = y[1];
      },
      results);
}

//===----------------------------------------------------------------------===//
// JAX samplers
//===----------------------------------------------------------------------===//

/// Infers the results of a JAX sampler: `count` results of the shape (the
/// first shaped operand's) with `elementType`. Lenient on purpose: the
/// operand types are checked by the ODS constraints and verify().
static LogicalResult inferJaxResultTypes(ValueRange operands, Type elementType,
                                         unsigned count,
                                         SmallVectorImpl<Type> &types) {
  if (operands.empty())
    return failure();
  types.append(count, getTypeWithElementType(
                          getShapeSource(operands.getTypes()), elementType));
  return success();
}

LogicalResult
JaxFoldInOp::inferReturnTypes(MLIRContext *context, std::optional<Location>,
                              ValueRange operands, DictionaryAttr,
                              OpaqueProperties, RegionRange,
                              SmallVectorImpl<Type> &inferredReturnTypes) {
  return inferJaxResultTypes(operands, IntegerType::get(context, 32), 2,
                             inferredReturnTypes);
}

LogicalResult JaxFoldInOp::verify() { return verifyOneShape(*this); }

LogicalResult JaxFoldInOp::fold(FoldAdaptor adaptor,
                                SmallVectorImpl<OpFoldResult> &results) {
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        std::array<uint32_t, 2> y = jaxThreefryAt(getKey(in), in[2]);
        out[0] = y[0];
        out[1] = y[1];
      },
      results);
}

LogicalResult JaxBitsOp::verify() { return verifyOneShape(*this); }

OpFoldResult JaxBitsOp::fold(FoldAdaptor adaptor) {
  unsigned width = getElementTypeOrSelf(getType()).getIntOrFloatBitWidth();
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        out[0] = jaxBits(getKey(in), in[2], width);
      });
}

LogicalResult JaxUniformOp::verify() { return verifyOneShape(*this); }

OpFoldResult JaxUniformOp::fold(FoldAdaptor adaptor) {
  bool isF64 = getElementTypeOrSelf(getType()).isF64();
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        if (isF64)
          out[0] = llvm::bit_cast<uint64_t>(
              jaxUniformDouble(jaxBits(getKey(in), in[2], 64)));
        else
          out[0] = llvm::bit_cast<uint32_t>(
              jaxUniformFloat(jaxBits(getKey(in), in[2], 32)));
      });
}

LogicalResult
JaxNormalOp::inferReturnTypes(MLIRContext *context, std::optional<Location>,
                              ValueRange operands, DictionaryAttr,
                              OpaqueProperties, RegionRange,
                              SmallVectorImpl<Type> &inferredReturnTypes) {
  return inferJaxResultTypes(operands, Float32Type::get(context), 1,
                             inferredReturnTypes);
}

LogicalResult JaxNormalOp::verify() { return verifyOneShape(*this); }

LogicalResult
JaxRandintOp::inferReturnTypes(MLIRContext *context, std::optional<Location>,
                               ValueRange operands, DictionaryAttr,
                               OpaqueProperties, RegionRange,
                               SmallVectorImpl<Type> &inferredReturnTypes) {
  if (operands.size() != 5)
    return failure();
  return inferJaxResultTypes(operands,
                             getElementTypeOrSelf(operands[3].getType()), 1,
                             inferredReturnTypes);
}

LogicalResult JaxRandintOp::verify() { return verifyOneShape(*this); }

OpFoldResult JaxRandintOp::fold(FoldAdaptor adaptor) {
  unsigned width = getElementTypeOrSelf(getType()).getIntOrFloatBitWidth();
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        std::array<uint32_t, 2> key = getKey(in);
        std::array<uint32_t, 2> ka = jaxThreefryAt(key, 0);
        std::array<uint32_t, 2> kb = jaxThreefryAt(key, 1);
        out[0] = jaxRandint(jaxBits(ka, in[2], width),
                            jaxBits(kb, in[2], width), in[3], in[4], width);
      });
}

//===----------------------------------------------------------------------===//
// BitGeneratorOp
//===----------------------------------------------------------------------===//

LogicalResult BitGeneratorOp::verify() {
  auto stateType = dyn_cast<RankedTensorType>(getState().getType());
  if (!stateType || stateType.getRank() != 1 || !stateType.hasStaticShape() ||
      (stateType.getDimSize(0) != 2 && stateType.getDimSize(0) != 3))
    return emitOpError("state must be tensor<2xi64> or tensor<3xi64> (two or "
                       "three u64 words), but got ")
           << getState().getType();
  auto outputType = dyn_cast<RankedTensorType>(getOutput().getType());
  if (!outputType || !outputType.hasStaticShape())
    return emitOpError("output must be a statically shaped ranked tensor of "
                       "i8, i16, i32 or i64 (rank 0 included), but got ")
           << getOutput().getType();
  // The layout's element and block counts are int64_t; 2^62 leaves room for
  // their rounding up.
  constexpr int64_t kMaxOutputElements = int64_t(1) << 62;
  std::optional<int64_t> numElements = 1;
  for (int64_t size : outputType.getShape()) {
    numElements = llvm::checkedMul(*numElements, size);
    if (!numElements || *numElements > kMaxOutputElements)
      return emitOpError("output ")
             << outputType << " has more than 2^62 elements, the most "
             << "rng.bit_generator supports";
  }
  if (getAlgorithm() == Algorithm::ThreeFry && stateType.getDimSize(0) != 2)
    return emitOpError("algorithm 'three_fry' takes a 2-word state "
                       "(tensor<2xi64>), but got ")
           << stateType << "; only 'philox' and 'default' take 3 words";
  return success();
}
