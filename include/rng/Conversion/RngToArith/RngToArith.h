//===- RngToArith.h - Universal lowering of the rng dialect -----*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Library: RngToArith (CMake: RngMLIR::RngToArith). Pass:
// `convert-rng-to-arith`, createConvertRngToArithPass() in
// rng/Conversion/Passes.h.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H
#define RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H

#include "rng/Conversion/Common/Curand.h"
#include "rng/Conversion/Common/Jax.h"
#include "rng/Conversion/Common/Outlining.h"
#include "rng/Conversion/Common/Philox.h"
#include "rng/Conversion/Common/TritonRandom.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

#include <array>

namespace mlir {
namespace rng {

/// A function forming Philox's 32x32->64-bit products (see MulHiLoBuilder).
/// A plain function pointer, so that patterns can hold it.
using MulHiLoFn = std::pair<Value, Value> (*)(OpBuilder &builder, Location loc,
                                              Value lhs, Value rhs);

/// Lowers rng ops to calls of private functions instead of inline IR (see
/// rng/Conversion/Common/Outlining.h), for modules with thousands of ops:
/// one function per Philox signature (rng.philox_4x32), per group of
/// Triton-family ops sharing a Philox block (their kinds and types), each
/// holding the ~150 arith ops of the block once, and per signature of every
/// other rng op. The bits are those of the inline lowering with the same
/// `mulHiLo` and `normalMath`.
class RngOutliner {
public:
  RngOutliner(Operation *symbolTableOp, MulHiLoFn mulHiLo,
              NormalMath normalMath)
      : functions(symbolTableOp), mulHiLo(mulHiLo), normalMath(normalMath) {}

  /// True if `op`'s lowering may be a call (its nearest symbol table is
  /// the outliner's).
  bool canOutline(Operation *op) const { return functions.canOutline(op); }

  /// A call computing buildPhilox4x32(counter, key, rounds) (counter words
  /// of one type: i32 or a vector of i32; key words of that type or i32).
  std::array<Value, 4> buildPhiloxCall(OpBuilder &builder, Location loc,
                                       std::array<Value, 4> counter,
                                       std::array<Value, 2> key,
                                       unsigned rounds);

  /// A call computing the results of Triton-family ops of kinds `kinds`
  /// (in order) that share one Philox block on (seed, offset, rounds):
  /// buildTritonRandint4x, then buildTritonRandomFromWords for each kind.
  /// `resultTypes` are the ops' result types, concatenated.
  SmallVector<Value> buildTritonCall(OpBuilder &builder, Location loc,
                                     Value seed, Value offset, unsigned rounds,
                                     ArrayRef<TritonRandomKind> kinds,
                                     TypeRange resultTypes);

  /// A call of a function whose body is `op` itself on the function's
  /// arguments (one function per op name, operand and result types and
  /// attributes), for the rng ops other than the above: the clone in the
  /// body is then lowered inline by the same patterns (canOutline is false
  /// inside the functions). `op` must have no regions.
  SmallVector<Value> buildOpCall(OpBuilder &builder, Operation *op);

private:
  FunctionOutliner functions;
  MulHiLoFn mulHiLo;
  NormalMath normalMath;
};

/// Target choices of the rng lowering. The defaults give the universal
/// lowering; a target lowering (e.g. `convert-rng-to-nvvm`) changes only
/// these and reuses every pattern.
struct RngLoweringOptions {
  /// Forms each Philox round's two high/low products, in the lowerings of
  /// rng.philox_4x32 and rng.randint4x (the only ops that build Philox
  /// rounds; see below).
  MulHiLoFn mulHiLo = buildMulHiLoExtended;
  /// Fast-math flags for the math ops of the normal distributions
  /// (rng.randn, rng.randn4x). `none` (the default) keeps each target's
  /// accurate log/sqrt/cos/sin, so normals stay within SPEC's 2 ulp;
  /// `afn` (pass option `fast-math`) lets a target substitute approximate
  /// functions (libdevice's __nv_fast_*f on NVVM), which is faster and no
  /// longer within 2 ulp. Integers and uniforms never change.
  arith::FastMathFlags normalMathFlags = arith::FastMathFlags::none;
  /// Under `afn` in normalMathFlags, a target's own instructions for the
  /// Box-Muller steps of rng.randn, rng.randn4x and rng.hash_randn (see
  /// NormalMath); null (the default) leaves them to the math ops.
  /// `convert-rng-to-nvvm` sets buildBoxMullerStepNVVM.
  BoxMullerStepBuilder fastBoxMullerStep = nullptr;
  /// Told the range of each normal's log argument (FloatRangeFn) in
  /// rng.randn, rng.randn4x and rng.hash_randn, or null (the default).
  /// `convert-rng-to-nvvm` sets assumeFloatRangeNVVM. The bits are the same
  /// either way.
  FloatRangeFn normalLogRange = nullptr;
  /// Forms rng.jax_normal's f32 log1p (see JaxLog1pFn). The default,
  /// buildJaxLog1pViaF64, computes it in f64 and is correctly rounded on
  /// every target whose f64 log is; NVVM, whose f64 units are few, takes a
  /// cheaper one that keeps the normal within SPEC §8's bound
  /// (buildJaxLog1pNVVM; buildJaxLog1pTargetF32 is the other choice).
  JaxLog1pFn jaxNormalLog1p = buildJaxLog1pViaF64;
  /// Forms rng.jax_normal's fused multiply-adds and tail square root for a
  /// target (see JaxNormalStepFn), or null (the default): `math.fma` and
  /// `math.sqrt`. `convert-rng-to-nvvm` sets buildJaxNormalStepNVVM, so that
  /// the kernels need no libdevice for them.
  JaxNormalStepFn jaxNormalStep = nullptr;
  /// Builds the 1 by which Threefry-2x32 multiplies x0 in the round add
  /// after each key injection (rng.threefry_2x32, the jax_* ops and
  /// rng.bit_generator's Threefry; see buildThreefry2x32), or null (the
  /// default): plain adds. For targets whose assembler would otherwise fuse
  /// that add with the injection's into one three-input add on a busier
  /// pipe than the multiply-add's; `convert-rng-to-nvvm` sets
  /// buildThreefryOpaqueOneNVVM. The bits are the same either way.
  OpaqueOneFn threefryOpaqueOne = nullptr;
  /// Builds the target-dependent steps of cuRAND's Box-Muller transforms
  /// (rng.curand_normal2, rng.curand_normal2_double, rng.torch_normal; see
  /// CurandStepFn), or null (the default): the accurate `math` ops and
  /// buildAccurateSinCosPi. `convert-rng-to-nvvm` sets buildCurandStepNVVM,
  /// cuRAND's own device primitives.
  CurandStepFn curandStep = nullptr;
  /// Forms the fused multiply-adds of the §9 ops (CurandFmaFn), or null
  /// (the default): `math.fma`. `convert-rng-to-nvvm` sets buildFmaNVVM
  /// (`llvm.intr.fma`, so that the kernels need no libdevice for it).
  CurandFmaFn curandFma = nullptr;
  /// Whether a scalar op may branch (`scf.if`) around work that only rare
  /// inputs need, instead of computing both sides and selecting: today
  /// rng.jax_normal's tail polynomial and its square root (w >= 5, i.e.
  /// |u| > 0.9966, 0.34 % of draws). The bits are the same either way. Worth
  /// it on SIMT targets (`convert-rng-to-nvvm` sets it), where a warp whose
  /// lanes all take the common side skips the other; off by default, so the
  /// universal lowering stays straight-line `arith`/`math` that later
  /// vectorizers accept. Never applied to vectors or tensors, nor anywhere
  /// inside a `linalg` op's body. A pass that sets it declares `scf` as a
  /// dependent dialect (and lowers `scf` afterwards); where `scf` is not
  /// loaded the selects stay.
  bool branchOnRareInputs = false;
  /// If set, the Triton family and rng.philox_4x32 on scalars and vectors
  /// become calls wherever it can outline (see RngOutliner); it must have
  /// been made with this struct's mulHiLo and getNormalMath(). Not owned.
  /// convert-rng-to-arith sets it when its module holds more of those ops
  /// than its option `outline-above`.
  RngOutliner *outliner = nullptr;

  /// How the normal distributions compute log, sqrt, cos and sin:
  /// normalMathFlags, fastBoxMullerStep and normalLogRange.
  NormalMath getNormalMath() const {
    return {normalMathFlags, fastBoxMullerStep, normalLogRange};
  }
};

/// Adds the lowering of every `rng` op to `arith` (+ `math` for the normal
/// distributions) to `patterns`. With default `options` the generated IR is
/// valid for any target; the Philox high products use
/// `arith.mului_extended`. The patterns are self-contained:
///  * scalars and vectors (fixed or scalable) are lowered directly; the
///    Triton-family ops that share seed, offset and rounds compute one
///    Philox block (getTritonPhiloxSharers), with `options.mulHiLo`;
///  * ops on ranked tensors (static or dynamic sizes) become a
///    `linalg.generic` over the scalar ops, which are then lowered too
///    (bufferize and lower linalg afterwards, as for any linalg op).
///
/// Use them with the dialect conversion driver (`applyPartialConversion`
/// with the `rng` dialect illegal) or the greedy driver, possibly next to
/// patterns of your own. A pass that uses them must declare the `arith`,
/// `math`, `vector`, `tensor` and `linalg` dialects as dependent dialects
/// (and those of `options.mulHiLo`'s ops).
///
/// The patterns lower an op whose results are unused like any other: under
/// the conversion driver, the replacement values that another pattern has
/// just built have no uses either until the conversion ends, so a pattern
/// cannot tell them apart. Call eraseDeadRngOps
/// (rng/Conversion/Common/DialectLowering.h) before the conversion, as the
/// passes do, so that unused draws are erased rather than expanded.
void populateRngToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options = {},
    PatternBenefit benefit = 1);

/// Lowers every rng op nested in `root` with the patterns of
/// populateRngToArithConversionPatterns for `options`, leaving every other op
/// alone (applyDialectLowering, which erases unused rng ops first): the run
/// of convert-rng-to-arith and convert-rng-to-nvvm. Sets `*changed` (if
/// given) when the IR changed.
LogicalResult applyRngToArithConversion(Operation *root,
                                        const RngLoweringOptions &options,
                                        bool *changed = nullptr);

/// Adds the lowering of rng.lowbias32, rng.hash_rand, rng.hash_randn,
/// rng.hash_dropout, rng.dropout, rng.splitmix64 and rng.tr_dropout_sample
/// on scalars and vectors (fixed and scalable) to `arith` (+ `math` for
/// rng.hash_randn, with `options.getNormalMath()`; rng.dropout's Philox uses
/// `options.mulHiLo`). Tensor-typed ops are not matched. Part of
/// populateRngToArithConversionPatterns.
void populateRngHashToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options = {},
    PatternBenefit benefit = 1);

/// Adds the lowering of the cuRAND ops (rng.curand, rng.curand4,
/// rng.curand_uniform, rng.curand_normal2, rng.curand_uniform_double,
/// rng.curand_uniform2_double, rng.curand_normal2_double) and the PyTorch ops
/// (rng.torch_uniform, rng.torch_normal, rng.torch_bernoulli,
/// rng.torch_random, rng.torch_dropout, rng.torch_threads,
/// rng.torch_offset_increment) on scalars and vectors (fixed and scalable)
/// to `arith` (+ `math` for the normals and the fused multiply-adds, with
/// `options.curandStep`; Philox with `options.mulHiLo`). Tensor-typed ops
/// are not matched. Part of populateRngToArithConversionPatterns.
void populateRngTorchToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options = {},
    PatternBenefit benefit = 1);

/// Adds the lowering of rng.threefry_2x32, rng.jax_fold_in, rng.jax_bits,
/// rng.jax_uniform, rng.jax_normal and rng.jax_randint on scalars and
/// vectors (fixed and scalable) to `arith` (+ `math` for rng.jax_normal, with
/// `options.normalMathFlags`), and of rng.bit_generator to a
/// `linalg.generic` over its output (whose rng.threefry_2x32 /
/// rng.philox_4x32 ops the other patterns lower; see BitGenerator.h) plus
/// `tensor` ops for the state, and of rng.linear_index (the other tensor op
/// whose values depend on positions; see Windows.h) to a `linalg.generic`.
/// Part of populateRngToArithConversionPatterns.
void populateRngJaxToArithConversionPatterns(
    RewritePatternSet &patterns, const RngLoweringOptions &options = {},
    PatternBenefit benefit = 1);

/// Adds the patterns of `rng-elementwise-to-linalg`: every `rng` and `round`
/// op on ranked tensors becomes a `linalg.generic` over the scalar op (the
/// Triton-family ops that share a Philox block in one generic). Use them
/// where upstream's populateElementwiseToLinalgConversionPatterns would
/// size its outputs from a scalar first operand.
void populateRngElementwiseToLinalgPatterns(RewritePatternSet &patterns,
                                            PatternBenefit benefit = 1);

/// Returns `op` followed by the ops that can share its Philox block: the
/// Triton-family ops (rng.randint ... rng.randn4x) with the same seed,
/// offset and rounds that `op` dominates (later in its block, or nested in
/// an op later in its block). Just `op` for any other op. The lowering
/// computes one block for all of them, whatever later canonicalization
/// removes from each op's use of it. The candidates are the users of the
/// seed or of the offset, whichever has fewer uses, so the cost does not
/// grow with the number of ops that share only the seed (one seed per
/// kernel) or only the offset: lowering N such ops takes time linear in N.
SmallVector<Operation *> getTritonPhiloxSharers(Operation *op);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H
