//===- NVVMModels.cpp - CPU models of NVVM instructions we emit -----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Test-only. Rewrites the NVVM operations the target lowerings emit into
// their models (SRModel.h), written from the PTX ISA (9.x) `cvt`
// description:
//
// * cvt.rs{.satfinite}.bf16x2.f32 d, a, b, rbits: d[31:16] = cvt(a) with
//   rbits[31:16], d[15:0] = cvt(b) with rbits[15:0]; the result is rounded
//   away from zero on "the carry out of the integer addition of rbits to the
//   discarded bits of the mantissa". In MLIR a = src_hi, b = src_lo, and
//   element 0 of the vector<2xbf16> result is d[15:0].
// * cvt.rs{.satfinite}.f16x2.f32: the 13 LSBs of each 16-bit half (the
//   three MSBs are ignored). Without .satfinite, an input beyond the f16
//   range is modelled with IEEE directed-rounding overflow (largest finite
//   when rounding toward zero, Inf when away): the PTX text does not say,
//   and the lowering must be right either way.
// * cvt.rs.satfinite.{e4m3x4,e5m2x4,e2m3x4,e3m2x4}.f32 d, {a, b, e, f},
//   rbits: d[31:24] = cvt(a), ..., d[7:0] = cvt(f) (FP6 in bits [5:0] of
//   each byte). Random bits: the pair-shared 16-bit model of the hardware
//   probes (not NVIDIA's text; SR-INSTRUCTIONS.md section 1.3): with
//   H = rbits[31:16], L = rbits[15:0], b uses H, a bitrev16(H), f uses L,
//   e bitrev16(L), 16 bits each at the top of the discarded field.
// * cvt.rs.satfinite.e2m1x4.f32: d (i16) nibble 3 = cvt(a) ... nibble 0 =
//   cvt(f); the same model with H = rbits[31:24]:rbits[15:8] and
//   L = rbits[23:16]:rbits[7:0] (inferred from the probes). NaN gives
//   +largest finite for the FP6/FP4 forms.
//   The LLVM intrinsics pass vector element 0 as `a`, so result element i
//   (byte or nibble i) converts source element 3 - i.
// * llvm.nvvm.mulhi.ui: the high 32 bits of the unsigned 64-bit product.
// * llvm.nvvm.fma.rz.f (PTX fma.rz.f32): IEEE 754 fusedMultiplyAdd on f32,
//   a * b + c computed exactly and rounded once toward zero; subnormal
//   inputs and results are kept (no .ftz); NaN operands give NaN.
//
//===----------------------------------------------------------------------===//

#include "SRModel.h"
#include "TestPasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::rng::test;

/// (rbits >> shift) & mask.
static Value field(OpBuilder &b, Location loc, Value rbits, unsigned shift,
                   uint32_t mask) {
  Value shifted =
      arith::ShRUIOp::create(b, loc, rbits, createModelI32(b, loc, shift));
  return arith::AndIOp::create(b, loc, shifted, createModelI32(b, loc, mask));
}

/// Builds a vector of `floatType` elements from integer bit patterns.
static Value fromBits(OpBuilder &b, Location loc, ArrayRef<Value> bits,
                      Type elementType) {
  SmallVector<Value> elements;
  for (Value v : bits)
    elements.push_back(
        elementType.isInteger()
            ? v
            : arith::BitcastOp::create(b, loc, elementType, v).getResult());
  auto type = VectorType::get({int64_t(bits.size())}, elementType);
  return vector::FromElementsOp::create(b, loc, type, elements);
}

namespace {

/// nvvm.convert.f32x2.to.{bf16x2,f16x2} with rnd = rs.
template <typename OpTy>
struct ConvertF32x2Model final : OpRewritePattern<OpTy> {
  ConvertF32x2Model(MLIRContext *context, bool isBF16)
      : OpRewritePattern<OpTy>(context), isBF16(isBF16) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (op.getRnd() != NVVM::FPRoundingMode::RS || !op.getRandomBits() ||
        op.getRelu())
      return rewriter.notifyMatchFailure(op, "only rs without relu");
    Location loc = op.getLoc();
    ModelInstruction insn;
    insn.format = isBF16 ? ModelFormat::bf16() : ModelFormat::f16();
    insn.numRandomBits = isBF16 ? 16 : 13;
    insn.saturate = op.getSat() == NVVM::SaturationMode::SATFINITE;
    insn.overflow =
        isBF16 ? ModelOverflow::Infinity : ModelOverflow::DirectedRounding;
    insn.infinity = ModelInfinity::Infinity;
    uint32_t mask = isBF16 ? 0xFFFF : 0x1FFF;
    Value rbits = op.getRandomBits();
    Value low = buildSRModel(rewriter, loc, op.getSrcLo(),
                             field(rewriter, loc, rbits, 0, mask), insn);
    Value high = buildSRModel(rewriter, loc, op.getSrcHi(),
                              field(rewriter, loc, rbits, 16, mask), insn);
    Type elementType = cast<VectorType>(op.getType()).getElementType();
    rewriter.replaceOp(op, fromBits(rewriter, loc, {low, high}, elementType));
    return success();
  }

  bool isBF16;
};

/// bitrev16 of the low 16 bits of `v` (an i32).
static Value bitReverse16(OpBuilder &b, Location loc, Value v) {
  Value result = createModelI32(b, loc, 0);
  for (unsigned bit = 0; bit < 16; ++bit) {
    Value one = field(b, loc, v, bit, 1);
    one = arith::ShLIOp::create(b, loc, one, createModelI32(b, loc, 15 - bit));
    result = arith::OrIOp::create(b, loc, result, one);
  }
  return result;
}

/// nvvm.convert.f32x4.to.{f8x4,f6x4,f4x4} (always rs + satfinite).
template <typename OpTy>
struct ConvertF32x4Model final : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (op.getRelu())
      return rewriter.notifyMatchFailure(op, "relu is not modelled");
    ModelInstruction insn;
    Type dstTy = op.getDstTy();
    if (isa<Float8E4M3FNType>(dstTy))
      insn.format = ModelFormat::e4m3fn();
    else if (isa<Float8E5M2Type>(dstTy))
      insn.format = ModelFormat::e5m2();
    else if (isa<Float6E2M3FNType>(dstTy))
      insn.format = ModelFormat::e2m3();
    else if (isa<Float6E3M2FNType>(dstTy))
      insn.format = ModelFormat::e3m2();
    else if (isa<Float4E2M1FNType>(dstTy))
      insn.format = ModelFormat::e2m1();
    else
      return rewriter.notifyMatchFailure(op, "unknown destination type");
    insn.numRandomBits = 16;
    insn.saturate = true;
    insn.overflow = ModelOverflow::Saturate;
    insn.infinity = ModelInfinity::Saturate;
    Location loc = op.getLoc();
    Value rbits = op.getRbits();
    bool isF4 = insn.format.width == 4;
    // The pair fields: (a, b) share H, (e, f) share L.
    Value high, low;
    if (isF4) {
      auto ori = [&](Value x, Value y) -> Value {
        return arith::OrIOp::create(rewriter, loc, x, y);
      };
      auto shl = [&](Value x, unsigned n) -> Value {
        return arith::ShLIOp::create(rewriter, loc, x,
                                     createModelI32(rewriter, loc, n));
      };
      high = ori(shl(field(rewriter, loc, rbits, 24, 0xFF), 8),
                 field(rewriter, loc, rbits, 8, 0xFF));
      low = ori(shl(field(rewriter, loc, rbits, 16, 0xFF), 8),
                field(rewriter, loc, rbits, 0, 0xFF));
    } else {
      high = field(rewriter, loc, rbits, 16, 0xFFFF);
      low = field(rewriter, loc, rbits, 0, 0xFFFF);
    }
    // PTX operand j (a, b, e, f) = source element j.
    Value random[4] = {bitReverse16(rewriter, loc, high), high,
                       bitReverse16(rewriter, loc, low), low};
    SmallVector<Value> converted;
    for (unsigned i = 0; i < 4; ++i) {
      // Result position i (least significant first) converts operand 3 - i.
      Value source =
          vector::ExtractOp::create(rewriter, loc, op.getSrc(), int64_t(3 - i));
      converted.push_back(
          buildSRModel(rewriter, loc, source, random[3 - i], insn));
    }
    if (isF4) {
      Type i16 = rewriter.getI16Type();
      Value packed = arith::ConstantOp::create(rewriter, loc,
                                               rewriter.getI16IntegerAttr(0));
      for (unsigned i = 0; i < 4; ++i) {
        Value nibble = arith::ExtUIOp::create(rewriter, loc, i16, converted[i]);
        nibble = arith::ShLIOp::create(
            rewriter, loc, nibble,
            arith::ConstantOp::create(rewriter, loc,
                                      rewriter.getI16IntegerAttr(4 * i)));
        packed = arith::OrIOp::create(rewriter, loc, packed, nibble);
      }
      rewriter.replaceOp(op, packed);
      return success();
    }
    SmallVector<Value> bytes;
    for (Value value : converted)
      bytes.push_back(value.getType().isInteger(8)
                          ? value
                          : arith::ExtUIOp::create(rewriter, loc,
                                                   rewriter.getI8Type(), value)
                                .getResult());
    rewriter.replaceOp(op,
                       fromBits(rewriter, loc, bytes, rewriter.getI8Type()));
    return success();
  }
};

/// llvm.call_intrinsic "llvm.nvvm.mulhi.ui"(a, b) -> hi32(a * b).
struct MulHiModel final : OpRewritePattern<LLVM::CallIntrinsicOp> {
  using Base::Base;

  LogicalResult matchAndRewrite(LLVM::CallIntrinsicOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getIntrin() != "llvm.nvvm.mulhi.ui" || op.getArgs().size() != 2)
      return failure();
    auto product = arith::MulUIExtendedOp::create(
        rewriter, op.getLoc(), op.getArgs()[0], op.getArgs()[1]);
    rewriter.replaceOp(op, product.getHigh());
    return success();
  }
};

/// llvm.call_intrinsic "llvm.nvvm.fma.rz.f"(a, b, c) -> RZ(a * b + c).
///
/// In f64, p = a * b is exact (two 24-bit significands) and s = p + c with
/// its exact error e (TwoSum): a * b + c = s + e. r = s rounded to nearest
/// f32 (arith.truncf); no f32 lies strictly between s and s + e, so the
/// truncation toward zero of the exact sum is r, or r's neighbour toward
/// zero where |r| exceeds |s + e|: |r| > |s|, or r == s with e != 0 of the
/// opposite sign. That neighbour is r's bit pattern minus one (r != 0
/// there; +-Inf steps to +-largest finite, the RZ overflow).
struct FmaRZModel final : OpRewritePattern<LLVM::CallIntrinsicOp> {
  using Base::Base;

  LogicalResult matchAndRewrite(LLVM::CallIntrinsicOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getIntrin() != "llvm.nvvm.fma.rz.f" || op.getArgs().size() != 3)
      return failure();
    Location loc = op.getLoc();
    Type f64 = rewriter.getF64Type();
    Type i64 = rewriter.getI64Type();
    auto ext = [&](Value value) -> Value {
      return arith::ExtFOp::create(rewriter, loc, f64, value);
    };
    auto sub = [&](Value lhs, Value rhs) -> Value {
      return arith::SubFOp::create(rewriter, loc, lhs, rhs);
    };
    auto i64Constant = [&](uint64_t value) -> Value {
      return arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getI64IntegerAttr(value));
    };
    auto magnitude = [&](Value value) -> Value {
      return arith::AndIOp::create(
          rewriter, loc, arith::BitcastOp::create(rewriter, loc, i64, value),
          i64Constant(0x7FFFFFFFFFFFFFFFull));
    };
    auto signBit = [&](Value value) -> Value {
      return arith::ShRUIOp::create(
          rewriter, loc, arith::BitcastOp::create(rewriter, loc, i64, value),
          i64Constant(63));
    };
    Value product = arith::MulFOp::create(rewriter, loc, ext(op.getArgs()[0]),
                                          ext(op.getArgs()[1]));
    Value addend = ext(op.getArgs()[2]);
    Value sum = arith::AddFOp::create(rewriter, loc, product, addend);
    Value addendPart = sub(sum, product);
    Value error =
        arith::AddFOp::create(rewriter, loc, sub(product, sub(sum, addendPart)),
                              sub(addend, addendPart));
    Value nearest =
        arith::TruncFOp::create(rewriter, loc, rewriter.getF32Type(), sum);
    Value nearest64 = ext(nearest);
    Value zero =
        arith::ConstantOp::create(rewriter, loc, rewriter.getF64FloatAttr(0.0));
    Value above =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ugt,
                              magnitude(nearest64), magnitude(sum));
    Value tie = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OEQ,
                              nearest64, sum),
        arith::AndIOp::create(
            rewriter, loc,
            arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::ONE,
                                  error, zero),
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                  signBit(error), signBit(sum))));
    Value isNumber = arith::CmpFOp::create(rewriter, loc,
                                           arith::CmpFPredicate::ORD, sum, sum);
    Value step =
        arith::AndIOp::create(rewriter, loc, isNumber,
                              arith::OrIOp::create(rewriter, loc, above, tie));
    Value bits =
        arith::BitcastOp::create(rewriter, loc, rewriter.getI32Type(), nearest);
    Value stepped = arith::SubIOp::create(rewriter, loc, bits,
                                          createModelI32(rewriter, loc, 1));
    Value result = arith::SelectOp::create(rewriter, loc, step, stepped, bits);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, rewriter.getF32Type(),
                                                  result);
    return success();
  }
};

} // namespace

void rng::test::populateNVVMModelPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ConvertF32x2Model<NVVM::ConvertF32x2ToBF16x2Op>>(context, true);
  patterns.add<ConvertF32x2Model<NVVM::ConvertF32x2ToF16x2Op>>(context, false);
  patterns.add<ConvertF32x4Model<NVVM::ConvertF32x4ToF8x4Op>,
               ConvertF32x4Model<NVVM::ConvertF32x4ToF6x4Op>,
               ConvertF32x4Model<NVVM::ConvertF32x4ToF4x4Op>, MulHiModel,
               FmaRZModel>(context);
}
