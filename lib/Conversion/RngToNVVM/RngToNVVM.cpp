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
// rng.jax_normal's log1p(-(u * u)) becomes one `lg2.approx.ftz.f32` of
// 1 - u * u (`llvm.nvvm.lg2.approx.ftz.f`, also an `llvm.call_intrinsic`)
// times ln 2: three PTX instructions where libdevice's `log1pf` takes about
// 27, which made it the largest part of the normal's work after Threefry.
//
// An `llvm.call_intrinsic` has side effects, so inside the body of a
// memref.generic_atomic_rmw (which allows none) the generic forms stand in:
// the same bits for the product; libdevice's log1pf for the normal.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RngToNVVM/RngToNVVM.h"
#include "rng/Conversion/Common/Targets.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Conversion/Passes.h"
#include "rng/Dialect/Rng/IR/RngDialect.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CONVERTRNGTONVVMPASS
#include "rng/Conversion/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

static constexpr uint32_t kZeroF32Bits = 0x00000000;
static constexpr uint32_t kHalfF32Bits = 0x3F000000;
static constexpr uint32_t kOneF32Bits = 0x3F800000;
static constexpr uint32_t kTwoF32Bits = 0x40000000;
static constexpr uint32_t kMinusTwoF32Bits = 0xC0000000;
/// fl(ln 2).
static constexpr uint32_t kLn2F32Bits = 0x3F317218;
/// -2 * fl(ln 2), exact.
static constexpr uint32_t kMinusTwoLn2F32Bits = 0xBFB17218;

/// True where `builder`'s insertion point is in a region of an op of one of
/// `OpTys`, below the nearest op isolated from above.
template <typename... OpTys> static bool isNestedIn(OpBuilder &builder) {
  Block *block = builder.getInsertionBlock();
  for (Operation *op = block ? block->getParentOp() : nullptr; op;
       op = op->getParentOp()) {
    if (isa<OpTys...>(op))
      return true;
    if (op->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return false;
  }
  return false;
}

/// True where the ops built at `builder`'s insertion point must be free of
/// side effects, which an `llvm.call_intrinsic` is not: the body of a
/// memref.generic_atomic_rmw. The generic lowerings stand in there.
static bool mustBeSideEffectFree(OpBuilder &builder) {
  return isNestedIn<memref::GenericAtomicRMWOp>(builder);
}

/// The f32 intrinsic `name` (one operand) on each element of `x`, a scalar or
/// a fixed-size vector of at most kMaxUnrolledElements f32.
static Value createUnrolledF32Intrinsic(OpBuilder &builder, Location loc,
                                        StringRef name, Value x) {
  SmallVector<Value> results;
  for (Value element : unpackElements(builder, loc, x))
    results.push_back(
        LLVM::CallIntrinsicOp::create(builder, loc, builder.getF32Type(),
                                      builder.getStringAttr(name), element)
            .getResult(0));
  return packElements(builder, loc, x.getType(), results);
}

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
  if (mustBeSideEffectFree(builder))
    return buildMulHiLoExtended(builder, loc, lhs, rhs);
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

// Why the normal stays within SPEC §8's 4 ulp. With s = fl(u * u),
// 1 + x = fl(1 - s) is exact where s >= 1/2 and within 2^-25 otherwise, and
// t = 1 - s >= 2^-23 is never subnormal, nor is a nonzero log2(t) (its
// magnitude is at least about 2^-23.5), so `.ftz` changes no bit and spares
// the subnormal scaling (about 3 % faster on an H200). CUDA documents
// lg2.approx.f32 (`__log2f`) within 2^-22 absolute for t in [0.5, 2] and
// 2 ulp elsewhere.
// This is no log1p to an ulp (for s < 2^-25, t rounds to 1 and w to 0), but
// the polynomial reads w - 2.5 (|w - 2.5| >= 1.8 where t >= 1/2), whose ulp
// is about the error of w there, and where t < 1/2 the error is relative,
// about 2^-22. The bound rests on enumeration, not on this estimate:
// RngToNVVM/jax-normal-lg2-envelope.test runs each of the 2^23 values u can
// take with log2 at both ends of the envelope (at most 3 ulp from the
// formula), and bench/jax_normal_exhaustive.py ran the instruction itself on
// all of them on an H200 (at most 3 ulp). Not a general log1p: callers other
// than rng.jax_normal get no such bound.
Value rng::buildJaxLog1pNVVM(OpBuilder &builder, Location loc, Value x,
                             arith::FastMathFlags mathFlags) {
  // The intrinsic is scalar-only. Vectors past kMaxUnrolledElements and
  // scalable ones take libdevice's log1pf: also within the bound, but other
  // draws (see the op's documentation).
  Type type = x.getType();
  if (!isScalarOrStaticVector(type) || mustBeSideEffectFree(builder))
    return buildJaxLog1pTargetF32(builder, loc, x, mathFlags);
  ScalarOrSplatBitsCache constants(builder, loc, type);
  Value t = arith::AddFOp::create(builder, loc, constants.get(kOneF32Bits), x);
  Value log2 =
      createUnrolledF32Intrinsic(builder, loc, "llvm.nvvm.lg2.approx.ftz.f", t);
  return arith::MulFOp::create(builder, loc, log2, constants.get(kLn2F32Bits));
}

// Fast math's Box-Muller steps as the approximate instructions that
// libdevice's __nv_fast_logf and __nv_fast_sincosf and math.sqrt with `afn`
// use, in their `.ftz` forms, with -2 * (lg2(v) * fl(ln 2)) as
// lg2(v) * (-2 * fl(ln 2)): the same bits (a product by -2 is exact), one
// multiply less. On the inputs the steps get (BoxMullerStep) no operand or
// result is subnormal, so `.ftz` changes no bit either and spares each
// instruction's subnormal scaling: the normals' fast-math PTX equals
// libdevice's bit for bit (bench/fast_normal_exhaustive.py runs each
// instruction in both forms on every input it can get, on the GPU), with 30
// instead of 34 SASS instructions per randn4x output (0.84 -> 0.93 x copy
// on an H200).
Value rng::buildBoxMullerStepNVVM(OpBuilder &builder, Location loc,
                                  BoxMullerStep step, Value x) {
  Type type = x.getType();
  if (!getElementTypeOrSelf(type).isF32() || !isScalarOrStaticVector(type) ||
      mustBeSideEffectFree(builder))
    return {};
  switch (step) {
  case BoxMullerStep::MinusTwoLog: {
    Value log2 = createUnrolledF32Intrinsic(builder, loc,
                                            "llvm.nvvm.lg2.approx.ftz.f", x);
    return arith::MulFOp::create(
        builder, loc, log2,
        createScalarOrSplatBits(builder, loc, type, kMinusTwoLn2F32Bits));
  }
  case BoxMullerStep::Sqrt:
    return createUnrolledF32Intrinsic(builder, loc,
                                      "llvm.nvvm.sqrt.approx.ftz.f", x);
  case BoxMullerStep::Cos:
    return createUnrolledF32Intrinsic(builder, loc,
                                      "llvm.nvvm.cos.approx.ftz.f", x);
  case BoxMullerStep::Sin:
    return createUnrolledF32Intrinsic(builder, loc,
                                      "llvm.nvvm.sin.approx.ftz.f", x);
  }
  llvm_unreachable("unknown BoxMullerStep");
}

Value rng::buildFmaNVVM(OpBuilder &builder, Location loc, Value a, Value b,
                        Value c) {
  Type type = a.getType();
  if (!isScalarOrStaticVector(type) || mustBeSideEffectFree(builder))
    return {};
  // llvm.intr.fma takes scalars and 1-D vectors; n-D and 0-D vectors go
  // element by element.
  auto vector = dyn_cast<VectorType>(type);
  if (!vector || vector.getRank() == 1)
    return LLVM::FMAOp::create(builder, loc, a, b, c);
  SmallVector<Value> results;
  for (auto [x, y, z] : llvm::zip_equal(unpackElements(builder, loc, a),
                                        unpackElements(builder, loc, b),
                                        unpackElements(builder, loc, c)))
    results.push_back(LLVM::FMAOp::create(builder, loc, x, y, z));
  return packElements(builder, loc, type, results);
}

Value rng::buildJaxNormalStepNVVM(OpBuilder &builder, Location loc,
                                  JaxNormalStep step, ValueRange operands,
                                  arith::FastMathFlags mathFlags) {
  Type type = operands.front().getType();
  if (!getElementTypeOrSelf(type).isF32() || !isScalarOrStaticVector(type) ||
      mustBeSideEffectFree(builder))
    return {};
  switch (step) {
  case JaxNormalStep::Fma:
    return buildFmaNVVM(builder, loc, operands[0], operands[1], operands[2]);
  case JaxNormalStep::Sqrt:
    // Fast math keeps math.sqrt with `afn` (libdevice's fast square root).
    if (bitEnumContainsAny(mathFlags, arith::FastMathFlags::afn))
      return {};
    return createUnrolledF32Intrinsic(builder, loc, "llvm.nvvm.sqrt.approx.f",
                                      operands.front());
  }
  llvm_unreachable("unknown JaxNormalStep");
}

// Why it pays. A Threefry-2x32 round is an add, a rotation and an xor; the
// rotation (`SHF`) and the xor (`LOP3`) only run on the integer ALU pipe,
// which accepts a warp instruction every other cycle, while ptxas puts most
// adds on the FMA pipe as `IMAD.IADD`. After a key injection, though, it
// fuses x0 + key + x1 into one `IADD3`, on the ALU pipe: about 4 per 20
// rounds, which made JAX's uniform fill ALU-bound at 46.75 ALU instructions
// per output (Nsight Compute, H200). As (x0 + key) * 1 + x1 the add is an
// `IMAD` whose multiplier ptxas cannot know, so it stays on the FMA pipe:
// 42.75 ALU instructions per output. A constant 1 folds; a 1 loaded from
// memory costs a load that ptxas re-issues; %nctaid.x (not known before
// launch, at least 1) costs two uniform instructions per thread. Measured on
// an H200 with the bench kernels: the uniform fill 0.329 -> 0.354-0.359 x
// copy, the Threefry bit generator 0.592 -> 0.638-0.664.
// (PTX's min takes no special register, hence the mov.)
static constexpr const char *kThreefryOpaqueOneAsm =
    "{ .reg .u32 %rng_nctaid; mov.u32 %rng_nctaid, %nctaid.x; "
    "min.u32 $0, %rng_nctaid, 1; }";

Value rng::buildThreefryOpaqueOneNVVM(OpBuilder &builder, Location loc) {
  // Plain adds in the bodies that later passes take whole: a linalg op's
  // (vectorized; a tensor.generate's or tensor.pad's bufferize into one) and
  // a generic_atomic_rmw's (no side effects). Not hoisted out of them
  // either: such a body may be mapped to a kernel later, and the 1 would
  // stay in host code.
  if (isNestedIn<linalg::LinalgOp, tensor::GenerateOp, tensor::PadOp,
                 memref::GenericAtomicRMWOp>(builder))
    return {};
  return LLVM::InlineAsmOp::create(
             builder, loc, builder.getI32Type(), ValueRange{},
             kThreefryOpaqueOneAsm, "=r", /*has_side_effects=*/false,
             /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
             /*asm_dialect=*/LLVM::AsmDialectAttr(),
             /*operand_attrs=*/ArrayAttr())
      .getRes();
}

// cuRAND's device Box-Muller (curand_normal*.h) as nvcc compiles it without
// fast math: sqrtf is `sqrt.rn.f32` (libdevice's __nv_sqrtf follows
// nvvm-reflect's __CUDA_PREC_SQRT, which the pipelines leave at 0, the
// approximate form, so the intrinsic is named), __sincosf is
// `sin.approx.f32`/`cos.approx.f32` (not `.ftz`: PyTorch builds without
// it), and the double transform's sincospi is libdevice's __nv_sinpi and
// __nv_cospi (the one polynomial __nv_sincospi computes; the GPU check
// test/GPU/torch-h200.sh compares the bits with cuRAND and torch). The
// double log stays math.log, libdevice's __nv_log as cuRAND's; the float
// one is libdevice's logf inline (buildCurandMinusTwoLogNVVM).

/// A call of the f64 libdevice function `name` on each element of `x` (a
/// scalar or fixed vector of at most kMaxUnrolledElements f64), declared in
/// the nearest symbol table, or null where no symbol table holds the
/// insertion point.
static Value createUnrolledLibdeviceF64Call(OpBuilder &builder, Location loc,
                                            StringRef name, Value x) {
  Operation *scope = builder.getInsertionBlock()->getParentOp();
  Operation *table = SymbolTable::getNearestSymbolTable(scope);
  if (!table || table->getNumRegions() != 1 || table->getRegion(0).empty())
    return {};
  // An llvm.func, not a func.func: the GPU pipelines give func.func
  // declarations C-interface names (_mlir_ciface_*), which libdevice lacks.
  Type f64Type = builder.getF64Type();
  auto type = LLVM::LLVMFunctionType::get(f64Type, {f64Type});
  Operation *existing =
      SymbolTable::lookupSymbolIn(table, builder.getStringAttr(name));
  auto function = dyn_cast_or_null<LLVM::LLVMFuncOp>(existing);
  if (existing && (!function || function.getFunctionType() != type))
    return {};
  if (!function) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&table->getRegion(0).front());
    function = LLVM::LLVMFuncOp::create(builder, loc, name, type);
  }
  SmallVector<Value> results;
  for (Value element : unpackElements(builder, loc, x))
    results.push_back(
        LLVM::CallOp::create(builder, loc, function, element).getResult());
  return packElements(builder, loc, x.getType(), results);
}

void rng::assumeFloatRangeNVVM(OpBuilder &builder, Location loc, Value x,
                               double lo, double hi) {
  Type type = x.getType();
  auto floatType = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  if (!floatType || !(floatType.isF32() || floatType.isF64()) ||
      !isScalarOrStaticVector(type) || mustBeSideEffectFree(builder))
    return;
  assert(0 <= lo && lo <= hi && std::isfinite(hi) && "bad range");
  // The bounds in x's type, rounded outwards.
  auto bound = [&](double value, llvm::RoundingMode mode) {
    APFloat result(value);
    bool losesInfo;
    result.convert(floatType.getFloatSemantics(), mode, &losesInfo);
    return result;
  };
  Type intType = builder.getIntegerType(floatType.getWidth());
  Value lower = LLVM::ConstantOp::create(
      builder, loc, floatType,
      builder.getFloatAttr(floatType,
                           bound(lo, llvm::RoundingMode::TowardZero)));
  // Non-negative floats are ordered as their bits are.
  Value upperBits = LLVM::ConstantOp::create(
      builder, loc, intType,
      builder.getIntegerAttr(
          intType,
          bound(hi, llvm::RoundingMode::TowardPositive).bitcastToAPInt()));
  for (Value element : unpackElements(builder, loc, x)) {
    LLVM::AssumeOp::create(builder, loc,
                           LLVM::FCmpOp::create(builder, loc,
                                                LLVM::FCmpPredicate::oge,
                                                element, lower));
    Value bits = LLVM::BitcastOp::create(builder, loc, intType, element);
    LLVM::AssumeOp::create(builder, loc,
                           LLVM::ICmpOp::create(builder, loc,
                                                LLVM::ICmpPredicate::ule, bits,
                                                upperBits));
  }
}

// cuRAND's sqrtf(s) is `sqrt.rn.f32`, which ptxas (CUDA 13; the same on
// sm_75, sm_80, sm_86, sm_87, sm_89 and sm_90) expands to a fast path for s
// whose bits minus 0x0d000000 are at most 0x727fffff unsigned, s in
// [2^-101, 2^128):
//
//   y = MUFU.RSQ(s); r = s * y; h = y * 0.5; e = fma(-r, r, s);
//   sqrt = fma(e, h, r)
//
// with, around it, the range check, a branch to a called slow path and the
// warp's reconvergence. The Box-Muller's s is -0.0 (u = 1) or in [2^-23,
// 45.8] (u in [2^-33, 1 - 2^-24]), so on those chips the lowering emits the
// fast path alone (`rsqrt.approx.ftz.f32` is MUFU.RSQ; no operand or product
// is subnormal, so the multiplies' `.ftz` there changes nothing) and, for
// the zeros, a select that returns s as the slow path does: the same bits,
// about 6 SASS instructions per pair instead of 10 and no branch (the
// PyTorch-layout normal fill: 34.0 -> 30.4 instructions per output;
// docs/PyTorchRandom.md). It is correctly rounded because MUFU.RSQ is as
// accurate as NVIDIA's expansion needs, which PTX's documented bound for
// rsqrt.approx (2^-22.9) does not guarantee; so it is used only where the
// gpu.module's targets name such chips, and `sqrt.rn.f32` elsewhere (no
// target, sm_100 and later, whose expansion cannot be read here).
// bench/sqrt_rn_expansion.py reads the expansion per chip;
// test/GPU/torch_check_run.py compares the sequence with `sqrt.rn.f32` on
// every float on the GPU.

/// True where the insertion point is in a gpu.module whose targets are all
/// #nvvm.target of chips with NVVMChip::hasReadSqrtRnExpansion.
static bool hasReadSqrtRnExpansionTargets(OpBuilder &builder) {
  Block *block = builder.getInsertionBlock();
  Operation *op = block ? block->getParentOp() : nullptr;
  while (op && !isa<gpu::GPUModuleOp>(op))
    op = op->getParentOp();
  ArrayAttr targets =
      op ? cast<gpu::GPUModuleOp>(op).getTargetsAttr() : nullptr;
  return targets && !targets.empty() &&
         llvm::all_of(targets, [](Attribute target) {
           auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target);
           std::optional<NVVMChip> chip =
               nvvm ? parseNVVMChip(nvvm.getChip()) : std::nullopt;
           return chip && chip->hasReadSqrtRnExpansion();
         });
}

static Value buildCurandSqrtNVVM(OpBuilder &builder, Location loc, Value s) {
  Type type = s.getType();
  ScalarOrSplatBitsCache constants(builder, loc, type);
  Value y = createUnrolledF32Intrinsic(builder, loc,
                                       "llvm.nvvm.rsqrt.approx.ftz.f", s);
  Value r = arith::MulFOp::create(builder, loc, s, y);
  Value h = arith::MulFOp::create(builder, loc, y, constants.get(kHalfF32Bits));
  Value e =
      buildFmaNVVM(builder, loc, arith::NegFOp::create(builder, loc, r), r, s);
  Value root = buildFmaNVVM(builder, loc, e, h, r);
  Value zero = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OEQ, s,
                                     constants.get(kZeroF32Bits));
  return arith::SelectOp::create(builder, loc, zero, s, root);
}

// cuRAND's -2.0f * logf(u), u in [2^-33, 1], without libdevice's call.
// On positive normal floats __nv_logf reaches neither its subnormal scaling
// nor its special cases and computes, in IEEE operations:
//
//   i = (bits(u) - 0x3f2aaaab) & 0xff800000, m = float(bits(u) - i),
//   f = m - 1 (exact; m in [2/3, 4/3)),
//   h_1 = fma(C_0, f, C_1), h_k = fma(h_(k-1), f, C_k) (k = 2..8),
//   t = h_8 * f, q = fma(t, f, f),
//   log = fma(float(i) * 2^-23, fl(ln 2), q)   (the first product exact)
//
// with libdevice's coefficients C_0..C_8 (kLibdeviceLogfPoly). Every one of
// those roundings, scaled by a positive power of two, is one below:
//
//   g = fma(m, 2, -2) = 2f (exact),
//   h'_1 = fma(C_0 2^-9, g, C_1 2^-8), h'_k = fma(h'_(k-1), g, C_k 2^(k-9)),
//     so h'_k = 2^(k-9) h_k,
//   t = h'_8 * g (= (h_8 / 2)(2f), libdevice's t itself),
//   q' = fma(t, g, g) = 2q,
//   2 log = fma(float(i), fl(ln 2) 2^-22, q'),
//
// and rounding to nearest commutes with such a scaling where no value is
// subnormal or overflows (none is here: the h are near their C, |q| >=
// 2^-25 unless f = 0) and keeps the signs of zeros (at u = 1 every term is
// +0). So -(2 log) is cuRAND's -2 logf(u) bit for bit, -0.0 at u = 1,
// with 16 SASS instructions where the call and the product by -2 took 18
// (libdevice's exponent scaling and the product fold into constants).
// test/GPU/torch_check_run.py compares it with -2.0f * logf on every float
// of the range on the GPU; test/Conversion/RngToNVVM/curand-log.test with
// __nv_logf itself compiled for the host.

/// libdevice's __nv_logf: the polynomial's coefficients C_0..C_8 (C_8 =
/// -1/2), as f32 bit patterns (its fl(ln 2) is kLn2F32Bits).
static constexpr uint32_t kLibdeviceLogfPoly[] = {
    0xBE055027, 0x3E1039F6, 0xBDF8CDCC, 0x3E0F2955, 0xBE2AD8B9,
    0x3E4CED0B, 0xBE7FFF22, 0x3EAAAA78, 0xBF000000};
/// bits(u) - kLibdeviceLogfOffset, rounded down to a power of two, is the
/// exponent libdevice takes out: m = u / 2^e in [2/3, 4/3).
static constexpr uint32_t kLibdeviceLogfOffset = 0x3F2AAAAB;
static constexpr uint32_t kF32ExponentMask = 0xFF800000;

/// The f32 bit pattern `bits` times 2^`exponent` (an exact scaling).
static uint32_t scaleF32Bits(uint32_t bits, int exponent) {
  return llvm::bit_cast<uint32_t>(
      std::ldexp(llvm::bit_cast<float>(bits), exponent));
}

static Value buildCurandMinusTwoLogNVVM(OpBuilder &builder, Location loc,
                                        Value u) {
  Type type = u.getType();
  Type intType = getTypeWithElementType(type, builder.getI32Type());
  ScalarOrSplatBitsCache floats(builder, loc, type);
  ScalarOrSplatBitsCache ints(builder, loc, intType);
  Value bits = arith::BitcastOp::create(builder, loc, intType, u);
  Value exponent = arith::AndIOp::create(
      builder, loc,
      arith::SubIOp::create(builder, loc, bits, ints.get(kLibdeviceLogfOffset)),
      ints.get(kF32ExponentMask));
  Value m = arith::BitcastOp::create(
      builder, loc, type, arith::SubIOp::create(builder, loc, bits, exponent));
  Value g = buildFmaNVVM(builder, loc, m, floats.get(kTwoF32Bits),
                         floats.get(kMinusTwoF32Bits));
  Value h = buildFmaNVVM(builder, loc,
                         floats.get(scaleF32Bits(kLibdeviceLogfPoly[0], -9)), g,
                         floats.get(scaleF32Bits(kLibdeviceLogfPoly[1], -8)));
  for (int k = 2; k <= 8; ++k)
    h = buildFmaNVVM(builder, loc, h, g,
                     floats.get(scaleF32Bits(kLibdeviceLogfPoly[k], k - 9)));
  Value t = arith::MulFOp::create(builder, loc, h, g);
  Value twiceQ = buildFmaNVVM(builder, loc, t, g, g);
  // -(2 log) as one fma of negated operands: its result register then holds
  // s, and the square root's select for s = 0 stays a predicated fma.
  return buildFmaNVVM(builder, loc,
                      arith::SIToFPOp::create(builder, loc, type, exponent),
                      floats.get(scaleF32Bits(kLn2F32Bits | 0x80000000u, -22)),
                      arith::NegFOp::create(builder, loc, twiceQ));
}

Value rng::buildCurandStepNVVM(OpBuilder &builder, Location loc,
                               CurandStep step, Value x) {
  if (!isScalarOrStaticVector(x.getType()) || mustBeSideEffectFree(builder))
    return {};
  switch (step) {
  case CurandStep::SqrtF32:
    if (hasReadSqrtRnExpansionTargets(builder))
      return buildCurandSqrtNVVM(builder, loc, x);
    return createUnrolledF32Intrinsic(builder, loc, "llvm.nvvm.sqrt.rn.f", x);
  case CurandStep::SinF32:
    return createUnrolledF32Intrinsic(builder, loc, "llvm.nvvm.sin.approx.f",
                                      x);
  case CurandStep::CosF32:
    return createUnrolledF32Intrinsic(builder, loc, "llvm.nvvm.cos.approx.f",
                                      x);
  case CurandStep::SinPiF64:
    return createUnrolledLibdeviceF64Call(builder, loc, "__nv_sinpi", x);
  case CurandStep::CosPiF64:
    return createUnrolledLibdeviceF64Call(builder, loc, "__nv_cospi", x);
  case CurandStep::MinusTwoLogF32:
    return buildCurandMinusTwoLogNVVM(builder, loc, x);
  case CurandStep::LogF64:
    assumeFloatRangeNVVM(builder, loc, x, 0x1p-54, 1.0);
    return math::LogOp::create(builder, loc, x);
  }
  llvm_unreachable("unknown CurandStep");
}

RngLoweringOptions rng::getRngToNVVMLoweringOptions() {
  RngLoweringOptions options;
  options.mulHiLo = buildMulHiLoNVVM;
  options.threefryOpaqueOne = buildThreefryOpaqueOneNVVM;
  options.jaxNormalLog1p = buildJaxLog1pNVVM;
  options.jaxNormalStep = buildJaxNormalStepNVVM;
  options.fastBoxMullerStep = buildBoxMullerStepNVVM;
  options.normalLogRange = assumeFloatRangeNVVM;
  options.curandStep = buildCurandStepNVVM;
  options.curandFma = buildFmaNVVM;
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
    RngLoweringOptions options = getRngToNVVMLoweringOptions();
    options.normalMathFlags =
        fastMath ? arith::FastMathFlags::afn : arith::FastMathFlags::none;
    // The pass declares scf: a warp whose lanes all draw from
    // rng.jax_normal's central region skips the tail polynomial (0.34 % of
    // draws); 0.200 -> 0.219 x copy on an H200 with the same kernels and CTA
    // sizes.
    options.branchOnRareInputs = true;
    bool changed = false;
    if (failed(applyRngToArithConversion(getOperation(), options, &changed)))
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
