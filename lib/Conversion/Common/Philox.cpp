//===- Philox.cpp - IR builder for the Philox4x32 rounds ------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/Philox.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Support/Philox.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

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

/// True where the data layout in scope says big-endian (a vector bitcast
/// then pairs lanes the other way).
static bool isBigEndianScope(OpBuilder &builder) {
  Block *block = builder.getInsertionBlock();
  Operation *scope = block ? block->getParentOp() : nullptr;
  if (!scope)
    return false;
  auto endianness =
      dyn_cast_or_null<StringAttr>(DataLayout::closest(scope).getEndianness());
  return endianness &&
         endianness.getValue() == DLTIDialect::kDataLayoutEndiannessBig;
}

std::pair<Value, Value> rng::buildMulHiLoLanePairs(OpBuilder &builder,
                                                   Location loc, Value lhs,
                                                   Value rhs) {
  auto vectorType = dyn_cast<VectorType>(lhs.getType());
  if (!vectorType || vectorType.getRank() != 1 || vectorType.isScalable() ||
      vectorType.getNumElements() < 4 || vectorType.getNumElements() % 2 ||
      isBigEndianScope(builder))
    return buildMulHiLoExtended(builder, loc, lhs, rhs);
  // Lanes 2k and 2k + 1 are the low and high halves of 64-bit lane k
  // (little-endian): each half's product is one 32x32->64 multiply of the
  // 64-bit lanes with the other half masked off (x86's vpmuludq, one per 4,
  // 8 or 16 products), and the high halves of the two products are put back
  // in place with a shift, a mask and an or. The low halves are one 32-bit
  // multiply (vpmulld), which measured faster than reassembling them
  // (bench/cpu_fill.py: 3.5 against 3.1 G uniforms/s on vector<16xi32>).
  auto wideType =
      VectorType::get({vectorType.getNumElements() / 2}, builder.getI64Type());
  ScalarOrSplatBitsCache wide(builder, loc, wideType);
  Value low32 = wide.get(0xFFFFFFFFull);
  Value high32 = wide.get(0xFFFFFFFF00000000ull);
  Value shift = wide.get(32);
  Value l = vector::BitCastOp::create(builder, loc, wideType, lhs);
  Value r = vector::BitCastOp::create(builder, loc, wideType, rhs);
  Value even = arith::MulIOp::create(
      builder, loc, arith::AndIOp::create(builder, loc, l, low32),
      arith::AndIOp::create(builder, loc, r, low32));
  Value odd = arith::MulIOp::create(
      builder, loc, arith::ShRUIOp::create(builder, loc, l, shift),
      arith::ShRUIOp::create(builder, loc, r, shift));
  Value high = arith::OrIOp::create(
      builder, loc, arith::ShRUIOp::create(builder, loc, even, shift),
      arith::AndIOp::create(builder, loc, odd, high32));
  return {vector::BitCastOp::create(builder, loc, vectorType, high),
          arith::MulIOp::create(builder, loc, lhs, rhs)};
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
