//===- RngHash.cpp - C API: hashes, dropout, seeds ------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng-c/Dialect/RngHash.h"
#include "../OpBuilders.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Dialect/Rng/IR/RngOps.h"

using namespace mlir;
using mlir::rng::capi::createVerifiedOp;

MlirOperation mlirRngLowbias32Create(MlirLocation location, MlirValue x) {
  return createVerifiedOp<rng::RngDialect, rng::Lowbias32Op>(
      location, {{"x", x}}, unwrap(x));
}

MlirOperation mlirRngHashRandCreate(MlirLocation location, MlirValue seed,
                                    MlirValue counter) {
  return createVerifiedOp<rng::RngDialect, rng::HashRandOp>(
      location, {{"seed", seed}, {"counter", counter}}, unwrap(seed),
      unwrap(counter));
}

MlirOperation mlirRngHashRandnCreate(MlirLocation location, MlirValue seed,
                                     MlirValue counter) {
  return createVerifiedOp<rng::RngDialect, rng::HashRandnOp>(
      location, {{"seed", seed}, {"counter", counter}}, unwrap(seed),
      unwrap(counter));
}

MlirOperation mlirRngHashDropoutCreate(MlirLocation location, MlirValue x,
                                       MlirValue p, MlirValue seed,
                                       MlirValue counter) {
  return createVerifiedOp<rng::RngDialect, rng::HashDropoutOp>(
      location, {{"x", x}, {"p", p}, {"seed", seed}, {"counter", counter}},
      unwrap(x), unwrap(p), unwrap(seed), unwrap(counter));
}

MlirOperation mlirRngDropoutCreate(MlirLocation location, MlirValue x,
                                   MlirValue p, MlirValue seed,
                                   MlirValue offset, int32_t rounds) {
  return createVerifiedOp<rng::RngDialect, rng::DropoutOp>(
      location, {{"x", x}, {"p", p}, {"seed", seed}, {"offset", offset}},
      unwrap(x), unwrap(p), unwrap(seed), unwrap(offset),
      static_cast<uint32_t>(rounds));
}

MlirOperation mlirRngSplitMix64Create(MlirLocation location, MlirValue x) {
  return createVerifiedOp<rng::RngDialect, rng::SplitMix64Op>(
      location, {{"x", x}}, unwrap(x));
}

MlirOperation mlirRngTrDropoutSampleCreate(MlirLocation location,
                                           MlirValue seedLo, MlirValue seedHi,
                                           MlirValue offset) {
  return createVerifiedOp<rng::RngDialect, rng::TrDropoutSampleOp>(
      location, {{"seed_lo", seedLo}, {"seed_hi", seedHi}, {"offset", offset}},
      unwrap(seedLo), unwrap(seedHi), unwrap(offset));
}
