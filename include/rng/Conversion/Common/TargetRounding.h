//===- TargetRounding.h - Helpers of the target SR lowerings ----*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What the NVVM and ROCDL lowerings of `round.stochastic` share around the
// instruction itself: splitting a scalar or static vector into scalars and
// back, placing the op's K random bits where an instruction reads them, and
// the guards that make an instruction's result independent of behaviour its
// vendor does not document (overflow, Inf, NaN).
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_TARGETROUNDING_H
#define RNG_CONVERSION_COMMON_TARGETROUNDING_H

#include "rng/Conversion/Common/StochasticRounding.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <cstdint>

namespace mlir {
namespace rng {

/// True if `type` is a scalar or a fixed-size vector (any rank) of at most
/// kMaxUnrolledElements elements: the shapes the target lowerings split into
/// scalars. Ranked tensors, scalable vectors and larger vectors keep the
/// universal lowering (which computes the same bits without unrolling; a
/// vector<10000000xf32> would otherwise unroll for many minutes).
bool isScalarOrStaticVector(Type type);

/// The most elements a target lowering unrolls a vector into.
constexpr int64_t kMaxUnrolledElements = 4096;

/// The scalars of `value` (a scalar, or a fixed-size vector in row-major
/// order).
SmallVector<Value> unpackElements(OpBuilder &builder, Location loc,
                                  Value value);

/// The inverse of unpackElements: a value of `type` (scalar or fixed-size
/// vector) holding `elements`.
Value packElements(OpBuilder &builder, Location loc, Type type,
                   ArrayRef<Value> elements);

/// The operands of a `round.stochastic` to element type `elementType` that
/// a target instruction replaces, split into scalars: the elements of `x`
/// and `rbits` (scalars or fixed-size vectors of one shape), the format, and
/// K, the number of random bits the op uses (SPEC section 3).
struct UnpackedRoundingOperands {
  SmallVector<Value> xs;
  SmallVector<Value> rbits;
  StochasticRoundingFormat format;
  unsigned numRandomBits;
};
UnpackedRoundingOperands unpackRoundingOperands(OpBuilder &builder,
                                                Location loc, Value x,
                                                Value rbits, Type elementType);

/// Returns, as an i32, the low `numBits` bits of the integer scalar `rbits`
/// (any width) shifted left by `shift` (numBits + shift <= 32), all other
/// bits zero.
Value placeRandomBits(OpBuilder &builder, Location loc, Value rbits,
                      unsigned numBits, unsigned shift);

/// The f32 scalar `x` as its i32 bit pattern with the sign cleared.
Value getMagnitudeBits(OpBuilder &builder, Location loc, Value x);

/// Returns `result` (a scalar of T, the op's result type) where the f32
/// input `x` is NaN or |x| `predicate` `threshold` (an f32 bit pattern;
/// `predicate` is ugt or uge) fails; where it holds, T's bit pattern
/// `replacement`, with x's sign bit added if `withSign`. +-Inf count as
/// magnitudes (0x7F800000), NaN never matches. The target lowerings use it
/// to pin the result for inputs where an instruction's behaviour is not
/// documented (overflow, Inf).
Value replaceAboveMagnitude(OpBuilder &builder, Location loc, Value x,
                            Value result, arith::CmpIPredicate predicate,
                            uint32_t threshold, uint32_t replacement,
                            bool withSign);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_TARGETROUNDING_H
