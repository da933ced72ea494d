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
  let summary = "Stochastic rounding of f32 to bf16, f16 and fp8 formats";
  let description = [{
    The `round` dialect narrows `f32` values to 16- and 8-bit floating-point
    formats with caller-supplied random bits, bit-exactly as specified by
    rng-mlir's SPEC section 3.

    * `round.stochastic` rounds `f32` to `bf16`, `f16`, `f8E4M3FN`,
      `f8E5M2`, `f8E4M3FNUZ` or `f8E5M2FNUZ`, rounding up with probability
      equal to the discarded fraction (to the precision of the random bits).

    The random bits are an operand, so the op is pure and reproducible: feed
    it words from the `rng` dialect (for example the four words of one
    `rng.randint4x` or `rng.philox_4x32`, bitcast to eight `i16`, round
    eight `f32` values to `bf16`).

    Lowered by `convert-round-to-arith` (any target: integer `arith`), and by
    the target lowerings `convert-round-to-nvvm` and `convert-round-to-rocdl`
    where a hardware instruction computes exactly the same function.
  }];
  // Folded values are materialized as arith.constant.
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
}

#endif // RNG_DIALECT_ROUND_IR_ROUNDDIALECT_TD
