//===- RoundOps.td - round dialect operations --------------*- tablegen -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_ROUND_IR_ROUNDOPS_TD
#define RNG_DIALECT_ROUND_IR_ROUNDOPS_TD

include "rng/Dialect/Common/ElementwiseTypes.td"
include "rng/Dialect/Round/IR/RoundDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/VectorInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

// Operand types: RngMLIR_ElementwiseLike (rng/Dialect/Common).

// The value to round.
def Round_F32Like : RngMLIR_ElementwiseLike<[F32], "f32">;

// The random bits: a signless integer of any width W >= 1 (K = min(W, D(T))
// of them are used; i0 would give K = 0, no stochastic rounding at all).
def Round_RandomBitsInteger : Type<
  CPred<"::llvm::isa<::mlir::IntegerType>($_self) && "
        "::llvm::cast<::mlir::IntegerType>($_self).isSignless() && "
        "::llvm::cast<::mlir::IntegerType>($_self).getWidth() >= 1">,
  "signless integer of at least 1 bit", "::mlir::IntegerType">;

def Round_RandomBitsLike : RngMLIR_ElementwiseLike<[Round_RandomBitsInteger],
    "signless integer of at least 1 bit">;

// The formats stochastic rounding can produce (SPEC section 3).
def Round_TargetFloat : AnyTypeOf<
    [BF16, F16, F8E4M3FN, F8E5M2, F8E4M3FNUZ, F8E5M2FNUZ, F4E2M1FN, F6E2M3FN,
     F6E3M2FN],
    "bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN "
    "or f6E3M2FN">;

def Round_TargetFloatLike
    : RngMLIR_ElementwiseLike<[Round_TargetFloat], Round_TargetFloat.summary>;

class Round_Op<string mnemonic, list<Trait> traits = []>
    : Op<Round_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// StochasticOp
//===----------------------------------------------------------------------===//

def Round_StochasticOp
    : Round_Op<"stochastic", [Pure, ElementwiseMappable]> {
  let summary = "Stochastic rounding of f32 to a 16-, 8-, 6- or 4-bit float format";
  let description = [{
    Rounds `x` to the result's float type `T`, up (away from zero) or down
    (toward zero), using the random bits `rbits`: the probability of
    rounding up is the discarded fraction of `x`, to `K` bits of precision.
    The op is elementwise; `x`, `rbits` and the result have one shape.

    **Random bits.** Let `D(T)` be the number of `f32` mantissa bits that `T`
    discards for a normal result and `W` the width of `rbits`. The op uses
    `K = min(W, D(T))` random bits: the low `K` bits of `rbits` (call them
    `r`, an unsigned integer in `[0, 2^K)`); higher bits of `rbits` are
    ignored.

    | T            | D(T) | K for i8 | K for i16 | K for i32, i64 | largest finite       | ±Inf | NaN            |
    |--------------|-----:|---------:|----------:|---------------:|----------------------|------|----------------|
    | `bf16`       |   16 |        8 |        16 |             16 | 0x7F7F (≈ 3.39e38)   | yes  | 0x7FC0         |
    | `f16`        |   13 |        8 |        13 |             13 | 0x7BFF (65504)       | yes  | 0x7E00         |
    | `f8E4M3FN`   |   20 |        8 |        16 |             20 | 0x7E (448)           | no   | 0x7F           |
    | `f8E5M2`     |   21 |        8 |        16 |             21 | 0x7B (57344)         | yes  | 0x7E           |
    | `f8E4M3FNUZ` |   20 |        8 |        16 |             20 | 0x7F (240)           | no   | 0x80           |
    | `f8E5M2FNUZ` |   21 |        8 |        16 |             21 | 0x7F (57344)         | no   | 0x80           |
    | `f4E2M1FN`   |   22 |        8 |        16 |             22 | 0x7 (6.0)            | no   | none: 0x7      |
    | `f6E2M3FN`   |   20 |        8 |        16 |             20 | 0x1F (7.5)           | no   | none: 0x1F     |
    | `f6E3M2FN`   |   21 |        8 |        16 |             21 | 0x1F (28.0)          | no   | none: 0x1F     |

    (Any other width works the same way: `K = min(W, D(T))`. The NaN column
    is the NaN that `convert-round-to-arith` produces; the contract is only
    "a NaN of `T`". The OCP MX element formats `f4E2M1FN`, `f6E2M3FN` and
    `f6E3M2FN` have no NaN: there a NaN `x` gives `+` the largest finite
    value, the pattern in the column, as PTX `cvt.rs.satfinite` does.)

    **Rounding (non-NaN `x`).** Let `a = |x|` and let `q` be `a` truncated
    toward zero to `T`'s precision at `a`'s binade (to `T`'s subnormal
    spacing where `a` is below `T`'s smallest normal, also when `x` is an
    `f32` subnormal), and let `ulp` be the spacing of `T` at `q`. Take the
    discarded part `d = a - q` and its top `K` bits,
    `t = floor(d / ulp * 2^K)`. The result is `q + ulp` if `t + r >= 2^K`
    (a carry out of the `K`-bit field), else `q`, with the sign of `x`.
    In bits: the random bits are aligned with the top of the discarded
    field, also for subnormal results, whose discarded field is wider than
    `D(T)`; `q + ulp` may carry into the exponent (the largest subnormal
    rounds up to the smallest normal, `1.11...1 * 2^e` to `2^(e+1)`).

    So `x` rounds up with probability `t / 2^K`, and when the discarded
    field has at most `K` bits (`d / ulp * 2^K` is an integer) the rounding
    is unbiased: the mean of the results over all `2^K` values of `r` is
    exactly `x`.

    **Zeros.** `-0` and negative values that round to zero give `-0`,
    except in the FNUZ formats, which have no `-0`: a zero result is `+0`
    (0x00) there.

    **Specials and range.**

    * NaN `x` gives a NaN of `T` (payload and sign unspecified).
    * Without `saturate`: a result beyond `T`'s largest finite value becomes
      `±Inf` where `T` has infinities (`bf16`, `f16`, `f8E5M2`) and NaN
      where it has not (`f8E4M3FN` and the FNUZ formats); `±Inf` gives
      `±Inf`, or NaN where `T` has no infinities. A value between the
      largest finite value and the next step up may still round down to
      the largest finite value.
    * With `saturate`: such a result, and `±Inf`, become `±` the largest
      finite value of `T`.
    * `f4E2M1FN`, `f6E2M3FN` and `f6E3M2FN` have neither Inf nor NaN, so
      the op requires `saturate` for them (the verifier says so): overflow
      and `±Inf` give `±6.0`, `±7.5` and `±28.0`, NaN gives `+6.0`, `+7.5`
      and `+28.0`, and `-0` stays `-0`.

    **Amortizing the random bits.** One Philox block gives 128 random bits,
    enough for eight `bf16` roundings (`K = 16`): bitcast the four `i32`
    words of one `rng.randint4x` (or `rng.philox_4x32`) to `vector<8xi16>`
    and round a `vector<8xf32>`. On little-endian targets lane `2i` gets the
    low half of word `i` and lane `2i + 1` its high half.

    ```mlir
    // One value, 16 random bits, non-saturating.
    %y = round.stochastic %x, %rbits : f32, i16 -> bf16
    // Four values to saturating OCP E4M3 with 20 of the 32 random bits each.
    %z = round.stochastic %xs, %rs saturate
        : vector<4xf32>, vector<4xi32> -> vector<4xf8E4M3FN>
    // MXFP4 elements: saturate is required (E2M1 has no Inf and no NaN).
    %f = round.stochastic %xs, %rs saturate
        : vector<4xf32>, vector<4xi32> -> vector<4xf4E2M1FN>

    // The amortized idiom: one Philox call per eight bf16 roundings.
    %w:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 : i32, i32
    %words = vector.from_elements %w#0, %w#1, %w#2, %w#3 : vector<4xi32>
    %bits = vector.bitcast %words : vector<4xi32> to vector<8xi16>
    %h = round.stochastic %v, %bits : vector<8xf32>, vector<8xi16> -> vector<8xbf16>
    ```

    Types: the op is elementwise (`ElementwiseMappable`): `x` is `f32`, a
    vector of `f32` (fixed or scalable, any rank) or a ranked tensor of
    `f32` (static or dynamic sizes); `rbits` is a signless integer of any
    width, or a vector/tensor of one, and the result a `T` or a
    vector/tensor of `T`, all of the same kind and shape as `x`.

    Lowered by `convert-round-to-arith` (integer `arith` on the `f32` bit
    pattern; any target) and by `convert-round-to-nvvm` /
    `convert-round-to-rocdl`. By default a target pass uses a hardware
    stochastic-rounding instruction only where the vendor's own text
    establishes how it uses its random bits and it computes exactly this
    function (after placing the `K` random bits where it reads them); the
    other instructions are opt-in, with the pass option
    `unverified-sr-instructions`, under a documented model, and their
    results then differ from the universal lowering and the CPU (each
    element still rounded stochastically):

    | pass and chip | `T` | instruction | used |
    |---|---|---|---|
    | `convert-round-to-nvvm`, sm_100a / sm_103a | `bf16`, `f16` | PTX `cvt.rs{.satfinite}.{bf16x2,f16x2}.f32` | by default |
    | `convert-round-to-nvvm`, sm_100a / sm_103a | `f8E4M3FN`, `f8E5M2`, `f6E2M3FN`, `f6E3M2FN`, `f4E2M1FN` | PTX `cvt.rs.satfinite.{e4m3x4,e5m2x4,e2m3x4,e3m2x4,e2m1x4}.f32` | opt-in, with `saturate` |
    | `convert-round-to-rocdl`, gfx950 | `bf16`, `f16`, `f8E4M3FN`, `f8E5M2` | `v_cvt_sr_{bf16,f16,fp8,bf8}_f32` | opt-in |
    | `convert-round-to-rocdl`, gfx942 | `f8E4M3FNUZ`, `f8E5M2FNUZ` | `v_cvt_sr_{fp8,bf8}_f32` | opt-in |

    (scalable vectors take the universal lowering; a ranked tensor becomes
    a `linalg.generic` over the scalar op, lowered as scalars).

    Where no instruction is used, `convert-round-to-nvvm` (every chip)
    lowers every `T` but `bf16` on scalars and fixed-size vectors with one
    PTX `fma.rz.f32` per element in place of the universal lowering's
    variable shifts: `c = max(|x|, RZ(|x| * 0.5 + N / 2))` (N the smallest
    normal of `T`), then `T`'s code is `(bits(c) + (r << (D - K)) -
    bits(N / 2)) >> D`, clamped or replaced by Inf/NaN above
    `T`'s range, with the sign and the NaN rule of the universal lowering.
    The result is the same bits (an IEEE round-toward-zero fma has no
    unspecified cases).

    **Folding.** With constant `x` and `rbits` the op folds to the constant
    the universal lowering computes, bit for bit (NaN as in the table);
    constants that are not splats fold up to 65536 elements, larger ones
    are left to the lowering.
  }];

  let arguments = (ins Round_F32Like:$x, Round_RandomBitsLike:$rbits,
                       UnitAttr:$saturate);
  let results = (outs Round_TargetFloatLike:$result);

  let assemblyFormat = [{
    $x `,` $rbits (`saturate` $saturate^)? attr-dict
    `:` type($x) `,` type($rbits) `->` type($result)
  }];

  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// ScalingStochasticOp
//===----------------------------------------------------------------------===//

// The block scale of round.scaling_stochastic: an E8M0 power of two.
def Round_ScaleLike : RngMLIR_ElementwiseLike<[F8E8M0FNU], "f8E8M0FNU">;

def Round_ScalingStochasticOp : Round_Op<"scaling_stochastic",
    [Pure, ElementwiseMappable]> {
  let summary = "Stochastic rounding of f32 divided by an E8M0 (MX) block scale";
  let description = [{
    Divides `x` by the power of two `scale` and rounds the quotient
    stochastically to the result's float type `T`:

        result = round.stochastic(x / f32(scale), rbits) {saturate}

    with the division done in `f32` (round to nearest even). `scale` is an
    `f8E8M0FNU`: the pattern `e` stands for `2^(e - 127)` for `e = 0..254`
    and for NaN for `e = 255`; a NaN `scale` acts like a NaN `x`. Dividing
    by a power of two is exact unless the quotient overflows `f32` (it is
    then `±Inf`) or falls below `f32`'s smallest normal (it is then rounded
    to `f32`'s subnormal grid). `T`, `K`, `saturate`, the random bits, the
    rounding rule and the special values are exactly those of
    `round.stochastic`; `f4E2M1FN`, `f6E2M3FN` and `f6E3M2FN` need
    `saturate`.

    This is upstream's `arith.scaling_truncf` with stochastic instead of
    round-to-nearest rounding: the element conversion of an OCP MX block
    quantizer. Computing the block scale (for instance `floor(log2(amax))`
    minus the largest exponent of `T` over a block of 32 elements) is up to
    the user and not part of the op.

    The op is elementwise-mappable: `x`, `scale`, `rbits` and the result
    are scalars, vectors (scalable ones too) or ranked tensors (dynamic
    sizes too) of one shape, and `scale` or `rbits` may be a scalar beside
    a shaped `x` (one scale for every element).

    ```mlir
    // One MXFP4 block of 32 elements with one scale and 32 bits of
    // randomness per element.
    %q = round.scaling_stochastic %x, %scale, %rbits saturate
        : vector<32xf32>, f8E8M0FNU, vector<32xi32> -> vector<32xf4E2M1FN>
    ```

    Lowered by `convert-round-to-arith` (and by the target passes, which use
    the same quotient): `x` is multiplied by `2^(127 - e)` in `f32` (a power
    of two, exact for every `e` from 0 to 254, so the product is the
    correctly rounded quotient), a NaN `scale` makes that factor NaN, and
    the product goes through the universal lowering of `round.stochastic`
    (through its `fma.rz` form in `convert-round-to-nvvm`, for every `T` but
    `bf16`: the same bits).
    Scalars and vectors (fixed and scalable) are lowered directly; ranked
    tensors through the dialect's elementwise tensor lowering.

    With constant `x`, `scale` and `rbits` the op folds to the constant the
    lowering computes, bit for bit, up to 65536 elements for constants that
    are not splats (as `round.stochastic`).

    Sharding (SPEC §10): as every elementwise op, but a split of the
    innermost dimension must leave whole MX blocks of 32 elements on every
    process (its local size a multiple of 32); other splits are refused
    with a diagnostic.
  }];

  let arguments = (ins Round_F32Like:$x, Round_ScaleLike:$scale,
                       Round_RandomBitsLike:$rbits, UnitAttr:$saturate);
  let results = (outs Round_TargetFloatLike:$result);

  let assemblyFormat = [{
    $x `,` $scale `,` $rbits (`saturate` $saturate^)? attr-dict
    `:` type($x) `,` type($scale) `,` type($rbits) `->` type($result)
  }];

  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // RNG_DIALECT_ROUND_IR_ROUNDOPS_TD
