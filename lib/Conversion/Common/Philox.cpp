//===- Philox.cpp - IR builder for the Philox4x32 rounds ------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/Philox.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Support/Philox.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::rng;

std::pair<Value, Value> rng::buildMulHiLoExtended(OpBuilder &builder,
                                                  Location loc, Value lhs,
                                                  Value rhs) {
  // arith-to-llvm (LLVM 22) lowers arith.mului_extended only on scalars and
  // fixed 1-D vectors: on a scalable vector it builds the widened type
  // without the scalable dimension (an invalid llvm.zext, "input and output
  // vectors are of incompatible shape"; docs/upstream/), and it rejects
  // n-D vectors. So a fixed n-D product is computed on its 1-D shape_cast
  // and every scalable one in 64 bits.
  auto vectorType = dyn_cast<VectorType>(lhs.getType());
  if (!vectorType || (vectorType.getRank() <= 1 && !vectorType.isScalable())) {
    auto product = arith::MulUIExtendedOp::create(builder, loc, lhs, rhs);
    return {product.getHigh(), product.getLow()};
  }
  if (vectorType.isScalable()) {
    Type wideType = vectorType.clone(builder.getI64Type());
    Value wideLhs = arith::ExtUIOp::create(builder, loc, wideType, lhs);
    Value wideRhs = arith::ExtUIOp::create(builder, loc, wideType, rhs);
    Value product = arith::MulIOp::create(builder, loc, wideLhs, wideRhs);
    Value shift = createScalarOrSplatBits(builder, loc, wideType, 32);
    Value high = arith::ShRUIOp::create(builder, loc, product, shift);
    return {arith::TruncIOp::create(builder, loc, vectorType, high),
            arith::MulIOp::create(builder, loc, lhs, rhs)};
  }
  auto flatType = VectorType::get({vectorType.getNumElements()},
                                  vectorType.getElementType());
  Value flatLhs = vector::ShapeCastOp::create(builder, loc, flatType, lhs);
  Value flatRhs = vector::ShapeCastOp::create(builder, loc, flatType, rhs);
  auto product = arith::MulUIExtendedOp::create(builder, loc, flatLhs, flatRhs);
  return {
      vector::ShapeCastOp::create(builder, loc, vectorType, product.getHigh()),
      vector::ShapeCastOp::create(builder, loc, vectorType, product.getLow())};
}

// One round, M0 = 0xD2511F53, M1 = 0xCD9E8D57 (Random123 Philox4x32):
//   (hi0, lo0) = M0 * c0
//   (hi1, lo1) = M1 * c2
//   (c0, c1, c2, c3) = (hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0)
// and between rounds k0 += 0x9E3779B9, k1 += 0xBB67AE85.
std::array<Value, 4> rng::buildPhilox4x32(OpBuilder &builder, Location loc,
                                          std::array<Value, 4> c,
                                          std::array<Value, 2> k,
                                          unsigned rounds,
                                          MulHiLoBuilder mulHiLo) {
  Type counterType = c[0].getType();
  Type keyType = k[0].getType();
  Value m0 = createScalarOrSplatBits(builder, loc, counterType, kPhiloxM0);
  Value m1 = createScalarOrSplatBits(builder, loc, counterType, kPhiloxM1);
  Value w0, w1;
  if (rounds > 1) {
    w0 = createScalarOrSplatBits(builder, loc, keyType, kPhiloxW0);
    w1 = createScalarOrSplatBits(builder, loc, keyType, kPhiloxW1);
  }
  for (unsigned round = 0; round < rounds; ++round) {
    if (round != 0) {
      k[0] = arith::AddIOp::create(builder, loc, k[0], w0);
      k[1] = arith::AddIOp::create(builder, loc, k[1], w1);
    }
    Value k0 = broadcastToType(builder, loc, k[0], counterType);
    Value k1 = broadcastToType(builder, loc, k[1], counterType);
    auto [hi0, lo0] = mulHiLo(builder, loc, c[0], m0);
    auto [hi1, lo1] = mulHiLo(builder, loc, c[2], m1);
    Value x0 = arith::XOrIOp::create(
        builder, loc, arith::XOrIOp::create(builder, loc, hi1, c[1]), k0);
    Value x2 = arith::XOrIOp::create(
        builder, loc, arith::XOrIOp::create(builder, loc, hi0, c[3]), k1);
    c = {x0, lo1, x2, lo0};
  }
  return c;
}
