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
  }];
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
    support for the narrow float types. No `round` op survives the pass.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // RNG_CONVERSION_PASSES_TD
