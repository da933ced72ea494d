//===- RoundToROCDL.cpp - round dialect to AMDGPU v_cvt_sr_* --------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The `round` dialect for AMD chipsets: the universal lowering by default.
// No public AMD text establishes which random bits the stochastic-rounding
// conversions read, so they are used only with the opt-in option
// `unverified-sr-instructions`, under AMD's own host model (HIP's
// `from_float_sr`; docs/Targets.md has the sources and the conflicts):
//
//   v_cvt_sr_bf16_f32 / v_cvt_sr_f16_f32 (gfx950), non-saturating, and
//   v_cvt_sr_fp8_f32 / v_cvt_sr_bf8_f32 (gfx942: FNUZ formats, gfx950: OCP):
//     the high bits of the 32-bit seed, seed >> (9 + m) for T's m mantissa
//     bits, are added to the discarded mantissa bits (aligned at their top,
//     also for subnormal results) and a carry rounds away from zero.
//
// The op's K low rbits go to the top of the seed, zeros below, so under the
// model the carry is exactly SPEC's t + r >= 2^K. Results the
// documentation leaves open -- overflow past the largest finite value,
// +-Inf inputs, NaN encodings, saturation (the instructions do not
// saturate) -- are fixed up with selects on x (for fp8: the universal
// lowering's result, from the one SR builder), so they match SPEC whatever
// the hardware does there.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RoundToROCDL/RoundToROCDL.h"
#include "rng/Conversion/Common/DialectLowering.h"
#include "rng/Conversion/Common/StochasticRounding.h"
#include "rng/Conversion/Common/TargetRounding.h"
#include "rng/Conversion/Passes.h"
#include "rng/Conversion/RoundToArith/RoundToArith.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/Dialect/Round/IR/RoundOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/bit.h"

#include <cmath>

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CONVERTROUNDTOROCDLPASS
#include "rng/Conversion/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;
using arith::CmpIPredicate;

static Value i32Constant(OpBuilder &builder, Location loc, uint32_t value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getI32IntegerAttr(value));
}

/// The f32 bit patterns of T's largest finite value M and of M + ulp(M),
/// the first magnitude whose truncation to T is beyond T's range (+Inf for
/// bf16, whose range is f32's).
static std::pair<uint32_t, uint32_t> getOverflowBounds(FloatType type) {
  const llvm::fltSemantics &semantics = type.getFloatSemantics();
  llvm::APFloat largest = llvm::APFloat::getLargest(semantics);
  double m = largest.convertToDouble();
  int ulpExponent = llvm::ilogb(largest) -
                    int(llvm::APFloat::semanticsPrecision(semantics)) + 1;
  double next = m + std::ldexp(1.0, ulpExponent);
  return {llvm::bit_cast<uint32_t>(float(m)),
          llvm::bit_cast<uint32_t>(float(next))};
}

namespace {

/// round.stochastic -> llvm.amdgcn.cvt.sr.{bf16,f16}.f32 (gfx950).
///
/// The intrinsic writes half `sel` of its packed `old` operand: elements
/// (x0, x1) chain into one <2 x T> (sel = 0, then 1). The K random bits go
/// to the top of the 32-bit random operand.
struct StochasticToCvtSrHalf final : OpRewritePattern<rounding::StochasticOp> {
  using Base::Base;

  LogicalResult matchAndRewrite(rounding::StochasticOp op,
                                PatternRewriter &rewriter) const override {
    Type resultType = op.getType();
    Type elementType = getElementTypeOrSelf(resultType);
    bool isBF16 = elementType.isBF16();
    if (!isBF16 && !elementType.isF16())
      return rewriter.notifyMatchFailure(op, "not bf16 or f16");
    if (!isScalarOrStaticVector(resultType))
      return rewriter.notifyMatchFailure(op, "tensors use the universal path");

    Location loc = op.getLoc();
    auto [xs, rs, format, k] = unpackRoundingOperands(
        rewriter, loc, op.getX(), op.getRbits(), elementType);
    StringAttr intrinsic = rewriter.getStringAttr(
        isBF16 ? "llvm.amdgcn.cvt.sr.bf16.f32" : "llvm.amdgcn.cvt.sr.f16.f32");

    auto pairType = VectorType::get({2}, elementType);
    Value zeroPair = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(pairType,
                               rewriter.getFloatAttr(elementType, 0.0)));
    Value selects[2] = {
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(false)),
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true))};

    SmallVector<Value> results;
    for (size_t i = 0; i < xs.size(); i += 2) {
      Value pair = zeroPair;
      size_t count = std::min<size_t>(2, xs.size() - i);
      for (size_t half = 0; half < count; ++half) {
        Value random = placeRandomBits(rewriter, loc, rs[i + half], k, 32 - k);
        pair = LLVM::CallIntrinsicOp::create(
                   rewriter, loc, pairType, intrinsic,
                   ValueRange{pair, xs[i + half], random, selects[half]})
                   .getResult(0);
      }
      for (size_t half = 0; half < count; ++half)
        results.push_back(
            vector::ExtractOp::create(rewriter, loc, pair, int64_t(half)));
    }

    auto [maxBits, overflowBits] =
        getOverflowBounds(cast<FloatType>(elementType));
    for (size_t i = 0; i < results.size(); ++i) {
      if (op.getSaturate()) {
        // Not an instruction mode: every |x| > M (+-Inf included) is +-M.
        results[i] = replaceAboveMagnitude(
            rewriter, loc, xs[i], results[i], CmpIPredicate::ugt, maxBits,
            format.maxFiniteBits, /*withSign=*/true);
      } else if (!isBF16) {
        // An f16 truncation beyond the range: SPEC's +-Inf (the hardware's
        // result there when the random bits do not carry is undocumented).
        results[i] = replaceAboveMagnitude(rewriter, loc, xs[i], results[i],
                                           CmpIPredicate::uge, overflowBits,
                                           *format.infBits, /*withSign=*/true);
      }
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, resultType, results));
    return success();
  }
};

/// round.stochastic -> rocdl.cvt.sr.{fp8,bf8}.f32 (gfx942 FNUZ, gfx950 OCP).
///
/// Each instruction writes byte `byteSel` of its `old` operand: four
/// elements chain into one i32. The K random bits go to the top of the
/// 32-bit seed (AMD's host model reads seed[31:12] / seed[31:11]).
struct StochasticToCvtSrFp8 final : OpRewritePattern<rounding::StochasticOp> {
  StochasticToCvtSrFp8(MLIRContext *context, bool fnuz, PatternBenefit benefit)
      : OpRewritePattern(context, benefit), fnuz(fnuz) {}

  LogicalResult matchAndRewrite(rounding::StochasticOp op,
                                PatternRewriter &rewriter) const override {
    Type resultType = op.getType();
    Type elementType = getElementTypeOrSelf(resultType);
    bool isBF8;
    if (fnuz ? isa<Float8E4M3FNUZType>(elementType)
             : isa<Float8E4M3FNType>(elementType))
      isBF8 = false;
    else if (fnuz ? isa<Float8E5M2FNUZType>(elementType)
                  : isa<Float8E5M2Type>(elementType))
      isBF8 = true;
    else
      return rewriter.notifyMatchFailure(op, "no SR instruction for type");
    if (!isScalarOrStaticVector(resultType))
      return rewriter.notifyMatchFailure(op, "tensors use the universal path");

    Location loc = op.getLoc();
    auto [xs, rs, format, k] = unpackRoundingOperands(
        rewriter, loc, op.getX(), op.getRbits(), elementType);

    uint32_t maxBits = getOverflowBounds(cast<FloatType>(elementType)).first;
    Type i8 = rewriter.getI8Type();

    SmallVector<Value> results;
    for (size_t i = 0; i < xs.size(); i += 4) {
      size_t count = std::min<size_t>(4, xs.size() - i);
      Value word = i32Constant(rewriter, loc, 0);
      for (size_t lane = 0; lane < count; ++lane) {
        Value random = placeRandomBits(rewriter, loc, rs[i + lane], k, 32 - k);
        IntegerAttr byteSel = rewriter.getI32IntegerAttr(lane);
        if (isBF8)
          word =
              ROCDL::CvtSrBf8F32Op::create(rewriter, loc, rewriter.getI32Type(),
                                           xs[i + lane], random, word, byteSel);
        else
          word =
              ROCDL::CvtSrFp8F32Op::create(rewriter, loc, rewriter.getI32Type(),
                                           xs[i + lane], random, word, byteSel);
      }
      for (size_t lane = 0; lane < count; ++lane) {
        Value byte = arith::ShRUIOp::create(
            rewriter, loc, word, i32Constant(rewriter, loc, 8 * lane));
        byte = arith::TruncIOp::create(rewriter, loc, i8, byte);
        Value result = fixUp(rewriter, loc, xs[i + lane], byte, rs[i + lane],
                             format, k, op.getSaturate(), maxBits);
        results.push_back(
            arith::BitcastOp::create(rewriter, loc, elementType, result));
      }
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, resultType, results));
    return success();
  }

  /// Pins the results AMD does not document to SPEC's: where x is NaN or
  /// |x| > M (largest finite; +-Inf included), the byte of the universal
  /// lowering (buildStochasticRoundingBits: the one SR carry, overflow and
  /// NaN rule), elsewhere the instruction's.
  static Value fixUp(OpBuilder &builder, Location loc, Value x, Value byte,
                     Value rbits, const StochasticRoundingFormat &format,
                     unsigned k, bool saturate, uint32_t maxBits) {
    Value magnitude = getMagnitudeBits(builder, loc, x);
    Value undocumented =
        arith::CmpIOp::create(builder, loc, CmpIPredicate::ugt, magnitude,
                              i32Constant(builder, loc, maxBits));
    Value xBits =
        arith::BitcastOp::create(builder, loc, builder.getI32Type(), x);
    Value spec = buildStochasticRoundingBits(builder, loc, xBits, rbits, format,
                                             k, saturate);
    return arith::SelectOp::create(builder, loc, undocumented, spec, byte);
  }

  bool fnuz;
};

struct ConvertRoundToROCDLPass final
    : rng::impl::ConvertRoundToROCDLPassBase<ConvertRoundToROCDLPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(lowerDialectForTarget<rounding::RoundDialect, ROCDLChipset>(
            getOperation(), "convert-round-to-rocdl", "chipset", chipset,
            "gfx950", parseROCDLChipset,
            "an AMDGPU processor name LLVM knows, gfx<major><minor><stepping> "
            "such as gfx90a, gfx942 or gfx950",
            [&](RewritePatternSet &patterns, const ROCDLChipset &parsed) {
              populateRoundToROCDLConversionPatterns(patterns, parsed,
                                                     unverifiedSRInstructions);
            })))
      signalPassFailure();
  }
};

} // namespace

void rng::populateRoundToROCDLConversionPatterns(RewritePatternSet &patterns,
                                                 const ROCDLChipset &chipset,
                                                 bool unverifiedSRInstructions,
                                                 PatternBenefit benefit) {
  populateRoundToArithConversionPatterns(patterns, benefit);
  if (!unverifiedSRInstructions)
    return;
  PatternBenefit targetBenefit(benefit.getBenefit() + 1);
  MLIRContext *context = patterns.getContext();
  if (chipset.hasSRBF16F16())
    patterns.add<StochasticToCvtSrHalf>(context, targetBenefit);
  if (chipset.hasSRFp8Fnuz())
    patterns.add<StochasticToCvtSrFp8>(context, /*fnuz=*/true, targetBenefit);
  else if (chipset.hasSRFp8Ocp())
    patterns.add<StochasticToCvtSrFp8>(context, /*fnuz=*/false, targetBenefit);
}
