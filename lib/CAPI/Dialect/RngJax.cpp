//===- RngJax.cpp - C API: Threefry, JAX and XLA --------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng-c/Dialect/RngJax.h"
#include "../OpBuilders.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Rng/IR/RngOps.h"

using namespace mlir;
using mlir::rng::capi::createVerifiedOp;

MlirOperation mlirRngThreefry2x32Create(MlirLocation location, MlirValue x0,
                                        MlirValue x1, MlirValue k0,
                                        MlirValue k1, int32_t rounds) {
  return createVerifiedOp<rng::RngDialect, rng::Threefry2x32Op>(
      location, {{"x0", x0}, {"x1", x1}, {"k0", k0}, {"k1", k1}}, unwrap(x0),
      unwrap(x1), unwrap(k0), unwrap(k1), static_cast<uint32_t>(rounds));
}

MlirOperation mlirRngJaxFoldInCreate(MlirLocation location, MlirValue k0,
                                     MlirValue k1, MlirValue d) {
  return createVerifiedOp<rng::RngDialect, rng::JaxFoldInOp>(
      location, {{"k0", k0}, {"k1", k1}, {"d", d}}, unwrap(k0), unwrap(k1),
      unwrap(d));
}

MlirOperation mlirRngJaxBitsCreate(MlirLocation location, MlirType resultType,
                                   MlirValue k0, MlirValue k1, MlirValue i) {
  return createVerifiedOp<rng::RngDialect, rng::JaxBitsOp>(
      location, {{"resultType", resultType}, {"k0", k0}, {"k1", k1}, {"i", i}},
      unwrap(resultType), unwrap(k0), unwrap(k1), unwrap(i));
}

MlirOperation mlirRngJaxUniformCreate(MlirLocation location,
                                      MlirType resultType, MlirValue k0,
                                      MlirValue k1, MlirValue i) {
  return createVerifiedOp<rng::RngDialect, rng::JaxUniformOp>(
      location, {{"resultType", resultType}, {"k0", k0}, {"k1", k1}, {"i", i}},
      unwrap(resultType), unwrap(k0), unwrap(k1), unwrap(i));
}

MlirOperation mlirRngJaxNormalCreate(MlirLocation location, MlirValue k0,
                                     MlirValue k1, MlirValue i) {
  return createVerifiedOp<rng::RngDialect, rng::JaxNormalOp>(
      location, {{"k0", k0}, {"k1", k1}, {"i", i}}, unwrap(k0), unwrap(k1),
      unwrap(i));
}

MlirOperation mlirRngJaxRandintCreate(MlirLocation location, MlirValue k0,
                                      MlirValue k1, MlirValue i,
                                      MlirValue minval, MlirValue maxval) {
  return createVerifiedOp<rng::RngDialect, rng::JaxRandintOp>(
      location,
      {{"k0", k0},
       {"k1", k1},
       {"i", i},
       {"minval", minval},
       {"maxval", maxval}},
      unwrap(k0), unwrap(k1), unwrap(i), unwrap(minval), unwrap(maxval));
}

MlirOperation mlirRngBitGeneratorCreate(MlirLocation location,
                                        MlirRngAlgorithm algorithm,
                                        MlirValue state, MlirType outputType) {
  std::optional<rng::Algorithm> value =
      rng::symbolizeAlgorithm(static_cast<uint32_t>(algorithm));
  if (!value) {
    emitError(unwrap(location))
        << "cannot build 'rng.bit_generator': unknown algorithm "
        << static_cast<int>(algorithm)
        << "; expected MLIR_RNG_ALGORITHM_THREE_FRY, _PHILOX or _DEFAULT";
    return MlirOperation{nullptr};
  }
  if (mlirValueIsNull(state))
    return createVerifiedOp<rng::RngDialect, rng::BitGeneratorOp>(
        location, {{"state", state}}, Type(), Type(), Value(), *value);
  return createVerifiedOp<rng::RngDialect, rng::BitGeneratorOp>(
      location, {{"state", state}, {"outputType", outputType}},
      unwrap(state).getType(), unwrap(outputType), unwrap(state), *value);
}
