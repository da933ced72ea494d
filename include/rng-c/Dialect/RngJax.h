/*===-- rng-c/Dialect/RngJax.h - C API: Threefry, JAX, XLA --------*- C -*-===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Builders of rng.threefry_2x32, rng.jax_fold_in, rng.jax_bits,              *|
|* rng.jax_uniform, rng.jax_normal, rng.jax_randint and rng.bit_generator     *|
|* (SPEC section 8), in libRngMLIR-C.so (CMake: RngMLIR::CAPI). They follow   *|
|* the conventions of rng-c/Dialect/Rng.h: each creates a detached, verified  *|
|* operation at `location` (the caller owns it), or emits a diagnostic at     *|
|* `location` and returns a null operation for a null operand or type, or an  *|
|* op the verifier rejects.                                                   *|
|*                                                                            *|
|* Types: keys are i32 words, indices i32 or i64, as scalars, vectors (fixed  *|
|* or scalable) or ranked tensors; a scalar key may stand beside shaped       *|
|* indices. rng.bit_generator takes a tensor<2xi64> or tensor<3xi64> state.   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RNG_C_DIALECT_RNGJAX_H
#define RNG_C_DIALECT_RNGJAX_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Threefry-2x32's standard round count (JAX's). */
#define MLIR_RNG_THREEFRY_DEFAULT_ROUNDS 20

/** rng.bit_generator's algorithms (StableHLO's RngAlgorithm). */
typedef enum MlirRngAlgorithm {
  MLIR_RNG_ALGORITHM_THREE_FRY = 0,
  MLIR_RNG_ALGORITHM_PHILOX = 1,
  MLIR_RNG_ALGORITHM_DEFAULT = 2,
} MlirRngAlgorithm;

/** `rng.threefry_2x32 x0, x1 key k0, k1 rounds <rounds>` (2 results, the
 * counters' type). `rounds` in [1, 32]. */
MLIR_CAPI_EXPORTED MlirOperation
mlirRngThreefry2x32Create(MlirLocation location, MlirValue x0, MlirValue x1,
                          MlirValue k0, MlirValue k1, int32_t rounds);

/** `rng.jax_fold_in k0, k1, d`: jax.random.fold_in (2 results, i32 of the
 * shape). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngJaxFoldInCreate(MlirLocation location,
                                                        MlirValue k0,
                                                        MlirValue k1,
                                                        MlirValue d);

/** `rng.jax_bits k0, k1, i -> resultType`: jax.random.bits (`resultType`
 * of i8, i16, i32 or i64 elements, the shape). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngJaxBitsCreate(MlirLocation location,
                                                      MlirType resultType,
                                                      MlirValue k0,
                                                      MlirValue k1,
                                                      MlirValue i);

/** `rng.jax_uniform k0, k1, i -> resultType`: jax.random.uniform in [0, 1)
 * (`resultType` of f32 or f64 elements, the shape). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngJaxUniformCreate(MlirLocation location,
                                                         MlirType resultType,
                                                         MlirValue k0,
                                                         MlirValue k1,
                                                         MlirValue i);

/** `rng.jax_normal k0, k1, i`: jax.random.normal (1 result, f32 of the
 * shape). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngJaxNormalCreate(MlirLocation location,
                                                        MlirValue k0,
                                                        MlirValue k1,
                                                        MlirValue i);

/** `rng.jax_randint k0, k1, i, minval, maxval`: jax.random.randint (1
 * result, the bounds' element type and the shape). */
MLIR_CAPI_EXPORTED MlirOperation
mlirRngJaxRandintCreate(MlirLocation location, MlirValue k0, MlirValue k1,
                        MlirValue i, MlirValue minval, MlirValue maxval);

/** `rng.bit_generator <algorithm> state -> outputType`: StableHLO's
 * rng_bit_generator as XLA lowers it (2 results: the new state, of the
 * state's type, and the output). */
MLIR_CAPI_EXPORTED MlirOperation
mlirRngBitGeneratorCreate(MlirLocation location, MlirRngAlgorithm algorithm,
                          MlirValue state, MlirType outputType);

#ifdef __cplusplus
}
#endif

#endif /* RNG_C_DIALECT_RNGJAX_H */
