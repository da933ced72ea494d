//===- ROCDLModels.cpp - CPU models of AMDGPU instructions we emit --------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Test-only. Rewrites the AMDGPU operations the target lowerings emit into
// their models (SRModel.h). Sources, none verifiable on hardware here:
//
// * v_cvt_sr_bf16_f32 / v_cvt_sr_f16_f32 (gfx950;
//   llvm.amdgcn.cvt.sr.{bf16,f16}.f32(old, val, rng, sel) writes half `sel`
//   of `old`): non-saturating; the high bits of the 32-bit random operand
//   are added to the discarded bits (SPEC section 3: bf16 rand[31:16]; f16
//   modelled with rand[31:19], 13 bits). f16 overflow beyond the range is
//   modelled as IEEE directed-rounding overflow.
// * v_cvt_sr_fp8_f32 / v_cvt_sr_bf8_f32 (rocdl.cvt.sr.{fp8,bf8}.f32(srcA,
//   srcB, old, byteSel) writes byte `byteSel` of `old`): AMD's host model
//   (HIP's `fcbx::from_float_sr`) adds the high bits of the seed,
//   seed >> (9 + m) -- seed[31:12] (fp8) / seed[31:11] (bf8) -- to the
//   discarded significand bits after the subnormal shift. FNUZ formats on
//   gfx942, OCP on gfx950. (Other AMD references add the low bits; the
//   lowering uses these instructions only when asked to,
//   unverified-sr-instructions.)
//   Overflow is undocumented; the model saturates (the case a lowering can
//   least tell apart from a rounding down) and maps +-Inf to NaN (FNUZ,
//   E4M3FN) or +-Inf (E5M2).
//
//===----------------------------------------------------------------------===//

#include "SRModel.h"
#include "TestPasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::rng::test;

namespace {

/// llvm.call_intrinsic "llvm.amdgcn.cvt.sr.{bf16,f16}.f32".
struct CvtSrHalfModel final : OpRewritePattern<LLVM::CallIntrinsicOp> {
  using Base::Base;

  LogicalResult matchAndRewrite(LLVM::CallIntrinsicOp op,
                                PatternRewriter &rewriter) const override {
    StringRef name = op.getIntrin();
    bool isBF16 = name == "llvm.amdgcn.cvt.sr.bf16.f32";
    if (!isBF16 && name != "llvm.amdgcn.cvt.sr.f16.f32")
      return failure();
    if (op.getArgs().size() != 4 || op.getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "expected (old, val, rng, sel)");
    APInt sel;
    if (!matchPattern(op.getArgs()[3], m_ConstantInt(&sel)))
      return rewriter.notifyMatchFailure(op, "sel must be a constant");
    Location loc = op.getLoc();
    ModelInstruction insn;
    insn.format = isBF16 ? ModelFormat::bf16() : ModelFormat::f16();
    insn.numRandomBits = isBF16 ? 16 : 13;
    insn.saturate = false;
    insn.overflow =
        isBF16 ? ModelOverflow::Infinity : ModelOverflow::DirectedRounding;
    insn.infinity = ModelInfinity::Infinity;
    Value random =
        arith::ShRUIOp::create(rewriter, loc, op.getArgs()[2],
                               createModelI32(rewriter, loc, isBF16 ? 16 : 19));
    Value bits = buildSRModel(rewriter, loc, op.getArgs()[1], random, insn);
    Value old = op.getArgs()[0];
    Type elementType = cast<VectorType>(old.getType()).getElementType();
    Value element = arith::BitcastOp::create(rewriter, loc, elementType, bits);
    rewriter.replaceOp(op,
                       vector::InsertOp::create(rewriter, loc, element, old,
                                                int64_t(sel.getZExtValue())));
    return success();
  }
};

/// rocdl.cvt.sr.{fp8,bf8}.f32.
template <typename OpTy> struct CvtSrFp8Model final : OpRewritePattern<OpTy> {
  CvtSrFp8Model(MLIRContext *context, bool isBF8, bool fnuz)
      : OpRewritePattern<OpTy>(context), isBF8(isBF8), fnuz(fnuz) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ModelInstruction insn;
    if (isBF8)
      insn.format = fnuz ? ModelFormat::e5m2fnuz() : ModelFormat::e5m2();
    else
      insn.format = fnuz ? ModelFormat::e4m3fnuz() : ModelFormat::e4m3fn();
    insn.numRandomBits = isBF8 ? 21 : 20;
    insn.saturate = false;
    insn.overflow = ModelOverflow::Saturate;
    insn.infinity =
        insn.format.infBits ? ModelInfinity::Infinity : ModelInfinity::NaN;
    Value seed =
        arith::ShRUIOp::create(rewriter, loc, op.getSrcB(),
                               createModelI32(rewriter, loc, isBF8 ? 11 : 12));
    Value byte = buildSRModel(rewriter, loc, op.getSrcA(), seed, insn);
    unsigned shift = 8 * op.getByteSel();
    Value wide =
        arith::ExtUIOp::create(rewriter, loc, rewriter.getI32Type(), byte);
    wide = arith::ShLIOp::create(rewriter, loc, wide,
                                 createModelI32(rewriter, loc, shift));
    Value kept =
        arith::AndIOp::create(rewriter, loc, op.getOld(),
                              createModelI32(rewriter, loc, ~(0xFFu << shift)));
    rewriter.replaceOp(op, arith::OrIOp::create(rewriter, loc, kept, wide));
    return success();
  }

  bool isBF8;
  bool fnuz;
};

} // namespace

void rng::test::populateROCDLModelPatterns(RewritePatternSet &patterns,
                                           bool fnuz) {
  MLIRContext *context = patterns.getContext();
  patterns.add<CvtSrHalfModel>(context);
  patterns.add<CvtSrFp8Model<ROCDL::CvtSrFp8F32Op>>(context, false, fnuz);
  patterns.add<CvtSrFp8Model<ROCDL::CvtSrBf8F32Op>>(context, true, fnuz);
}
