//===- Curand.h - IR builders of cuRAND's and PyTorch's rules ---*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Builders of SPEC §9 in `arith` (+ `math` for the normals): cuRAND's
// Philox4_32_10 words at a position, its conversions, its Box-Muller
// transforms, and PyTorch's launch layout. Values are scalars or vectors
// (fixed or scalable) of i64 positions; a scalar seed, subsequence or
// offset may stand beside them. The lowerings of the §9 ops
// (convert-rng-to-arith, convert-rng-to-nvvm) are built from these.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_CURAND_H
#define RNG_CONVERSION_COMMON_CURAND_H

#include "rng/Conversion/Common/Philox.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <array>
#include <utility>

namespace mlir {
namespace rng {

/// The steps of cuRAND's Box-Muller transforms whose bits depend on the
/// target: cuRAND's device code uses approximate or library functions.
enum class CurandStep {
  SqrtF32,  ///< sqrtf(s), s = -2 log(u) >= 0: correctly rounded in cuRAND.
  SinF32,   ///< sin(v) of the float transform, v in (0, 2 pi].
  CosF32,   ///< cos(v), as SinF32.
  SinPiF64, ///< sinpi(v) of the double transform, v in (0, 2].
  CosPiF64, ///< cospi(v), as SinPiF64.
  MinusTwoLogF32, ///< -2 logf(u) of the float transform, u in [2^-33, 1]:
                  ///< -0.0 at u = 1, else in [2^-23, 45.8].
  LogF64,         ///< log(a) of the double transform, a in [2^-54, 1].
};

/// Builds `step` of `x` for a target, or returns null to take the universal
/// form (math.sqrt, math.sin, math.cos, -2 * math.log, math.log;
/// buildAccurateSinCosPi). A target's logs must be `math.log`'s value
/// (libdevice's logf/log on NVVM, as cuRAND's), times -2 for
/// MinusTwoLogF32; it may use what it knows of the argument's range.
using CurandStepFn = Value (*)(OpBuilder &builder, Location loc,
                               CurandStep step, Value x);

/// Builds the single-rounding a * b + c of floats `a`, `b`, `c` (one type)
/// for a target, or returns null to take `math.fma` (which NVVM lowers to
/// libdevice's __nv_fmaf/__nv_fma, a link the kernels otherwise avoid).
using CurandFmaFn = Value (*)(OpBuilder &builder, Location loc, Value a,
                              Value b, Value c);

/// a * b + c with one rounding: `fma`'s value, or `math.fma`.
Value buildCurandFma(OpBuilder &builder, Location loc, Value a, Value b,
                     Value c, CurandFmaFn fma);

/// The Philox4x32-10 block `block` (i64) of subsequence `subsequence` (i64,
/// the block's shape or scalar) under `seed` (i64, the block's shape or
/// scalar): four i32 words of the block's shape.
std::array<Value, 4> buildCurandBlock(OpBuilder &builder, Location loc,
                                      Value seed, Value subsequence,
                                      Value block, MulHiLoBuilder mulHiLo);

/// The `count` (1 to 4) words at positions `position` .. `position + count -
/// 1` (cuRAND's state after curand_init(seed, subsequence, position)): one
/// block where they cannot cross a block boundary (count = 1, or a position
/// provably a multiple of 4), else the blocks q and q + 1 and selects on
/// position mod 4.
SmallVector<Value, 4> buildCurandWords(OpBuilder &builder, Location loc,
                                       Value seed, Value subsequence,
                                       Value position, unsigned count,
                                       MulHiLoBuilder mulHiLo);

/// cuRAND's float uniform of words `x`: fma(f32(x), 2^-32, 2^-33) (the
/// product is exact, so a multiply and an add give the one rounding).
Value buildCurandUniform(OpBuilder &builder, Location loc, Value x);

/// curand_uniform_double of words `x`: x * 2^-32 + 2^-32 (exact).
Value buildCurandUniformDouble(OpBuilder &builder, Location loc, Value x);

/// cuRAND's double of two words: (x ^ (y << 21)) * 2^-53 + 2^-54 (the shift
/// of a 64-bit y), one rounding.
Value buildCurandHq(OpBuilder &builder, Location loc, Value x, Value y);

/// cuRAND's float Box-Muller of words (x, y): (sin(v) * s, cos(v) * s).
std::pair<Value, Value> buildCurandNormalFloat(OpBuilder &builder, Location loc,
                                               Value x, Value y,
                                               CurandStepFn step,
                                               CurandFmaFn fma = nullptr);

/// cuRAND's double Box-Muller of words w0 .. w3: (sinpi(v) * s,
/// cospi(v) * s).
std::pair<Value, Value> buildCurandNormalDouble(OpBuilder &builder,
                                                Location loc,
                                                std::array<Value, 4> words,
                                                CurandStepFn step);

/// (sinpi(v), cospi(v)) of f64 `v` (finite) with the target's accurate
/// math.sin and math.cos: v = n / 2 + r exactly (|r| <= 1/4), pi * r as a
/// double-double, one correction step; zeros are +0.0 (as libdevice's).
std::pair<Value, Value> buildAccurateSinCosPi(OpBuilder &builder, Location loc,
                                              Value v);

/// Where PyTorch's layout draws an element from (SPEC §9.2), as i64 values of
/// the index's shape: the cuRAND subsequence (thread), the position of the
/// draw's first word (a multiple of 4) and the component.
struct TorchDrawValues {
  Value subsequence;
  Value position;
  Value component;
};

/// The draw of row-major element `index` with `unroll` (4 or 2) components
/// per draw: t = e mod S, k = floor(e / S) / U, component floor(e / S) mod U,
/// position (offset & ~3) + 4k; S = max(threads, 1). `offset` and `threads`
/// are scalars or of the index's shape. With `branchNarrow` (scalars on SIMT
/// targets; `scf` loaded) the division branches to 32 bits where the index
/// and S fit (buildDivRemU64).
TorchDrawValues buildTorchDraw(OpBuilder &builder, Location loc, Value offset,
                               Value threads, Value index, unsigned unroll,
                               bool branchNarrow = false);

/// The draw of a row-major element whose thread `subsequence` and iteration
/// `iteration` (scalars or of `type`, i64) are already known: the draw's
/// first element, component 0 (an index t + U k S with t < S), position
/// (offset & ~3) + 4k; the values are of `type`.
TorchDrawValues buildTorchAlignedDraw(OpBuilder &builder, Location loc,
                                      Value offset, Value subsequence,
                                      Value iteration, Type type);

/// The draw of memory element `index` of PyTorch's vectorized dropout (vec 2,
/// 4 or 8; see rng.torch_dropout); `branchNarrow` as for buildTorchDraw.
TorchDrawValues buildTorchDropoutDraw(OpBuilder &builder, Location loc,
                                      Value offset, Value threads, Value index,
                                      unsigned vec, bool branchNarrow = false);

/// (n / d, n mod d) of i64 `n` and `d` (d != 0; scalars or one shape). With
/// `branchNarrow` and scalars, the quotient is a 32-bit division's where n
/// and d are below 2^32 (every index of a tensor under 2^32 elements) and
/// the 64-bit one's elsewhere (an `scf.if`): on NVPTX a 64-bit division by a
/// constant is about 20 instructions, a 32-bit one 2 to 3. A constant d =
/// d' 2^z divides n >> z by d', so indices that differ only in their low z
/// bits share the whole division after LLVM's simplification. The values are
/// the same.
std::pair<Value, Value> buildDivRemU64(OpBuilder &builder, Location loc,
                                       Value n, Value d, bool branchNarrow);

/// `components[c]` for the i64 `component` (of the components' shape), by
/// selects.
Value buildSelectComponent(OpBuilder &builder, Location loc,
                           ArrayRef<Value> components, Value component);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_CURAND_H
