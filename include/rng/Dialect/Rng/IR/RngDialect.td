//===- RngDialect.td - Counter-based random number dialect -*- tablegen -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_RNG_IR_RNGDIALECT_TD
#define RNG_DIALECT_RNG_IR_RNGDIALECT_TD

include "mlir/IR/OpBase.td"

def Rng_Dialect : Dialect {
  let name = "rng";
  let cppNamespace = "::mlir::rng";
  let summary = "Counter-based random numbers (Philox4x32 and Triton's tl.random)";
  let description = [{
    The `rng` dialect provides stateless, counter-based random number
    generation. Every op is a pure function of its operands: the same seed
    (key) and offset (counter) give the same bits on every target, so a CPU
    run reproduces a GPU run bit for bit.

    * `rng.philox_4x32` is Random123's Philox4x32-R block function.
    * `rng.randint`, `rng.randint4x`, `rng.rand`, `rng.rand4x`, `rng.randn`
      and `rng.randn4x` reproduce Triton's `tl.randint` ... `tl.randn4x`.
    * `rng.lowbias32`, `rng.hash_rand`, `rng.hash_randn`,
      `rng.hash_dropout`, `rng.dropout` and `rng.splitmix64` are the seeds'
      hash generators, dropouts and seed derivation.
    * `rng.threefry_2x32` is Random123's Threefry-2x32-R; `rng.jax_fold_in`,
      `rng.jax_bits`, `rng.jax_uniform`, `rng.jax_normal` and
      `rng.jax_randint` reproduce `jax.random`; `rng.bit_generator` is
      StableHLO's `rng_bit_generator` as XLA lowers it.
    * `rng.linear_index` names each element's row-major index in the whole
      tensor: the counter of sharded programs.

    All ops but the two tensor ops (`rng.bit_generator`, `rng.linear_index`)
    are elementwise (`ElementwiseMappable`) over scalars, vectors
    (fixed or scalable) and ranked tensors (static or dynamic sizes), so
    linalg, the vectorizer and bufferization treat them like upstream's
    elementwise ops. Every op has a sharding model (upstream's `shard`
    dialect, SPEC §10): a sharded program draws the unsharded program's
    bits. Ops on ranked tensors lower through a `linalg.generic`
    over the scalar op. They are lowered by `convert-rng-to-arith` (any target, to
    `arith` and `math`) or by `convert-rng-to-nvvm` (NVIDIA GPUs: the same
    function with NVVM's `mulhi`).
  }];
  // Folded values are materialized as arith.constant, also where nothing
  // else loaded arith (an llvm.func with llvm.mlir.constant operands).
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
  // #rng<algorithm ...> (rng.bit_generator).
  let useDefaultAttributePrinterParser = 1;
}

#endif // RNG_DIALECT_RNG_IR_RNGDIALECT_TD
