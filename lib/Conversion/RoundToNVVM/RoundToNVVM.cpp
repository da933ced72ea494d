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
//
// where SR adds the random bits to the discarded mantissa bits (aligned at
// their top) and rounds away from zero on a carry out. With the op's K low
// rbits placed at the top of an instruction's field and zeros below, the
// carry is exactly SPEC's t + r >= 2^K.
//
// Opt-in only (unverified-sr-instructions; NVIDIA's text does not say how
// the elements of a pair share their random bits, hardware probes do):
//
//   cvt.rs.satfinite.{e4m3x4,e5m2x4,e2m3x4,e3m2x4,e2m1x4}.f32
//       d, {a, b, e, f}, rbits
//       a in d's most significant byte/nibble ... f in the least; b and f
//       read a 16-bit field as is, a and e the same field bit-reversed.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RoundToNVVM/RoundToNVVM.h"
#include "rng/Conversion/Common/DialectLowering.h"
#include "rng/Conversion/Common/StochasticRounding.h"
#include "rng/Conversion/Common/TargetRounding.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Conversion/Passes.h"
#include "rng/Conversion/RoundToArith/RoundToArith.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"
#include "rng/Dialect/Round/IR/RoundOps.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CONVERTROUNDTONVVMPASS
#include "rng/Conversion/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

/// round.stochastic to bf16/f16 -> nvvm.convert.f32x2.to.{bf16x2,f16x2}
/// {rnd = rs} (a HalfPairBuilder; PairedHalfRoundingPattern is the frame).
///
/// Elements (x0, x1) go to (src_lo, src_hi) = PTX (b, a), so element 0 of
/// the vector<2xT> result is d[15:0] = SR(x0); x0's K random bits go to the
/// top of rbits[15:0] (bf16) or rbits[12:0] (f16), x1's to the same place
/// of rbits[31:16]. An odd tail converts 0.0 in the unused half. Saturation
/// is the instruction's .satfinite.
static Value buildCvtRsX2(OpBuilder &builder, Location loc, VectorType pairType,
                          ArrayRef<Value> xs, ArrayRef<Value> rbits, unsigned k,
                          bool saturate) {
  bool isBF16 = pairType.getElementType().isBF16();
  // The random-bit field of one half: all 16 bits (bf16), the low 13 (f16);
  // K bits go to its top.
  unsigned field = isBF16 ? 16 : 13;
  Value packedBits = placeRandomBits(builder, loc, rbits[0], k, field - k);
  Value high;
  if (xs.size() == 2) {
    high = xs[1];
    Value highBits = placeRandomBits(builder, loc, rbits[1], k, field - k + 16);
    packedBits = arith::OrIOp::create(builder, loc, packedBits, highBits);
  } else {
    high = createScalarOrSplatBits(builder, loc, builder.getF32Type(), 0);
  }
  MLIRContext *context = builder.getContext();
  auto rnd = NVVM::FPRoundingModeAttr::get(context, NVVM::FPRoundingMode::RS);
  auto sat = NVVM::SaturationModeAttr::get(
      context,
      saturate ? NVVM::SaturationMode::SATFINITE : NVVM::SaturationMode::NONE);
  if (isBF16)
    return NVVM::ConvertF32x2ToBF16x2Op::create(builder, loc, pairType, high,
                                                xs[0], packedBits, rnd, sat);
  return NVVM::ConvertF32x2ToF16x2Op::create(builder, loc, pairType, high,
                                             xs[0], packedBits, rnd, sat);
}

/// The top 8 of the K = `k` low bits of the integer scalar `rbits` as an
/// i32 in [0, 256) (for K < 8: the K bits shifted to the top of the byte).
static Value getTopRandomByte(OpBuilder &builder, Location loc, Value rbits,
                              unsigned k) {
  if (k <= 8)
    return placeRandomBits(builder, loc, rbits, k, 8 - k);
  Value bits = placeRandomBits(builder, loc, rbits, k, 0);
  return arith::ShRUIOp::create(builder, loc, bits,
                                createI32Constant(builder, loc, k - 8));
}

/// bitrev8 of `byte` (an i32 in [0, 256)): bitreverse32(byte) >> 24.
static Value reverseByte(OpBuilder &builder, Location loc, Value byte) {
  Value reversed =
      LLVM::BitReverseOp::create(builder, loc, builder.getI32Type(), byte);
  return arith::ShRUIOp::create(builder, loc, reversed,
                                createI32Constant(builder, loc, 24));
}

/// RZ(magnitude * 0.5 + addend) per element: PTX `fma.rz.f32` (IEEE fma,
/// round toward zero, subnormals kept; every sm_20+ chip).
static Value buildHalfAddTowardZero(OpBuilder &builder, Location loc,
                                    Value magnitude, uint32_t addendBits) {
  Type f32 = builder.getF32Type();
  Value half = createScalarOrSplatBits(builder, loc, f32, 0x3F000000u);
  Value addend = createScalarOrSplatBits(builder, loc, f32, addendBits);
  SmallVector<Value> results;
  for (Value element : unpackElements(builder, loc, magnitude))
    results.push_back(LLVM::CallIntrinsicOp::create(
                          builder, loc, f32,
                          builder.getStringAttr("llvm.nvvm.fma.rz.f"),
                          ValueRange{element, half, addend})
                          .getResult(0));
  return packElements(builder, loc, magnitude.getType(), results);
}

namespace {

/// round.stochastic and round.scaling_stochastic to every format but bf16
/// (round.stochastic to f16 only where cvt.rs does not take it) on scalars
/// and fixed-size vectors: buildStochasticRoundingWithFmaRZ with PTX
/// fma.rz.f32, the same bits as the universal lowering in about half the
/// integer instructions. Scalable and large vectors keep the universal
/// lowering; a ranked tensor becomes a linalg.generic whose scalar body op
/// this pattern then takes.
template <typename OpTy>
struct StochasticRoundingWithFmaRZ final : OpRewritePattern<OpTy> {
  StochasticRoundingWithFmaRZ(MLIRContext *context, bool f16HasCvtRs,
                              PatternBenefit benefit)
      : OpRewritePattern<OpTy>(context, benefit), f16HasCvtRs(f16HasCvtRs) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type resultType = op.getType();
    Type elementType = getElementTypeOrSelf(resultType);
    std::optional<StochasticRoundingFormat> format =
        StochasticRoundingFormat::get(elementType);
    if (!format || !supportsFmaRZStochasticRounding(*format))
      return rewriter.notifyMatchFailure(op, "bf16 keeps its own lowering");
    // (Only round.stochastic has a cvt.rs pattern.)
    if (std::is_same_v<OpTy, rounding::StochasticOp> && f16HasCvtRs &&
        elementType.isF16())
      return rewriter.notifyMatchFailure(op, "f16 uses cvt.rs here");
    if (!isScalarOrStaticVector(resultType))
      return rewriter.notifyMatchFailure(
          op, "tensors, scalable and large vectors use the universal path");
    Location loc = op.getLoc();
    Value x = op.getX();
    if constexpr (std::is_same_v<OpTy, rounding::ScalingStochasticOp>)
      x = buildScalingQuotient(rewriter, loc, x, op.getScale(), resultType);
    else
      x = broadcastToType(
          rewriter, loc, x,
          getTypeWithElementType(resultType, rewriter.getF32Type()));
    Value rbits =
        broadcastToType(rewriter, loc, op.getRbits(),
                        getTypeWithElementType(
                            resultType, getElementTypeOrSelf(op.getRbits())));
    rewriter.replaceOp(op, buildStochasticRoundingWithFmaRZ(
                               rewriter, loc, x, rbits, resultType,
                               op.getSaturate(), buildHalfAddTowardZero));
    return success();
  }

private:
  bool f16HasCvtRs;
};

/// OPT-IN (unverified-sr-instructions). round.stochastic {saturate} to
/// f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN ->
/// nvvm.convert.f32x4.to.{f8x4,f6x4,f4x4}, four elements (x0..x3) each.
///
/// The model (hardware probes, not NVIDIA's text; docs/Targets.md): PTX
/// operands a, b share one 16-bit random field H, e, f another, L; b and f
/// read theirs as is, a and e bit-reversed; each element adds its 16 bits
/// at the top of its discarded field. For e4m3x4 .. e3m2x4, H = rbits[31:16]
/// and L = rbits[15:0]; for e2m1x4 (inferred) H = rbits[31:24]:rbits[15:8]
/// and L = rbits[23:16]:rbits[7:0]. The NVVM ops pass vector element 0 as
/// `a` and put cvt(a) in the most significant byte/nibble, so the sources
/// go in reversed, (x3, x2, x1, x0) = (a, b, e, f), and byte/nibble i of the
/// result is cvt(x_i). With o_i the top 8 of x_i's K random bits:
///   L = o_0 << 8 | bitrev8(o_1): x0 reads L,
///                                x1 bitrev16(L) = o_1 << 8 | bitrev8(o_0)
///   H = o_2 << 8 | bitrev8(o_3): x2 reads H, x3 bitrev16(H)
/// so each element's 8 most significant random bits are its own and the
/// 8 below them its partner's, reversed. A short tail converts 0.0 with
/// zero random bits in the unused lanes.
struct StochasticToCvtRsX4 final
    : UnrolledRoundingPattern<rounding::StochasticOp> {
  using UnrolledRoundingPattern::UnrolledRoundingPattern;

  LogicalResult matchInstruction(rounding::StochasticOp op, Type elementType,
                                 PatternRewriter &rewriter) const override {
    if (!isa<Float8E4M3FNType, Float8E5M2Type, Float6E2M3FNType,
             Float6E3M2FNType, Float4E2M1FNType>(elementType))
      return rewriter.notifyMatchFailure(op, "no cvt.rs x4 form for type");
    // The instruction always saturates.
    if (!op.getSaturate())
      return rewriter.notifyMatchFailure(op, "cvt.rs x4 saturates");
    return success();
  }

  SmallVector<Value> rewriteElements(rounding::StochasticOp op,
                                     Type elementType,
                                     const UnpackedRoundingOperands &operands,
                                     PatternRewriter &rewriter) const override {
    enum class Kind { F8, F6, F4 };
    Kind kind = isa<Float8E4M3FNType, Float8E5M2Type>(elementType) ? Kind::F8
                : isa<Float4E2M1FNType>(elementType)               ? Kind::F4
                                                                   : Kind::F6;
    Location loc = op.getLoc();
    const auto &[xs, rs, format, k] = operands;
    Type i32 = rewriter.getI32Type();
    auto i32Const = [&](uint32_t value) {
      return createI32Constant(rewriter, loc, value);
    };
    Value zero =
        createScalarOrSplatBits(rewriter, loc, rewriter.getF32Type(), 0);
    Value zeroBits = i32Const(0);
    auto shl = [&](Value value, unsigned amount) -> Value {
      return arith::ShLIOp::create(rewriter, loc, value, i32Const(amount));
    };
    auto ori = [&](Value lhs, Value rhs) -> Value {
      return arith::OrIOp::create(rewriter, loc, lhs, rhs);
    };
    auto andi = [&](Value lhs, uint32_t mask) -> Value {
      return arith::AndIOp::create(rewriter, loc, lhs, i32Const(mask));
    };
    auto sourceType = VectorType::get({4}, rewriter.getF32Type());
    auto relu = rewriter.getBoolAttr(false);
    auto dstTy = TypeAttr::get(elementType);
    Type storageType = rewriter.getIntegerType(format.width);

    SmallVector<Value> results;
    for (size_t i = 0; i < xs.size(); i += 4) {
      size_t count = std::min<size_t>(4, xs.size() - i);
      SmallVector<Value> sources(4, zero);
      SmallVector<Value> top(4, zeroBits);
      for (size_t lane = 0; lane < count; ++lane) {
        sources[3 - lane] = xs[i + lane];
        top[lane] = getTopRandomByte(rewriter, loc, rs[i + lane], k);
      }
      // The two 16-bit fields: low = (x0, x1), high = (x2, x3).
      Value low = ori(shl(top[0], 8), reverseByte(rewriter, loc, top[1]));
      Value high = ori(shl(top[2], 8), reverseByte(rewriter, loc, top[3]));
      Value rbits;
      if (kind == Kind::F4) {
        // rbits[31:24] = high[15:8], rbits[15:8] = high[7:0],
        // rbits[23:16] = low[15:8],  rbits[7:0]  = low[7:0].
        rbits = ori(ori(shl(andi(high, 0xFF00), 16), shl(andi(high, 0xFF), 8)),
                    ori(shl(andi(low, 0xFF00), 8), andi(low, 0xFF)));
      } else {
        rbits = ori(shl(high, 16), low);
      }
      Value source =
          vector::FromElementsOp::create(rewriter, loc, sourceType, sources);
      if (kind == Kind::F4) {
        Value packed = NVVM::ConvertF32x4ToF4x4Op::create(
            rewriter, loc, rewriter.getI16Type(), source, rbits, relu, dstTy);
        Value word = arith::ExtUIOp::create(rewriter, loc, i32, packed);
        for (size_t lane = 0; lane < count; ++lane) {
          Value nibble =
              arith::ShRUIOp::create(rewriter, loc, word, i32Const(4 * lane));
          nibble = arith::TruncIOp::create(rewriter, loc, storageType, nibble);
          results.push_back(
              arith::BitcastOp::create(rewriter, loc, elementType, nibble));
        }
        continue;
      }
      auto bytesType = VectorType::get({4}, rewriter.getI8Type());
      Value bytes =
          kind == Kind::F8
              ? NVVM::ConvertF32x4ToF8x4Op::create(rewriter, loc, bytesType,
                                                   source, rbits, relu, dstTy)
                    .getResult()
              : NVVM::ConvertF32x4ToF6x4Op::create(rewriter, loc, bytesType,
                                                   source, rbits, relu, dstTy)
                    .getResult();
      for (size_t lane = 0; lane < count; ++lane) {
        Value byte = vector::ExtractOp::create(rewriter, loc, bytes, lane);
        if (kind == Kind::F6) // the value sits in bits [5:0] of its byte
          byte = arith::TruncIOp::create(rewriter, loc, storageType, byte);
        results.push_back(
            arith::BitcastOp::create(rewriter, loc, elementType, byte));
      }
    }
    return results;
  }
};

struct ConvertRoundToNVVMPass final
    : rng::impl::ConvertRoundToNVVMPassBase<ConvertRoundToNVVMPass> {
  using Base::Base;

  void runOnOperation() override {
    bool changed = false;
    if (failed(lowerRoundingForTarget<rounding::RoundDialect>(
            getOperation(), "convert-round-to-nvvm", "chip", chip, "sm_100a",
            parseNVVMChip, getNVVMChipHelp(),
            populateRoundToNVVMConversionPatterns, unverifiedSRInstructions,
            &changed, +[](const NVVMChip &chip) { return chip.hasCvtRs(); })))
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace

void rng::populateRoundToNVVMConversionPatterns(RewritePatternSet &patterns,
                                                const NVVMChip &chip,
                                                bool unverifiedSRInstructions,
                                                PatternBenefit benefit) {
  populateRoundToArithConversionPatterns(patterns, benefit);
  PatternBenefit targetBenefit(benefit.getBenefit() + 1);
  patterns.add<StochasticRoundingWithFmaRZ<rounding::StochasticOp>,
               StochasticRoundingWithFmaRZ<rounding::ScalingStochasticOp>>(
      patterns.getContext(), chip.hasCvtRs(), targetBenefit);
  if (!chip.hasCvtRs())
    return;
  patterns.add<PairedHalfRoundingPattern<rounding::StochasticOp>>(
      patterns.getContext(), buildCvtRsX2, /*pairSaturates=*/true,
      targetBenefit);
  // Asked for explicitly, so ahead of the fma.rz lowering of the same ops.
  if (unverifiedSRInstructions)
    patterns.add<StochasticToCvtRsX4>(patterns.getContext(),
                                      PatternBenefit(benefit.getBenefit() + 2));
}
