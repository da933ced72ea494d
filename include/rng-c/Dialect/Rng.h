/*===-- rng-c/Dialect/Rng.h - C API for the rng dialect -----------*- C -*-===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* The dialect handle of `rng` and one builder per op, for language bindings  *|
|* and C programs. Implemented in libRngMLIR-C.so (CMake: RngMLIR::CAPI).     *|
|*                                                                            *|
|* Every builder creates a detached operation at `location`: the caller owns  *|
|* it and inserts it into a block (mlirBlockInsertOwnedOperation...,          *|
|* mlirBlockAppendOwnedOperation) or destroys it (mlirOperationDestroy). The  *|
|* results are read with mlirOperationGetResult. A builder loads the `rng`    *|
|* dialect into the location's context if it is not loaded yet, and verifies *|
|* the new op: on a null operand or an op the verifier rejects it emits the   *|
|* diagnostic at `location` (to the context's diagnostic handlers) and        *|
|* returns a null operation (test with mlirOperationIsNull).                  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RNG_C_DIALECT_RNG_H
#define RNG_C_DIALECT_RNG_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mlirGetDialectHandle__rng__(): use with mlirDialectHandleInsertDialect,
 * mlirDialectHandleLoadDialect, mlirDialectHandleGetNamespace. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Rng, rng);

/** The Philox round count of the standard Philox4x32-10 (the default of
 * every `rounds` attribute, also Triton's). */
#define MLIR_RNG_DEFAULT_ROUNDS 10

/** Creates `rng.philox_4x32 c0, c1, c2, c3 key k0, k1 rounds <rounds>`:
 * the Philox4x32 block function on the counter (c0..c3) under the key
 * (k0, k1). Results 0..3 are the output words x0..x3, of the type of `c0`.
 * The counters are i32, a fixed-size vector of i32 or a ranked tensor of
 * i32, all of one type; the keys share one type, that same type or i32;
 * `rounds` lies in [1, 16] (MLIR_RNG_DEFAULT_ROUNDS for Philox4x32-10). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngPhilox4x32Create(
    MlirLocation location, MlirValue c0, MlirValue c1, MlirValue c2,
    MlirValue c3, MlirValue k0, MlirValue k1, int32_t rounds);

/* The Triton-compatible family (Triton's tl.randint ... tl.randn4x). Each
 * builder creates `rng.<op> seed, offset rounds <rounds>` whose results have
 * the offset's shape with i32 (words) or f32 (floats) elements:
 *   seed    a signless integer of 1 to 64 bits (sign-extended to the 64-bit
 *           Philox key), scalar or shaped like `offset`;
 *   offset  i32 or i64, or a fixed-size vector or statically shaped ranked
 *           tensor of one (the Philox counter);
 *   rounds  in [1, 16] (MLIR_RNG_DEFAULT_ROUNDS for Triton's default). */

/** `rng.randint`: word 0 of the Philox block (1 result, i32). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngRandIntCreate(MlirLocation location,
                                                      MlirValue seed,
                                                      MlirValue offset,
                                                      int32_t rounds);

/** `rng.randint4x`: the four words of the Philox block (4 results, i32). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngRandInt4xCreate(MlirLocation location,
                                                        MlirValue seed,
                                                        MlirValue offset,
                                                        int32_t rounds);

/** `rng.rand`: word 0 as a uniform f32 in [0, 1) (1 result, f32). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngRandCreate(MlirLocation location,
                                                   MlirValue seed,
                                                   MlirValue offset,
                                                   int32_t rounds);

/** `rng.rand4x`: the four words as uniform f32 in [0, 1) (4 results, f32). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngRand4xCreate(MlirLocation location,
                                                     MlirValue seed,
                                                     MlirValue offset,
                                                     int32_t rounds);

/** `rng.randn`: a standard normal f32 by Box-Muller on words 0 and 1
 * (1 result, f32). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngRandnCreate(MlirLocation location,
                                                    MlirValue seed,
                                                    MlirValue offset,
                                                    int32_t rounds);

/** `rng.randn4x`: four standard normal f32 by Box-Muller on words (0, 1) and
 * (2, 3) (4 results, f32). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngRandn4xCreate(MlirLocation location,
                                                      MlirValue seed,
                                                      MlirValue offset,
                                                      int32_t rounds);

/* rng.linear_index (SPEC section 10): each element's row-major linear index
 * in the whole tensor, plus a base, wrapping at the element width. Not
 * elementwise: `resultType`, a statically shaped ranked tensor of i32 or i64
 * (rank 0 included), is always given. */

/** `rng.linear_index : resultType`: the indices from 0 (the op without a
 * base operand). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngLinearIndexCreate(MlirLocation location,
                                                          MlirType resultType);

/** `rng.linear_index base : resultType`: the indices plus `base`, a scalar
 * of `resultType`'s element type (a null `base` is refused like any null
 * operand; use mlirRngLinearIndexCreate for base 0). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngLinearIndexWithBaseCreate(
    MlirLocation location, MlirType resultType, MlirValue base);

#ifdef __cplusplus
}
#endif

#endif /* RNG_C_DIALECT_RNG_H */
