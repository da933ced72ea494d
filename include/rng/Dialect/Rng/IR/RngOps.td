//===- RngOps.td - rng dialect operations ------------------*- tablegen -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_RNG_IR_RNGOPS_TD
#define RNG_DIALECT_RNG_IR_RNGOPS_TD

include "rng/Dialect/Common/ElementwiseTypes.td"
include "rng/Dialect/Rng/IR/RngDialect.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/VectorInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

// A 32-bit word.
def Rng_WordLike : RngMLIR_ElementwiseLike<[I32], "i32">;

// The Philox round count: 1..16, default 10 (checked in the verifier so the
// message can say what is allowed).
def Rng_RoundsAttr : DefaultValuedAttr<I32Attr, "10">;

class Rng_Op<string mnemonic, list<Trait> traits = []>
    : Op<Rng_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// PhiloxOp
//===----------------------------------------------------------------------===//

def Rng_Philox4x32Op : Rng_Op<"philox_4x32", [
    Pure, ElementwiseMappable,
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

    Types: the op is elementwise (`ElementwiseMappable`). The counters and
    results are all of one type: `i32`, a vector of `i32` (fixed or
    scalable, any rank) or a ranked tensor of `i32` (static or dynamic
    sizes). The two keys share one type, which is either that same type or
    scalar `i32` (one key for every lane). `rounds` must lie in
    `[1, 16]`; it defaults to 10 and is then not printed.

    The op is pure and folds to constants when every operand is a constant
    (integer or dense elements attribute).

    Lowered by `convert-rng-to-arith` (to `arith.mului_extended`,
    `arith.xori`, `arith.addi`; works for every target) and by
    `convert-rng-to-nvvm` (the high products through the
    `llvm.nvvm.mulhi.ui` intrinsic, PTX `mul.hi.u32`).

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

  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Triton-compatible family: randint, randint4x, rand, rand4x, randn, randn4x
//===----------------------------------------------------------------------===//

// A seed: a signless integer of 1 to 64 bits (sign-extended to 64 bits).
def Rng_SeedInteger : Type<
  CPred<"::llvm::isa<::mlir::IntegerType>($_self) && "
        "::llvm::cast<::mlir::IntegerType>($_self).isSignless() && "
        "::llvm::cast<::mlir::IntegerType>($_self).getWidth() >= 1 && "
        "::llvm::cast<::mlir::IntegerType>($_self).getWidth() <= 64">,
  "signless integer of 1 to 64 bits", "::mlir::IntegerType">;

def Rng_SeedLike
    : RngMLIR_ElementwiseLike<[Rng_SeedInteger], "signless integer of 1 to 64 bits">;

// An offset: the 32- or 64-bit Philox counter.
def Rng_OffsetLike : RngMLIR_ElementwiseLike<[I32, I64], "i32 or i64">;

def Rng_FloatLike : RngMLIR_ElementwiseLike<[F32], "f32">;

// SplitMix64's state.
def Rng_I64Like : RngMLIR_ElementwiseLike<[I64], "i64">;

// Description paragraphs shared by the six ops (SPEC §2).
defvar Rng_TritonKeyCounterDoc = [{

    Operands and the Philox input (SPEC §2; Triton 3.6 `tl.randint4x`):

    * `seed`: a signless integer of at most 64 bits, sign-extended to 64 bits:
      `seed64 = sext(seed)` (an `i32` seed of -1 gives `0xFFFFFFFFFFFFFFFF`).
      The Philox key is `(k0, k1) = (lo32(seed64), hi32(seed64))`. Triton
      types a Python seed in `[2^31, 2^32)` as `uint32` and zero-extends it:
      pass such a seed as an `i64` (`0xDEADBEEF : i64`) to get Triton's key.
    * `offset`: `i32` or `i64` (other widths are rejected). The Philox
      counter is `(c0, c1, c2, c3) = (lo32(offset), hi32(offset), 0, 0)` for
      an `i64` offset and `(offset, 0, 0, 0)` for an `i32` one. Offsets are
      bit patterns: an `i32` offset of -1 is the counter
      `(0xFFFFFFFF, 0, 0, 0)`, an `i64` offset of -1 is
      `(0xFFFFFFFF, 0xFFFFFFFF, 0, 0)`.
    * `rounds`: the Philox round count (Triton's `n_rounds`), in `[1, 16]`;
      it defaults to 10 and is then not printed.

    Philox4x32-`rounds` (`rng.philox_4x32`) maps that counter and key to four
    words `(w0, w1, w2, w3)`.
}];

defvar Rng_TritonUniformDoc = [{

    The uniform conversion `u2f(w)` is Triton's `uint_to_uniform_float` on a
    32-bit word:

    ```
    x = w read as a signed i32
    x = (x < 0) ? ~x : x          // Triton's -x - 1; x is now in [0, 2^31)
    u = f32(x) * 0x2FFFFFFF       // sitofp, then one f32 multiply, both
                                  // rounding to nearest even; 0x2FFFFFFF is
                                  // the f32 nearest 4.6566127342e-10
    ```

    `u` lies in `[0, 1)`: its largest value, `0x3F7FFFFF` (1 - 2^-24), is
    reached for `w = 0x7FFFFFFF` and `w = 0x80000000`; it is never 1.0.
    Uniform values are exact: every target gives the same bits.
}];

defvar Rng_TritonNormalDoc = [{

    The Box-Muller transform `pair(u1, u2)` is Triton's
    `pair_uniform_to_normal`, all in f32:

    ```
    u1 = max(1.0e-7, u1)          // 0x33D6BF95
    t  = 6.283185307179586 * u2   // the f32 0x40C90FDB
    r  = sqrt(-2.0 * log(u1))
    return (r * cos(t), r * sin(t))
    ```

    The clamp and `t` are exact f32 operations. `log`, `sqrt`, `cos` and
    `sin` are the `math` dialect's ops, so each target uses its own math
    library: a result is within 2 ulp of the correctly rounded value of
    `sqrt(-2 log(u1)) * cos(t)` (or `sin(t)`) for those exact `u1` and `t`
    on the CPU, within 3 ulp on GPU targets (SPEC section 2). Because of
    that the normal ops do not fold. The lowering option `fast-math` (of
    `convert-rng-to-arith`, `convert-rng-to-nvvm` and `rng-to-nvvm`) marks
    these math ops `fastmath<afn>` (on NVVM: NVPTX's approximate
    instructions): the target may then use approximate functions and the
    bound no longer holds. (How the GPU bits compare with
    Triton's, and the error of the fast functions, are in
    docs/TritonRandom.md and docs/Targets.md.)
}];

defvar Rng_TritonTypesDoc = [{

    Types: the op is elementwise (`ElementwiseMappable`). `offset` is a
    scalar, a vector (fixed or scalable, any rank, 0-D too) or a ranked
    tensor (static or dynamic sizes): each result has the
    offset's shape with `i32` (words) or `f32` (floats) elements, and is
    inferred (the custom form only spells the operand types). `seed` is
    either a scalar, shared by every lane, or the offset's vector or tensor
    type with its own integer element type (one seed per lane):

    | `offset`         | `seed`                   | `randint*`        | `rand*`, `randn*` |
    |------------------|--------------------------|-------------------|-------------------|
    | `iK`             | `iN`                     | `i32`             | `f32`             |
    | `vector<S x iK>` | `iN` or `vector<S x iN>` | `vector<S x i32>` | `vector<S x f32>` |
    | `tensor<S x iK>` | `iN` or `tensor<S x iN>` | `tensor<S x i32>` | `tensor<S x f32>` |

    with K = 32 or 64, 1 <= N <= 64 and `S` any vector shape (scalable
    dimensions included) or tensor shape (dynamic sizes included).

    Lowered by `convert-rng-to-arith` (any target; the normals through
    `math.log`, `math.sqrt`, `math.cos` and `math.sin`) and by
    `convert-rng-to-nvvm`, which share the IR builders. Ops of the family
    that share `seed`, `offset` and `rounds` run Philox once: the first of
    them in program order computes the block for every later one it
    dominates. Ranked tensors lower through a `linalg.generic` over the
    scalar ops.
}];

class Rng_TritonOp<string mnemonic, list<Trait> traits = []>
    : Rng_Op<mnemonic, !listconcat([Pure, ElementwiseMappable,
        DeclareOpInterfaceMethods<InferTypeOpInterface>], traits)> {
  let arguments = (ins
    Rng_SeedLike:$seed,
    Rng_OffsetLike:$offset,
    Rng_RoundsAttr:$rounds);

  let assemblyFormat = [{
    $seed `,` $offset (`rounds` $rounds^)? attr-dict `:` type($seed) `,`
    type($offset)
  }];

  let hasVerifier = 1;
}

def Rng_RandIntOp : Rng_TritonOp<"randint"> {
  let summary = "Random 32-bit word per offset, as Triton's tl.randint";
  let description = !strconcat([{
    Reproduces Triton's `tl.randint(seed, offset, n_rounds)` bit for bit:
    the result is the first word `w0` of the Philox block of `(seed,
    offset)` described below (the first result of `rng.randint4x`).
  }], Rng_TritonKeyCounterDoc, Rng_TritonTypesDoc, [{

    The op folds to a constant when `seed` and `offset` are constants.

    Example:

    ```mlir
    // Triton: tl.randint(seed, offsets) with an int32 seed and offsets.
    %w = rng.randint %seed, %offsets : i32, vector<8xi32>
    // A 64-bit seed, 64-bit offsets, 7 Philox rounds: i32 results.
    %v = rng.randint %seed64, %offsets64 rounds 7 : i64, tensor<16xi64>
    ```
  }]);
  let results = (outs Rng_WordLike:$result);
  let hasFolder = 1;
}

def Rng_RandInt4xOp : Rng_TritonOp<"randint4x"> {
  let summary = "Four random 32-bit words per offset, as Triton's tl.randint4x";
  let description = !strconcat([{
    Reproduces Triton's `tl.randint4x(seed, offset, n_rounds)` bit for bit:
    the results `(x0, x1, x2, x3)` are the four words `(w0, w1, w2, w3)` of
    the Philox block of `(seed, offset)` described below.
  }], Rng_TritonKeyCounterDoc, Rng_TritonTypesDoc, [{

    The op folds to constants when `seed` and `offset` are constants.

    Example:

    ```mlir
    %x:4 = rng.randint4x %seed, %offset : i64, i32
    ```
  }]);
  let results = (outs Rng_WordLike:$x0, Rng_WordLike:$x1, Rng_WordLike:$x2,
                      Rng_WordLike:$x3);
  let hasFolder = 1;
}

def Rng_RandOp : Rng_TritonOp<"rand"> {
  let summary = "Uniform f32 in [0, 1) per offset, as Triton's tl.rand";
  let description = !strconcat([{
    Reproduces Triton's `tl.rand(seed, offset, n_rounds)` bit for bit: the
    result is `u2f(w0)`, the uniform conversion of the first Philox word of
    `(seed, offset)` (both described below).
  }], Rng_TritonKeyCounterDoc, Rng_TritonUniformDoc,
     Rng_TritonTypesDoc, [{

    The op folds to a constant when `seed` and `offset` are constants.

    Example (Triton's dropout: keep `x` where the draw exceeds `p`):

    ```mlir
    %u = rng.rand %seed, %offsets : i32, vector<16xi32>
    %keep = arith.cmpf ogt, %u, %p : vector<16xf32>
    ```
  }]);
  let results = (outs Rng_FloatLike:$result);
  let hasFolder = 1;
}

def Rng_Rand4xOp : Rng_TritonOp<"rand4x"> {
  let summary = "Four uniform f32 values in [0, 1) per offset, as Triton's "
                "tl.rand4x";
  let description = !strconcat([{
    Reproduces Triton's `tl.rand4x(seed, offset, n_rounds)` bit for bit: the
    results are `(u0, u1, u2, u3) = (u2f(w0), u2f(w1), u2f(w2), u2f(w3))`,
    the uniform conversions of the four Philox words of `(seed, offset)`
    (both described below). `u0` equals `rng.rand` of the same operands.
  }], Rng_TritonKeyCounterDoc, Rng_TritonUniformDoc,
     Rng_TritonTypesDoc, [{

    The op folds to constants when `seed` and `offset` are constants.

    Example:

    ```mlir
    %u:4 = rng.rand4x %seed, %offsets : i32, tensor<1024xi32>
    ```
  }]);
  let results = (outs Rng_FloatLike:$u0, Rng_FloatLike:$u1,
                      Rng_FloatLike:$u2, Rng_FloatLike:$u3);
  let hasFolder = 1;
}

def Rng_RandnOp : Rng_TritonOp<"randn"> {
  let summary = "Standard normal f32 per offset, as Triton's tl.randn";
  let description = !strconcat([{
    Reproduces Triton's `tl.randn(seed, offset, n_rounds)`: the result is
    the first value of `pair(u2f(w0), u2f(w1))`, i.e.
    `sqrt(-2 log(max(1e-7, u2f(w0)))) * cos(6.2831855 * u2f(w1))`, from the
    first two Philox words of `(seed, offset)` (all described below). It
    equals the first result of `rng.randn4x` of the same operands.
  }], Rng_TritonKeyCounterDoc, Rng_TritonUniformDoc, Rng_TritonNormalDoc,
     Rng_TritonTypesDoc, [{

    Example:

    ```mlir
    %n = rng.randn %seed, %offsets rounds 7 : i64, vector<4xi64>
    ```
  }]);
  let results = (outs Rng_FloatLike:$result);
}

def Rng_Randn4xOp : Rng_TritonOp<"randn4x"> {
  let summary = "Four standard normal f32 values per offset, as Triton's "
                "tl.randn4x";
  let description = !strconcat([{
    Reproduces Triton's `tl.randn4x(seed, offset, n_rounds)`: with the four
    Philox words of `(seed, offset)` and `ui = u2f(wi)` (all described
    below), `(n0, n1) = pair(u0, u1)` and `(n2, n3) = pair(u2, u3)`, i.e.
    `(r01 cos t1, r01 sin t1, r23 cos t3, r23 sin t3)`.
  }], Rng_TritonKeyCounterDoc, Rng_TritonUniformDoc, Rng_TritonNormalDoc,
     Rng_TritonTypesDoc, [{

    Example:

    ```mlir
    %n:4 = rng.randn4x %seed, %offset : i32, i32
    ```
  }]);
  let results = (outs Rng_FloatLike:$n0, Rng_FloatLike:$n1,
                      Rng_FloatLike:$n2, Rng_FloatLike:$n3);
}

//===----------------------------------------------------------------------===//
// LinearIndexOp
//===----------------------------------------------------------------------===//

def Rng_LinearIndexOp : Rng_Op<"linear_index", [Pure,
    OptionalTypesMatchWith<"base is the result's element type", "result",
                           "base", "::mlir::getElementTypeOrSelf($_self)">]> {
  let summary = "Each element's row-major linear index in the whole tensor";
  let description = [{
    Fills a statically shaped tensor with the row-major linear index of
    each element, plus `base` (SPEC §10): element `(j0, ..., jk)` of a
    `tensor<d0 x ... x dk x iN>` is

        base + (((j0 * d1 + j1) * d2 + j2) ... ) * dk + jk

    computed modulo 2^N (N = 32 or 64; the sum and products wrap). `base`
    is an optional scalar `iN`; without it the base is 0.

    This is the counter of Triton's `offsets`, of JAX's partitionable keys
    and of every element-indexed stream (`rng.rand(seed, i)`,
    `rng.jax_uniform(k0, k1, i)`, `rng.dropout(x, p, seed, i)`...): feed it
    to an elementwise op and each element draws the numbers of its place
    in the tensor.

    Its point is sharding. Under upstream's `shard-partition` the op keeps
    its meaning: each process's shard holds the global indices of the
    elements it owns (the offset along each split dimension is the
    process's linear index in the group of grid axes that split it, times
    the local size), so a sharded program draws exactly the bits of the
    unsharded one. A counter written with `linalg.index` becomes a *local*
    index after `shard-partition`, and a non-splat constant does not
    partition at all; name counters with this op instead. A split must
    divide its dimension evenly; halos and explicit shard sizes are
    refused.

    Types: the result is a ranked tensor of `i32` or `i64` with a static
    shape (rank 0 included: its one element is `base`).

    Folding: a result of one element whose `base` is a constant (or
    absent) folds to the splat `base`, a result of no elements to an empty
    constant, and a constant zero `base` is dropped. Larger results do not
    fold to a constant, on purpose: upstream's `shard-partition` cannot
    partition a non-splat constant.

    Lowered by `convert-rng-to-arith` to a `linalg.generic` over the result
    whose body computes the index from `linalg.index` (bufferizes, tiles and
    vectorizes like any `linalg.generic`). Like `rng.bit_generator` it
    cannot lower inside a `gpu.module` (kernels hold no tensors): compute
    the index from the thread's coordinates there.

    ```mlir
    // [[7, 8, 9], [10, 11, 12]]
    %i = rng.linear_index %c7 : tensor<2x3xi32>
    // Triton's dropout over a 2-D activation, shard-invariant.
    %ctr = rng.linear_index : tensor<1024x512xi32>
    %y = rng.dropout %x, %p, %seed, %ctr
        : tensor<1024x512xf32>, f32, i32, tensor<1024x512xi32>
    ```
  }];

  let arguments = (ins Optional<AnyTypeOf<[I32, I64]>>:$base);
  let results = (outs StaticShapeTensorOf<[I32, I64]>:$result);
  let assemblyFormat = "($base^)? attr-dict `:` type($result)";
  let hasFolder = 1;
}

include "rng/Dialect/Rng/IR/RngHashOps.td"
include "rng/Dialect/Rng/IR/RngJaxOps.td"
include "rng/Dialect/Rng/IR/RngTorchOps.td"

#endif // RNG_DIALECT_RNG_IR_RNGOPS_TD
