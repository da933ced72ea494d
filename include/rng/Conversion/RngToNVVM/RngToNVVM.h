//===- RngToNVVM.h - Lowering of the rng dialect for NVVM -------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_RNGTONVVM_RNGTONVVM_H
#define RNG_CONVERSION_RNGTONVVM_RNGTONVVM_H

#include "rng/Conversion/RngToArith/RngToArith.h"

namespace mlir {
namespace rng {

/// The Philox product for NVPTX: the high half through the
/// `llvm.nvvm.mulhi.ui` intrinsic (PTX `mul.hi.u32`), the low half through
/// `arith.muli` (`mul.lo.s32`). Fixed-size vectors of at most
/// kMaxUnrolledElements (64) elements are unrolled into one intrinsic call
/// per element; other types (ranked tensors, scalable and larger vectors)
/// keep `arith.mului_extended`.
std::pair<Value, Value> buildMulHiLoNVVM(OpBuilder &builder, Location loc,
                                         Value lhs, Value rhs);

/// rng.jax_normal's log1p(x) (a JaxLog1pFn) for NVPTX: `lg2.approx.ftz.f32`
/// (`llvm.nvvm.lg2.approx.ftz.f`) of 1 + x, times fl(ln 2). Not a
/// general log1p: it relies on x = -(u * u) (see RngToNVVM.cpp for why the
/// normal stays within SPEC §8's bound). Unrolled like buildMulHiLoNVVM
/// (fixed-size vectors of at most kMaxUnrolledElements); other types
/// (larger and scalable vectors, ranked tensors) take
/// buildJaxLog1pTargetF32, within the bound too but with other draws.
/// `mathFlags` are ignored (the instruction is already approximate).
Value buildJaxLog1pNVVM(OpBuilder &builder, Location loc, Value x,
                        arith::FastMathFlags mathFlags);

/// Fast math's Box-Muller steps (a BoxMullerStepBuilder) for NVPTX:
/// -2 * log(v) as `lg2.approx.ftz.f32` times -2 * fl(ln 2), and
/// `sqrt.approx.ftz.f32`, `cos.approx.ftz.f32`, `sin.approx.ftz.f32`
/// (`llvm.nvvm.*.approx.ftz.f`): on the steps' inputs the same bits as
/// libdevice's __nv_fast_logf, sqrt with `afn` and __nv_fast_sincosf, in
/// fewer instructions. Not general functions: they rely on BoxMullerStep's
/// input ranges. Unrolled like buildMulHiLoNVVM; other types get a null
/// Value (the math ops with `afn`).
Value buildBoxMullerStepNVVM(OpBuilder &builder, Location loc,
                             BoxMullerStep step, Value x);

/// a * b + c with one rounding as `llvm.intr.fma` (PTX fma.rn; CurandFmaFn
/// and rng.jax_normal's fma), on scalars and fixed vectors of at most
/// kMaxUnrolledElements elements; null elsewhere and inside bodies that must
/// be free of side effects.
Value buildFmaNVVM(OpBuilder &builder, Location loc, Value a, Value b, Value c);

/// cuRAND's device primitives for the steps of its Box-Muller transforms
/// (CurandStepFn): `sqrt.rn.f32` (in a gpu.module whose targets are all
/// #nvvm.target of chips with NVVMChip::hasReadSqrtRnExpansion, sm_75 to
/// sm_90, as ptxas's fast path computes it on the Box-Muller's inputs:
/// `rsqrt.approx.ftz.f32`, two multiplies, two fmas and a select that keeps
/// -2 log 1 = -0.0), `sin.approx.f32`, `cos.approx.f32` (PTX,
/// through `llvm.call_intrinsic`), calls of libdevice's __nv_sinpi and
/// __nv_cospi (`llvm.func` declarations in the nearest symbol table), -2
/// logf(u) as libdevice's logf computes it on [2^-33, 1], inline with its
/// coefficients scaled by powers of two (fmas, no call), and the double log
/// as `math.log` after assumptions of its range: bit-exact with cuRAND and
/// PyTorch on NVIDIA GPUs. Null (the universal
/// form) for scalable or long vectors and inside bodies that must be free of
/// side effects.
Value buildCurandStepNVVM(OpBuilder &builder, Location loc, CurandStep step,
                          Value x);

/// The range of a normal's log argument (a FloatRangeFn) as two
/// `llvm.intr.assume`s per element: `fcmp oge x, lo` (so LLVM knows x is
/// neither zero, subnormal (for lo >= 2^-126), negative nor NaN) and the
/// bits of x as an integer `ule` those of hi (libdevice tests infinity and
/// NaN on the bits). After libdevice is linked LLVM drops __nv_logf's and
/// __nv_log's special-case paths: 7 of about 30 SASS instructions of each
/// logf on sm_90; the bits are unchanged. Nothing for scalable or long
/// vectors, element types other than f32 and f64, and inside bodies that
/// must be free of side effects.
void assumeFloatRangeNVVM(OpBuilder &builder, Location loc, Value x, double lo,
                          double hi);

/// rng.jax_normal's fused multiply-adds and tail square root (a
/// JaxNormalStepFn) for NVPTX without libdevice: `llvm.intr.fma` (PTX
/// `fma.rn.f32`, as libdevice's __nv_fmaf) and `llvm.nvvm.sqrt.approx.f`
/// (PTX `sqrt.approx.f32`, what libdevice's __nv_sqrtf is without
/// nvvm-reflect's __CUDA_PREC_SQRT): the same bits, and kernels with only
/// rng.jax_normal need no libdevice. Scalars and fixed-size vectors of at
/// most kMaxUnrolledElements (n-D and 0-D ones element by element, like
/// buildMulHiLoNVVM); other types, fast math's square root and the bodies
/// that must stay free of intrinsic calls get a null Value (the math ops).
Value buildJaxNormalStepNVVM(OpBuilder &builder, Location loc,
                             JaxNormalStep step, ValueRange operands,
                             arith::FastMathFlags mathFlags);

/// Threefry's opaque 1 (an OpaqueOneFn) for NVPTX: PTX
/// `min.u32` of `%nctaid.x` and 1 in an `llvm.inline_asm` without side
/// effects.
/// The grid has at least one CTA, so the value is 1, but neither LLVM nor
/// ptxas folds it; ptxas keeps it in a uniform register. Each round add after
/// a key injection then stays an `IMAD` on the FMA pipe instead of joining
/// the injection's add in an `IADD3` on the integer ALU pipe, which SHF and
/// LOP3 (the rotations and xors) already saturate: about 6 % faster Threefry
/// fills on an H200 (docs/Benchmarks.md). Null (plain adds) in the body of
/// a linalg op, tensor.generate, tensor.pad or memref.generic_atomic_rmw,
/// which stay plain `arith` for linalg's vectorizer and atomics.
Value buildThreefryOpaqueOneNVVM(OpBuilder &builder, Location loc);

/// The NVVM choices of the rng lowering: the universal lowering with
/// buildMulHiLoNVVM products, buildJaxLog1pNVVM and buildJaxNormalStepNVVM
/// for rng.jax_normal,
/// buildThreefryOpaqueOneNVVM for Threefry, assumeFloatRangeNVVM for the
/// normals' logs, buildCurandStepNVVM and buildFmaNVVM for the §9 ops and,
/// under fast math, buildBoxMullerStepNVVM.
/// `convert-rng-to-nvvm` also sets branchOnRareInputs (its pass declares
/// `scf`); a pass of your own may do the same when it declares `scf` and lowers
/// it afterwards.
RngLoweringOptions getRngToNVVMLoweringOptions();

/// Adds the lowering of every `rng` op for NVVM targets to `patterns`: the
/// patterns of populateRngToArithConversionPatterns with buildMulHiLoNVVM
/// products, so that the PTX of a Philox round has two `mul.hi.u32` and no
/// 64-bit multiply, with the other choices of getRngToNVVMLoweringOptions.
/// `normalMathFlags` go on the math ops of the normal distributions (`afn`
/// is the pass option `fast-math`; under it the Box-Muller steps of the
/// Triton and hash normals are buildBoxMullerStepNVVM's instructions). The
/// intrinsics are `llvm.call_intrinsic` ops: a pass using these patterns
/// declares the `llvm` dialect (besides `arith`, `math`, `vector`, `tensor`,
/// `linalg`) as dependent, as `convert-rng-to-nvvm` does. The patterns emit no
/// `scf` op (branchOnRareInputs is off; see getRngToNVVMLoweringOptions to turn
/// it on).
void populateRngToNVVMConversionPatterns(
    RewritePatternSet &patterns,
    arith::FastMathFlags normalMathFlags = arith::FastMathFlags::none,
    PatternBenefit benefit = 1);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_RNGTONVVM_RNGTONVVM_H
