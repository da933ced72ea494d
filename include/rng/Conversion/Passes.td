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
    No `rng` op survives the pass. Run `canonicalize` and `cse` afterwards to
    share Philox blocks between ops with the same seed, offset and rounds.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::tensor::TensorDialect"];
}

//===----------------------------------------------------------------------===//
// RngToNVVM
//===----------------------------------------------------------------------===//

def ConvertRngToNVVMPass : Pass<"convert-rng-to-nvvm"> {
  let summary = "Lower every rng op for NVVM (Philox products as mul.hi.u32)";
  let description = [{
    The lowering of `convert-rng-to-arith` with one change: each Philox
    round forms its two high products with the `llvm.nvvm.mulhi.ui`
    intrinsic (an `llvm.call_intrinsic`, PTX `mul.hi.u32`) and its low
    products with `arith.muli`. The PTX of a 10-round Philox then has 20
    `mul.hi.u32` and no 64-bit multiply, where the generic
    `arith.mului_extended` expansion leaves `mul.lo.s64`. The bits are those
    of the universal lowering. Scalars and static vectors (unrolled per
    element) use the intrinsic; ranked tensors keep `arith.mului_extended`
    (scalarize them first). No `rng` op survives the pass.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

#endif // RNG_CONVERSION_PASSES_TD
