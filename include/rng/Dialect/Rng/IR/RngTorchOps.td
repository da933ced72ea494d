//===- RngTorchOps.td - cuRAND's device API and PyTorch ----*- tablegen -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// cuRAND's device API for Philox4_32_10 as a pure function of the
// generator's position, and PyTorch's eager CUDA random numbers on top of it
// (SPEC §9). Included at the end of RngOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_RNG_IR_RNGTORCHOPS_TD
#define RNG_DIALECT_RNG_IR_RNGTORCHOPS_TD

//===----------------------------------------------------------------------===//
// Types and attributes
//===----------------------------------------------------------------------===//

def Rng_TorchFloatLike
    : RngMLIR_ElementwiseLike<[F16, BF16, F32, F64], "f16, bf16, f32 or f64">;
def Rng_F32OrF64Like : RngMLIR_ElementwiseLike<[F32, F64], "f32 or f64">;
def Rng_F64Like : RngMLIR_ElementwiseLike<[F64], "f64">;
def Rng_BoolLike : RngMLIR_ElementwiseLike<[I1], "i1">;

//===----------------------------------------------------------------------===//
// cuRAND (SPEC §9.1)
//===----------------------------------------------------------------------===//

defvar Rng_CurandPositionDoc = [{

    Positions (SPEC §9.1): `seed`, `subsequence` and `position` are unsigned
    64-bit values. `curand_init(seed, subsequence, position, &state)` puts a
    `curandStatePhilox4_32_10_t` at `position`; `curand()` returns the word
    there and advances by one. The word at position `p` is

    ```
    q = floor(p / 4)                                  // 64-bit
    W = philox_4x32(lo32(q), hi32(q), lo32(subsequence), hi32(subsequence),
                    key lo32(seed), hi32(seed))      // 10 rounds
    Word(p) = W[p mod 4]
    ```

    An op that reads the words at `p .. p + 3` reads block `q` and, when
    `p mod 4 != 0`, block `q + 1` (there is no carry into the subsequence:
    `q + 1 < 2^62`). `u(x) = fma(f32(x), 2^-32, 2^-33)` is cuRAND's uniform
    of a word (`f32(x)` rounded to nearest even, one rounding for the fma):
    in `(0, 1]`, exactly 1.0 for `x >= 2^32 - 128`.
}];

defvar Rng_CurandTypesDoc = [{

    Types: the op is elementwise (`ElementwiseMappable`). Each operand is
    `i64`, or a vector (fixed or scalable) or ranked tensor (static or
    dynamic sizes) of `i64`; the shaped operands share one shape, which the
    results take (a scalar seed or subsequence beside shaped positions
    serves every element). The results are inferred.

    Ops that read the same `seed`, `subsequence` and `position` values
    compute Philox once after `cse` (the lowering builds identical pure IR
    for them).
}];

class Rng_CurandOp<string mnemonic, list<Trait> traits = []>
    : Rng_Op<mnemonic, !listconcat([Pure, ElementwiseMappable,
        DeclareOpInterfaceMethods<InferTypeOpInterface>], traits)> {
  let arguments = (ins Rng_I64Like:$seed, Rng_I64Like:$subsequence,
                       Rng_I64Like:$position);
  let assemblyFormat = [{
    $seed `,` $subsequence `,` $position attr-dict `:` type($seed) `,`
    type($subsequence) `,` type($position)
  }];
  let hasVerifier = 1;
}

def Rng_CurandOp : Rng_CurandOp<"curand"> {
  let summary = "The Philox4_32_10 word at a position (cuRAND's curand())";
  let description = !strconcat([{
    Returns `Word(position)` of subsequence `subsequence` under `seed`: what
    `curand(&state)` returns after
    `curand_init(seed, subsequence, position, &state)`.
  }], Rng_CurandPositionDoc, Rng_CurandTypesDoc, [{

    The op folds to constants when every operand is a constant. Lowered by
    `convert-rng-to-arith` (and `convert-rng-to-nvvm`) to one Philox block
    (`rng.philox_4x32`'s rounds) and a select of its word.

    Example:

    ```mlir
    %w = rng.curand %seed, %subsequence, %position : i64, i64, i64
    ```
  }]);
  let results = (outs Rng_WordLike:$result);
  let hasFolder = 1;
}

def Rng_Curand4Op : Rng_CurandOp<"curand4"> {
  let summary = "The four words at position .. +3 (cuRAND's curand4())";
  let description = !strconcat([{
    Returns `Word(p), Word(p + 1), Word(p + 2), Word(p + 3)` for
    `p = position`: what `curand4(&state)` returns after
    `curand_init(seed, subsequence, position, &state)`, whatever `p mod 4`
    is (one Philox block when `p mod 4 = 0`, two otherwise).
  }], Rng_CurandPositionDoc, Rng_CurandTypesDoc, [{

    The op folds to constants when every operand is a constant. Lowered by
    `convert-rng-to-arith` (and `convert-rng-to-nvvm`) to the blocks `q`
    and `q + 1` and selects on `p mod 4`.

    Example:

    ```mlir
    %w:4 = rng.curand4 %seed, %t, %p : i64, vector<4xi64>, vector<4xi64>
    ```
  }]);
  let results = (outs Rng_WordLike:$x, Rng_WordLike:$y, Rng_WordLike:$z,
                      Rng_WordLike:$w);
  let hasFolder = 1;
}

def Rng_CurandUniformOp : Rng_CurandOp<"curand_uniform"> {
  let summary = "A float in (0, 1] (cuRAND's curand_uniform())";
  let description = !strconcat([{
    Returns `u(Word(position))`, what `curand_uniform(&state)` returns after
    `curand_init(seed, subsequence, position, &state)`: exact, the same bits
    on every target.
  }], Rng_CurandPositionDoc, Rng_CurandTypesDoc, [{

    The op folds to constants when every operand is a constant. Lowered to
    `rng.curand`'s words, `arith.uitofp`, a multiply by 2^-32 (exact) and
    an add: the one rounding of the fma.

    Example:

    ```mlir
    %u = rng.curand_uniform %seed, %t, %p : i64, i64, tensor<?xi64>
    ```
  }]);
  let results = (outs Rng_FloatLike:$result);
  let hasFolder = 1;
}

defvar Rng_CurandNormalFloatDoc = [{

    cuRAND's float Box-Muller of the words `x = Word(p)`, `y = Word(p + 1)`:

    ```
    a = u(x)
    v = fma(f32(y), C, C / 2)        // C = 2^-32 * 6.2831855f, exact
    s = sqrt(-2 * log(a))            // the product exact, sqrt correctly rounded
    (sin(v) * s, cos(v) * s)         // each product rounded once
    ```

    Accuracy: on NVIDIA targets (`convert-rng-to-nvvm`) `log` is libdevice's
    `logf` and `sin`/`cos` are PTX's `sin.approx.f32`/`cos.approx.f32`
    (cuRAND's `__sincosf`), and `sqrt` is `sqrt.rn.f32`: bit-exact with
    cuRAND and PyTorch. Every other target uses its accurate `math.log`,
    `math.sin`, `math.cos` and `math.sqrt` (cuRAND's host formula); each
    result is then within `2^-20 * s` of the NVIDIA value (SPEC §9.1), so
    these ops do not fold.
}];

def Rng_CurandNormal2Op : Rng_CurandOp<"curand_normal2"> {
  let summary = "A float Box-Muller pair at a position (cuRAND's curand_normal2())";
  let description = !strconcat([{
    Returns the pair that `curand_normal2(&state)` returns after
    `curand_init(seed, subsequence, position, &state)`. `curand_normal4` is
    this op at `p` and at `p + 2`; `curand_normal` returns the first
    result (and caches the second).
  }], Rng_CurandPositionDoc, Rng_CurandNormalFloatDoc, Rng_CurandTypesDoc, [{

    Example:

    ```mlir
    %n:2 = rng.curand_normal2 %seed, %t, %p : i64, i64, i64
    ```
  }]);
  let results = (outs Rng_FloatLike:$x, Rng_FloatLike:$y);
}

defvar Rng_CurandDoubleDoc = [{

    The double uniform of two words is
    `hq(x, y) = z * 2^-53 + 2^-54` (one rounding) with
    `z = x ^ (y << 21)` as an unsigned 64-bit value: in `(0, 1)`.
}];

def Rng_CurandUniformDoubleOp : Rng_CurandOp<"curand_uniform_double"> {
  let summary = "A double of one word (cuRAND's curand_uniform_double())";
  let description = !strconcat([{
    Returns `Word(position) * 2^-32 + 2^-32` (exact, in `(0, 1]`), what
    `curand_uniform_double(&state)` returns for Philox after
    `curand_init(seed, subsequence, position, &state)`.
  }], Rng_CurandPositionDoc, Rng_CurandTypesDoc, [{

    The op folds to constants when every operand is a constant.

    Example:

    ```mlir
    %d = rng.curand_uniform_double %seed, %t, %p : i64, i64, i64
    ```
  }]);
  let results = (outs Rng_F64Like:$result);
  let hasFolder = 1;
}

def Rng_CurandUniform2DoubleOp : Rng_CurandOp<"curand_uniform2_double"> {
  let summary = "Two doubles of four words (cuRAND's curand_uniform2_double())";
  let description = !strconcat([{
    Returns `hq(Word(p), Word(p + 1))` and `hq(Word(p + 2), Word(p + 3))`
    for `p = position`, what `curand_uniform2_double(&state)` returns after
    `curand_init(seed, subsequence, position, &state)`.
  }], Rng_CurandPositionDoc, Rng_CurandDoubleDoc, Rng_CurandTypesDoc, [{

    The op folds to constants when every operand is a constant.

    Example:

    ```mlir
    %d:2 = rng.curand_uniform2_double %seed, %t, %p : i64, i64, i64
    ```
  }]);
  let results = (outs Rng_F64Like:$x, Rng_F64Like:$y);
  let hasFolder = 1;
}

def Rng_CurandNormal2DoubleOp : Rng_CurandOp<"curand_normal2_double"> {
  let summary = "A double Box-Muller pair of four words (cuRAND's curand_normal2_double())";
  let description = !strconcat([{
    Returns the pair that `curand_normal2_double(&state)` returns after
    `curand_init(seed, subsequence, position, &state)`: cuRAND's double
    Box-Muller of the words `w0 .. w3` at `p .. p + 3`:

    ```
    a = hq(w0, w1)
    v = z' * 2^-52 + 2^-53            // z' = w2 ^ (w3 << 21), one rounding
    s = sqrt(-2 * log(a))
    (sinpi(v) * s, cospi(v) * s)
    ```

    Accuracy: on NVIDIA targets `log` and `sincospi` are libdevice's
    (`__nv_log`, `__nv_sinpi`, `__nv_cospi`) and `sqrt` is `sqrt.rn.f64`:
    bit-exact with cuRAND and PyTorch. Every other target uses its accurate
    `math.log` and `math.sqrt` and the project's `sinpi`/`cospi` (an exact
    reduction to a quarter turn, then `math.sin`/`math.cos` of a
    double-double product with pi), within 3 ulp of the NVIDIA value (SPEC
    §9.1 says 2; measured: 3 ulp in 31 of 2^21 values). The op does not
    fold.
  }], Rng_CurandPositionDoc, Rng_CurandDoubleDoc, Rng_CurandTypesDoc, [{

    Example:

    ```mlir
    %n:2 = rng.curand_normal2_double %seed, %t, %p : i64, i64, i64
    ```
  }]);
  let results = (outs Rng_F64Like:$x, Rng_F64Like:$y);
}

//===----------------------------------------------------------------------===//
// PyTorch (SPEC §9.2)
//===----------------------------------------------------------------------===//

defvar Rng_TorchLayoutDoc = [{

    PyTorch's generator state is `(seed, offset)`: `offset` a multiple of 4
    that each call advances (`rng.torch_offset_increment`). A call on `n`
    elements launches `S = threads` threads (`rng.torch_threads`). Element
    `e` (`index`, the row-major index, `0 <= e < n`) is drawn by thread
    `t = e mod S` (the cuRAND subsequence) in iteration
    `k = floor(e / (S * U))` from component `ii = floor(e / S) mod U` of
    that iteration's draw, which reads the cuRAND words (`rng.curand4`) at
    positions `offset + 4k .. offset + 4k + 3` of subsequence `t` (wrapping
    at 2^64). The quotients are exact integers (`S * U` of 2^64 or more
    gives `k = 0`). `U = 4` (the four floats of `curand_uniform4` or
    `curand_normal4`, or the four words) or `U = 2` (the two doubles of
    `curand_uniform2_double` or `curand_normal2_double`, or the two 64-bit
    values `w0 * 2^32 + w1` and `w2 * 2^32 + w3`).

    Operands that PyTorch never produces: a `threads` or `offset` that is a
    constant is checked by the verifier (`threads` a multiple of 256,
    `offset` a multiple of 4). A `threads` of 0 (what `rng.torch_threads`
    gives for no elements, so constant or not) is read as 1, and at run
    time an `offset` whose low two bits are set as `4 * floor(offset / 4)`
    (the low bits are ignored); any other value follows the rule above. A
    pass that folds a computed operand into such a constant (`canonicalize`,
    `sccp`, `inline`) makes the verifier report it, unless the op itself
    folds first (its other operands constant too; the fold follows the
    run-time rule): the value is one PyTorch never produces either way.
}];

defvar Rng_TorchTypesDoc = [{

    Types: the op is elementwise (`ElementwiseMappable`). `seed`, `offset`,
    `threads` and `index` are `i64`, or vectors (fixed or scalable) or
    ranked tensors (static or dynamic sizes) of `i64`; every shaped operand
    and result shares one shape, and scalars may stand beside shaped
    operands (typically every operand but `index` is a scalar). The custom
    form spells every type: `: (operand types) -> result types`. Every
    result type but `rng.torch_normal`'s follows from the operands (the
    result's element type and the first shaped operand's shape), and
    builders infer it.
}];

class Rng_TorchOp<string mnemonic, list<Trait> traits = []>
    : Rng_Op<mnemonic, !listconcat([Pure, ElementwiseMappable], traits)> {
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def Rng_TorchUniformOp : Rng_TorchOp<"torch_uniform",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "PyTorch's uniform_(from, to) and rand on CUDA";
  let description = !strconcat([{
    Returns element `index` of PyTorch's `tensor.uniform_(from, to)` on CUDA
    (`torch.rand` is `uniform_(0, 1)`), bit for bit on every target.
  }], Rng_TorchLayoutDoc, [{

    With `T` the result's element type (`f16`, `bf16`, `f32` or `f64`) and
    `acc` = `f64` for `T = f64`, else `f32`: `U = 2` for `f64`, else 4; `r`
    is the component: `u` of `curand_uniform4` (`rng.curand_uniform`'s
    formula), or `hq` of `curand_uniform2_double` for `f64`;

    ```
    range  = acc(T(to - from))          // the subtraction in T
    value  = T(fma(r, range, acc(from))) // one rounding to acc, then to T
    result = value == to ? from : value
    ```

    `from` and `to` have the type `T` (scalars or the result's shape). The
    op folds to constants when every operand is a constant.
  }], Rng_TorchTypesDoc, [{

    Example (`torch.rand(n)` on an H200 at the generator's offset):

    ```mlir
    %u = rng.torch_uniform %seed, %offset, %threads, %index, %zero, %one
        : (i64, i64, i64, tensor<?xi64>, f32, f32) -> tensor<?xf32>
    ```
  }]);
  let arguments = (ins Rng_I64Like:$seed, Rng_I64Like:$offset,
                       Rng_I64Like:$threads, Rng_I64Like:$index,
                       Rng_TorchFloatLike:$from, Rng_TorchFloatLike:$to);
  let results = (outs Rng_TorchFloatLike:$result);
  let hasFolder = 1;
}

def Rng_TorchNormalOp : Rng_TorchOp<"torch_normal"> {
  let summary = "PyTorch's normal_(mean, std) and randn on CUDA";
  let description = !strconcat([{
    Returns element `index` of PyTorch's `tensor.normal_(mean, std)` on CUDA
    (`torch.randn` is `normal_(0, 1)`).
  }], Rng_TorchLayoutDoc, [{

    `U = 2` for `f64`, else 4. The component `n` is the Box-Muller value of
    the iteration's draw: for `ii` even the sin value, for `ii` odd the cos
    value, of the pair `(w0, w1)` for `ii < 2` and `(w2, w3)` otherwise
    (`rng.curand_normal2`'s formula); for `f64` the pair of
    `curand_normal2_double` (`rng.curand_normal2_double`'s formula). Then

    ```
    result = T(fma(n, std, mean))      // in acc, one rounding, then to T
    ```

    `mean` and `std` have the type `acc` (`f64` for `f64` results, else
    `f32`). Bit-exact with PyTorch on NVIDIA targets (`convert-rng-to-nvvm`:
    cuRAND's device primitives); elsewhere within the bounds of
    `rng.curand_normal2` and `rng.curand_normal2_double` scaled by `std`.
    The op does not fold.
  }], Rng_TorchTypesDoc, [{

    Example:

    ```mlir
    %n = rng.torch_normal %seed, %offset, %threads, %index, %mean, %std
        : (i64, i64, i64, vector<4xi64>, f32, f32) -> vector<4xbf16>
    ```
  }]);
  let arguments = (ins Rng_I64Like:$seed, Rng_I64Like:$offset,
                       Rng_I64Like:$threads, Rng_I64Like:$index,
                       Rng_F32OrF64Like:$mean, Rng_F32OrF64Like:$std);
  let results = (outs Rng_TorchFloatLike:$result);
}

def Rng_TorchBernoulliOp : Rng_TorchOp<"torch_bernoulli",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "PyTorch's bernoulli_(p) with a scalar p on CUDA";
  let description = !strconcat([{
    Returns element `index` of PyTorch's `tensor.bernoulli_(p)` (a float
    `p`) on CUDA, as `i1`: the caller converts it to the tensor's dtype.
  }], Rng_TorchLayoutDoc, [{

    With an `f32` `p`: `U = 4` and the result is `u < p` (`u` of
    `curand_uniform4`); with an `f64` `p` (PyTorch's `f64` tensors):
    `U = 2` and the result is `hq < p` (`curand_uniform2_double`). Exact on
    every target; the op folds to constants when every operand is a
    constant.
  }], Rng_TorchTypesDoc, [{

    Example:

    ```mlir
    %b = rng.torch_bernoulli %seed, %offset, %threads, %index, %p
        : (i64, i64, i64, i64, f32) -> i1
    ```
  }]);
  let arguments = (ins Rng_I64Like:$seed, Rng_I64Like:$offset,
                       Rng_I64Like:$threads, Rng_I64Like:$index,
                       Rng_F32OrF64Like:$p);
  let results = (outs Rng_BoolLike:$result);
  let hasFolder = 1;
}

def Rng_TorchRandomOp : Rng_TorchOp<"torch_random",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "PyTorch's random_(from, to), random_() and randint on CUDA";
  let description = !strconcat([{
    Returns element `index` of PyTorch's `tensor.random_(from, to)` (and
    `torch.randint`) on CUDA, as the `i64` that PyTorch converts to the
    tensor's dtype.
  }], Rng_TorchLayoutDoc, [{

    Without `wide`: `U = 4` and `v` is the component's 32-bit word; with
    `wide`: `U = 2` and `v` is the component's 64-bit value. The result is
    `from + (v mod range)` in wrapping 64-bit arithmetic (`range` unsigned).
    A `range` of 0 stands for 2^64 (`random_()` of an `int64` tensor over
    its full range: `from = -2^63`): the result is then `v` itself, as
    PyTorch's full-range kernel gives (SPEC §9.2 does not cover it).

    PyTorch takes `wide` iff `range >= 2^28` for `random_(from, to)` and
    `randint` (any dtype), and for `random_()` without bounds iff the dtype
    is `f64` or `i64` (then `range = 2^63` for `i64`, `2^31` for `i32`,
    `2^digits + 1` for floating types). Converting the `i64` to the
    tensor's dtype and moving a floating `to` inward are the caller's, as in
    PyTorch. Exact on every target; the op folds to constants when every
    operand is a constant.
  }], Rng_TorchTypesDoc, [{

    Example (`torch.randint(0, 10, (n,))`):

    ```mlir
    %r = rng.torch_random %seed, %offset, %threads, %index, %from, %range
        : (i64, i64, i64, tensor<?xi64>, i64, i64) -> tensor<?xi64>
    %w = rng.torch_random %seed, %offset, %threads, %index, %from, %range
        {wide} : (i64, i64, i64, i64, i64, i64) -> i64
    ```
  }]);
  let arguments = (ins Rng_I64Like:$seed, Rng_I64Like:$offset,
                       Rng_I64Like:$threads, Rng_I64Like:$index,
                       Rng_I64Like:$from, Rng_I64Like:$range,
                       UnitAttr:$wide);
  let results = (outs Rng_I64Like:$result);
  let hasFolder = 1;
}

def Rng_TorchDropoutOp : Rng_TorchOp<"torch_dropout",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "PyTorch's native_dropout in training mode on CUDA";
  let description = [{
    Returns element `index` of the output and the mask of PyTorch's
    `native_dropout(x, p, train=True)` on CUDA (`torch.nn.functional.dropout`
    in training mode), for an input element `x` and the drop probability
    `p` (`f64`).

    With `T` the element type of `x` and of the first result (`f16`,
    `bf16`, `f32` or `f64`) and `acc` = `f64` for `T = f64`, else `f32`:

    ```
    pa    = acc(1 - p)                  // the subtraction in f64
    scale = acc(1 / f64(pa))
    keep  = u < pa                      // u promoted to f64 for f64
    value = T(x * acc(keep) * scale)    // left to right, in acc
    ```

    so dropped negative inputs give -0.0 and NaN stays NaN (`p = 0` still
    drops where `u = 1.0`). `p = 1` (`pa = 0`) is PyTorch's shortcut:
    every value is +0.0 and every mask bit false. `u` is the `f32` uniform
    of `curand_uniform4` (`rng.curand_uniform`'s formula).

    `vec` is PyTorch's vector width (1, 2, 4 or 8; the caller's choice, as
    PyTorch makes it: 1 for non-dense tensors, else the widest of 8/4/2
    that the data pointer's alignment allows, at most 16 bytes, halved
    until it divides the element count). With `vec = 1`, `index` is the
    row-major index and the layout is the one below with `U = 4`. With
    `vec > 1`, `index` is the memory index `e`: iteration
    `it = floor(e / (vec * S))`, thread `t = floor((e mod (vec * S)) / vec)`,
    `j = e mod vec` (exact integers: where `vec * S` reaches 2^64, for `S`
    of at least 2^64 / vec, which no GPU launches, `it` is 0 and
    `t = floor(e / vec)` for every `e`); `u` is component `j mod 4` of the `curand_uniform4`
    call number `it * ceil(vec / 4) + floor(j / 4)` of thread `t`, which
    reads positions `offset + 4 * call ..`: `vec = 2` uses the first two
    components of a fresh call per iteration, and `vec = 8` two calls per
    iteration while PyTorch advances the offset as for `U = 4`, so that
    consecutive calls share blocks (reproduced).
  }] # Rng_TorchLayoutDoc # [{

    Exact on every target. The op folds to constants when every operand is
    a constant. A constant `p` must lie in `[0, 1]` (PyTorch's check).
  }] # Rng_TorchTypesDoc # [{

    Example (`F.dropout(x, 0.1)` on a 16-byte aligned dense f32 tensor):

    ```mlir
    %y, %keep = rng.torch_dropout %x, %p, %seed, %offset, %threads, %index
        {vec = 4 : i32}
        : (vector<4xf32>, f64, i64, i64, i64, vector<4xi64>)
        -> (vector<4xf32>, vector<4xi1>)
    ```
  }];
  let arguments = (ins Rng_TorchFloatLike:$x, Rng_F64Like:$p,
                       Rng_I64Like:$seed, Rng_I64Like:$offset,
                       Rng_I64Like:$threads, Rng_I64Like:$index,
                       DefaultValuedAttr<I32Attr, "1">:$vec);
  let results = (outs Rng_TorchFloatLike:$result, Rng_BoolLike:$keep);
  let hasFolder = 1;
}

def Rng_TorchThreadsOp : Rng_Op<"torch_threads", [Pure, ElementwiseMappable,
    AllTypesMatch<["n", "result"]>]> {
  let summary = "The thread count S of a PyTorch CUDA random call";
  let description = [{
    Returns the number of threads `S` that PyTorch launches for a random
    call on `n` elements (SPEC §9.2):

    ```
    S = 256 * min(ceil(n / 256), multiprocessors * floor(tpm / 256))
    ```

    with `multiprocessors` the device's multiprocessor count and `tpm`
    (`threads_per_multiprocessor`) its maximum resident threads per
    multiprocessor (H200 and H100: 132 and 2048, so `S <= 270336`). `n` is
    read as unsigned; `n = 0` gives 0 (PyTorch launches nothing). Both
    attributes must be positive and at most 2^24, and `tpm` at least 256. The op folds on a
    constant `n`.

    Types: `n` and the result are `i64`, or one vector or ranked tensor
    type of `i64` (elementwise).

    Example:

    ```mlir
    %S = rng.torch_threads %n {multiprocessors = 132,
                               threads_per_multiprocessor = 2048} : i64
    ```
  }];
  let arguments = (ins Rng_I64Like:$n, I64Attr:$multiprocessors,
                       I64Attr:$threads_per_multiprocessor);
  let results = (outs Rng_I64Like:$result);
  let assemblyFormat = "$n attr-dict `:` type($n)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Rng_TorchOffsetIncrementOp : Rng_Op<"torch_offset_increment", [Pure,
    ElementwiseMappable, AllTypesMatch<["n", "threads", "result"]>]> {
  let summary = "How far a PyTorch CUDA random call advances the offset";
  let description = [{
    Returns the amount by which a PyTorch random call on `n` elements with
    `threads` threads advances the generator's offset (SPEC §9.2):

    ```
    increment = (floor((n - 1) / (threads * unroll)) + 1) * 4
    ```

    `unroll` is the call's `U`: 4 (the f32/f16/bf16 samplers, `random_`
    without `wide`, and dropout in every vector width) or 2 (`f64` samplers
    and `random_` with `wide`). Unsigned integers, the quotient exact (also
    where `threads * unroll` reaches 2^64, for `threads` of at least
    2^64 / unroll, which no GPU launches: then it is 0), the product by 4 wrapping at 2^64
    as offsets do; `n = 0` gives 0 (PyTorch returns before launching,
    leaving the offset), and a `threads` of 0 is read as 1. The op folds on
    constants.

    Types: `n`, `threads` and the result are `i64`, or one vector or ranked
    tensor type of `i64` (elementwise).

    Example:

    ```mlir
    %inc = rng.torch_offset_increment %n, %S {unroll = 4 : i32} : i64
    ```
  }];
  let arguments = (ins Rng_I64Like:$n, Rng_I64Like:$threads, I32Attr:$unroll);
  let results = (outs Rng_I64Like:$result);
  let assemblyFormat = "$n `,` $threads attr-dict `:` type($n)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // RNG_DIALECT_RNG_IR_RNGTORCHOPS_TD
