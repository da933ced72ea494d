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
    No `rng` op survives the pass; the `rng` and `round` ops whose results
    are unused, or used only by other such ops, are erased first rather
    than lowered (they are `Pure`). The Triton-family ops that share seed,
    offset and rounds share one Philox block: the first of them in program
    order computes it for every later one it dominates. Ops on ranked
    tensors (static or dynamic sizes) become a `linalg.generic` over the
    scalar ops (as `rng-elementwise-to-linalg`), whose bodies are then
    lowered too. Run `canonicalize` and `cse` afterwards to remove the words
    and constants that are not used.

    Option `fast-math` (off by default) marks Box-Muller's math ops
    `fastmath<afn>`: targets may then use approximate functions (on NVVM,
    libdevice's `__nv_fast_logf`/`__nv_fast_cosf`/`__nv_fast_sinf`). The
    normals are then not within SPEC's 2 ulp; use it only where that is
    acceptable.

    Option `outline-above` (default 256): when the pass runs on a module (a
    symbol table) that holds more `rng` ops than this, each
    `rng.philox_4x32` becomes a `func.call` of a private function
    `rng.philox4x32_r<rounds>_<types>`, each group of Triton-family ops
    that share a Philox block one call of
    `rng.triton_r<rounds>_<types>_<kinds>` returning all their results, and
    every other op on scalars or vectors a call of
    `rng.<op>_<types>[_<attributes>]` whose body is the op itself, lowered
    there; each function is created once per signature, with internal
    linkage. The bits are the inline lowering's, and the passes that follow
    (canonicalize, cse, the conversions to LLVM, verification) take time
    proportional to the ops left instead of about 150 per Philox block.
    Ops in a nested symbol table (a `gpu.module`'s kernels) or a
    `gpu.launch` body stay inline, as does everything when the pass is
    nested on functions or on a `gpu.module` (it outlines only into a
    `builtin.module`). LLVM's inliner decides what to inline later. 0
    outlines every group.

    Option `lane-pair-products` (off by default; `rng-to-llvm` sets it):
    Philox's products on fixed 1-D vectors of an even number (at least 4)
    of `i32` lanes are formed from 32x32->64-bit multiplies of lane pairs
    (buildMulHiLoLanePairs), which x86 does in one `vpmuludq` per 4, 8 or
    16 products where LLVM's generic widening takes several instructions.
    Little-endian data layouts only (the default); the same bits.
  }];
  let options = [
    Option<"fastMath", "fast-math", "bool", /*default=*/"false",
           "Put fastmath<afn> on the log/log1p/sqrt/cos/sin of the normals "
           "(rng.randn, rng.randn4x, rng.hash_randn, rng.jax_normal) so "
           "that the target may use approximate functions (faster; normals "
           "are then no longer within SPEC's bound of the correctly rounded "
           "value). Integers and uniforms are unaffected.">,
    Option<"outlineAbove", "outline-above", "unsigned",
           /*default=*/"256",
           "When the pass runs on a module holding more than this many rng "
           "ops, lower each (a Triton group sharing a Philox block together) "
           "to a call of a private function (one per signature) instead of "
           "inline IR; 0: always">,
    Option<"lanePairProducts", "lane-pair-products", "bool",
           /*default=*/"false",
           "Form Philox's 32x32->64-bit products on fixed 1-D vectors of an "
           "even number of i32 lanes from multiplies of lane pairs (the "
           "vector bitcast to i64 lanes; ignored where the data layout is "
           "big-endian): one x86 vpmuludq per 4/8/16 products. The same "
           "bits; rng-to-llvm sets it.">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::linalg::LinalgDialect"];
}

//===----------------------------------------------------------------------===//
// ElementwiseToLinalg
//===----------------------------------------------------------------------===//

def RngElementwiseToLinalgPass : Pass<"rng-elementwise-to-linalg"> {
  let summary = "Rewrite rng and round ops on ranked tensors into "
                "linalg.generic over the scalar ops";
  let description = [{
    Every `rng` and `round` op is `ElementwiseMappable`. This pass rewrites
    each one whose results are ranked tensors (static or dynamic sizes) into
    a `linalg.generic` with parallel iterators whose body holds the same op
    on scalars: tensor operands get identity maps, scalar operands (a seed,
    a key) the empty map, and the outputs are `tensor.empty` sized like the
    op's tensors (`tensor.dim` of a tensor operand for dynamic sizes). The
    Triton-family ops that share seed, offset and rounds go into one generic,
    so that they share one Philox block later. Nothing is lowered.

    This is upstream's `convert-elementwise-to-linalg` for our ops, which
    that pass (LLVM 22) cannot always do: it sizes its outputs from the
    first operand, and crashes when that is a scalar and no operand has the
    result's type (`rng.rand %seed, %offsets : i32, tensor<?xi32>`). Run
    this pass first; upstream's then finds nothing of ours to convert.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
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
    No `round` op survives the pass; unused `rng` and `round` ops are
    erased first, as in `convert-rng-to-arith`.

    Option `outline-above` (default 256): when the pass runs on a module (a
    symbol table) that holds more `round` ops than this, each op on a
    scalar or vector becomes a `func.call` of a private function holding
    its lowering, `round.stochastic_<types>[_<attributes>]`
    (and likewise `round.scaling_stochastic_...`), created once per
    signature with internal linkage: the same bits, and the passes that
    follow take time proportional to the ops left. Ops in a nested symbol
    table (a `gpu.module`'s kernels) or a `gpu.launch` body stay inline, as
    does everything when the pass is nested on functions or on a
    `gpu.module` (it outlines only into a `builtin.module`). 0 outlines
    every op.
  }];
  let options = [
    Option<"outlineAbove", "outline-above", "unsigned", /*default=*/"256",
           "When the pass runs on a module holding more than this many "
           "round ops, lower each to a call of a private function (one per "
           "signature) instead of inline IR; 0: always">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::linalg::LinalgDialect"];
}

//===----------------------------------------------------------------------===//
// RngToNVVM
//===----------------------------------------------------------------------===//

def ConvertRngToNVVMPass : Pass<"convert-rng-to-nvvm"> {
  let summary = "Lower every rng op for NVVM (Philox products as mul.hi.u32)";
  let description = [{
    The lowering of `convert-rng-to-arith` with these changes. Each Philox
    round (of `rng.philox_4x32`, and of `rng.randint4x`, to which the other
    Triton-family ops expand) forms its two high products with the
    `llvm.nvvm.mulhi.ui` intrinsic (an `llvm.call_intrinsic`, PTX
    `mul.hi.u32`) and its low products with `arith.muli`. The PTX of a 10-round Philox then has 20
    `mul.hi.u32` and no 64-bit multiply, where the generic
    `arith.mului_extended` expansion leaves 64-bit multiplies
    (`mul.wide.u32`, `mul.lo.s64`). The bits are those
    of the universal lowering. Scalars and static vectors of at most 64
    elements (unrolled per element) use the intrinsic, and so do ranked
    tensors, which become a `linalg.generic` over the scalar op; larger and
    scalable vectors keep `arith.mului_extended`. In Threefry-2x32 (of
    `rng.threefry_2x32`, the `jax_*` ops and `rng.bit_generator`'s
    `three_fry`), the round add that follows each key injection is
    `x0 * one + x1`, where `one` is PTX `min.u32` of `%nctaid.x` and 1 (an
    `llvm.inline_asm` without side effects; the grid has at least one CTA):
    the same bits, but ptxas, which cannot fold it, keeps that add a
    multiply-add (FMA pipe) instead of fusing it with the injection's add
    into one three-input add on the integer ALU pipe, which Threefry's
    rotations and xors already fill (docs/Benchmarks.md). In the body of a
    `linalg` op, `tensor.generate`, `tensor.pad` or
    `memref.generic_atomic_rmw` the adds stay plain (bodies that linalg's
    vectorizer or the atomic lowering take whole). Two more target choices:
    `rng.jax_normal` computes its `log1p(-(u * u))` as PTX
    `lg2.approx.ftz.f32` of `1 - u * u` times `ln 2` (the
    `llvm.nvvm.lg2.approx.ftz.f` intrinsic; vectors of at most 64 elements
    unrolled, larger and scalable ones take `math.log1p`, with other draws),
    which keeps it within SPEC §8's bound over all its inputs (see the op),
    instead of the universal lowering's f64 `log`, and, on a scalar outside
    a `linalg` op's body, chooses ErfInv's central or tail
    polynomial with an `scf.if` instead of selects, so that a warp whose
    lanes are all central (all but 0.34 % of draws) skips the tail's square
    root and polynomial (lower `scf` afterwards, e.g. with
    `convert-scf-to-cf`, as `rng-to-nvvm` does). The cuRAND and PyTorch
    normals use cuRAND's device primitives (`sin.approx.f32`,
    `cos.approx.f32`, libdevice's `logf`, `sqrt.rn.f32`); in a `gpu.module`
    whose targets are all `#nvvm.target`s of sm_75 to sm_90 the square root
    is the fast path of ptxas's own `sqrt.rn.f32` expansion, inline and
    without its branch (the same bits on the Box-Muller's inputs;
    docs/Targets.md). No `rng` op survives the
    pass; unused `rng` and `round` ops are erased first, as in
    `convert-rng-to-arith`. Option `fast-math` as for
    `convert-rng-to-arith`, except that the Box-Muller steps of rng.randn,
    rng.randn4x and rng.hash_randn on scalars and fixed vectors of at most
    64 elements become NVPTX's approximate instructions in their `.ftz`
    forms (`llvm.nvvm.{lg2,sqrt,cos,sin}.approx.ftz.f`, -2 * log(v) as
    one multiply of the log2): the same bits as libdevice's `__nv_fast_*`
    functions on every value those steps get (none is subnormal), without
    their subnormal handling.
  }];
  let options = [
    Option<"fastMath", "fast-math", "bool", /*default=*/"false",
           "Put fastmath<afn> on the log/log1p/sqrt/cos/sin of the normals "
           "(rng.randn, rng.randn4x, rng.hash_randn, rng.jax_normal) so "
           "that the target may use approximate functions (faster; normals "
           "are then no longer within SPEC's bound of the correctly rounded "
           "value). Integers and uniforms are unaffected.">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

//===----------------------------------------------------------------------===//
// RoundToNVVM
//===----------------------------------------------------------------------===//

def ConvertRoundToNVVMPass : Pass<"convert-round-to-nvvm"> {
  let summary = "Lower every round op for an NVIDIA chip (PTX cvt.rs where exact)";
  let description = [{
    Lowers the `round` dialect for the NVIDIA chip `chip` (`sm_90`,
    `sm_100a`, ...). On sm_100a and sm_103a (PTX `cvt.rs`, PTX ISA 8.7)
    `round.stochastic` becomes the NVVM stochastic-rounding conversion
    wherever the PTX text establishes how the instruction uses its random
    bits and it then computes exactly the op's function. On every chip,
    every other format but bf16 is rounded with one round-toward-zero fma
    per element (PTX `fma.rz.f32`) in place of the universal lowering's
    variable shifts, with exactly its bits (`c = max(|x|, RZ(|x| * 0.5 +
    N/2))` for the smallest normal N of the result type puts its subnormal
    grid on f32's, see `round.stochastic`); the rest gets the universal
    lowering of `convert-round-to-arith`:

    | result type | rbits | saturate | lowering |
    |---|---|---|---|
    | bf16 | any width | any | `nvvm.convert.f32x2.to.bf16x2` (rnd = rs), 2 elements each |
    | f16 | any width | any | `nvvm.convert.f32x2.to.f16x2` (rnd = rs), 2 elements each |
    | f16 (other chips; `round.scaling_stochastic` everywhere), fp8, fp6, fp4 | any width | any | one `fma.rz.f32` per element (`llvm.nvvm.fma.rz.f`), the same bits as the universal lowering |
    | bf16 (other chips), scalable and large vectors | | | universal |

    (A ranked tensor becomes a `linalg.generic` whose scalar body takes the
    row of its scalar form.)

    The op's K random bits are placed at the top of the random-bit field the
    instruction reads for each element (zeros below), so its carry is the
    op's. Without `saturate`, f16 inputs of magnitude >= 65536 are pinned to
    +-Inf by a select (the PTX ISA leaves their non-carry result open).

    Option `unverified-sr-instructions` (off by default) also uses the
    4-wide `cvt.rs.satfinite.{e4m3x4,e5m2x4,e2m3x4,e3m2x4,e2m1x4}.f32`
    (`nvvm.convert.f32x4.to.{f8x4,f6x4,f4x4}`) for saturating
    `round.stochastic` to f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN and
    f4E2M1FN, four elements each, under the pair-shared 16-bit model of
    hardware probes: the two elements of a pair share one 16-bit random
    field, one reading it as is, the other bit-reversed, each adding its
    16 bits at the top of its discarded field. The lowering gives element
    2i of each group the field `(top 8 of its K random bits) << 8 |
    bitrev8(top 8 of element 2i+1's)`, so that each element's 8 most
    significant random bits are its own. **Results then differ from the
    universal lowering and from the CPU** (each element is still rounded
    stochastically), and they match the model only as far as the hardware
    follows it: it is not in NVIDIA's text. Every other chip gets the
    universal lowering only. A `chip` LLVM does not know is an error. See
    docs/Targets.md for the instruction facts and what is not verified on
    hardware. `round.scaling_stochastic` forms the universal lowering's
    quotient and rounds it like `round.stochastic` (never with `cvt.rs`). No `round` op survives the pass; unused `rng` and `round`
    ops are erased first, as in `convert-rng-to-arith`.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "NVIDIA chip, e.g. sm_90 or sm_100a (required)">,
    Option<"unverifiedSRInstructions", "unverified-sr-instructions", "bool",
           /*default=*/"false",
           "Also use the 4-wide cvt.rs.satfinite conversions (FP8/FP6/FP4) "
           "under the pair-shared 16-bit random-bit model, which NVIDIA does "
           "not document: results differ from the universal lowering and "
           "the CPU">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

//===----------------------------------------------------------------------===//
// RoundToROCDL
//===----------------------------------------------------------------------===//

def ConvertRoundToROCDLPass : Pass<"convert-round-to-rocdl"> {
  let summary = "Lower every round op for an AMD chipset (universal; v_cvt_sr_* opt-in)";
  let description = [{
    Lowers the `round` dialect for the AMD chipset `chipset` (`gfx942`,
    `gfx950`, ...). By default every op gets the universal lowering of
    `convert-round-to-arith`: no public AMD text establishes which random
    bits the stochastic-rounding conversions read.

    Option `unverified-sr-instructions` (off by default) uses them for
    `round.stochastic` under AMD's own host model (HIP's `from_float_sr`:
    the *high* bits of the 32-bit seed are added to the discarded mantissa
    bits, `seed >> (9 + m)` for an f32 source):

    | chipset | result type | lowering |
    |---|---|---|
    | gfx950 | bf16, f16 | `llvm.call_intrinsic "llvm.amdgcn.cvt.sr.{bf16,f16}.f32"` (v_cvt_sr_bf16_f32 / v_cvt_sr_f16_f32), 2 elements per packed result |
    | gfx950 | f8E4M3FN, f8E5M2 | `rocdl.cvt.sr.fp8.f32` / `rocdl.cvt.sr.bf8.f32` (OCP), 4 elements per i32 |
    | gfx942 | f8E4M3FNUZ, f8E5M2FNUZ | `rocdl.cvt.sr.fp8.f32` / `rocdl.cvt.sr.bf8.f32` (FNUZ) |
    | other | any, ranked tensors | universal |

    for any rbits width and both values of `saturate`. The op's K random bits
    go to the top of each element's 32-bit seed, zeros below, so under the
    model the carry is exactly the op's; the undocumented overflow, Inf and
    NaN results are computed from `x` and selected. **Results differ from
    the universal lowering and from the CPU wherever the hardware does not
    follow AMD's host model** (other AMD references add the low seed bits;
    nothing is verified on gfx942/gfx950); each element is still rounded
    stochastically. See docs/Targets.md. A `chipset` LLVM does not know is
    an error. No `round` op survives the pass; unused `rng` and `round` ops
    are erased first, as in `convert-rng-to-arith`.
  }];
  let options = [
    Option<"chipset", "chipset", "std::string", /*default=*/"\"\"",
           "AMD chipset, e.g. gfx942 or gfx950 (required)">,
    Option<"unverifiedSRInstructions", "unverified-sr-instructions", "bool",
           /*default=*/"false",
           "Use the v_cvt_sr_* conversions under AMD's host model (high seed "
           "bits), which is not verified on hardware: results may differ "
           "from the universal lowering and the CPU">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::ROCDL::ROCDLDialect"];
}

#endif // RNG_CONVERSION_PASSES_TD
