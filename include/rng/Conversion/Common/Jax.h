//===- Jax.h - IR builders for Threefry and JAX's samplers ------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// IR builders for rng.threefry_2x32, rng.jax_fold_in, rng.jax_bits,
// rng.jax_uniform, rng.jax_normal and rng.jax_randint (SPEC §8). Every
// lowering of those ops uses these builders. They emit only `arith` (+
// `math` for the normal) ops and splat constants, so they work on scalars
// and on every vector type, fixed or scalable; a scalar operand beside a
// shaped one is broadcast (`vector.broadcast`), after the work that depends
// on it alone (a scalar key's schedule) is done once.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_JAX_H
#define RNG_CONVERSION_COMMON_JAX_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <array>

namespace mlir {
namespace rng {

/// A function building a scalar i32 equal to 1 whose value the target's code
/// generator cannot see, at the builder's insertion point, or returning null
/// where it cannot (the plain add is then kept). A plain function pointer, so
/// that patterns can hold it. See buildThreefry2x32.
using OpaqueOneFn = Value (*)(OpBuilder &builder, Location loc);

/// Builds Threefry-2x32-`rounds` (Random123) of the counter `x` under `key`
/// and returns the two output words. The counter words share one type (i32
/// or a shaped type of i32); the key words are of that type or scalar i32
/// (the key schedule is then computed on scalars and broadcast).
///
/// `opaqueOne`, if given, is a scalar i32 equal to 1 whose value the target's
/// code generator cannot see (RngLoweringOptions::threefryOpaqueOne). The
/// round add that follows each key injection, x0 + x1, is then built as
/// x0 * opaqueOne + x1: the same bits, but a multiply-add that the target
/// cannot fuse with the injection's add into one three-input add.
std::array<Value, 2> buildThreefry2x32(OpBuilder &builder, Location loc,
                                       std::array<Value, 2> x,
                                       std::array<Value, 2> key,
                                       unsigned rounds,
                                       Value opaqueOne = nullptr);

/// Builds JAX's T(k; hi32(d), lo32(d)): Threefry-2x32-20 of the 64-bit `d`
/// (i64-like, or i32-like and zero-extended) under the key (k0, k1) (i32,
/// scalar or shaped). The result words have the shape of the shaped operand
/// (a scalar `d` beside a shaped key is broadcast). `opaqueOne` as for
/// buildThreefry2x32, here and in the builders below.
std::array<Value, 2> buildJaxThreefryAt(OpBuilder &builder, Location loc,
                                        Value k0, Value k1, Value d,
                                        Value opaqueOne = nullptr);

/// Builds jax.random.bits at the linear index `i`: `resultElementType` is
/// i8, i16, i32 or i64 (SPEC §8).
Value buildJaxBits(OpBuilder &builder, Location loc, Value k0, Value k1,
                   Value i, Type resultElementType, Value opaqueOne = nullptr);

/// Builds jax.random.uniform in [0, 1) at `i`: `resultElementType` is f32 or
/// f64 (mantissa fill, exact).
Value buildJaxUniform(OpBuilder &builder, Location loc, Value k0, Value k1,
                      Value i, Type resultElementType,
                      Value opaqueOne = nullptr);

/// A function forming rng.jax_normal's f32 log1p(x) for its x = -(u * u)
/// (u * u rounded to f32, so x is in [-(1 - 2^-23), 0]); `mathFlags` are the
/// normal's fast-math flags. Whatever it returns must keep the normal within
/// SPEC §8's 4-ulp bound; the builders below do (see each). A plain function
/// pointer, so that patterns can hold it.
using JaxLog1pFn = Value (*)(OpBuilder &builder, Location loc, Value x,
                             arith::FastMathFlags mathFlags);

/// log1p(x) through f64: `math.log` of the exact 1 + x, or x - x^2 / 2 where
/// |x| < 2^-29 (1 + x would not be exact there), rounded to f32: the
/// correctly rounded log1p on any target whose f64 `math.log` is accurate.
/// The universal lowering's choice (upstream's `convert-math-to-llvm` lowers
/// `math.log1p` approximately, so it avoids that op).
Value buildJaxLog1pViaF64(OpBuilder &builder, Location loc, Value x,
                          arith::FastMathFlags mathFlags);

/// The target's own f32 `math.log1p`, for targets where that is within 1 ulp
/// (libdevice's `__nv_log1pf`, the ROCm device library's); SPEC §8 allows
/// the target's log1p, and 1 ulp of it keeps the normal within its bound.
Value buildJaxLog1pTargetF32(OpBuilder &builder, Location loc, Value x,
                             arith::FastMathFlags mathFlags);

/// The arithmetic steps of rng.jax_normal a target may form itself: a fused
/// multiply-add of the ErfInv polynomials (a * b + c, one rounding) and the
/// square root of the tail's w (w >= 5).
enum class JaxNormalStep { Fma, Sqrt };

/// A function forming `step` on `operands` (a, b, c for Fma; w for Sqrt)
/// for a target, with the bits the target's math ops would give, or a null
/// Value to leave the step to `math.fma` / `math.sqrt` (with `mathFlags`).
using JaxNormalStepFn = Value (*)(OpBuilder &builder, Location loc,
                                  JaxNormalStep step, ValueRange operands,
                                  arith::FastMathFlags mathFlags);

/// Builds jax.random.normal (f32) at `i`: XLA's f32 ErfInv of the uniform
/// on (-1, 1), times fl(sqrt(2)); the polynomial with `math.fma`; log1p
/// from `log1p` (buildJaxLog1pViaF64 by default; not null). `mathFlags` go
/// to `log1p` and on the `math.sqrt` ops. The central (w < 5) or tail
/// polynomial is chosen by selects, or with `branchOnTail` (scalars only) by an
/// `scf.if` whose branches each evaluate one polynomial (RngLoweringOptions::
/// branchOnRareInputs); the bits are the same. `step`, when given, forms
/// the fused multiply-adds and the square root (JaxNormalStepFn).
Value buildJaxNormal(
    OpBuilder &builder, Location loc, Value k0, Value k1, Value i,
    arith::FastMathFlags mathFlags = arith::FastMathFlags::none,
    JaxLog1pFn log1p = buildJaxLog1pViaF64, bool branchOnTail = false,
    Value opaqueOne = nullptr, JaxNormalStepFn step = nullptr);

/// Builds jax.random.randint in [minval, maxval) at `i` (minval and maxval
/// of one type, i32- or i64-like; the result has their element type and the
/// shape).
Value buildJaxRandint(OpBuilder &builder, Location loc, Value k0, Value k1,
                      Value i, Value minval, Value maxval,
                      Value opaqueOne = nullptr);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_JAX_H
