//===- Passes.td - rng-mlir conversion passes --------------*- tablegen -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_PASSES_TD
#define RNG_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// RngToArith
//===----------------------------------------------------------------------===//

def ConvertRngToArithPass : Pass<"convert-rng-to-arith"> {
  let summary = "Lower every rng op to arith and math (any target)";
  let description = [{
    The universal lowering of the `rng` dialect. Philox rounds become
    `arith.mului_extended` (the 32x32->64-bit products), `arith.xori` and
    `arith.addi`; the Triton-family ops add `arith.sitofp`/`arith.mulf` for
    the uniform conversion and `math.log`, `math.sqrt`, `math.cos`,
    `math.sin` for Box-Muller, so each target uses its own math library.
    No `rng` op survives the pass. The Triton-family ops that share seed,
    offset and rounds share one Philox block: the pass first rewrites them
    into one `rng.randint4x` per (seed, offset, rounds), reused wherever it
    dominates (`shareTritonPhiloxBlocks`). Run `canonicalize` and `cse`
    afterwards to remove the words and constants that are not used.

    Option `fast-math` (off by default) marks Box-Muller's math ops
    `fastmath<afn>`: targets may then use approximate functions (on NVVM,
    libdevice's `__nv_fast_logf`/`__nv_fast_cosf`/`__nv_fast_sinf`). The
    normals are then not within SPEC's 2 ulp; use it only where that is
    acceptable.
  }];
  let options = [
    Option<"fastMath", "fast-math", "bool", /*default=*/"false",
           "Put fastmath<afn> on the log/sqrt/cos/sin of rng.randn and "
           "rng.randn4x so that the target may use approximate functions "
           "(faster; normals are then no longer within 2 ulp of the "
           "correctly rounded value). Integers and uniforms are unaffected.">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::tensor::TensorDialect"];
}

//===----------------------------------------------------------------------===//
// RoundToArith
//===----------------------------------------------------------------------===//

def ConvertRoundToArithPass : Pass<"convert-round-to-arith"> {
  let summary = "Lower every round op to integer arith (any target)";
  let description = [{
    The universal lowering of the `round` dialect. `round.stochastic` becomes
    integer `arith` on the `f32` bit pattern (`arith.bitcast` in, shifts,
    masks, adds, compares and selects, `arith.trunci` and `arith.bitcast` to
    the result type out), bit-exact to the op's specification for every
    input, every result format, every width of the random bits and both
    values of `saturate`. The IR needs no float arithmetic and no target
    support for the narrow float types. `round.scaling_stochastic` becomes
    one `arith.mulf` by the exact power of two `2^(127 - e)` (the quotient
    `x / scale`, correctly rounded in f32) followed by the same lowering;
    scalar operands beside vector ones are broadcast (`vector.broadcast`).
    No `round` op survives the pass.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

//===----------------------------------------------------------------------===//
// RngToNVVM
//===----------------------------------------------------------------------===//

def ConvertRngToNVVMPass : Pass<"convert-rng-to-nvvm"> {
  let summary = "Lower every rng op for NVVM (Philox products as mul.hi.u32)";
  let description = [{
    The lowering of `convert-rng-to-arith` with one change: each Philox
    round (of `rng.philox_4x32`, and of `rng.randint4x`, to which the other
    Triton-family ops expand) forms its two high products with the
    `llvm.nvvm.mulhi.ui` intrinsic (an `llvm.call_intrinsic`, PTX
    `mul.hi.u32`) and its low products with `arith.muli`. The PTX of a 10-round Philox then has 20
    `mul.hi.u32` and no 64-bit multiply, where the generic
    `arith.mului_extended` expansion leaves 64-bit multiplies
    (`mul.wide.u32`, `mul.lo.s64`). The bits are those
    of the universal lowering. Scalars and static vectors (unrolled per
    element) use the intrinsic; ranked tensors keep `arith.mului_extended`
    (scalarize them first). No `rng` op survives the pass. Option
    `fast-math` as for `convert-rng-to-arith`.
  }];
  let options = [
    Option<"fastMath", "fast-math", "bool", /*default=*/"false",
           "Put fastmath<afn> on the log/sqrt/cos/sin of rng.randn and "
           "rng.randn4x so that the target may use approximate functions "
           "(faster; normals are then no longer within 2 ulp of the "
           "correctly rounded value). Integers and uniforms are unaffected.">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

//===----------------------------------------------------------------------===//
// RoundToNVVM
//===----------------------------------------------------------------------===//

def ConvertRoundToNVVMPass : Pass<"convert-round-to-nvvm"> {
  let summary = "Lower every round op for an NVIDIA chip (PTX cvt.rs where exact)";
  let description = [{
    Lowers `round.stochastic` for the NVIDIA chip `chip` (`sm_90`,
    `sm_100a`, ...). On sm_100a and sm_103a (PTX `cvt.rs`, PTX ISA 8.7) an op
    becomes the NVVM stochastic-rounding conversion wherever that computes
    exactly the op's function, and the universal lowering of
    `convert-round-to-arith` everywhere else:

    | result type | rbits | saturate | lowering |
    |---|---|---|---|
    | bf16 | any width | any | `nvvm.convert.f32x2.to.bf16x2` (rnd = rs), 2 elements each |
    | f16 | any width | any | `nvvm.convert.f32x2.to.f16x2` (rnd = rs), 2 elements each |
    | f8E4M3FN, f8E5M2 | i8 | yes | `nvvm.convert.f32x4.to.f8x4`, 4 elements each |
    | anything else, ranked tensors | | | universal |

    The op's K random bits are placed at the top of the random-bit field the
    instruction reads for each element (zeros below), so its carry is the
    op's. Without `saturate`, f16 inputs of magnitude >= 65536 are pinned to
    +-Inf by a select (the PTX ISA leaves their non-carry result open).
    Every other chip gets the universal lowering only. A `chip` LLVM does
    not know is an error. See docs/Targets.md for the instruction facts and
    what is not verified on hardware. No `round` op survives the pass.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "NVIDIA chip, e.g. sm_90 or sm_100a (required)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

//===----------------------------------------------------------------------===//
// RoundToROCDL
//===----------------------------------------------------------------------===//

def ConvertRoundToROCDLPass : Pass<"convert-round-to-rocdl"> {
  let summary = "Lower every round op for an AMD chipset (v_cvt_sr_* where exact)";
  let description = [{
    Lowers `round.stochastic` for the AMD chipset `chipset` (`gfx942`,
    `gfx950`, ...) through the AMDGPU stochastic-rounding conversions where
    they compute exactly the op's function, the universal lowering of
    `convert-round-to-arith` everywhere else:

    | chipset | result type | lowering |
    |---|---|---|
    | gfx950 | bf16, f16 | `llvm.call_intrinsic "llvm.amdgcn.cvt.sr.{bf16,f16}.f32"` (v_cvt_sr_bf16_f32 / v_cvt_sr_f16_f32), 2 elements per packed result |
    | gfx950 | f8E4M3FN, f8E5M2 | `rocdl.cvt.sr.fp8.f32` / `rocdl.cvt.sr.bf8.f32` (OCP), 4 elements per i32 |
    | gfx942 | f8E4M3FNUZ, f8E5M2FNUZ | `rocdl.cvt.sr.fp8.f32` / `rocdl.cvt.sr.bf8.f32` (FNUZ) |
    | other | any, ranked tensors | universal |

    for any rbits width and both values of `saturate`. The op's K random bits
    go to the top of the random-operand field each instruction reads
    (rand[31:32-K] for bf16/f16, rand[19:20-K] / rand[20:21-K] for fp8/bf8).
    The instructions do not saturate and AMD does not document their
    overflow, Inf and NaN results; those are computed from `x` and selected
    (saturation, the overflow band above the largest finite value, NaN).
    See docs/Targets.md for the evidence and what is not verified on
    hardware. A `chipset` LLVM does not know is an error. No `round` op
    survives the pass.
  }];
  let options = [
    Option<"chipset", "chipset", "std::string", /*default=*/"\"\"",
           "AMD chipset, e.g. gfx942 or gfx950 (required)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::ROCDL::ROCDLDialect"];
}

#endif // RNG_CONVERSION_PASSES_TD
