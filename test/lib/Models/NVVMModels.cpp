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
// * cvt.rs.satfinite.{e4m3x4,e5m2x4}.f32 d, {a, b, e, f}, rbits: d[31:24] =
//   cvt(a), ..., d[7:0] = cvt(f); byte i of d uses byte i of rbits (SPEC
//   section 3; the PTX figure is not available here). The LLVM intrinsic
//   passes vector element 0 as `a`, so result element i (byte i) converts
//   source element 3 - i.
// * llvm.nvvm.mulhi.ui: the high 32 bits of the unsigned 64-bit product.
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

static Value i32Const(OpBuilder &b, Location loc, uint32_t v) {
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
}

/// (rbits >> shift) & mask.
static Value field(OpBuilder &b, Location loc, Value rbits, unsigned shift,
                   uint32_t mask) {
  Value shifted =
      arith::ShRUIOp::create(b, loc, rbits, i32Const(b, loc, shift));
  return arith::AndIOp::create(b, loc, shifted, i32Const(b, loc, mask));
}

/// Builds a vector of `floatType` elements from integer bit patterns.
static Value fromBits(OpBuilder &b, Location loc, ArrayRef<Value> bits,
                      Type elementType) {
  SmallVector<Value> elements;
  for (Value v : bits)
    elements.push_back(elementType.isInteger()
                           ? v
                           : arith::BitcastOp::create(b, loc, elementType, v)
                                 .getResult());
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
    insn.overflow = isBF16 ? ModelOverflow::Infinity
                           : ModelOverflow::DirectedRounding;
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

/// nvvm.convert.f32x4.to.f8x4 (always rs + satfinite).
struct ConvertF32x4ToF8x4Model final
    : OpRewritePattern<NVVM::ConvertF32x4ToF8x4Op> {
  using Base::Base;

  LogicalResult matchAndRewrite(NVVM::ConvertF32x4ToF8x4Op op,
                                PatternRewriter &rewriter) const override {
    if (op.getRelu())
      return rewriter.notifyMatchFailure(op, "relu is not modelled");
    ModelInstruction insn;
    Type dstTy = op.getDstTy();
    if (isa<Float8E4M3FNType>(dstTy))
      insn.format = ModelFormat::e4m3fn();
    else if (isa<Float8E5M2Type>(dstTy))
      insn.format = ModelFormat::e5m2();
    else
      return rewriter.notifyMatchFailure(op, "only e4m3 and e5m2");
    insn.numRandomBits = 8;
    insn.saturate = true;
    insn.overflow = ModelOverflow::Saturate;
    insn.infinity = ModelInfinity::Saturate;
    Location loc = op.getLoc();
    SmallVector<Value> bytes;
    for (unsigned i = 0; i < 4; ++i) {
      Value source = vector::ExtractOp::create(rewriter, loc, op.getSrc(),
                                               int64_t(3 - i));
      bytes.push_back(buildSRModel(
          rewriter, loc, source,
          field(rewriter, loc, op.getRbits(), 8 * i, 0xFF), insn));
    }
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

} // namespace

void rng::test::populateNVVMModelPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ConvertF32x2Model<NVVM::ConvertF32x2ToBF16x2Op>>(context, true);
  patterns.add<ConvertF32x2Model<NVVM::ConvertF32x2ToF16x2Op>>(context, false);
  patterns.add<ConvertF32x4ToF8x4Model, MulHiModel>(context);
}
