//===- RoundDialect.td - Stochastic rounding dialect -------*- tablegen -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_ROUND_IR_ROUNDDIALECT_TD
#define RNG_DIALECT_ROUND_IR_ROUNDDIALECT_TD

include "mlir/IR/OpBase.td"

def Round_Dialect : Dialect {
  let name = "round";
  // Under the project's namespace `mlir::rng`, like everything of rng-mlir
  // (docs/Library.md, "Namespaces"). Not `round`: a namespace named `round`
  // collides with `std::round` as soon as someone writes `using namespace`.
  let cppNamespace = "::mlir::rng::rounding";
  let summary = "Stochastic rounding of f32 to bf16, f16, fp8, fp6 and fp4 formats";
  let description = [{
    The `round` dialect narrows `f32` values to 16- and 8-bit floating-point
    formats with caller-supplied random bits, bit-exactly as specified by
    rng-mlir's SPEC section 3.

    * `round.stochastic` rounds `f32` to `bf16`, `f16`, FP8 (`f8E4M3FN`,
      `f8E5M2`, `f8E4M3FNUZ`, `f8E5M2FNUZ`), FP6 (`f6E2M3FN`, `f6E3M2FN`)
      or FP4 (`f4E2M1FN`),
      rounding up with probability equal to the discarded fraction (to the
      precision of the random bits).
    * `round.scaling_stochastic` does the same for `f32` divided by an E8M0
      (MX) block scale.

    The random bits are an operand, so the op is pure and reproducible: feed
    it words from the `rng` dialect (for example the four words of one
    `rng.randint4x` or `rng.philox_4x32`, bitcast to eight `i16`, round
    eight `f32` values to `bf16`).

    Lowered by `convert-round-to-arith` (any target: integer `arith`), and by
    the target lowerings `convert-round-to-nvvm` and `convert-round-to-rocdl`
    where a hardware instruction computes exactly the same function. Both
    ops have sharding models (upstream's `shard` dialect, SPEC §10).
  }];
  // Folded values are materialized as arith.constant.
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
}

#endif // RNG_DIALECT_ROUND_IR_ROUNDDIALECT_TD
