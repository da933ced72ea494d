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

#include "rng/Conversion/Common/DialectLowering.h"
#include "rng/Conversion/Common/StochasticRounding.h"
#include "rng/Conversion/Common/Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Value.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace mlir {
namespace rng {

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

/// The f32 bit pattern of the largest finite value of the float type
/// `type` (which f32 holds exactly for every SR result type).
uint32_t getLargestFiniteF32Bits(Type type);

/// The f32 bit pattern of M + ulp(M), M the largest finite value of the
/// float type `type`: the smallest magnitude whose truncation to `type` is
/// beyond its range. For types narrower than f32's range (f16: 65536.0).
uint32_t getOverflowThresholdF32Bits(Type type);

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

/// The frame of a target lowering of a `round.stochastic`-like op `OpTy`
/// (getType, getX, getRbits) that unrolls it into scalars: a derived pattern
/// says whether its instruction has a form for the op (`matchInstruction`)
/// and builds the result's elements from the unpacked operands
/// (`rewriteElements`); the frame checks the shape (isScalarOrStaticVector;
/// other forms keep the universal lowering), splits the operands and packs
/// the elements back into the op's result type. Header-only, so the common
/// library does not depend on the `round` dialect.
template <typename OpTy>
class UnrolledRoundingPattern : public OpRewritePattern<OpTy> {
public:
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    Type resultType = op.getType();
    Type elementType = getElementTypeOrSelf(resultType);
    if (failed(matchInstruction(op, elementType, rewriter)))
      return failure();
    if (!isScalarOrStaticVector(resultType))
      return rewriter.notifyMatchFailure(
          op, "tensors, scalable and large vectors use the universal path");
    Location loc = op.getLoc();
    UnpackedRoundingOperands operands = unpackRoundingOperands(
        rewriter, loc, op.getX(), op.getRbits(), elementType);
    SmallVector<Value> results =
        rewriteElements(op, elementType, operands, rewriter);
    rewriter.replaceOp(op, packElements(rewriter, loc, resultType, results));
    return success();
  }

protected:
  /// Succeeds if the instruction computes the op's bits for element type
  /// `elementType` (and the op's attributes); otherwise reports why through
  /// `rewriter.notifyMatchFailure` and fails. Builds nothing.
  virtual LogicalResult matchInstruction(OpTy op, Type elementType,
                                         PatternRewriter &rewriter) const = 0;

  /// The result's elements, one for each of `operands.xs` (same order),
  /// each a scalar of `elementType`.
  virtual SmallVector<Value>
  rewriteElements(OpTy op, Type elementType,
                  const UnpackedRoundingOperands &operands,
                  PatternRewriter &rewriter) const = 0;
};

/// Builds one bf16/f16 SR instruction that rounds `xs` (two f32 scalars, or
/// one for an odd tail) with the low `numRandomBits` bits of the matching
/// `rbits` (integer scalars), saturating if `saturate` and the instruction
/// can: element i of the returned `pairType` (vector<2xT>) value is
/// SR(xs[i]); element 1 is unused for a tail.
using HalfPairBuilder = Value (*)(OpBuilder &builder, Location loc,
                                  VectorType pairType, ArrayRef<Value> xs,
                                  ArrayRef<Value> rbits, unsigned numRandomBits,
                                  bool saturate);

/// The target lowering of a `round.stochastic`-like op `OpTy` to bf16 or
/// f16 through an instruction that rounds two f32 into one packed
/// vector<2xT> (NVIDIA's cvt.rs.f16x2/bf16x2, AMD's v_cvt_sr_{bf16,f16}):
/// the pattern pairs the elements (x0, x1), (x2, x3), ... (an odd tail
/// rounds alone), builds one instruction per pair with the target's
/// `buildPair`, extracts the results and pins what neither vendor documents:
///   - f16 without saturation: an input beyond the f16 range whose random
///     bits do not carry gives SPEC's +-Inf (IEEE's directed rounding would
///     give 65504; bf16 covers f32's range and never overflows);
///   - saturation, where the instruction has no saturating mode
///     (`!pairSaturates`): every |x| > M (+-Inf included) gives +-M.
template <typename OpTy>
class PairedHalfRoundingPattern final : public UnrolledRoundingPattern<OpTy> {
public:
  PairedHalfRoundingPattern(MLIRContext *context, HalfPairBuilder buildPair,
                            bool pairSaturates, PatternBenefit benefit = 1)
      : UnrolledRoundingPattern<OpTy>(context, benefit), buildPair(buildPair),
        pairSaturates(pairSaturates) {}

protected:
  LogicalResult matchInstruction(OpTy op, Type elementType,
                                 PatternRewriter &rewriter) const override {
    if (!elementType.isBF16() && !elementType.isF16())
      return rewriter.notifyMatchFailure(op, "not bf16 or f16");
    return success();
  }

  SmallVector<Value> rewriteElements(OpTy op, Type elementType,
                                     const UnpackedRoundingOperands &operands,
                                     PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ArrayRef<Value> xs = operands.xs;
    ArrayRef<Value> rbits = operands.rbits;
    bool saturate = op.getSaturate();
    auto pairType = VectorType::get({2}, elementType);
    SmallVector<Value> results;
    for (size_t i = 0; i < xs.size(); i += 2) {
      size_t count = std::min<size_t>(2, xs.size() - i);
      Value pair =
          buildPair(rewriter, loc, pairType, xs.slice(i, count),
                    rbits.slice(i, count), operands.numRandomBits, saturate);
      for (size_t half = 0; half < count; ++half)
        results.push_back(
            vector::ExtractOp::create(rewriter, loc, pair, int64_t(half)));
    }
    const StochasticRoundingFormat &format = operands.format;
    for (size_t i = 0; i < results.size(); ++i) {
      if (saturate && !pairSaturates)
        results[i] = replaceAboveMagnitude(
            rewriter, loc, xs[i], results[i], arith::CmpIPredicate::ugt,
            getLargestFiniteF32Bits(elementType), format.maxFiniteBits,
            /*withSign=*/true);
      else if (!saturate && elementType.isF16())
        results[i] = replaceAboveMagnitude(
            rewriter, loc, xs[i], results[i], arith::CmpIPredicate::uge,
            getOverflowThresholdF32Bits(elementType), *format.infBits,
            /*withSign=*/true);
    }
    return results;
  }

private:
  HalfPairBuilder buildPair;
  bool pairSaturates;
};

/// The run of the target SR passes (convert-round-to-nvvm,
/// convert-round-to-rocdl): lowerDialectForTarget of the round dialect
/// `RoundDialectT` with the patterns `populate` (the pass's
/// populate...ConversionPatterns) adds for the parsed target, passing it the
/// pass's `unverifiedSRInstructions`. Sets `*changed` when the IR changed.
template <typename RoundDialectT, typename TargetT>
LogicalResult
lowerRoundingForTarget(Operation *root, StringRef passName, StringRef option,
                       StringRef value, StringRef example,
                       std::optional<TargetT> (*parse)(StringRef),
                       StringRef expected,
                       void (*populate)(RewritePatternSet &, const TargetT &,
                                        bool, PatternBenefit),
                       bool unverifiedSRInstructions, bool *changed,
                       bool (*hasSRInstructions)(const TargetT &) = nullptr) {
  return lowerDialectForTarget<RoundDialectT, TargetT>(
      root, passName, option, value, example, parse, expected,
      [&](RewritePatternSet &patterns, const TargetT &target) {
        // The opt-in asks for instructions the chip does not have: say so
        // rather than ignore it silently (the universal lowering runs).
        if (unverifiedSRInstructions && hasSRInstructions &&
            !hasSRInstructions(target))
          emitWarning(root->getLoc())
              << passName << ": unverified-sr-instructions has no effect for "
              << option << " " << value
              << ", which has no stochastic-rounding instructions (the "
                 "universal lowering is used)";
        populate(patterns, target, unverifiedSRInstructions,
                 /*benefit=*/1);
      },
      changed);
}

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_TARGETROUNDING_H
