//===- Utils.h - IR building helpers of the rng-mlir lowerings --*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Small IR builders every lowering uses: constants given by their bit
// pattern, scalar-to-shape broadcasts, and the split of a fixed-size vector
// into scalars (and back) for scalar-only target instructions. Values given as
// numbers use upstream's mlir::createScalarOrSplatConstant
// (mlir/Dialect/Arith/Utils); the lowerings state their constants as bit
// patterns (SPEC's notation), so this is the one helper they build constants
// with.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_UTILS_H
#define RNG_CONVERSION_COMMON_UTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace mlir {
namespace rng {

/// Returns an `arith.constant` of `type` (an integer or float type, or a
/// vector or ranked tensor of one) whose elements all have the bit pattern
/// `bits`, truncated to the element width: for an integer type the integer
/// `bits`, for a float type the float whose encoding is `bits`.
Value createScalarOrSplatBits(OpBuilder &builder, Location loc, Type type,
                              uint64_t bits);

/// createScalarOrSplatBits for one type, each bit pattern created once: for
/// builders that use many constants of one type, in one block.
class ScalarOrSplatBitsCache {
public:
  ScalarOrSplatBitsCache(OpBuilder &builder, Location loc, Type type)
      : builder(builder), loc(loc), type(type) {}

  /// The constant of the cache's type with bit pattern `bits`.
  Value get(uint64_t bits) {
    Value &constant = constants[bits];
    if (!constant)
      constant = createScalarOrSplatBits(builder, loc, type, bits);
    return constant;
  }

private:
  OpBuilder &builder;
  Location loc;
  Type type;
  llvm::DenseMap<uint64_t, Value> constants;
};

/// Returns an i32 `arith.constant` of `value` (createScalarOrSplatBits for
/// the scalar i32 the target lowerings compute random-bit fields in).
Value createI32Constant(OpBuilder &builder, Location loc, uint32_t value);

/// f32(`integer`) * f32 bit pattern `scaleBits`, elementwise: `integer`
/// (an integer scalar, vector or ranked tensor) converted to f32 of its
/// shape, signed or unsigned, rounded to nearest even, then multiplied once
/// (rounded to nearest even). The uniform generators use it to map an
/// integer onto [0, 1) with a power-of-two or near-power-of-two scale.
Value buildScaledIntToFloat(OpBuilder &builder, Location loc, Value integer,
                            bool isSigned, uint32_t scaleBits);

/// Broadcasts `value` (a scalar) to `type` when `type` is a vector or static
/// ranked tensor type; returns `value` unchanged when the types agree.
Value broadcastToType(OpBuilder &builder, Location loc, Value value, Type type);

/// True if `type` is a scalar or a fixed-size vector (any rank) of at most
/// kMaxUnrolledElements elements: the shapes the target lowerings split into
/// scalars (for scalar-only instructions). Ranked tensors, scalable vectors and
/// larger vectors keep the universal lowering, which computes the same bits
/// without unrolling.
bool isScalarOrStaticVector(Type type);

/// The most elements a target lowering unrolls a vector into. Unrolling
/// costs compile time per element: a Philox block on vector<1024> through
/// `convert-rng-to-nvvm` built 20480 scalar `mul.hi.u32` calls and took
/// 1.5 s where the universal lowering takes 0.1 s; at 64 elements (two MX
/// blocks of 32) the cost stays under 0.1 s.
constexpr int64_t kMaxUnrolledElements = 64;

/// The scalars of `value` (a scalar, or a fixed-size vector in row-major
/// order).
SmallVector<Value> unpackElements(OpBuilder &builder, Location loc,
                                  Value value);

/// The inverse of unpackElements: a value of `type` (scalar or fixed-size
/// vector) holding `elements`.
Value packElements(OpBuilder &builder, Location loc, Type type,
                   ArrayRef<Value> elements);

/// f32 of `x` (f16 or bf16, scalar or vector), exactly, in integer
/// arithmetic: `arith.extf` would need the runtime library's __extendhfsf2
/// on CPUs without half-precision instructions. NaNs stay NaNs (quiet).
Value buildHalfToF32(OpBuilder &builder, Location loc, Value x);

/// `x` (f32, scalar or vector) rounded to nearest even to `halfType` (f16
/// or bf16), in integer arithmetic (`arith.truncf` would need the runtime
/// library's __truncsfhf2/__truncsfbf2 on such CPUs): overflow to infinity,
/// f16 subnormals, NaN to a quiet NaN of the sign.
Value buildF32ToHalf(OpBuilder &builder, Location loc, Value x, Type halfType);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_UTILS_H
