//===- RngToNVVM.cpp - Lowering of the rng dialect for NVVM ---------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// NVPTX has no 32x32->64-bit multiply that LLVM reliably selects from the
// generic `arith.mului_extended` expansion (zext, 64-bit mul, lshr): once
// instcombine widens the surrounding xors, the PTX of a 10-round Philox
// keeps ten 64-bit `mul.lo.s64`. Forming the high half with the
// `llvm.nvvm.mulhi.ui` intrinsic gives exactly two `mul.hi.u32` and two
// `mul.lo.s32` per round. MLIR 22's NVVM dialect has no op for it, so it is
// an `llvm.call_intrinsic` (and this file needs no NVVM header).
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RngToNVVM/RngToNVVM.h"
#include "rng/Conversion/Common/DialectLowering.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Conversion/Passes.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CONVERTRNGTONVVMPASS
#include "rng/Conversion/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

/// hi32(lhs * rhs) for scalar i32 operands: PTX `mul.hi.u32`.
static Value createMulHiUI(OpBuilder &builder, Location loc, Value lhs,
                           Value rhs) {
  auto call = LLVM::CallIntrinsicOp::create(
      builder, loc, builder.getI32Type(),
      builder.getStringAttr("llvm.nvvm.mulhi.ui"), ValueRange{lhs, rhs});
  return call.getResult(0);
}

std::pair<Value, Value> rng::buildMulHiLoNVVM(OpBuilder &builder, Location loc,
                                              Value lhs, Value rhs) {
  Type type = lhs.getType();
  if (type.isInteger(32))
    return {createMulHiUI(builder, loc, lhs, rhs),
            arith::MulIOp::create(builder, loc, lhs, rhs)};

  // Past kMaxUnrolledElements, unrolling costs more compile time than it
  // saves (vector<1024>: 1.5 s; 10^5 elements: over a minute), and scalable
  // vectors cannot be unrolled: the generic product gives the same bits.
  if (!isScalarOrStaticVector(type))
    return buildMulHiLoExtended(builder, loc, lhs, rhs);

  // The intrinsic is scalar-only: unroll the static vector. The low half
  // stays one vector multiply.
  SmallVector<Value> highs;
  for (auto [l, r] : llvm::zip_equal(unpackElements(builder, loc, lhs),
                                     unpackElements(builder, loc, rhs)))
    highs.push_back(createMulHiUI(builder, loc, l, r));
  return {packElements(builder, loc, type, highs),
          arith::MulIOp::create(builder, loc, lhs, rhs)};
}

RngLoweringOptions rng::getRngToNVVMLoweringOptions() {
  RngLoweringOptions options;
  options.mulHiLo = buildMulHiLoNVVM;
  // libdevice's __nv_log1pf is within 1 ulp (CUDA's documented bound).
  options.useTargetLog1pF32 = true;
  return options;
}

void rng::populateRngToNVVMConversionPatterns(
    RewritePatternSet &patterns, arith::FastMathFlags normalMathFlags,
    PatternBenefit benefit) {
  RngLoweringOptions options = getRngToNVVMLoweringOptions();
  options.normalMathFlags = normalMathFlags;
  populateRngToArithConversionPatterns(patterns, options, benefit);
}

namespace {

struct ConvertRngToNVVMPass final
    : rng::impl::ConvertRngToNVVMPassBase<ConvertRngToNVVMPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    RngLoweringOptions options = getRngToNVVMLoweringOptions();
    options.normalMathFlags =
        fastMath ? arith::FastMathFlags::afn : arith::FastMathFlags::none;
    // The pass declares scf: a warp whose lanes all draw from
    // rng.jax_normal's central region skips the tail polynomial (0.34 % of
    // draws); 0.200 -> 0.219 x copy on an H200 with the same kernels and CTA
    // sizes.
    options.branchOnRareInputs = true;
    populateRngToArithConversionPatterns(patterns, options);
    bool changed = false;
    if (failed(applyDialectLowering<RngDialect>(getOperation(),
                                                std::move(patterns), &changed)))
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
