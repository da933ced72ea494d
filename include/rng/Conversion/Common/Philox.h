//===- Philox.h - IR builder for the Philox4x32 rounds ----------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The one place where the Philox4x32-R round function and key schedule are
// emitted as IR. Every lowering (universal and target-specific) calls
// buildPhilox4x32; targets differ only in how they form the 32x32->64-bit
// product, which they pass in as a MulHiLoBuilder.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_PHILOX_H
#define RNG_CONVERSION_COMMON_PHILOX_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <array>
#include <utility>

namespace mlir {
namespace rng {

/// Builds the (high, low) 32-bit halves of the unsigned 64-bit product
/// `lhs * rhs`, where `rhs` is a constant multiplier of `lhs`'s type.
using MulHiLoBuilder = llvm::function_ref<std::pair<Value, Value>(
    OpBuilder &builder, Location loc, Value lhs, Value rhs)>;

/// The portable product: `arith.mului_extended` on scalars and fixed
/// vectors (n-D ones through their 1-D shape_cast), a 64-bit `arith.muli`
/// of the zero-extended operands on scalable vectors (which upstream's
/// arith-to-llvm cannot lower `arith.mului_extended` on).
std::pair<Value, Value> buildMulHiLoExtended(OpBuilder &builder, Location loc,
                                             Value lhs, Value rhs);

/// Emits Philox4x32-`rounds` (Random123) on `counter` under `key` and
/// returns the four output words. The counter words share one type (i32 or
/// a shaped type of i32); the key words are of that type or scalar i32 (the
/// key schedule is then computed once and broadcast per round).
/// buildMulHiLoExtended's products, formed for fixed 1-D vectors of an even
/// number (at least 4) of i32 lanes from 32x32->64 multiplies of lane pairs
/// (the vector bitcast to i64 lanes): one instruction per 4/8/16 products on
/// x86 (vpmuludq) where LLVM's generic widening takes several. Other types,
/// and scopes whose data layout is big-endian, take buildMulHiLoExtended.
/// The same bits. `rng-to-llvm` uses it (convert-rng-to-arith's option
/// `lane-pair-products`).
std::pair<Value, Value> buildMulHiLoLanePairs(OpBuilder &builder, Location loc,
                                              Value lhs, Value rhs);

std::array<Value, 4>
buildPhilox4x32(OpBuilder &builder, Location loc, std::array<Value, 4> counter,
                std::array<Value, 2> key, unsigned rounds,
                MulHiLoBuilder mulHiLo = buildMulHiLoExtended);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_PHILOX_H
