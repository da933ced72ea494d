/*===-- rng-c/Dialect/RngTorch.h - C API: cuRAND and PyTorch ------*- C -*-===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Builders of cuRAND's device API for Philox4_32_10 (rng.curand,             *|
|* rng.curand4, rng.curand_uniform, rng.curand_normal2,                       *|
|* rng.curand_uniform_double, rng.curand_uniform2_double,                     *|
|* rng.curand_normal2_double; SPEC section 9.1) and of PyTorch's CUDA random  *|
|* numbers (rng.torch_uniform, rng.torch_normal, rng.torch_bernoulli,         *|
|* rng.torch_random, rng.torch_dropout, rng.torch_threads,                    *|
|* rng.torch_offset_increment; SPEC section 9.2), in libRngMLIR-C.so (CMake:  *|
|* RngMLIR::CAPI). They follow the conventions of rng-c/Dialect/Rng.h: each   *|
|* creates a detached, verified operation at `location` (the caller owns      *|
|* it), or emits a diagnostic at `location` and returns a null operation for  *|
|* a null operand or type, or an op the verifier rejects.                     *|
|*                                                                            *|
|* Types: seeds, subsequences, positions, offsets, thread counts and indices  *|
|* are i64, as scalars, vectors (fixed or scalable) or ranked tensors (static *|
|* or dynamic sizes); scalars may stand beside shaped operands of one common  *|
|* shape, which the results take. A constant `threads` must be a multiple of  *|
|* 256 (0, rng.torch_threads' value for no elements, is read as 1) and a      *|
|* constant `offset` a multiple of 4 (what PyTorch produces; the verifier     *|
|* checks them).                                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RNG_C_DIALECT_RNGTORCH_H
#define RNG_C_DIALECT_RNGTORCH_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cuRAND (SPEC section 9.1): `seed`, `subsequence` and `position` as
 * curand_init(seed, subsequence, position, &state) takes them. */

/** `rng.curand seed, subsequence, position`: curand(), the Philox4_32_10
 * word at the position (1 result, i32 of the shape). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngCurandCreate(MlirLocation location,
                                                     MlirValue seed,
                                                     MlirValue subsequence,
                                                     MlirValue position);

/** `rng.curand4`: curand4(), the words at position .. position + 3 (4
 * results, i32 of the shape). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngCurand4Create(MlirLocation location,
                                                      MlirValue seed,
                                                      MlirValue subsequence,
                                                      MlirValue position);

/** `rng.curand_uniform`: curand_uniform(), an f32 in (0, 1] (1 result, f32
 * of the shape). */
MLIR_CAPI_EXPORTED MlirOperation
mlirRngCurandUniformCreate(MlirLocation location, MlirValue seed,
                           MlirValue subsequence, MlirValue position);

/** `rng.curand_normal2`: curand_normal2(), cuRAND's float Box-Muller pair
 * (2 results, f32 of the shape). */
MLIR_CAPI_EXPORTED MlirOperation
mlirRngCurandNormal2Create(MlirLocation location, MlirValue seed,
                           MlirValue subsequence, MlirValue position);

/** `rng.curand_uniform_double`: curand_uniform_double(), an f64 in (0, 1]
 * of one word (1 result, f64 of the shape). */
MLIR_CAPI_EXPORTED MlirOperation
mlirRngCurandUniformDoubleCreate(MlirLocation location, MlirValue seed,
                                 MlirValue subsequence, MlirValue position);

/** `rng.curand_uniform2_double`: curand_uniform2_double(), two f64 in (0, 1)
 * of four words (2 results, f64 of the shape). */
MLIR_CAPI_EXPORTED MlirOperation
mlirRngCurandUniform2DoubleCreate(MlirLocation location, MlirValue seed,
                                  MlirValue subsequence, MlirValue position);

/** `rng.curand_normal2_double`: curand_normal2_double(), cuRAND's double
 * Box-Muller pair (2 results, f64 of the shape). */
MLIR_CAPI_EXPORTED MlirOperation
mlirRngCurandNormal2DoubleCreate(MlirLocation location, MlirValue seed,
                                 MlirValue subsequence, MlirValue position);

/* PyTorch (SPEC section 9.2): element `index` of a call on the generator
 * state (`seed`, `offset`) launched with `threads` threads. */

/** `rng.torch_uniform seed, offset, threads, index, from, to`: uniform_(from,
 * to) (torch.rand: from 0, to 1). `from` and `to` are f16, bf16, f32 or f64
 * (scalars or of the shape); the result has their element type and the
 * shape. */
MLIR_CAPI_EXPORTED MlirOperation mlirRngTorchUniformCreate(
    MlirLocation location, MlirValue seed, MlirValue offset, MlirValue threads,
    MlirValue index, MlirValue from, MlirValue to);

/** `rng.torch_normal seed, offset, threads, index, mean, std ->
 * resultType`: normal_(mean, std) (torch.randn: mean 0, std 1).
 * `resultType` has f16, bf16, f32 or f64 elements and the shape; `mean` and
 * `std` are f64 for f64 results, else f32. */
MLIR_CAPI_EXPORTED MlirOperation
mlirRngTorchNormalCreate(MlirLocation location, MlirType resultType,
                         MlirValue seed, MlirValue offset, MlirValue threads,
                         MlirValue index, MlirValue mean, MlirValue std);

/** `rng.torch_bernoulli seed, offset, threads, index, p`: bernoulli_(p) with
 * a float p (f32, or f64 for f64 tensors) (1 result, i1 of the shape). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngTorchBernoulliCreate(
    MlirLocation location, MlirValue seed, MlirValue offset, MlirValue threads,
    MlirValue index, MlirValue p);

/** `rng.torch_random seed, offset, threads, index, from, range {wide}`:
 * random_(from, from + range) and randint, from + (v mod range) in wrapping
 * 64-bit arithmetic (`from` and `range` i64; a range of 0 stands for 2^64);
 * `wide` draws 64-bit values (PyTorch's choice for range >= 2^28) (1
 * result, i64 of the shape). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngTorchRandomCreate(
    MlirLocation location, MlirValue seed, MlirValue offset, MlirValue threads,
    MlirValue index, MlirValue from, MlirValue range, bool wide);

/** `rng.torch_dropout x, p, seed, offset, threads, index {vec = <vec>}`:
 * native_dropout(x, p, train=True) for an f16, bf16, f32 or f64 `x` and an
 * f64 drop probability `p` (in [0, 1] when constant); `vec` is PyTorch's
 * vector width, 1, 2, 4 or 8 (2 results: the output, of `x`'s element type,
 * and the keep mask, i1, both of the shape). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngTorchDropoutCreate(
    MlirLocation location, MlirValue x, MlirValue p, MlirValue seed,
    MlirValue offset, MlirValue threads, MlirValue index, int32_t vec);

/** `rng.torch_threads n`: the thread count S PyTorch launches for `n`
 * elements on a device of `multiprocessors` multiprocessors (positive) with
 * `threadsPerMultiprocessor` threads each (at least 256; H200 and H100:
 * 132 and 2048) (1 result, the type of `n`, i64 or shaped i64). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngTorchThreadsCreate(
    MlirLocation location, MlirValue n, int64_t multiprocessors,
    int64_t threadsPerMultiprocessor);

/** `rng.torch_offset_increment n, threads {unroll = <unroll>}`: how far a
 * call on `n` elements with `threads` threads advances the generator's
 * offset; `unroll` is 4 or 2 (the call's values per thread and draw) (1
 * result; `n`, `threads` and the result share one type, i64 or shaped
 * i64). */
MLIR_CAPI_EXPORTED MlirOperation mlirRngTorchOffsetIncrementCreate(
    MlirLocation location, MlirValue n, MlirValue threads, int32_t unroll);

#ifdef __cplusplus
}
#endif

#endif /* RNG_C_DIALECT_RNGTORCH_H */
