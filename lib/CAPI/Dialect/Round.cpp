//===- Round.cpp - C API for the round dialect ----------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng-c/Dialect/Round.h"
#include "../OpBuilders.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/Dialect/Round/IR/RoundOps.h"

#include "mlir/CAPI/Registration.h"

using namespace mlir;
using mlir::rng::capi::createVerifiedOp;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Round, round,
                                      mlir::rng::rounding::RoundDialect)

MlirOperation mlirRoundStochasticCreate(MlirLocation location,
                                        MlirType resultType, MlirValue x,
                                        MlirValue rbits, bool saturate) {
  return createVerifiedOp<rng::rounding::RoundDialect,
                          rng::rounding::StochasticOp>(
      location, {{"resultType", resultType}, {"x", x}, {"rbits", rbits}},
      unwrap(resultType), unwrap(x), unwrap(rbits), saturate);
}

MlirOperation mlirRoundScalingStochasticCreate(MlirLocation location,
                                               MlirType resultType, MlirValue x,
                                               MlirValue scale, MlirValue rbits,
                                               bool saturate) {
  return createVerifiedOp<rng::rounding::RoundDialect,
                          rng::rounding::ScalingStochasticOp>(
      location,
      {{"resultType", resultType},
       {"x", x},
       {"scale", scale},
       {"rbits", rbits}},
      unwrap(resultType), unwrap(x), unwrap(scale), unwrap(rbits), saturate);
}
