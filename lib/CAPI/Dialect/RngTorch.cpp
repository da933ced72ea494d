//===- RngTorch.cpp - C API: cuRAND and PyTorch ---------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng-c/Dialect/RngTorch.h"
#include "../OpBuilders.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using mlir::rng::capi::createVerifiedOp;

//===----------------------------------------------------------------------===//
// cuRAND
//===----------------------------------------------------------------------===//

/// The builders of the cuRAND ops share one signature (their results are
/// inferred).
template <typename OpTy>
static MlirOperation createCurandOp(MlirLocation location, MlirValue seed,
                                    MlirValue subsequence, MlirValue position) {
  return createVerifiedOp<rng::RngDialect, OpTy>(
      location,
      {{"seed", seed}, {"subsequence", subsequence}, {"position", position}},
      unwrap(seed), unwrap(subsequence), unwrap(position));
}

MlirOperation mlirRngCurandCreate(MlirLocation location, MlirValue seed,
                                  MlirValue subsequence, MlirValue position) {
  return createCurandOp<rng::CurandOp>(location, seed, subsequence, position);
}

MlirOperation mlirRngCurand4Create(MlirLocation location, MlirValue seed,
                                   MlirValue subsequence, MlirValue position) {
  return createCurandOp<rng::Curand4Op>(location, seed, subsequence, position);
}

MlirOperation mlirRngCurandUniformCreate(MlirLocation location, MlirValue seed,
                                         MlirValue subsequence,
                                         MlirValue position) {
  return createCurandOp<rng::CurandUniformOp>(location, seed, subsequence,
                                              position);
}

MlirOperation mlirRngCurandNormal2Create(MlirLocation location, MlirValue seed,
                                         MlirValue subsequence,
                                         MlirValue position) {
  return createCurandOp<rng::CurandNormal2Op>(location, seed, subsequence,
                                              position);
}

MlirOperation mlirRngCurandUniformDoubleCreate(MlirLocation location,
                                               MlirValue seed,
                                               MlirValue subsequence,
                                               MlirValue position) {
  return createCurandOp<rng::CurandUniformDoubleOp>(location, seed, subsequence,
                                                    position);
}

MlirOperation mlirRngCurandUniform2DoubleCreate(MlirLocation location,
                                                MlirValue seed,
                                                MlirValue subsequence,
                                                MlirValue position) {
  return createCurandOp<rng::CurandUniform2DoubleOp>(location, seed,
                                                     subsequence, position);
}

MlirOperation mlirRngCurandNormal2DoubleCreate(MlirLocation location,
                                               MlirValue seed,
                                               MlirValue subsequence,
                                               MlirValue position) {
  return createCurandOp<rng::CurandNormal2DoubleOp>(location, seed, subsequence,
                                                    position);
}

//===----------------------------------------------------------------------===//
// PyTorch
//===----------------------------------------------------------------------===//

/// The type of a result whose element type `element` returns, in the shape
/// of the elementwise `operands` (the first shaped one's; the scalar element
/// type when none is shaped), or a null type when an operand is null (which
/// createVerifiedOp reports). Any operand types give a type: bad ones are
/// left to the verifier, which reports the operand (ODS checks operands
/// before results).
static Type getResultType(std::initializer_list<MlirValue> operands,
                          function_ref<Type(MLIRContext *)> element) {
  for (MlirValue operand : operands)
    if (mlirValueIsNull(operand))
      return Type();
  Type elementType = element(unwrap(*operands.begin()).getContext());
  for (MlirValue operand : operands) {
    Type type = unwrap(operand).getType();
    if (auto vector = dyn_cast<VectorType>(type))
      return VectorType::isValidElementType(elementType)
                 ? vector.clone(elementType)
                 : elementType;
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return TensorType::isValidElementType(elementType)
                 ? tensor.clone(elementType)
                 : elementType;
  }
  return elementType;
}

static Type getI1(MLIRContext *context) { return IntegerType::get(context, 1); }

static Type getI64(MLIRContext *context) {
  return IntegerType::get(context, 64);
}

MlirOperation mlirRngTorchUniformCreate(MlirLocation location, MlirValue seed,
                                        MlirValue offset, MlirValue threads,
                                        MlirValue index, MlirValue from,
                                        MlirValue to) {
  Type result = getResultType(
      {seed, offset, threads, index, from, to}, [&](MLIRContext *) {
        return getElementTypeOrSelf(unwrap(from).getType());
      });
  return createVerifiedOp<rng::RngDialect, rng::TorchUniformOp>(
      location,
      {{"seed", seed},
       {"offset", offset},
       {"threads", threads},
       {"index", index},
       {"from", from},
       {"to", to}},
      result, unwrap(seed), unwrap(offset), unwrap(threads), unwrap(index),
      unwrap(from), unwrap(to));
}

MlirOperation mlirRngTorchNormalCreate(MlirLocation location,
                                       MlirType resultType, MlirValue seed,
                                       MlirValue offset, MlirValue threads,
                                       MlirValue index, MlirValue mean,
                                       MlirValue std) {
  return createVerifiedOp<rng::RngDialect, rng::TorchNormalOp>(
      location,
      {{"resultType", resultType},
       {"seed", seed},
       {"offset", offset},
       {"threads", threads},
       {"index", index},
       {"mean", mean},
       {"std", std}},
      unwrap(resultType), unwrap(seed), unwrap(offset), unwrap(threads),
      unwrap(index), unwrap(mean), unwrap(std));
}

MlirOperation mlirRngTorchBernoulliCreate(MlirLocation location, MlirValue seed,
                                          MlirValue offset, MlirValue threads,
                                          MlirValue index, MlirValue p) {
  Type result = getResultType({seed, offset, threads, index, p}, getI1);
  return createVerifiedOp<rng::RngDialect, rng::TorchBernoulliOp>(
      location,
      {{"seed", seed},
       {"offset", offset},
       {"threads", threads},
       {"index", index},
       {"p", p}},
      result, unwrap(seed), unwrap(offset), unwrap(threads), unwrap(index),
      unwrap(p));
}

MlirOperation mlirRngTorchRandomCreate(MlirLocation location, MlirValue seed,
                                       MlirValue offset, MlirValue threads,
                                       MlirValue index, MlirValue from,
                                       MlirValue range, bool wide) {
  Type result =
      getResultType({seed, offset, threads, index, from, range}, getI64);
  return createVerifiedOp<rng::RngDialect, rng::TorchRandomOp>(
      location,
      {{"seed", seed},
       {"offset", offset},
       {"threads", threads},
       {"index", index},
       {"from", from},
       {"range", range}},
      result, unwrap(seed), unwrap(offset), unwrap(threads), unwrap(index),
      unwrap(from), unwrap(range), wide);
}

MlirOperation mlirRngTorchDropoutCreate(MlirLocation location, MlirValue x,
                                        MlirValue p, MlirValue seed,
                                        MlirValue offset, MlirValue threads,
                                        MlirValue index, int32_t vec) {
  std::initializer_list<MlirValue> operands = {x,      p,       seed,
                                               offset, threads, index};
  Type result = getResultType(operands, [&](MLIRContext *) {
    return getElementTypeOrSelf(unwrap(x).getType());
  });
  Type keep = getResultType(operands, getI1);
  return createVerifiedOp<rng::RngDialect, rng::TorchDropoutOp>(
      location,
      {{"x", x},
       {"p", p},
       {"seed", seed},
       {"offset", offset},
       {"threads", threads},
       {"index", index}},
      result, keep, unwrap(x), unwrap(p), unwrap(seed), unwrap(offset),
      unwrap(threads), unwrap(index), static_cast<uint32_t>(vec));
}

MlirOperation mlirRngTorchThreadsCreate(MlirLocation location, MlirValue n,
                                        int64_t multiprocessors,
                                        int64_t threadsPerMultiprocessor) {
  return createVerifiedOp<rng::RngDialect, rng::TorchThreadsOp>(
      location, {{"n", n}}, unwrap(n), static_cast<uint64_t>(multiprocessors),
      static_cast<uint64_t>(threadsPerMultiprocessor));
}

MlirOperation mlirRngTorchOffsetIncrementCreate(MlirLocation location,
                                                MlirValue n, MlirValue threads,
                                                int32_t unroll) {
  return createVerifiedOp<rng::RngDialect, rng::TorchOffsetIncrementOp>(
      location, {{"n", n}, {"threads", threads}}, unwrap(n), unwrap(threads),
      static_cast<uint32_t>(unroll));
}
