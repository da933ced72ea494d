//===- RoundToNVVM.cpp - round dialect to NVVM cvt.rs ---------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `round.stochastic` through PTX `cvt.rs` (PTX ISA 8.7, sm_100a/sm_103a)
// where the instruction computes exactly SPEC section 3 for the op, the
// universal lowering elsewhere. The PTX facts relied on (docs/Targets.md has
// the sources and what is unverified):
//
//   cvt.rs{.satfinite}.bf16x2.f32 d, a, b, rbits
//       d[31:16] = SR(a, rbits[31:16]), d[15:0] = SR(b, rbits[15:0])
//   cvt.rs{.satfinite}.f16x2.f32  d, a, b, rbits
//       as above with rbits[28:16] and rbits[12:0] (13 bits each)
//   cvt.rs.satfinite.{e4m3x4,e5m2x4}.f32 d, {a, b, e, f}, rbits
//       byte i of d from byte i of rbits, a in d[31:24] ... f in d[7:0]
//
// where SR adds the random bits to the discarded mantissa bits (aligned at
// their top) and rounds away from zero on a carry out. With the op's K low
// rbits placed at the top of an instruction's field and zeros below, the
// carry is exactly SPEC's t + r >= 2^K.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RoundToNVVM/RoundToNVVM.h"
#include "rng/Conversion/Common/DialectLowering.h"
#include "rng/Conversion/Common/StochasticRounding.h"
#include "rng/Conversion/Common/TargetRounding.h"
#include "rng/Conversion/Passes.h"
#include "rng/Conversion/RoundToArith/RoundToArith.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/Dialect/Round/IR/RoundOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CONVERTROUNDTONVVMPASS
#include "rng/Conversion/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

namespace {

/// round.stochastic -> nvvm.convert.f32x2.to.{bf16x2,f16x2} {rnd = rs}.
///
/// Elements (x0, x1) go to (src_lo, src_hi) = PTX (b, a), so element 0 of
/// the vector<2xT> result is d[15:0] = SR(x0); x0's K random bits go to the
/// top of rbits[15:0] (bf16) or rbits[12:0] (f16), x1's to the same place
/// of rbits[31:16]. An odd tail converts 0.0 in the unused half.
struct StochasticToCvtRsX2 final : OpRewritePattern<rounding::StochasticOp> {
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
    auto format = *StochasticRoundingFormat::get(elementType);
    unsigned width = getElementTypeOrSelf(op.getRbits().getType())
                         .getIntOrFloatBitWidth();
    unsigned k = format.getNumRandomBits(width);
    // The random-bit field of one half: all 16 bits (bf16), the low 13
    // (f16); K bits go to its top.
    unsigned field = isBF16 ? 16 : 13;
    bool saturate = op.getSaturate();

    SmallVector<Value> xs = unpackElements(rewriter, loc, op.getX());
    SmallVector<Value> rs = unpackElements(rewriter, loc, op.getRbits());
    Value zero = arith::ConstantOp::create(rewriter, loc,
                                           rewriter.getF32FloatAttr(0.0f));
    auto pairType = VectorType::get({2}, elementType);
    auto rnd = NVVM::FPRoundingModeAttr::get(op.getContext(),
                                             NVVM::FPRoundingMode::RS);
    auto sat = NVVM::SaturationModeAttr::get(
        op.getContext(), saturate ? NVVM::SaturationMode::SATFINITE
                                  : NVVM::SaturationMode::NONE);

    SmallVector<Value> results;
    for (size_t i = 0; i < xs.size(); i += 2) {
      bool hasHigh = i + 1 < xs.size();
      Value low = xs[i];
      Value high = hasHigh ? xs[i + 1] : zero;
      Value rbits = placeRandomBits(rewriter, loc, rs[i], k, field - k);
      if (hasHigh) {
        Value highBits =
            placeRandomBits(rewriter, loc, rs[i + 1], k, field - k + 16);
        rbits = arith::OrIOp::create(rewriter, loc, rbits, highBits);
      }
      Value pair;
      if (isBF16)
        pair = NVVM::ConvertF32x2ToBF16x2Op::create(
            rewriter, loc, pairType, high, low, rbits, rnd, sat);
      else
        pair = NVVM::ConvertF32x2ToF16x2Op::create(
            rewriter, loc, pairType, high, low, rbits, rnd, sat);
      results.push_back(vector::ExtractOp::create(rewriter, loc, pair, 0));
      if (hasHigh)
        results.push_back(vector::ExtractOp::create(rewriter, loc, pair, 1));
    }

    // f16 without .satfinite: PTX does not say what an input beyond the f16
    // range gives when the random bits do not carry (IEEE's directed
    // rounding would give 65504); SPEC says +-Inf, so pin it. (bf16 covers
    // the whole f32 range: its truncation never overflows.)
    if (!isBF16 && !saturate) {
      for (size_t i = 0; i < results.size(); ++i)
        results[i] = replaceAboveMagnitude(
            rewriter, loc, xs[i], results[i], arith::CmpIPredicate::uge,
            /*65536.0f=*/0x47800000, /*Inf=*/0x7C00, /*withSign=*/true);
    }

    rewriter.replaceOp(op, packElements(rewriter, loc, resultType, results));
    return success();
  }
};

/// round.stochastic {saturate} on i8 rbits -> nvvm.convert.f32x4.to.f8x4.
///
/// The LLVM intrinsic passes source element 0 as PTX `a` (d[31:24]), so
/// (x0, x1, x2, x3) go in reversed and byte i of the result -- element i of
/// the vector<4xi8> -- is SR(x_i) with byte i of rbits = x_i's 8 random
/// bits. A short tail converts 0.0 in the unused lanes.
struct StochasticToCvtRsF8X4 final
    : OpRewritePattern<rounding::StochasticOp> {
  using Base::Base;

  LogicalResult matchAndRewrite(rounding::StochasticOp op,
                                PatternRewriter &rewriter) const override {
    Type resultType = op.getType();
    Type elementType = getElementTypeOrSelf(resultType);
    if (!isa<Float8E4M3FNType, Float8E5M2Type>(elementType))
      return rewriter.notifyMatchFailure(op, "not f8E4M3FN or f8E5M2");
    // The instruction always saturates and reads 8 bits per element: exact
    // only for K = 8, i.e. i8 rbits.
    if (!op.getSaturate())
      return rewriter.notifyMatchFailure(op, "cvt.rs to fp8 saturates");
    if (!getElementTypeOrSelf(op.getRbits().getType()).isInteger(8))
      return rewriter.notifyMatchFailure(op, "needs K = 8 (i8 rbits)");
    if (!isScalarOrStaticVector(resultType))
      return rewriter.notifyMatchFailure(op, "tensors use the universal path");

    Location loc = op.getLoc();
    SmallVector<Value> xs = unpackElements(rewriter, loc, op.getX());
    SmallVector<Value> rs = unpackElements(rewriter, loc, op.getRbits());
    Value zero = arith::ConstantOp::create(rewriter, loc,
                                           rewriter.getF32FloatAttr(0.0f));
    auto sourceType = VectorType::get({4}, rewriter.getF32Type());
    auto bytesType = VectorType::get({4}, rewriter.getI8Type());
    auto relu = rewriter.getBoolAttr(false);
    auto dstTy = TypeAttr::get(elementType);

    SmallVector<Value> results;
    for (size_t i = 0; i < xs.size(); i += 4) {
      size_t count = std::min<size_t>(4, xs.size() - i);
      SmallVector<Value> sources(4, zero);
      Value rbits;
      for (size_t lane = 0; lane < count; ++lane) {
        sources[3 - lane] = xs[i + lane];
        Value bits = placeRandomBits(rewriter, loc, rs[i + lane], 8, 8 * lane);
        rbits = rbits ? arith::OrIOp::create(rewriter, loc, rbits, bits)
                            .getResult()
                      : bits;
      }
      Value source =
          vector::FromElementsOp::create(rewriter, loc, sourceType, sources);
      Value bytes = NVVM::ConvertF32x4ToF8x4Op::create(
          rewriter, loc, bytesType, source, rbits, relu, dstTy);
      for (size_t lane = 0; lane < count; ++lane) {
        Value byte = vector::ExtractOp::create(rewriter, loc, bytes, lane);
        results.push_back(
            arith::BitcastOp::create(rewriter, loc, elementType, byte));
      }
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, resultType, results));
    return success();
  }
};

struct ConvertRoundToNVVMPass final
    : rng::impl::ConvertRoundToNVVMPassBase<ConvertRoundToNVVMPass> {
  using Base::Base;

  void runOnOperation() override {
    if (chip.empty()) {
      emitError(getOperation()->getLoc())
          << "convert-round-to-nvvm: option 'chip' is required, e.g. "
             "chip=sm_100a";
      return signalPassFailure();
    }
    std::optional<NVVMChip> parsed = parseNVVMChip(chip);
    if (!parsed) {
      emitError(getOperation()->getLoc())
          << "convert-round-to-nvvm: unknown chip '" << chip << "'; expected "
          << getNVVMChipHelp();
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    populateRoundToNVVMConversionPatterns(patterns, *parsed);
    if (failed(applyDialectLowering<rounding::RoundDialect>(getOperation(),
                                                std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void rng::populateRoundToNVVMConversionPatterns(RewritePatternSet &patterns,
                                                const NVVMChip &chip,
                                                PatternBenefit benefit) {
  populateRoundToArithConversionPatterns(patterns, benefit);
  if (!chip.hasCvtRs())
    return;
  PatternBenefit targetBenefit(benefit.getBenefit() + 1);
  patterns.add<StochasticToCvtRsX2, StochasticToCvtRsF8X4>(
      patterns.getContext(), targetBenefit);
}
