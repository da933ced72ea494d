//===- Rng.cpp - C API for the rng dialect --------------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng-c/Dialect/Rng.h"
#include "../OpBuilders.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Rng/IR/RngOps.h"

#include "mlir/CAPI/Registration.h"

using namespace mlir;
using mlir::rng::capi::createVerifiedOp;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Rng, rng, mlir::rng::RngDialect)

MlirOperation mlirRngPhilox4x32Create(MlirLocation location, MlirValue c0,
                                      MlirValue c1, MlirValue c2, MlirValue c3,
                                      MlirValue k0, MlirValue k1,
                                      int32_t rounds) {
  return createVerifiedOp<rng::RngDialect, rng::Philox4x32Op>(
      location,
      {{"c0", c0}, {"c1", c1}, {"c2", c2}, {"c3", c3}, {"k0", k0}, {"k1", k1}},
      unwrap(c0), unwrap(c1), unwrap(c2), unwrap(c3), unwrap(k0), unwrap(k1),
      static_cast<unsigned>(rounds));
}

/// The builders of the Triton-compatible family share one signature.
template <typename OpTy>
static MlirOperation createTritonOp(MlirLocation location, MlirValue seed,
                                    MlirValue offset, int32_t rounds) {
  return createVerifiedOp<rng::RngDialect, OpTy>(
      location, {{"seed", seed}, {"offset", offset}}, unwrap(seed),
      unwrap(offset), static_cast<uint32_t>(rounds));
}

MlirOperation mlirRngRandIntCreate(MlirLocation location, MlirValue seed,
                                   MlirValue offset, int32_t rounds) {
  return createTritonOp<rng::RandIntOp>(location, seed, offset, rounds);
}

MlirOperation mlirRngRandInt4xCreate(MlirLocation location, MlirValue seed,
                                     MlirValue offset, int32_t rounds) {
  return createTritonOp<rng::RandInt4xOp>(location, seed, offset, rounds);
}

MlirOperation mlirRngRandCreate(MlirLocation location, MlirValue seed,
                                MlirValue offset, int32_t rounds) {
  return createTritonOp<rng::RandOp>(location, seed, offset, rounds);
}

MlirOperation mlirRngRand4xCreate(MlirLocation location, MlirValue seed,
                                  MlirValue offset, int32_t rounds) {
  return createTritonOp<rng::Rand4xOp>(location, seed, offset, rounds);
}

MlirOperation mlirRngRandnCreate(MlirLocation location, MlirValue seed,
                                 MlirValue offset, int32_t rounds) {
  return createTritonOp<rng::RandnOp>(location, seed, offset, rounds);
}

MlirOperation mlirRngRandn4xCreate(MlirLocation location, MlirValue seed,
                                   MlirValue offset, int32_t rounds) {
  return createTritonOp<rng::Randn4xOp>(location, seed, offset, rounds);
}

MlirOperation mlirRngLinearIndexCreate(MlirLocation location,
                                       MlirType resultType) {
  return createVerifiedOp<rng::RngDialect, rng::LinearIndexOp>(
      location, {{"resultType", resultType}}, unwrap(resultType), Value());
}

MlirOperation mlirRngLinearIndexWithBaseCreate(MlirLocation location,
                                               MlirType resultType,
                                               MlirValue base) {
  return createVerifiedOp<rng::RngDialect, rng::LinearIndexOp>(
      location, {{"resultType", resultType}, {"base", base}},
      unwrap(resultType), unwrap(base));
}
