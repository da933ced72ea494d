/*===-- rng-c/Dialect/RngHash.h - C API: hashes, dropout, seeds ---*- C -*-===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Builders of rng.lowbias32, rng.hash_rand, rng.hash_randn,                  *|
|* rng.hash_dropout, rng.dropout, rng.splitmix64 and rng.tr_dropout_sample    *|
|* (SPEC sections 5-7), in libRngMLIR-C.so (CMake: RngMLIR::CAPI). They       *|
|* follow the conventions of rng-c/Dialect/Rng.h: each creates a detached,    *|
|* verified operation at `location` (the caller owns it), or emits a          *|
|* diagnostic at `location` and returns a null operation for a null operand   *|
|* or an op the verifier rejects.                                             *|
|*                                                                            *|
|* Types: i32 words (hash family), i64 states, seeds and offsets (splitmix64, *|
|* tr_dropout_sample) and f32 data as scalars, vectors (fixed or scalable) or *|
|* ranked tensors; a scalar seed, p, counter or offset may stand beside       *|
|* shaped operands of one common shape.                                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RNG_C_DIALECT_RNGHASH_H
#define RNG_C_DIALECT_RNGHASH_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/** `rng.lowbias32 x`: the lowbias32 hash of each i32 word (1 result, the
 * type of `x`). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngLowbias32Create(MlirLocation location,
                                                        MlirValue x);

/** `rng.hash_rand seed, counter`: Phobos' uniform f32 in [0, 1) (1 result,
 * f32 of the counter's shape). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngHashRandCreate(MlirLocation location,
                                                       MlirValue seed,
                                                       MlirValue counter);

/** `rng.hash_randn seed, counter`: Phobos' standard normal f32 (1 result,
 * f32 of the counter's shape). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngHashRandnCreate(MlirLocation location,
                                                        MlirValue seed,
                                                        MlirValue counter);

/** `rng.hash_dropout x, p, seed, counter`: hash_rand(seed, counter) >= p ?
 * x / (1 - p) : 0 (1 result, the type of `x`). Every `p` is accepted and
 * used as the formula says (p >= 1 or NaN drops everything, p < 0 keeps
 * everything, scaled by 1 / (1 - p)); only types are checked. */
MLIR_CAPI_EXPORTED MlirOperation mlirRngHashDropoutCreate(MlirLocation location,
                                                          MlirValue x,
                                                          MlirValue p,
                                                          MlirValue seed,
                                                          MlirValue counter);

/** `rng.dropout x, p, seed, offset rounds <rounds>`: Triton's dropout,
 * rand(seed, offset) > p ? x / (1 - p) : 0 (1 result, the type of `x`;
 * every `p` accepted, as for mlirRngHashDropoutCreate).
 * `seed` is a signless integer of 1 to 64 bits, `offset` i32 or i64,
 * `rounds` in [1, 16] (MLIR_RNG_DEFAULT_ROUNDS of rng-c/Dialect/Rng.h). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngDropoutCreate(MlirLocation location,
                                                      MlirValue x, MlirValue p,
                                                      MlirValue seed,
                                                      MlirValue offset,
                                                      int32_t rounds);

/** `rng.splitmix64 x`: SplitMix64's output for each i64 state (1 result,
 * the type of `x`). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngSplitMix64Create(MlirLocation location,
                                                         MlirValue x);

/** `rng.tr_dropout_sample seed_lo, seed_hi, offset`: Tech-Renaissance's
 * dropout sampler, f32 in [0, 1] (1 result, f32 of the offset's shape;
 * every operand i64, each seed a scalar or of the offset's type). */
MLIR_CAPI_EXPORTED MlirOperation
mlirRngTrDropoutSampleCreate(MlirLocation location, MlirValue seedLo,
                             MlirValue seedHi, MlirValue offset);

#ifdef __cplusplus
}
#endif

#endif /* RNG_C_DIALECT_RNGHASH_H */
