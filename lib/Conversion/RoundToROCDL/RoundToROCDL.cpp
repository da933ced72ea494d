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
#include "rng/Conversion/Common/Utils.h"
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

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/bit.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CONVERTROUNDTOROCDLPASS
#include "rng/Conversion/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;
using arith::CmpIPredicate;

/// round.stochastic to bf16/f16 -> llvm.amdgcn.cvt.sr.{bf16,f16}.f32
/// (gfx950; a HalfPairBuilder, PairedHalfRoundingPattern is the frame).
///
/// The intrinsic writes half `sel` of its packed `old` operand: elements
/// (x0, x1) chain into one <2 x T> (sel = 0, then 1). The K random bits go
/// to the top of the 32-bit random operand. The instruction has no
/// saturating mode (the frame clamps).
static Value buildCvtSrHalfPair(OpBuilder &builder, Location loc,
                                VectorType pairType, ArrayRef<Value> xs,
                                ArrayRef<Value> rbits, unsigned k,
                                bool /*saturate*/) {
  StringAttr intrinsic = builder.getStringAttr(
      pairType.getElementType().isBF16() ? "llvm.amdgcn.cvt.sr.bf16.f32"
                                         : "llvm.amdgcn.cvt.sr.f16.f32");
  Value pair = createScalarOrSplatBits(builder, loc, pairType, 0);
  for (auto [half, x] : llvm::enumerate(xs)) {
    Value random = placeRandomBits(builder, loc, rbits[half], k, 32 - k);
    Value select =
        createScalarOrSplatBits(builder, loc, builder.getI1Type(), half);
    pair = LLVM::CallIntrinsicOp::create(builder, loc, pairType, intrinsic,
                                         ValueRange{pair, x, random, select})
               .getResult(0);
  }
  return pair;
}

namespace {

/// round.stochastic -> rocdl.cvt.sr.{fp8,bf8}.f32 (gfx942 FNUZ, gfx950 OCP).
///
/// Each instruction writes byte `byteSel` of its `old` operand: four
/// elements chain into one i32. The K random bits go to the top of the
/// 32-bit seed (AMD's host model reads seed[31:12] / seed[31:11]).
struct StochasticToCvtSrFp8 final
    : UnrolledRoundingPattern<rounding::StochasticOp> {
  StochasticToCvtSrFp8(MLIRContext *context, bool fnuz, PatternBenefit benefit)
      : UnrolledRoundingPattern(context, benefit), fnuz(fnuz) {}

  /// True for the e5m2 (bf8) format of this chipset's family.
  bool isBF8(Type elementType) const {
    return fnuz ? isa<Float8E5M2FNUZType>(elementType)
                : isa<Float8E5M2Type>(elementType);
  }

  LogicalResult matchInstruction(rounding::StochasticOp op, Type elementType,
                                 PatternRewriter &rewriter) const override {
    bool isFP8 = fnuz ? isa<Float8E4M3FNUZType>(elementType)
                      : isa<Float8E4M3FNType>(elementType);
    if (!isFP8 && !isBF8(elementType))
      return rewriter.notifyMatchFailure(op, "no SR instruction for type");
    return success();
  }

  SmallVector<Value> rewriteElements(rounding::StochasticOp op,
                                     Type elementType,
                                     const UnpackedRoundingOperands &operands,
                                     PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const auto &[xs, rs, format, k] = operands;
    bool bf8 = isBF8(elementType);

    uint32_t maxBits = getLargestFiniteF32Bits(elementType);
    Type i8 = rewriter.getI8Type();

    SmallVector<Value> results;
    for (size_t i = 0; i < xs.size(); i += 4) {
      size_t count = std::min<size_t>(4, xs.size() - i);
      Value word = createI32Constant(rewriter, loc, 0);
      for (size_t lane = 0; lane < count; ++lane) {
        Value random = placeRandomBits(rewriter, loc, rs[i + lane], k, 32 - k);
        IntegerAttr byteSel = rewriter.getI32IntegerAttr(lane);
        if (bf8)
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
            rewriter, loc, word, createI32Constant(rewriter, loc, 8 * lane));
        byte = arith::TruncIOp::create(rewriter, loc, i8, byte);
        Value result = fixUp(rewriter, loc, xs[i + lane], byte, rs[i + lane],
                             format, k, op.getSaturate(), maxBits);
        results.push_back(
            arith::BitcastOp::create(rewriter, loc, elementType, result));
      }
    }
    return results;
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
                              createI32Constant(builder, loc, maxBits));
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
    bool changed = false;
    if (failed(lowerRoundingForTarget<rounding::RoundDialect>(
            getOperation(), "convert-round-to-rocdl", "chipset", chipset,
            "gfx950", parseROCDLChipset,
            "an AMDGPU processor name LLVM knows, gfx<major><minor><stepping> "
            "such as gfx90a, gfx942 or gfx950",
            populateRoundToROCDLConversionPatterns, unverifiedSRInstructions,
            &changed, +[](const amdgpu::Chipset &chipset) {
              return hasSRBF16F16(chipset) || hasSRFp8Fnuz(chipset) ||
                     hasSRFp8Ocp(chipset);
            })))
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace

void rng::populateRoundToROCDLConversionPatterns(RewritePatternSet &patterns,
                                                 const amdgpu::Chipset &chipset,
                                                 bool unverifiedSRInstructions,
                                                 PatternBenefit benefit) {
  populateRoundToArithConversionPatterns(patterns, benefit);
  if (!unverifiedSRInstructions)
    return;
  PatternBenefit targetBenefit(benefit.getBenefit() + 1);
  MLIRContext *context = patterns.getContext();
  if (hasSRBF16F16(chipset))
    patterns.add<PairedHalfRoundingPattern<rounding::StochasticOp>>(
        context, buildCvtSrHalfPair, /*pairSaturates=*/false, targetBenefit);
  if (hasSRFp8Fnuz(chipset))
    patterns.add<StochasticToCvtSrFp8>(context, /*fnuz=*/true, targetBenefit);
  else if (hasSRFp8Ocp(chipset))
    patterns.add<StochasticToCvtSrFp8>(context, /*fnuz=*/false, targetBenefit);
}
