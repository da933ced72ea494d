//===- RngTorchOps.cpp - cuRAND's device API and PyTorch ------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Verifiers, type inference and folders of the cuRAND and PyTorch ops (SPEC
// §9). The folders evaluate the ops with the host functions of
// rng/Support/Curand.h; the normals do not fold (their NVIDIA bits come
// from the GPU's approximate instructions).
//
//===----------------------------------------------------------------------===//

#include "Verifiers.h"
#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Support/Curand.h"
#include "rng/Support/ElementwiseFolding.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/bit.h"

#include <cmath>

using namespace mlir;
using namespace mlir::rng;

//===----------------------------------------------------------------------===//
// Inferred result types
//===----------------------------------------------------------------------===//

/// Infers the results of a cuRAND or PyTorch op: one of the shape (the first
/// shaped operand's) per element type of `elementTypes`. Lenient on purpose:
/// the operand types are checked by the ODS constraints and verify().
static LogicalResult inferResultTypes(ValueRange operands,
                                      ArrayRef<Type> elementTypes,
                                      SmallVectorImpl<Type> &types) {
  if (operands.empty())
    return failure();
  Type shape = getShapeSource(operands.getTypes());
  for (Type element : elementTypes)
    types.push_back(getTypeWithElementType(shape, element));
  return success();
}

//===----------------------------------------------------------------------===//
// cuRAND
//===----------------------------------------------------------------------===//

#define RNG_CURAND_INFER(OP, ELEMENT, COUNT)                                   \
  LogicalResult OP::inferReturnTypes(                                          \
      MLIRContext *context, std::optional<Location>, ValueRange operands,      \
      DictionaryAttr, OpaqueProperties, RegionRange,                           \
      SmallVectorImpl<Type> &inferredReturnTypes) {                            \
    Builder builder(context);                                                  \
    return inferResultTypes(operands, SmallVector<Type>(COUNT, ELEMENT),       \
                            inferredReturnTypes);                              \
  }                                                                            \
  LogicalResult OP::verify() { return verifyOneShape(*this); }

RNG_CURAND_INFER(CurandOp, builder.getI32Type(), 1)
RNG_CURAND_INFER(Curand4Op, builder.getI32Type(), 4)
RNG_CURAND_INFER(CurandUniformOp, builder.getF32Type(), 1)
RNG_CURAND_INFER(CurandNormal2Op, builder.getF32Type(), 2)
RNG_CURAND_INFER(CurandUniformDoubleOp, builder.getF64Type(), 1)
RNG_CURAND_INFER(CurandUniform2DoubleOp, builder.getF64Type(), 2)
RNG_CURAND_INFER(CurandNormal2DoubleOp, builder.getF64Type(), 2)

#undef RNG_CURAND_INFER

//===----------------------------------------------------------------------===//
// Inferred result types of the PyTorch ops
//===----------------------------------------------------------------------===//

LogicalResult TorchUniformOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  // The bounds' element type (`from`, operand 4).
  if (operands.size() < 5)
    return failure();
  return inferResultTypes(operands,
                          {getElementTypeOrSelf(operands[4].getType())},
                          inferredReturnTypes);
}

LogicalResult TorchBernoulliOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  return inferResultTypes(operands, {IntegerType::get(context, 1)},
                          inferredReturnTypes);
}

LogicalResult
TorchRandomOp::inferReturnTypes(MLIRContext *context, std::optional<Location>,
                                ValueRange operands, DictionaryAttr,
                                OpaqueProperties, RegionRange,
                                SmallVectorImpl<Type> &inferredReturnTypes) {
  return inferResultTypes(operands, {IntegerType::get(context, 64)},
                          inferredReturnTypes);
}

LogicalResult
TorchDropoutOp::inferReturnTypes(MLIRContext *context, std::optional<Location>,
                                 ValueRange operands, DictionaryAttr,
                                 OpaqueProperties, RegionRange,
                                 SmallVectorImpl<Type> &inferredReturnTypes) {
  // The output has `x`'s element type (operand 0), the mask i1.
  if (operands.empty())
    return failure();
  return inferResultTypes(operands,
                          {getElementTypeOrSelf(operands[0].getType()),
                           IntegerType::get(context, 1)},
                          inferredReturnTypes);
}

static std::array<uint32_t, 4> wordsOf(ArrayRef<uint64_t> in) {
  return curandWords(in[0], in[1], in[2]);
}

OpFoldResult CurandOp::fold(FoldAdaptor adaptor) {
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        out[0] = wordsOf(in)[0];
      });
}

LogicalResult Curand4Op::fold(FoldAdaptor adaptor,
                              SmallVectorImpl<OpFoldResult> &results) {
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        std::array<uint32_t, 4> words = wordsOf(in);
        for (unsigned i = 0; i < 4; ++i)
          out[i] = words[i];
      },
      results);
}

OpFoldResult CurandUniformOp::fold(FoldAdaptor adaptor) {
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        out[0] = llvm::bit_cast<uint32_t>(curandUniformFloat(wordsOf(in)[0]));
      });
}

OpFoldResult CurandUniformDoubleOp::fold(FoldAdaptor adaptor) {
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        out[0] = llvm::bit_cast<uint64_t>(curandUniformDouble(wordsOf(in)[0]));
      });
}

LogicalResult
CurandUniform2DoubleOp::fold(FoldAdaptor adaptor,
                             SmallVectorImpl<OpFoldResult> &results) {
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        std::array<uint32_t, 4> w = wordsOf(in);
        out[0] = llvm::bit_cast<uint64_t>(curandUniformDouble2(w[0], w[1]));
        out[1] = llvm::bit_cast<uint64_t>(curandUniformDouble2(w[2], w[3]));
      },
      results);
}

//===----------------------------------------------------------------------===//
// PyTorch: shared checks and host arithmetic
//===----------------------------------------------------------------------===//

/// Checks what every PyTorch sampler shares: one shape, and constant
/// `threads`/`offset` values that PyTorch can produce. A constant `threads`
/// of 0 is valid: it is what rng.torch_threads folds to for no elements, so
/// rejecting it would make folding turn valid IR invalid.
static LogicalResult verifyTorchOperands(Operation *op, Value offset,
                                         Value threads) {
  if (failed(verifyOneShape(op)))
    return failure();
  APInt value;
  if (matchPattern(threads, m_ConstantInt(&value)) && value.urem(256) != 0)
    return op->emitOpError("operand 'threads' is the constant ")
           << value.getZExtValue()
           << ", but PyTorch launches a multiple of 256 threads "
              "(rng.torch_threads gives S; its 0 for no elements is read "
              "as 1)";
  if (matchPattern(offset, m_ConstantInt(&value)) && value.urem(4) != 0)
    return op->emitOpError("operand 'offset' is the constant ")
           << value.getZExtValue()
           << ", but PyTorch's generator offsets are multiples of 4";
  return success();
}

/// The accumulation type of a PyTorch sampler of element type `type`.
static Type getAccType(Type type) {
  Builder builder(type.getContext());
  return type.isF64() ? builder.getF64Type() : builder.getF32Type();
}

/// The f32 value of T bits (f16, bf16 or f32; exact).
static float widenToFloat(const llvm::fltSemantics &semantics, uint64_t bits) {
  APFloat value(semantics, APInt(APFloat::getSizeInBits(semantics), bits));
  bool losesInfo;
  value.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  return value.convertToFloat();
}

/// The T bits of an f32 value, rounded to nearest even.
static uint64_t roundFromFloat(const llvm::fltSemantics &semantics, float x) {
  // A NaN rounded to f16 or bf16: the lowering's quiet NaN of the sign
  // (buildF32ToHalf), whatever the payload.
  if (std::isnan(x) && &semantics != &APFloat::IEEEsingle())
    return (&semantics == &APFloat::BFloat() ? 0x7FC0 : 0x7E00) |
           (std::signbit(x) ? 0x8000 : 0);
  APFloat value(x);
  bool losesInfo;
  value.convert(semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  return value.bitcastToAPInt().getZExtValue();
}

/// The four words of a PyTorch draw.
static std::array<uint32_t, 4> wordsOf(uint64_t seed, const TorchDraw &draw) {
  return curandWords(seed, draw.subsequence, draw.position);
}

/// The uniform component of PyTorch's layout: u of word `component` (U = 4)
/// or hq of its pair (U = 2), as a double.
static double uniformComponent(uint64_t seed, uint64_t offset, uint64_t threads,
                               uint64_t index, bool isF64) {
  TorchDraw draw = torchDraw(offset, threads, index, isF64 ? 2 : 4);
  std::array<uint32_t, 4> w = wordsOf(seed, draw);
  if (isF64)
    return curandUniformDouble2(w[2 * draw.component],
                                w[2 * draw.component + 1]);
  return curandUniformFloat(w[draw.component]);
}

//===----------------------------------------------------------------------===//
// TorchUniformOp
//===----------------------------------------------------------------------===//

LogicalResult TorchUniformOp::verify() {
  Type elementType = getElementTypeOrSelf(getType());
  for (Value bound : {getFrom(), getTo()})
    if (getElementTypeOrSelf(bound.getType()) != elementType)
      return emitOpError("'from' and 'to' must have the result's element type ")
             << elementType << " (PyTorch's bounds are of the tensor's dtype), "
             << "but got " << bound.getType();
  return verifyTorchOperands(*this, getOffset(), getThreads());
}

OpFoldResult TorchUniformOp::fold(FoldAdaptor adaptor) {
  Type elementType = getElementTypeOrSelf(getType());
  bool isF64 = elementType.isF64();
  const llvm::fltSemantics &semantics =
      cast<FloatType>(elementType).getFloatSemantics();
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        double r = uniformComponent(in[0], in[1], in[2], in[3], isF64);
        if (isF64) {
          double from = llvm::bit_cast<double>(in[4]);
          double to = llvm::bit_cast<double>(in[5]);
          double value = std::fma(r, to - from, from);
          out[0] = llvm::bit_cast<uint64_t>(value == to ? from : value);
          return;
        }
        float from = widenToFloat(semantics, in[4]);
        float to = widenToFloat(semantics, in[5]);
        float range =
            widenToFloat(semantics, roundFromFloat(semantics, to - from));
        uint64_t value =
            roundFromFloat(semantics, std::fma(float(r), range, from));
        out[0] = widenToFloat(semantics, value) == to ? in[4] : value;
      });
}

//===----------------------------------------------------------------------===//
// TorchNormalOp
//===----------------------------------------------------------------------===//

LogicalResult TorchNormalOp::verify() {
  Type accType = getAccType(getElementTypeOrSelf(getType()));
  for (Value operand : {getMean(), getStd()})
    if (getElementTypeOrSelf(operand.getType()) != accType)
      return emitOpError("'mean' and 'std' must be of the accumulation type ")
             << accType << " of a " << getElementTypeOrSelf(getType())
             << " result (f64 for f64, else f32), but got "
             << operand.getType();
  return verifyTorchOperands(*this, getOffset(), getThreads());
}

//===----------------------------------------------------------------------===//
// TorchBernoulliOp
//===----------------------------------------------------------------------===//

LogicalResult TorchBernoulliOp::verify() {
  return verifyTorchOperands(*this, getOffset(), getThreads());
}

OpFoldResult TorchBernoulliOp::fold(FoldAdaptor adaptor) {
  bool isF64 = getElementTypeOrSelf(getP().getType()).isF64();
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        double r = uniformComponent(in[0], in[1], in[2], in[3], isF64);
        out[0] = isF64 ? r < llvm::bit_cast<double>(in[4])
                       : float(r) < llvm::bit_cast<float>(uint32_t(in[4]));
      });
}

//===----------------------------------------------------------------------===//
// TorchRandomOp
//===----------------------------------------------------------------------===//

LogicalResult TorchRandomOp::verify() {
  return verifyTorchOperands(*this, getOffset(), getThreads());
}

OpFoldResult TorchRandomOp::fold(FoldAdaptor adaptor) {
  bool wide = getWide();
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        TorchDraw draw = torchDraw(in[1], in[2], in[3], wide ? 2 : 4);
        std::array<uint32_t, 4> w = wordsOf(in[0], draw);
        uint64_t v = wide ? (uint64_t(w[2 * draw.component]) << 32) |
                                w[2 * draw.component + 1]
                          : w[draw.component];
        uint64_t range = in[5];
        out[0] = range == 0 ? v : in[4] + v % range;
      });
}

//===----------------------------------------------------------------------===//
// TorchDropoutOp
//===----------------------------------------------------------------------===//

LogicalResult TorchDropoutOp::verify() {
  if (failed(verifyDefaultedAttr(*this, getVecAttr(), "vec",
                                 "PyTorch's dropout vector width", 1)))
    return failure();
  uint32_t vec = getVec();
  if (vec != 1 && vec != 2 && vec != 4 && vec != 8)
    return emitOpError("attribute 'vec' must be 1, 2, 4 or 8 (PyTorch's "
                       "dropout vector widths), but got ")
           << int32_t(vec);
  if (getElementTypeOrSelf(getX().getType()) !=
      getElementTypeOrSelf(getResult().getType()))
    return emitOpError("result #0 must have the element type of 'x' (")
           << getElementTypeOrSelf(getX().getType()) << "), but got "
           << getResult().getType();
  // The whole-tensor form (a static ranked tensor: the op's shape, whether
  // x is a tensor or a scalar beside the index) holds every element of the
  // call, whose count PyTorch halves the width until it divides.
  if (auto tensor = dyn_cast<RankedTensorType>(getResult().getType()))
    if (tensor.hasStaticShape() && tensor.getNumElements() % vec != 0)
      return emitOpError("attribute 'vec' (")
             << vec << ") must divide the element count of " << tensor << " ("
             << tensor.getNumElements()
             << "): PyTorch halves the width until it divides";
  FloatAttr p;
  if (matchPattern(getP(), m_Constant(&p)) &&
      !(p.getValueAsDouble() >= 0.0 && p.getValueAsDouble() <= 1.0))
    return emitOpError("operand 'p' is the constant ")
           << p.getValueAsDouble()
           << ", but a drop probability lies in [0, 1] (PyTorch's check)";
  return verifyTorchOperands(*this, getOffset(), getThreads());
}

LogicalResult TorchDropoutOp::fold(FoldAdaptor adaptor,
                                   SmallVectorImpl<OpFoldResult> &results) {
  Type elementType = getElementTypeOrSelf(getX().getType());
  bool isF64 = elementType.isF64();
  const llvm::fltSemantics &semantics =
      cast<FloatType>(elementType).getFloatSemantics();
  unsigned vec = getVec();
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        TorchDraw draw = vec == 1 ? torchDraw(in[3], in[4], in[5], 4)
                                  : torchDropoutDraw(in[3], in[4], in[5], vec);
        float u = curandUniformFloat(wordsOf(in[2], draw)[draw.component]);
        double pa = 1.0 - llvm::bit_cast<double>(in[1]);
        if (!(pa != 0.0)) {
          out[0] = 0;
          out[1] = 0;
          return;
        }
        if (isF64) {
          double scale = 1.0 / pa;
          bool keep = double(u) < pa;
          double x = llvm::bit_cast<double>(in[0]);
          out[0] = llvm::bit_cast<uint64_t>(x * double(keep) * scale);
          out[1] = keep;
          return;
        }
        float pa32 = float(pa);
        float scale = float(1.0 / double(pa32));
        bool keep = u < pa32;
        float x = widenToFloat(semantics, in[0]);
        out[0] = roundFromFloat(semantics, x * float(keep) * scale);
        out[1] = keep;
      },
      results);
}

//===----------------------------------------------------------------------===//
// TorchThreadsOp, TorchOffsetIncrementOp
//===----------------------------------------------------------------------===//

LogicalResult TorchThreadsOp::verify() {
  int64_t multiprocessors = getMultiprocessors();
  int64_t perMultiprocessor = getThreadsPerMultiprocessor();
  if (multiprocessors <= 0)
    return emitOpError("attribute 'multiprocessors' must be positive (the "
                       "device's multiprocessor count), but got ")
           << multiprocessors;
  if (perMultiprocessor < 256)
    return emitOpError("attribute 'threads_per_multiprocessor' must be at "
                       "least 256 (PyTorch launches blocks of 256 threads), "
                       "but got ")
           << perMultiprocessor;
  // S = 256 * multiprocessors * floor(tpm / 256) must not wrap.
  constexpr int64_t kMaxAttribute = int64_t(1) << 24;
  if (multiprocessors > kMaxAttribute || perMultiprocessor > kMaxAttribute)
    return emitOpError("attributes 'multiprocessors' and "
                       "'threads_per_multiprocessor' must be at most 2^24 (so "
                       "that S does not wrap), but got ")
           << multiprocessors << " and " << perMultiprocessor;
  return success();
}

OpFoldResult TorchThreadsOp::fold(FoldAdaptor adaptor) {
  uint64_t multiprocessors = getMultiprocessors();
  uint64_t perMultiprocessor = getThreadsPerMultiprocessor();
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        out[0] = torchThreads(in[0], multiprocessors, perMultiprocessor);
      });
}

LogicalResult TorchOffsetIncrementOp::verify() {
  uint32_t unroll = getUnroll();
  if (unroll != 2 && unroll != 4)
    return emitOpError("attribute 'unroll' must be 4 or 2 (PyTorch's values "
                       "per thread and draw), but got ")
           << int32_t(unroll);
  return success();
}

OpFoldResult TorchOffsetIncrementOp::fold(FoldAdaptor adaptor) {
  unsigned unroll = getUnroll();
  return foldElementwiseConstants(
      *this, adaptor.getOperands(),
      [&](ArrayRef<uint64_t> in, MutableArrayRef<uint64_t> out) {
        out[0] = torchOffsetIncrement(in[0], in[1], unroll);
      });
}
