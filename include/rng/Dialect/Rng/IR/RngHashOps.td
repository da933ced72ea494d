//===- RngHashOps.td - hash generators, dropout, seeds -----*- tablegen -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The lowbias32 hash family (Phobos std/random, SPEC §5), the two dropout ops
// (SPEC §6), SplitMix64 seed derivation and Tech-Renaissance's dropout
// sampler (SPEC §7). Included at the end of RngOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_RNG_IR_RNGHASHOPS_TD
#define RNG_DIALECT_RNG_IR_RNGHASHOPS_TD

// Operand types: RngOps.td's (RngMLIR_ElementwiseLike).

class Rng_HashOp<string mnemonic, list<Trait> traits = []>
    : Rng_Op<mnemonic, !listconcat([Pure, ElementwiseMappable], traits)>;

// Description paragraphs shared by the hash family (SPEC §5).
defvar Rng_Lowbias32Doc = [{

    The hash is Chris Wellons' lowbias32 on 32-bit words, with wrapping
    multiplies and logical right shifts; `mix(v, s) = v ^ (v >> s)`:

    ```
    hash32(x) = mix(mix(mix(x, 16) * 0x7FEB352D, 15) * 0x846CA68B, 16)
    ```
}];

defvar Rng_HashRandDoc = [{

    The uniform draw of Phobos' `std/random` is

    ```
    hash_rand(seed, counter) =
        f32(hash32(counter ^ hash32(seed)) & 0x7FFFFF) * 2^-23
    ```

    exactly: a multiple of 2^-23 in `[0, 1)` (23 random bits, never 1.0).
    With seed 1, counters 0..255 have the mean 0.513.
}];

defvar Rng_HashSeedPropertyDoc = [{

    Seeds and streams: the seed enters only by XOR with the counter, so for
    any two seeds `s1`, `s2` and every counter `c`

    ```
    hash_rand(s2, c) = hash_rand(s1, c ^ hash32(s1) ^ hash32(s2))
    ```

    i.e. the streams of two seeds are the same values at XOR-permuted
    counters, and two seeds' windows of counters can overlap. This is fine
    for one stream per program (Phobos' use: a seed per run, a counter per
    element); where many independent streams matter (per-rank or per-layer
    seeds drawn together, or statistics across seeds), use the Philox
    family (`rng.rand`, `rng.randn`, `rng.dropout`), whose key is not
    folded into the counter.
}];

defvar Rng_HashTypesDoc = [{

    Types: `seed` and `counter` are `i32`, or vectors (fixed or scalable) or
    ranked tensors (static or dynamic sizes) of `i32`; other widths are
    rejected. The result has the counter's shape with `f32` elements; the
    seed is a scalar (one seed for every element) or of the counter's type.
}];

//===----------------------------------------------------------------------===//
// Lowbias32Op
//===----------------------------------------------------------------------===//

def Rng_Lowbias32Op : Rng_HashOp<"lowbias32", [
    AllTypesMatch<["x", "result"]>]> {
  let summary = "Lowbias32 integer hash of 32-bit words";
  let description = !strconcat([{
    Returns `hash32(x)`, the lowbias32 hash of each 32-bit word of `x`
    (SPEC §5): the mixing function of Phobos' `std/random`, a bijection on
    32-bit words.
  }], Rng_Lowbias32Doc, [{

    Known values: `hash32(0) = 0`, `hash32(1) = 0x688990C0`.

    Types: `x` and the result are of one type: `i32`, or a vector (fixed or
    scalable) or ranked tensor (static or dynamic sizes) of `i32`. The op is
    pure, elementwise and folds to a constant when `x` is a constant.

    Lowered by `convert-rng-to-arith` (and `convert-rng-to-nvvm`) to
    `arith.shrui`, `arith.xori` and `arith.muli`: 32-bit integer work only.

    Example:

    ```mlir
    %h = rng.lowbias32 %x : vector<8xi32>
    ```
  }]);

  let arguments = (ins Rng_WordLike:$x);
  let results = (outs Rng_WordLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// HashRandOp, HashRandnOp
//===----------------------------------------------------------------------===//

class Rng_HashDrawOp<string mnemonic>
    : Rng_HashOp<mnemonic, [
        DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = (ins Rng_WordLike:$seed, Rng_WordLike:$counter);
  let results = (outs Rng_FloatLike:$result);
  let assemblyFormat = [{
    $seed `,` $counter attr-dict `:` type($seed) `,` type($counter)
  }];
  let hasVerifier = 1;
}

def Rng_HashRandOp : Rng_HashDrawOp<"hash_rand"> {
  let summary = "Uniform f32 in [0, 1) per counter, as Phobos' std/random";
  let description = !strconcat([{
    Returns `hash_rand(seed, counter)` (SPEC §5), the uniform draw of
    Phobos' `std/random`.
  }], Rng_Lowbias32Doc, Rng_HashRandDoc, Rng_HashSeedPropertyDoc,
     Rng_HashTypesDoc, [{

    The result is exact (every target gives the same bits); the op folds to
    a constant when `seed` and `counter` are constants of static shape.

    Lowered by `convert-rng-to-arith` (and `convert-rng-to-nvvm`): the hash
    in 32-bit `arith` ops (no 64-bit multiply), `arith.andi`,
    `arith.uitofp` and one exact `arith.mulf`.

    Example:

    ```mlir
    %u = rng.hash_rand %seed, %counters : i32, vector<256xi32>
    ```
  }]);
  let hasFolder = 1;
}

def Rng_HashRandnOp : Rng_HashDrawOp<"hash_randn"> {
  let summary = "Standard normal f32 per counter, as Phobos' std/random";
  let description = !strconcat([{
    Returns one standard normal draw per counter (SPEC §5), Phobos'
    Box-Muller on two hash draws of the doubled counter:

    ```
    c  = 2 * counter                    // wrapping i32 arithmetic
    u1 = hash_rand(seed, c)
    u2 = hash_rand(seed, c + 1)
    result = sqrt(-2 * log(1 - u1)) * cos(6.283185307179586 * u2)
    ```

    every step in f32. `1 - u1` lies in `[2^-23, 1]` and is exact, as is the
    product `6.283185307179586f * u2` (the f32 `0x40C90FDB`); both are
    computed as written. The tails end near 5.64 (`sqrt(46 ln 2)`).
    `log`, `sqrt` and `cos` are the `math` dialect's ops, so each target
    uses its own math library: a result is within 3 ulp of the formula
    evaluated with every f32 step correctly rounded (CPU and GPU, without
    fast math). Because of that the op does not fold. The `fast-math`
    option of the lowerings marks the math ops `fastmath<afn>`, as for
    `rng.randn`.
  }], Rng_Lowbias32Doc, Rng_HashRandDoc, Rng_HashSeedPropertyDoc,
     Rng_HashTypesDoc, [{

    Lowered by `convert-rng-to-arith` (and `convert-rng-to-nvvm`) to the
    hash in `arith` plus `math.log`, `math.sqrt` and `math.cos`.

    Example:

    ```mlir
    %n = rng.hash_randn %seed, %counters : i32, vector<256xi32>
    ```
  }]);
}

//===----------------------------------------------------------------------===//
// Dropout: HashDropoutOp, DropoutOp
//===----------------------------------------------------------------------===//

defvar Rng_DropoutDoc = [{

    The kept elements are scaled in f32 by one division, `x / (1 - p)` with
    `1 - p` rounded once (not a multiply by a reciprocal); dropped elements
    are `+0.0`. `x` and `p` are `f32`; `p` is a runtime value, and every `p`
    is used as the formula says, also outside `[0, 1)`: `p >= 1` or NaN
    drops every element, `p < 0` keeps every element, scaled by
    `1 / (1 - p)` (below 1). The verifier checks types and attributes only,
    never the op that defines `p`, so a canonicalization that folds `p` into
    a constant keeps the IR valid.

    Backward pass: apply the same op, with the same `p`, seed and
    offset/counter, to the incoming gradient. The mask is recomputed, never
    stored, and equals the forward mask bit for bit.

    Types: `x` and the result are of one type: `f32`, or a vector (fixed or
    scalable) or ranked tensor (static or dynamic sizes) of `f32`. Each of
    the other operands is a scalar, shared by every element, or has `x`'s
    shape (same kind of type, same sizes) with its own element type.
}];

def Rng_HashDropoutOp : Rng_HashOp<"hash_dropout", [
    AllTypesMatch<["x", "result"]>]> {
  let summary = "Dropout with a lowbias32 hash mask, as Phobos' std/random";
  let description = !strconcat([{
    Phobos' dropout (SPEC §6): with `u = hash_rand(seed, counter)`,

    ```
    result = (u >= p) ? x / (1 - p) : 0.0
    ```

    (note `>=`: `p = 0` keeps every element, also where `u = 0`). `seed` and
    `counter` are `i32` (shaped as below).
  }], Rng_DropoutDoc, Rng_Lowbias32Doc, Rng_HashRandDoc, [{

    The op folds to a constant when every operand is a constant of static
    shape. Lowered by `convert-rng-to-arith` (and `convert-rng-to-nvvm`) to
    the hash in `arith`, `arith.cmpf oge`, `arith.divf` and `arith.select`.

    Example (Phobos' `dropout_rows`: counter = (r + row) * 256 + column):

    ```mlir
    %y = rng.hash_dropout %x, %p, %seed, %counters
        : vector<256xf32>, f32, i32, vector<256xi32>
    ```
  }]);

  let arguments = (ins Rng_FloatLike:$x, Rng_FloatLike:$p,
                       Rng_WordLike:$seed, Rng_WordLike:$counter);
  let results = (outs Rng_FloatLike:$result);
  let assemblyFormat = [{
    $x `,` $p `,` $seed `,` $counter attr-dict `:` type($x) `,` type($p) `,`
    type($seed) `,` type($counter)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Rng_DropoutOp : Rng_HashOp<"dropout", [
    AllTypesMatch<["x", "result"]>]> {
  let summary = "Dropout with a Philox mask, as Triton's dropout tutorial";
  let description = !strconcat([{
    The dropout of Triton's "low-memory dropout" tutorial as one op (SPEC
    §6), so that a compiler can match, fuse and recompute it: with
    `u = rand(seed, offset)` (exactly `rng.rand` of the same `seed`,
    `offset` and `rounds`: Philox4x32-`rounds` keyed by the sign-extended
    seed, Triton's uniform conversion of word 0),

    ```
    result = (u > p) ? x / (1 - p) : 0.0
    ```

    (note `>`, as Triton's `tl.where(random > p, x / (1 - p), 0.0)`).
    `seed` is a signless integer of 1 to 64 bits and `offset` an `i32` or
    `i64` (see `rng.rand`); `rounds` is in `[1, 16]` (default 10, not
    printed).
  }], Rng_DropoutDoc, [{

    The op folds to a constant when every operand is a constant of static
    shape. Lowered by `convert-rng-to-arith` (and `convert-rng-to-nvvm`,
    with its `mul.hi.u32` Philox products) through the IR builders of
    `rng.rand`, then `arith.cmpf ogt`, `arith.divf` and `arith.select`.

    Example:

    ```mlir
    %y = rng.dropout %x, %p, %seed, %offsets
        : vector<1024xf32>, f32, i32, vector<1024xi32>
    ```
  }]);

  let arguments = (ins Rng_FloatLike:$x, Rng_FloatLike:$p,
                       Rng_SeedLike:$seed,
                       Rng_OffsetLike:$offset,
                       Rng_RoundsAttr:$rounds);
  let results = (outs Rng_FloatLike:$result);
  let assemblyFormat = [{
    $x `,` $p `,` $seed `,` $offset (`rounds` $rounds^)? attr-dict `:`
    type($x) `,` type($p) `,` type($seed) `,` type($offset)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// SplitMix64Op
//===----------------------------------------------------------------------===//

def Rng_SplitMix64Op : Rng_HashOp<"splitmix64", [
    AllTypesMatch<["x", "result"]>]> {
  let summary = "SplitMix64 output for a 64-bit state, for seed derivation";
  let description = [{
    Returns SplitMix64's output for the state `x` (SPEC §7), with wrapping
    64-bit arithmetic and logical right shifts:

    ```
    z = x + 0x9E3779B97F4A7C15
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    result = z ^ (z >> 31)
    ```

    Known value: `x = 0` gives `0xE220A8397B1DCDAF` (the first output of
    SplitMix64 seeded with 0). Tech-Renaissance derives per-rank seeds as
    `splitmix64(global_seed + rank)`; its per-worker seeds are
    `global_seed ^ (worker << 32)` (plain `arith`).

    Types: `x` and the result are of one type: `i64`, or a vector (fixed or
    scalable) or ranked tensor (static or dynamic sizes) of `i64`. The op is
    pure, elementwise and folds to a constant when `x` is a constant.
    Lowered by `convert-rng-to-arith` (and `convert-rng-to-nvvm`) to 64-bit
    `arith` ops.

    Example:

    ```mlir
    %rank_seed = rng.splitmix64 %seed_plus_rank : i64
    ```
  }];

  let arguments = (ins Rng_I64Like:$x);
  let results = (outs Rng_I64Like:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// TrDropoutSampleOp
//===----------------------------------------------------------------------===//

def Rng_TrDropoutSampleOp : Rng_HashOp<"tr_dropout_sample", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Uniform f32 in [0, 1] of Tech-Renaissance's dropout kernel";
  let description = [{
    Returns the sampler of Tech-Renaissance's dropout kernel (SPEC §7; the
    kernel calls it "Philox 2x64 simplified", but it is not Random123's
    Philox2x64). All arithmetic is on 64-bit words and wraps modulo 2^64;
    `M = 0xD2B74407B1CE6E93`:

    ```
    counter = seed_lo + offset
    key0    = seed_hi
    key1    = seed_lo ^ 0x9E3779B97F4A7C15
    ten times:
      (hi, lo) = M * counter          // full 64x64 -> 128-bit product
      counter  = hi ^ key0 ^ key1
      key0     = lo
      key1     = lo ^ key1
    result = f32(counter >> 32) * 2^-32
    ```

    The conversion of the high 32 bits of the counter to `f32` rounds to
    nearest, ties to even, and the multiply by `2^-32` is exact. So the
    result is a multiple of `2^-32` in `[0, 1]`: the high words
    `0xFFFFFF80` to `0xFFFFFFFF` round up to `2^32` and give exactly `1.0`
    (probability `2^-25`); under the keep rule `u >= p`, even `p = 1.0`
    keeps those elements.

    How a 64-bit seed becomes `seed_lo` and `seed_hi`, and the keep rule,
    are the caller's: Tech-Renaissance does not pin them. SPEC §7's examples
    (and `examples/tech_renaissance.mlir`) use `seed_lo = lo32(seed)` and
    `seed_hi = hi32(seed)`, zero-extended, and keep an element where
    `u >= p`. Known value: zero seeds and offset 0 give `0x3D64CCA1`
    (0.0558592118).

    Types: `seed_lo`, `seed_hi` and `offset` are `i64`, or vectors (fixed
    or scalable) or ranked tensors (static or dynamic sizes) of `i64`; other
    widths are rejected. The result has the offset's shape with `f32`
    elements; each seed is a scalar (one seed for every element) or of the
    offset's type.

    The op is pure and elementwise, and folds to a constant when every
    operand is a constant of static shape (a splat, or at most 65536
    elements). Lowered by `convert-rng-to-arith` (and
    `convert-rng-to-nvvm`, and so by the `rng-to-llvm`, `rng-to-nvvm` and
    `rng-to-rocdl` pipelines) to 64-bit `arith` ops: on scalars the
    128-bit product is `arith.mului_extended` on `i64`; on vectors (fixed
    or scalable) it is assembled from four 32x32 -> 64-bit products of the
    words' halves. Then `arith.shrui`, `arith.trunci`, `arith.uitofp` and
    one exact `arith.mulf`.

    Example (per-rank masks: `%lo`, `%hi` from a rank's seed):

    ```mlir
    %u = rng.tr_dropout_sample %lo, %hi, %offsets : i64, i64, vector<256xi64>
    ```
  }];

  let arguments = (ins Rng_I64Like:$seed_lo, Rng_I64Like:$seed_hi,
                       Rng_I64Like:$offset);
  let results = (outs Rng_FloatLike:$result);
  let assemblyFormat = [{
    $seed_lo `,` $seed_hi `,` $offset attr-dict `:` type($seed_lo) `,`
    type($seed_hi) `,` type($offset)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // RNG_DIALECT_RNG_IR_RNGHASHOPS_TD
