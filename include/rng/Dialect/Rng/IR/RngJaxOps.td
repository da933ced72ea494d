//===- RngJaxOps.td - Threefry, JAX and XLA ----------------*- tablegen -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Random123's Threefry-2x32, JAX's jax.random (partitionable Threefry
// scheme) and StableHLO's rng_bit_generator as XLA lowers it (SPEC §8).
// Included at the end of RngOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_RNG_IR_RNGJAXOPS_TD
#define RNG_DIALECT_RNG_IR_RNGJAXOPS_TD

include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Types and attributes
//===----------------------------------------------------------------------===//

// jax.random.bits' widths.
def Rng_JaxBitsLike
    : RngMLIR_ElementwiseLike<[I8, I16, I32, I64], "i8, i16, i32 or i64">;
def Rng_JaxUniformLike : RngMLIR_ElementwiseLike<[F32, F64], "f32 or f64">;
def Rng_JaxIntLike : RngMLIR_ElementwiseLike<[I32, I64], "i32 or i64">;

def Rng_ThreefryRoundsAttr : DefaultValuedAttr<I32Attr, "20">;

def Rng_AlgorithmThreeFry : I32EnumAttrCase<"ThreeFry", 0, "three_fry">;
def Rng_AlgorithmPhilox : I32EnumAttrCase<"Philox", 1, "philox">;
def Rng_AlgorithmDefault : I32EnumAttrCase<"Default", 2, "default">;

def Rng_Algorithm : I32EnumAttr<"Algorithm",
    "the bit generator of rng.bit_generator (StableHLO's RngAlgorithm)",
    [Rng_AlgorithmThreeFry, Rng_AlgorithmPhilox, Rng_AlgorithmDefault]> {
  let cppNamespace = "::mlir::rng";
  let genSpecializedAttr = 0;
}

def Rng_AlgorithmAttr : EnumAttr<Rng_Dialect, Rng_Algorithm, "algorithm"> {
  let summary = "StableHLO's RngAlgorithm: three_fry, philox or default";
}

// Description paragraphs shared by the JAX samplers (SPEC §8).
defvar Rng_JaxKeyIndexDoc = [{

    Keys and indices (SPEC §8): a JAX key is two words `(k0, k1)`, JAX's
    key data `[0]` and `[1]` (`jax.random.key_data(key)`); the key of a seed
    `s` is `(hi32(s), lo32(s))` for a 64-bit seed (`jax_enable_x64`) and
    `(0, s)` for a 32-bit one. `i` is the element's row-major linear index in
    the array JAX fills (`i64`, or `i32`, which is zero-extended).
    `T(k; a, b)` is `rng.threefry_2x32(a, b, k0, k1)` with 20 rounds; the
    element's two words are `(y0, y1) = T(k; hi32(i), lo32(i))`
    (`jax_threefry_partitionable = True`, JAX's default since 0.5.0; JAX's
    older scheme is not reproduced).
}];

defvar Rng_JaxTypesDoc = [{

    Types: the op is elementwise (`ElementwiseMappable`). `k0` and `k1` share
    one type; every operand is a scalar or a vector (fixed or scalable, any
    rank) or ranked tensor (static or dynamic sizes) of its element type,
    and the shaped ones share one shape, which the result takes (a scalar
    key beside shaped indices is one key for every element).
}];

class Rng_JaxOp<string mnemonic, list<Trait> traits = []>
    : Rng_Op<mnemonic, !listconcat([Pure, ElementwiseMappable,
        AllTypesMatch<["k0", "k1"]>], traits)>;

//===----------------------------------------------------------------------===//
// Threefry2x32Op
//===----------------------------------------------------------------------===//

def Rng_Threefry2x32Op : Rng_Op<"threefry_2x32", [
    Pure, ElementwiseMappable,
    AllTypesMatch<["x0", "x1", "y0", "y1"]>,
    AllTypesMatch<["k0", "k1"]>]> {
  let summary = "Random123 Threefry-2x32-R block function";
  let description = [{
    Computes Random123's Threefry-2x32 block function with `rounds` rounds
    (`rounds = 20` is the standard Threefry-2x32-20, JAX's generator) on the
    64-bit counter `(x0, x1)` under the 64-bit key `(k0, k1)` and returns the
    two output words `(y0, y1)`.

    All arithmetic is on 32-bit words and wraps modulo 2^32; `rotl` rotates
    left. With the key schedule `ks = (k0, k1, k0 ^ k1 ^ 0x1BD11BDA)` and
    `ROT = (13, 15, 26, 6, 17, 29, 16, 24)`:

    ```
    X = (x0 + ks[0], x1 + ks[1])
    for r = 0 .. rounds - 1:
      X0 += X1
      X1 = rotl(X1, ROT[r mod 8]) ^ X0
      if (r + 1) mod 4 == 0:            // key injection s = (r + 1) / 4
        X0 += ks[s mod 3]
        X1 += ks[(s + 1) mod 3] + s
    (y0, y1) = X
    ```

    Known answers (Random123): a zero counter and key give
    `6b200159 99ba4efe` with 20 rounds, `9d1c5ec6 8bd50731` with 13 and
    `cee3d47e a23dfd5c` with 32.

    Types: the op is elementwise (`ElementwiseMappable`). The counters and
    results are all of one type: `i32`, a vector of `i32` (fixed or
    scalable, any rank) or a ranked tensor of `i32` (static or dynamic
    sizes). The two keys share one type, which is either that same type or
    scalar `i32` (one key for every lane). `rounds` must lie in `[1, 32]`;
    it defaults to 20 and is then not printed.

    The op is pure and folds to constants when every operand is a constant.
    Lowered by `convert-rng-to-arith` (and `convert-rng-to-nvvm`) to
    `arith.addi`, `arith.xori` and the rotations as `arith.shli`,
    `arith.shrui`, `arith.ori` (which LLVM's back ends turn into funnel
    shifts or rotates where the target has them). `convert-rng-to-nvvm`
    writes the round add that follows each key injection as
    `x0 * one + x1`, with a 1 the PTX assembler cannot fold (see the pass):
    the same bits.

    Example:

    ```mlir
    %y:2 = rng.threefry_2x32 %x0, %x1 key %k0, %k1 : i32, i32
    %z:2 = rng.threefry_2x32 %v0, %v1 key %k0, %k1 rounds 13
        : vector<4xi32>, i32
    ```
  }];

  let arguments = (ins Rng_WordLike:$x0, Rng_WordLike:$x1, Rng_WordLike:$k0,
                       Rng_WordLike:$k1, Rng_ThreefryRoundsAttr:$rounds);
  let results = (outs Rng_WordLike:$y0, Rng_WordLike:$y1);

  let assemblyFormat = [{
    $x0 `,` $x1 `key` $k0 `,` $k1 (`rounds` $rounds^)?
    attr-dict `:` type($x0) `,` type($k0)
  }];

  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// JaxFoldInOp
//===----------------------------------------------------------------------===//

def Rng_JaxFoldInOp : Rng_JaxOp<"jax_fold_in", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "jax.random.fold_in, and the rows of jax.random.split";
  let description = !strconcat([{
    Returns the key `(k0', k1') = T(k; hi32(d), lo32(d))`, with `d`
    zero-extended to 64 bits: Threefry-2x32-20 of `d`'s two words under the
    key `(k0, k1)`. With a 32-bit `d` this is `jax.random.fold_in(key, d)`;
    with `d = i` it is row `i` of `jax.random.split(key, n)` (so
    `split(key, 2)` is `(fold_in(key, 0), fold_in(key, 1))`).
  }], Rng_JaxKeyIndexDoc, Rng_JaxTypesDoc, [{

    `d` is `i32` or `i64` (an `i32` is zero-extended, as JAX's `uint32`
    data); the results are `i32` words of the shape. The op folds to
    constants when its operands are constants.

    Lowered by `convert-rng-to-arith` (and `convert-rng-to-nvvm`) to the
    Threefry rounds of `rng.threefry_2x32`.

    Example (`jax.random.split(jax.random.key(0), 2)`):

    ```mlir
    %rows = arith.constant dense<[0, 1]> : vector<2xi32>
    %k:2 = rng.jax_fold_in %zero, %zero, %rows : i32, vector<2xi32>
    ```
  }]);
  let arguments = (ins Rng_WordLike:$k0, Rng_WordLike:$k1,
                       Rng_OffsetLike:$d);
  let results = (outs Rng_WordLike:$result0, Rng_WordLike:$result1);
  let assemblyFormat = [{
    $k0 `,` $k1 `,` $d attr-dict `:` type($k0) `,` type($d)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// JaxBitsOp, JaxUniformOp, JaxNormalOp, JaxRandintOp
//===----------------------------------------------------------------------===//

class Rng_JaxSampleOp<string mnemonic, list<Trait> traits = []>
    : Rng_JaxOp<mnemonic, traits> {
  let hasVerifier = 1;
}

def Rng_JaxBitsOp : Rng_JaxSampleOp<"jax_bits"> {
  let summary = "jax.random.bits: random bits per linear index";
  let description = !strconcat([{
    Returns element `i` of `jax.random.bits(key, shape, dtype)` (with the
    unsigned dtype of the result's width, as signless bits). With the
    element's words `(y0, y1)` (below):

    ```
    i64:       y0 * 2^32 + y1
    i32:       y0 ^ y1
    i8, i16:   the low 8 or 16 bits of y0 ^ y1
    ```
  }], Rng_JaxKeyIndexDoc, Rng_JaxTypesDoc, [{

    The result's element type is `i8`, `i16`, `i32` or `i64`, spelled after
    `->`. The op folds to a constant when its operands are constants.

    Lowered by `convert-rng-to-arith` (and `convert-rng-to-nvvm`) to one
    Threefry-2x32-20 block per element and `arith` ops.

    Example (`jax.random.bits(key, (8,), jnp.uint64)`):

    ```mlir
    %b = rng.jax_bits %k0, %k1, %i : i32, vector<8xi64> -> vector<8xi64>
    ```
  }]);
  let arguments = (ins Rng_WordLike:$k0, Rng_WordLike:$k1,
                       Rng_OffsetLike:$i);
  let results = (outs Rng_JaxBitsLike:$result);
  let assemblyFormat = [{
    $k0 `,` $k1 `,` $i attr-dict `:` type($k0) `,` type($i) `->`
    type($result)
  }];
  let hasFolder = 1;
}

def Rng_JaxUniformOp : Rng_JaxSampleOp<"jax_uniform"> {
  let summary = "jax.random.uniform in [0, 1) per linear index";
  let description = !strconcat([{
    Returns element `i` of `jax.random.uniform(key, shape, dtype)` with the
    default bounds `[0, 1)`: the mantissa fill of the element's bits `w`
    (`rng.jax_bits` of the same operands and the float's width):

    ```
    f32: bitcast<f32>((w >> 9)  | 0x3F800000)         - 1.0
    f64: bitcast<f64>((w >> 12) | 0x3FF0000000000000) - 1.0
    ```

    Both steps are exact: the result is a multiple of 2^-23 (f32) or 2^-52
    (f64) in `[0, 1)`, never 1.0, and every target gives the same bits.
    JAX's `uniform(key, shape, dtype, minval, maxval)` is
    `max(minval, u * (maxval - minval) + minval)`: write it with `arith`
    ops (XLA's CPU back end fuses the multiply-add, its GPU back end does
    not; use `math.fma` for the fused form; see docs/JaxRandom.md).
  }], Rng_JaxKeyIndexDoc, Rng_JaxTypesDoc, [{

    The result's element type is `f32` or `f64`, spelled after `->`. The op
    folds to a constant when its operands are constants.

    Lowered by `convert-rng-to-arith` (and `convert-rng-to-nvvm`) to
    Threefry, `arith.shrui`, `arith.ori`, `arith.bitcast` and `arith.subf`.

    Example:

    ```mlir
    %u = rng.jax_uniform %k0, %k1, %i : i32, tensor<?xi64> -> tensor<?xf32>
    ```
  }]);
  let arguments = (ins Rng_WordLike:$k0, Rng_WordLike:$k1,
                       Rng_OffsetLike:$i);
  let results = (outs Rng_JaxUniformLike:$result);
  let assemblyFormat = [{
    $k0 `,` $k1 `,` $i attr-dict `:` type($k0) `,` type($i) `->`
    type($result)
  }];
  let hasFolder = 1;
}

def Rng_JaxNormalOp : Rng_JaxSampleOp<"jax_normal", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "jax.random.normal (f32) per linear index";
  let description = !strconcat([{
    Returns element `i` of `jax.random.normal(key, shape, jnp.float32)`:
    with `f` = `rng.jax_uniform` (f32) of the same operands,

    ```
    lo = bitcast<f32>(0xBF7FFFFF)     // the f32 after -1 toward 0
    u  = max(lo, 2 * f + lo)          // 2 * f exact, one rounding
    result = fl(fl(sqrt(2)) * erfinv32(u))
    ```

    where `erfinv32` is XLA's f32 `ErfInv`: `w = -log1p(-(u * u))` (`u * u`
    rounded to f32, `log1p` correctly rounded); if `w < 5`: `w = w - 2.5`
    and `c = (2.81022636e-08, 3.43273939e-07, -3.5233877e-06,
    -4.39150654e-06, 0.00021858087, -0.00125372503, -0.00417768164,
    0.246640727, 1.50140941)`; else `w = sqrt(w) - 3` and
    `c = (-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844,
    0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682)`
    (each the f32 nearest the decimal); `p = c0`, then `p = fma(p, w, c_j)`
    for `j = 1 .. 8` (fused); `erfinv32(u) = p * u`.

    Bound (SPEC §8): within 4 ulp of this formula on every target (the
    only freedom is the target's `log1p` and `sqrt`), and bit-exact with it
    where those are correctly rounded. The universal lowering computes
    `log1p` in f64 (`math.log` of the exact `1 + x`, or `x - x^2 / 2` below
    2^-29), so the bound holds on every route, including `rng-to-llvm`,
    which lowers `math.log1p` approximately. `convert-rng-to-nvvm` computes
    `log1p(-(u * u))` as `lg2.approx.ftz.f32(1 - u * u) * fl(ln 2)` (`1 - u * u`
    rounded once): within the bound for every one of the 2^23 values `u`
    can take, given the error NVIDIA documents for that instruction (its
    bits are not documented). The op therefore does not fold.
  }], Rng_JaxKeyIndexDoc, Rng_JaxTypesDoc, [{

    The result is `f32` of the shape (inferred).

    Lowered by `convert-rng-to-arith` to Threefry, `arith` ops, `math.fma`,
    `math.sqrt` and an f64 `math.log` (the two polynomials' coefficients and
    arguments chosen by `arith.select`), and by `convert-rng-to-nvvm` the
    same way with the `llvm.nvvm.lg2.approx.ftz.f` intrinsic (an
    `llvm.call_intrinsic`; vectors of at most 64 elements unrolled; larger
    and scalable vectors take the target's f32 `math.log1p`, also within the
    bound but other draws) instead of the f64 `math.log`; there a
    scalar op (not in a `linalg` op's body) chooses the polynomial with an
    `scf.if` instead, whose tail side alone takes the square root: the same
    bits.

    Example:

    ```mlir
    %n = rng.jax_normal %k0, %k1, %i : i32, vector<16xi64>
    ```
  }]);
  let arguments = (ins Rng_WordLike:$k0, Rng_WordLike:$k1,
                       Rng_OffsetLike:$i);
  let results = (outs Rng_FloatLike:$result);
  let assemblyFormat = [{
    $k0 `,` $k1 `,` $i attr-dict `:` type($k0) `,` type($i)
  }];
}

def Rng_JaxRandintOp : Rng_JaxSampleOp<"jax_randint", [
    AllTypesMatch<["minval", "maxval"]>,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "jax.random.randint in [minval, maxval) per linear index";
  let description = !strconcat([{
    Returns element `i` of `jax.random.randint(key, shape, minval, maxval,
    dtype)` for the dtype `int32` (`i32`) or `int64` (`i64`), N its width.
    With `(ka, kb) = (fold_in(k, 0), fold_in(k, 1))` (`split(k, 2)`),
    `hi` = the N-bit `rng.jax_bits` of `ka` at `i` and `lo` = that of `kb`,
    in unsigned N-bit arithmetic where every product and sum wraps:

    ```
    span = maxval <= minval ? 1 : maxval - minval     // signed comparison
    m    = ((2^(N/2) mod span) * (2^(N/2) mod span)) mod span
    off  = ((hi mod span) * m + lo mod span) mod span
    result = minval + off
    ```

    The result lies in `[minval, maxval)`, and is `minval` when
    `maxval <= minval`. (JAX widens the span by one when its Python
    `maxval` exceeds the dtype's maximum; that case is the caller's.)
  }], Rng_JaxKeyIndexDoc, Rng_JaxTypesDoc, [{

    `minval` and `maxval` share one type: `i32` or `i64`, scalar or of the
    shape; the result has the shape with their element type (inferred). The
    op folds to a constant when its operands are constants.

    Lowered by `convert-rng-to-arith` (and `convert-rng-to-nvvm`) to three
    Threefry blocks per element (two of them on the key only, hoisted when
    the key is a scalar) and `arith.remui`.

    Example (`jax.random.randint(key, (16,), 0, 10)`):

    ```mlir
    %r = rng.jax_randint %k0, %k1, %i, %c0, %c10
        : i32, vector<16xi32>, i32
    ```
  }]);
  let arguments = (ins Rng_WordLike:$k0, Rng_WordLike:$k1,
                       Rng_OffsetLike:$i, Rng_JaxIntLike:$minval,
                       Rng_JaxIntLike:$maxval);
  let results = (outs Rng_JaxIntLike:$result);
  let assemblyFormat = [{
    $k0 `,` $k1 `,` $i `,` $minval `,` $maxval attr-dict `:` type($k0) `,`
    type($i) `,` type($minval)
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// BitGeneratorOp
//===----------------------------------------------------------------------===//

def Rng_BitGeneratorOp : Rng_Op<"bit_generator", [
    Pure, AllTypesMatch<["state", "new_state"]>]> {
  let summary = "StableHLO's rng_bit_generator as XLA lowers it";
  let description = [{
    Fills `output` with random bits from the generator state `state` and
    returns the advanced state, exactly as XLA lowers StableHLO's
    `rng_bit_generator` (its `RngBitGeneratorExpander`). Unlike the other
    ops it is not elementwise.

    Let `s` be the state, `n` the number of output elements, the key
    `(k0, k1) = (lo32(s[0]), hi32(s[0]))`, u64 arithmetic wrapping.

    * `three_fry` (2-word state only): the counter is `c = s[1]`;
      `T(a)` is `rng.threefry_2x32` (20 rounds) of `(lo32(a), hi32(a))`
      under the key.
      * 64-bit output: element `e` (row-major) is `y0 + 2^32 * y1` with
        `(y0, y1) = T(c + e)`; the new state is `(s[0], s[1] + n)`.
      * 32-bit output (8/16-bit: the same, truncated): for rank 0 the value
        is `y0` of `T(c)` and the new state `(s[0], s[1] + 1)`. Otherwise
        let `d` be the first dimension of even size, or if there is none the
        first dimension of the largest size, and `H` the shape with
        dimension `d` halved, rounding up. The half element `h` (row-major
        index `r(h)` in `H`) takes the counter `c + r(h)` and gives the
        output elements at `2 * h_d` and `2 * h_d + 1` along `d` (the other
        indices as `h`'s) the values `y0` and `y1` (one beyond an odd size
        is dropped); the new state is `(s[0], s[1] + |H|)`.
    * `philox` (2- or 3-word state): the 128-bit counter is
      `C = s[1] + 2^64 * s[0]` for a 2-word state and
      `C = s[1] + 2^64 * s[2]` for a 3-word state. Block `b` is
      Philox4x32-10 (`rng.philox_4x32`) of the key and the counter words
      `(lo32, hi32` of the low half, then of the high half`)` of `C + b`
      (a 128-bit add, with carry).
      * 32-bit output (8/16-bit: truncated): `B = ceil(n / 4)` blocks; the
        output in row-major order is words 0, 1, 2, 3 of block 0, then of
        block 1, ..., cut at `n`.
      * 64-bit output: `B = ceil(n / 2)`; the output is `w0 + 2^32 * w1`,
        `w2 + 2^32 * w3` of block 0, then of block 1, ....
      * New state: `(s[0], low64(C + B))` for a 2-word state,
        `(s[0], low64(C + B), high64(C + B))` for a 3-word state.
    * `default` is `philox`, as on XLA's CPU and GPU back ends.

    StableHLO's own Linalg lowering (and IREE's copy) ignores `s[2]` and
    drops the counter's carry; this op follows XLA (see docs/JaxRandom.md).

    Types: `state` and `new_state` are `tensor<2xi64>` or `tensor<3xi64>`
    (StableHLO's `ui64`, as signless bits); `output` is a statically shaped
    ranked tensor (rank 0 included) of `i8`, `i16`, `i32` or `i64` with at
    most 2^62 elements.

    Lowered by `convert-rng-to-arith` (and `convert-rng-to-nvvm`) to a
    `linalg.generic` over the output that computes each element from its
    indices with the elementwise Threefry or Philox ops, and `tensor` ops
    for the new state; it bufferizes, tiles and vectorizes like any
    `linalg.generic`. GPU kernels, which hold no tensors, compute element
    `e` of the output from `(state, shape, e)` with the public builder
    `buildBitGeneratorElement` (rng/Conversion/Common/Jax.h).

    Sharding (SPEC §10, upstream's `shard` dialect): the output may be split
    along any of its dimensions (evenly; no halos); the state and the new
    state are replicated. Partitioned, each process computes only the
    elements of its shard, at their positions in the whole output (three_fry's
    32-bit pairs included: a process may compute a pair and keep one half),
    and returns the whole output's new state.

    Example (the StableHLO specification's example: state `[1, 2]` gives
    `[[9236835810183407956, 16087790271692313299], [18212823393184779219,
    2658481902456610144]]` and the new state `[1, 6]`):

    ```mlir
    %new, %out = rng.bit_generator three_fry %state
        : tensor<2xi64> -> tensor<2x2xi64>
    ```
  }];

  let arguments = (ins TensorOf<[I64]>:$state,
                       Rng_AlgorithmAttr:$algorithm);
  let results = (outs TensorOf<[I64]>:$new_state,
                      TensorOf<[I8, I16, I32, I64]>:$output);
  let assemblyFormat = [{
    custom<Algorithm>($algorithm) $state attr-dict `:` type($state) `->`
    type($output)
  }];
  let hasVerifier = 1;
}

#endif // RNG_DIALECT_RNG_IR_RNGJAXOPS_TD
