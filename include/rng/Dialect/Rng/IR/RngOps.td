//===- RngOps.td - rng dialect operations ------------------*- tablegen -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_RNG_IR_RNGOPS_TD
#define RNG_DIALECT_RNG_IR_RNGOPS_TD

include "rng/Dialect/Rng/IR/RngDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

// A 32-bit word: i32, or a fixed-size vector / ranked tensor of i32.
def Rng_WordLike : TypeConstraint<Or<[
    I32.predicate,
    FixedVectorOfAnyRank<[I32]>.predicate,
    RankedTensorOf<[I32]>.predicate]>,
  "i32, or a fixed-size vector or ranked tensor of i32">;

// The Philox round count: 1..16, default 10 (checked in the verifier so the
// message can say what is allowed).
def Rng_RoundsAttr : DefaultValuedAttr<I32Attr, "10">;

class Rng_Op<string mnemonic, list<Trait> traits = []>
    : Op<Rng_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// PhiloxOp
//===----------------------------------------------------------------------===//

def Rng_Philox4x32Op : Rng_Op<"philox_4x32", [
    Pure,
    AllTypesMatch<["c0", "c1", "c2", "c3", "x0", "x1", "x2", "x3"]>,
    AllTypesMatch<["k0", "k1"]>]> {
  let summary = "Random123 Philox4x32-R block function";
  let description = [{
    Computes the Philox4x32 block function with `rounds` rounds (Random123's
    Philox4x32-R; `rounds = 10` is the standard Philox4x32-10) on the
    128-bit counter `(c0, c1, c2, c3)` under the 64-bit key `(k0, k1)`, and
    returns the four output words `(x0, x1, x2, x3)`.

    All arithmetic is on 32-bit words and wraps modulo 2^32. One round, with
    the multipliers `M0 = 0xD2511F53` and `M1 = 0xCD9E8D57`:

    ```
    (hi0, lo0) = M0 * c0          // full 32x32 -> 64-bit product
    (hi1, lo1) = M1 * c2
    (c0, c1, c2, c3) = (hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0)
    ```

    Between rounds the key is bumped by the Weyl constants:
    `k0 += 0x9E3779B9`, `k1 += 0xBB67AE85` (round `i`, counting from 1, uses
    the key bumped `i - 1` times). The result is the counter after the last
    round.

    Known answers (Random123): a zero counter and zero key give
    `6627e8d5 e169c58d bc57ac4c 9b00dbd8` with 10 rounds and
    `5f6fb709 0d893f64 4f121f81 4f730a48` with 7 rounds.

    Types: the counters and results are all of one type: `i32`, a
    fixed-size vector of `i32` or a ranked tensor of `i32`; the op applies
    elementwise. The two keys share one type, which is either that same type
    or scalar `i32` (one key for every lane). `rounds` must lie in
    `[1, 16]`; it defaults to 10 and is then not printed.

    The op is pure and folds to constants when every operand is a constant
    (integer or dense elements attribute).

    Lowered by `convert-rng-to-arith` (to `arith.mului_extended`,
    `arith.xori`, `arith.addi`; works for every target) and by
    `convert-rng-to-nvvm` (the high products through `nvvm.mul.hi`).

    Example:

    ```mlir
    // One block of the standard Philox4x32-10.
    %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 : i32, i32
    // Seven rounds on four lanes, one key for all lanes.
    %y:4 = rng.philox_4x32 %v0, %v1, %v2, %v3 key %k0, %k1 rounds 7
        : vector<4xi32>, i32
    ```
  }];

  let arguments = (ins
    Rng_WordLike:$c0, Rng_WordLike:$c1, Rng_WordLike:$c2, Rng_WordLike:$c3,
    Rng_WordLike:$k0, Rng_WordLike:$k1,
    Rng_RoundsAttr:$rounds);
  let results = (outs
    Rng_WordLike:$x0, Rng_WordLike:$x1, Rng_WordLike:$x2, Rng_WordLike:$x3);

  let assemblyFormat = [{
    $c0 `,` $c1 `,` $c2 `,` $c3 `key` $k0 `,` $k1 (`rounds` $rounds^)?
    attr-dict `:` type($c0) `,` type($k0)
  }];

  let builders = [
    OpBuilder<(ins "::mlir::Value":$c0, "::mlir::Value":$c1,
                   "::mlir::Value":$c2, "::mlir::Value":$c3,
                   "::mlir::Value":$k0, "::mlir::Value":$k1,
                   CArg<"unsigned", "10">:$rounds)>
  ];

  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // RNG_DIALECT_RNG_IR_RNGOPS_TD
