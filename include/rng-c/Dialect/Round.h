/*===-- rng-c/Dialect/Round.h - C API for the round dialect -------*- C -*-===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* The dialect handle of `round` and one builder per op, for language         *|
|* bindings and C programs. Implemented in libRngMLIR-C.so (CMake:            *|
|* RngMLIR::CAPI). The builders follow the conventions of                     *|
|* rng-c/Dialect/Rng.h: a detached, verified operation owned by the caller,   *|
|* or a null operation and a diagnostic at `location`.                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RNG_C_DIALECT_ROUND_H
#define RNG_C_DIALECT_ROUND_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mlirGetDialectHandle__round__(). */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Round, round);

/** Creates `round.stochastic x, rbits [saturate] : ... -> resultType`:
 * stochastic rounding of `x` (f32, or a fixed-size vector or statically
 * shaped ranked tensor of f32) to `resultType` (bf16, f16, f8E4M3FN, f8E5M2,
 * f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, of x's shape;
 * the last three need `saturate`) with the low K = min(W, D(T)) bits
 * of `rbits` (a signless integer iW of x's shape) as the random bits. With
 * `saturate`, out-of-range results and infinities become the largest finite
 * value of the result type. Result 0 is the rounded value. */
MLIR_CAPI_EXPORTED MlirOperation
mlirRoundStochasticCreate(MlirLocation location, MlirType resultType,
                          MlirValue x, MlirValue rbits, bool saturate);

/** Creates `round.scaling_stochastic x, scale, rbits [saturate] : ... ->
 * resultType`: `x` (f32-like) divided in f32 by `scale` (f8E8M0FNU-like: the
 * pattern e is 2^(e - 127), 255 is NaN) and rounded stochastically to
 * `resultType` exactly as by mlirRoundStochasticCreate. Operands and result
 * are scalars, vectors or ranked tensors of one shape; `scale` and `rbits`
 * may be scalars beside shaped `x`. Result 0 is the rounded value. */
MLIR_CAPI_EXPORTED MlirOperation mlirRoundScalingStochasticCreate(
    MlirLocation location, MlirType resultType, MlirValue x, MlirValue scale,
    MlirValue rbits, bool saturate);

#ifdef __cplusplus
}
#endif

#endif /* RNG_C_DIALECT_ROUND_H */
