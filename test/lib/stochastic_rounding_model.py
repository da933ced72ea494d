"""Independent model of stochastic rounding (SPEC section 3, round.stochastic).

Written from the specification alone, deliberately unlike the compiler's
lowering (which works on f32 bit fields): here a format T is nothing but the
set of values its encodings decode to.

* decode(): every bit pattern of T is decoded from the format's definition
  (sign, exponent field, mantissa; which patterns are Inf/NaN).
* The non-negative finite values of T, sorted, are the rounding grid. For a
  non-NaN x with a = |x|: q is the largest grid value <= a, ulp is the
  distance from q to the next grid value (past the largest finite value:
  the step its binade continues with), t = floor((a - q) / ulp * 2^K), and
  the result is q + ulp when t + r >= 2^K, else q.
* Everything is exact: f32 and every value of these formats are exact in
  float64, a - q only keeps bits of a, and dividing by ulp (a power of two)
  and scaling by 2^K are exact. exact_stochastic_round() is the same
  definition over fractions.Fraction, used to self-check the vectorised code.

The model returns T's bit patterns; for NaN results it returns the format's
canonical NaN, and callers must compare NaN results by class (any NaN of T
satisfies the specification).

The OCP MX element formats (f4E2M1FN, f6E2M3FN, f6E3M2FN; MX_FORMATS) have
neither Inf nor NaN: every pattern is a finite value. SPEC section 3 requires
`saturate` for them and lets the implementation choose the result of a NaN
input; rng-mlir documents +largest finite (as PTX cvt.rs.satfinite does),
which is what the model returns.

scaled_quotient() models round.scaling_stochastic's first step (SPEC section
3.1): x divided by the E8M0 scale 2^(e - 127) in IEEE f32 arithmetic
(numpy's float32 division), NaN for e = 255.
"""

import bisect
from fractions import Fraction

import numpy as np


class Format:
    """A result format T of round.stochastic."""

    def __init__(self, name, width, exponent_bits, mantissa_bits, bias, kind):
        # kind: "ieee"   -- all-ones exponent is Inf (mantissa 0) or NaN;
        #       "fn"     -- no Inf; only all-ones exponent and mantissa is NaN;
        #       "fnuz"   -- no Inf, no -0; only the sign-bit-only pattern is
        #                   NaN;
        #       "finite" -- no Inf, no NaN: every pattern is a finite value.
        self.name = name
        self.width = width
        self.exponent_bits = exponent_bits
        self.mantissa_bits = mantissa_bits
        self.bias = bias
        self.kind = kind
        self.has_inf = kind == "ieee"
        self.has_nan = kind != "finite"
        self.has_negative_zero = kind != "fnuz"
        # Without Inf and NaN there is no non-saturated overflow result.
        self.saturate_modes = (False, True) if self.has_nan else (True,)
        self.sign_bit = 1 << (width - 1)

        patterns = np.arange(1 << width, dtype=np.uint32)
        self.values = decode_patterns(self, patterns)  # float64 per pattern
        self.is_nan = np.isnan(self.values)

        positive = patterns[(patterns & self.sign_bit) == 0]
        finite = positive[np.isfinite(self.values[positive])]
        order = np.argsort(self.values[finite], kind="stable")
        # The rounding grid: non-negative finite values and their patterns.
        self.grid = self.values[finite][order]
        self.grid_bits = finite[order]
        assert np.all(np.diff(self.grid) > 0), name
        self.max_finite = self.grid[-1]
        self.max_finite_bits = int(self.grid_bits[-1])
        # Past the largest finite value the grid continues with the spacing
        # of the largest finite value's binade.
        self.next_above_max = self.max_finite + (self.grid[-1] - self.grid[-2])
        # The result of a NaN input: T's first NaN pattern, or, for the
        # formats without NaN, +largest finite (rng-mlir's documented choice).
        self.nan_bits = (int(np.flatnonzero(self.is_nan)[0]) if self.has_nan
                         else self.max_finite_bits)
        self.inf_bits = (int(np.flatnonzero(self.values == np.inf)[0])
                         if self.has_inf else None)

    @property
    def discarded_bits(self):
        """D(T): f32 mantissa bits discarded for a normal result."""
        return 23 - self.mantissa_bits

    def num_random_bits(self, rbits_width):
        """K = min(W, D(T))."""
        return min(rbits_width, self.discarded_bits)

    def dtype(self):
        return np.uint16 if self.width > 8 else np.uint8

    def min_subnormal(self):
        return self.grid[1]

    def min_normal(self):
        return 2.0 ** (1 - self.bias)

    def __repr__(self):
        return self.name


def decode_patterns(fmt, bits):
    """Decodes T bit patterns (uint array) to float64 values (NaN, +-Inf)."""
    bits = bits.astype(np.int64)
    m = fmt.mantissa_bits
    sign = np.where(bits & fmt.sign_bit, -1.0, 1.0)
    exponent = (bits >> m) & ((1 << fmt.exponent_bits) - 1)
    mantissa = bits & ((1 << m) - 1)
    all_ones = (1 << fmt.exponent_bits) - 1
    # Subnormals: 0.mantissa * 2^(1 - bias); normals: 1.mantissa * 2^(e - bias).
    magnitude = np.where(
        exponent == 0,
        np.ldexp(mantissa.astype(np.float64), 1 - fmt.bias - m),
        np.ldexp((mantissa + (1 << m)).astype(np.float64),
                 (exponent - fmt.bias - m).astype(np.int32)))
    value = sign * magnitude
    if fmt.kind == "ieee":
        value = np.where((exponent == all_ones) & (mantissa == 0),
                         sign * np.inf, value)
        value = np.where((exponent == all_ones) & (mantissa != 0), np.nan,
                         value)
    elif fmt.kind == "finite":
        pass
    elif fmt.kind == "fn":
        value = np.where((exponent == all_ones) & (mantissa == (1 << m) - 1),
                         np.nan, value)
    else:  # fnuz
        value = np.where(bits == fmt.sign_bit, np.nan, value)
    return value


FORMATS = {
    "bf16": Format("bf16", 16, 8, 7, 127, "ieee"),
    "f16": Format("f16", 16, 5, 10, 15, "ieee"),
    "f8E4M3FN": Format("f8E4M3FN", 8, 4, 3, 7, "fn"),
    "f8E5M2": Format("f8E5M2", 8, 5, 2, 15, "ieee"),
    "f8E4M3FNUZ": Format("f8E4M3FNUZ", 8, 4, 3, 8, "fnuz"),
    "f8E5M2FNUZ": Format("f8E5M2FNUZ", 8, 5, 2, 16, "fnuz"),
}

# The OCP MX element formats (OCP Microscaling Formats v1.0, section 5.3):
# E2M1 (largest 6.0), E2M3 (7.5), E3M2 (28.0).
MX_FORMATS = {
    "f4E2M1FN": Format("f4E2M1FN", 4, 2, 1, 1, "finite"),
    "f6E2M3FN": Format("f6E2M3FN", 6, 2, 3, 1, "finite"),
    "f6E3M2FN": Format("f6E3M2FN", 6, 3, 2, 3, "finite"),
}

ALL_FORMATS = {**FORMATS, **MX_FORMATS}


def f32_from_bits(bits):
    return np.asarray(bits, dtype=np.uint32).view(np.float32)


def scaled_quotient(x_bits, scale_bits):
    """f32 bit patterns of x / f32(scale): scale pattern e is 2^(e - 127)
    (e = 0..254) or NaN (e = 255); the division is IEEE f32 (nearest even,
    subnormals kept)."""
    e = np.asarray(scale_bits, dtype=np.int64)
    scale = np.where(e == 255, np.nan,
                     np.ldexp(1.0, np.minimum(e, 254) - 127)).astype(np.float32)
    with np.errstate(all="ignore"):
        quotient = f32_from_bits(x_bits) / scale
    return quotient.astype(np.float32).view(np.uint32)


class Located:
    """Where f32 inputs (uint32 bit patterns) fall on T's grid: q = grid[index]
    is the largest grid value <= |x|, ulp the distance to the next one. The
    part of the model that does not depend on K or `saturate`."""

    def __init__(self, fmt, x_bits):
        with np.errstate(invalid="ignore"):  # signalling NaNs stay NaNs
            x = f32_from_bits(x_bits).astype(np.float64)
        self.negative = np.signbit(x)
        self.nan = np.isnan(x)
        a = np.abs(x)
        # Beyond the grid: no grid value above q, so q >= next_above_max.
        self.beyond = (a >= fmt.next_above_max) & ~self.nan  # includes Inf
        self.a = np.where(self.nan | self.beyond, 0.0, a)
        grid_ext = np.append(fmt.grid, fmt.next_above_max)
        self.index = np.searchsorted(fmt.grid, self.a, side="right") - 1
        self.q = grid_ext[self.index]
        self.ulp = grid_ext[self.index + 1] - self.q


def decompose(fmt, x_bits, k, saturate, located=None):
    """Returns (down, up, t) for f32 inputs given as uint32 bit patterns.

    down/up: T's bit patterns of the result when the K-bit field does not /
    does carry (down == up where rounding cannot go up); t: the top K
    discarded bits, so that the result for random bits r is
    `up if t + (r mod 2^K) >= 2^K else down`. `located` may pass
    Located(fmt, x_bits) computed once for several K and `saturate`.
    """
    at = located if located is not None else Located(fmt, x_bits)
    negative, nan = at.negative, at.nan
    t = np.floor((at.a - at.q) / at.ulp * 2.0 ** k).astype(np.int64)

    # Magnitude patterns, with -1 standing for "beyond the largest finite".
    grid_bits_ext = np.append(fmt.grid_bits.astype(np.int64), -1)
    down = grid_bits_ext[at.index]
    up = np.where(t > 0, grid_bits_ext[at.index + 1], down)
    down = np.where(at.beyond, -1, down)
    up = np.where(at.beyond, -1, up)

    def finish(magnitude):
        overflow = magnitude < 0
        if saturate:
            magnitude = np.where(overflow, fmt.max_finite_bits, magnitude)
        signed = np.where(negative, magnitude | fmt.sign_bit, magnitude)
        if not fmt.has_negative_zero:
            signed = np.where(magnitude == 0, 0, signed)
        if not saturate:
            special = fmt.inf_bits if fmt.has_inf else fmt.nan_bits
            special = np.where(negative & fmt.has_inf,
                               special | fmt.sign_bit, special)
            signed = np.where(overflow, special, signed)
        signed = np.where(nan, fmt.nan_bits, signed)
        return signed.astype(fmt.dtype())

    return finish(down), finish(up), t


def stochastic_round(fmt, x_bits, rbits, rbits_width, saturate,
                     located=None):
    """The model: T bit patterns of round.stochastic(x, rbits)."""
    k = fmt.num_random_bits(rbits_width)
    down, up, t = decompose(fmt, x_bits, k, saturate, located)
    r = (np.asarray(rbits, dtype=np.uint64) & np.uint64((1 << k) - 1)
         ).astype(np.int64)
    return np.where(t + r >= (1 << k), up, down)


def exact_stochastic_round(fmt, x_bits, r, k, saturate):
    """The same definition for one input, over exact fractions (self-check).

    Returns T's bit pattern, or the string "nan" for a NaN result.
    """
    x_bits = int(x_bits)
    exponent = (x_bits >> 23) & 0xFF
    fraction = x_bits & 0x7FFFFF
    if exponent == 0xFF:
        if fraction:
            return "nan" if fmt.has_nan else fmt.nan_bits
        a = None  # infinity
    elif exponent == 0:
        a = Fraction(fraction, 1 << 149)
    else:
        a = Fraction((1 << 23) + fraction, 1 << 23) * Fraction(2) ** (exponent - 127)
    negative = bool(x_bits >> 31)
    if not hasattr(fmt, "exact_grid"):
        fmt.exact_grid = [Fraction(float(v)) for v in fmt.grid]
        fmt.exact_grid.append(Fraction(float(fmt.next_above_max)))
    grid = fmt.exact_grid
    if a is None or a >= grid[-1]:
        magnitude = None
    else:
        i = bisect.bisect_right(grid, a) - 1
        ulp = grid[i + 1] - grid[i]
        t = (a - grid[i]) / ulp * 2 ** k
        t = t.numerator // t.denominator
        i += 1 if t + (r % 2 ** k) >= 2 ** k else 0
        magnitude = int(fmt.grid_bits[i]) if i < len(fmt.grid_bits) else None
    if magnitude is None:
        if saturate:
            magnitude = fmt.max_finite_bits
        elif fmt.has_inf:
            magnitude = fmt.inf_bits
        else:
            return "nan"
    if negative and (magnitude != 0 or fmt.has_negative_zero):
        magnitude |= fmt.sign_bit
    return magnitude
