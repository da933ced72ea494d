"""Independent Python model of JAX's jax.random (threefry2x32, partitionable
scheme) and XLA's rng_bit_generator (SPEC §8), for the tests.

Written from the specification (docs/SPEC.md §8), not from rng-mlir's C++:
Random123's Threefry-2x32, JAX's keys, fold_in, split, bits, uniform,
normal and randint, and the three_fry/philox bit generators of XLA's
RngBitGeneratorExpander. `self_test()` anchors the model on the known
answers in test/vectors/threefry_jax_xla.txt (Random123, the JAX docstring,
the StableHLO specification) and checks the numpy paths against the scalar
ones.

Conventions. Words are Python ints (a 32-bit word in [0, 2^32)) or numpy
uint32 arrays; keys are pairs (k0, k1) = JAX's key data [0], [1]; an index
is an int already reduced to its width (an i32 index i is i & 0xFFFFFFFF,
zero-extended). Floats are bit patterns (ints) where exactness matters:
f32 patterns for f32 results, 64-bit patterns for f64.

Exact f32 arithmetic on binary64 hosts. One f32 addition, subtraction,
multiplication, division or square root of f32 operands, done in binary64
and rounded once to f32, is the correctly rounded f32 operation (binary64
has 53 >= 2 * 24 + 2 bits; Figueroa, "When is double rounding innocuous?",
1995). A fused multiply-add is not covered by that theorem: the scalar model
computes it exactly with fractions.Fraction, the numpy model with an
error-free transformation (fma32_numpy). log1p is not a basic operation:
f32_log1p rounds binary64 log1p to f32, and recomputes with `decimal` to 200
digits (correctly rounded ln) where the binary64 value lies so close to an
f32 rounding boundary that binary64's error could matter (about 4 in 10^9
draws), so the model's log1p is correctly rounded.
"""

import decimal
import math
import os
import struct
import sys
from fractions import Fraction

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from triton_random_model import (MASK32, MASK64, bits_to_f32, f32,  # noqa: E402,F401
                                 f32_to_bits, philox4x32, sext, ulp_distance)

MASK128 = (1 << 128) - 1

# --- Threefry-2x32 (Random123) ----------------------------------------------

THREEFRY_ROT = (13, 15, 26, 6, 17, 29, 16, 24)
THREEFRY_PARITY = 0x1BD11BDA


def rotl32(x, r):
    return ((x << r) | (x >> (32 - r))) & MASK32


def threefry_2x32(x0, x1, k0, k1, rounds=20):
    """Random123's Threefry-2x32-`rounds` of the counter (x0, x1) under the
    key (k0, k1), on Python ints: the pair (y0, y1)."""
    ks = (k0 & MASK32, k1 & MASK32, (k0 ^ k1 ^ THREEFRY_PARITY) & MASK32)
    a = (x0 + ks[0]) & MASK32
    b = (x1 + ks[1]) & MASK32
    for r in range(rounds):
        a = (a + b) & MASK32
        b = rotl32(b, THREEFRY_ROT[r % 8]) ^ a
        if (r + 1) % 4 == 0:
            s = (r + 1) // 4
            a = (a + ks[s % 3]) & MASK32
            b = (b + ks[(s + 1) % 3] + s) & MASK32
    return a, b


def u32_array(value):
    """`value` (an int, a sequence or an array of any integer dtype) as a
    uint32 array holding its low 32 bits."""
    a = np.asarray(value)
    if a.dtype == object:
        a = np.asarray([int(v) & MASK32 for v in a.ravel()], np.uint64).reshape(a.shape)
    if a.dtype.kind == "i":
        a = a.astype(np.int64).astype(np.uint64)
    return (a.astype(np.uint64) & np.uint64(MASK32)).astype(np.uint32)


def threefry_2x32_numpy(x0, x1, k0, k1, rounds=20):
    """threefry_2x32 on numpy arrays (broadcast together; each word taken
    mod 2^32): two uint32 arrays."""
    x0, x1, k0, k1 = np.broadcast_arrays(*(u32_array(v) for v in (x0, x1, k0, k1)))
    with np.errstate(over="ignore"):
        ks = (k0, k1, k0 ^ k1 ^ np.uint32(THREEFRY_PARITY))
        a = x0 + ks[0]
        b = x1 + ks[1]
        for r in range(rounds):
            rot = THREEFRY_ROT[r % 8]
            a = a + b
            b = ((b << np.uint32(rot)) | (b >> np.uint32(32 - rot))) ^ a
            if (r + 1) % 4 == 0:
                s = (r + 1) // 4
                a = a + ks[s % 3]
                b = b + ks[(s + 1) % 3] + np.uint32(s)
    return np.asarray(a, np.uint32), np.asarray(b, np.uint32)


# --- JAX keys, fold_in, split, bits -----------------------------------------


def jax_key(seed, seed_bits=32):
    """jax.random.key(seed)'s key data for a seed of `seed_bits` (32, or 64
    with jax_enable_x64), the seed read as that many bits: (hi32, lo32) of a
    64-bit seed, (0, s) for a 32-bit one."""
    s = seed & ((1 << seed_bits) - 1)
    return (s >> 32, s & MASK32) if seed_bits == 64 else (0, s)


def fold_in(key, d):
    """rng.jax_fold_in: T(k; hi32(d), lo32(d)), d zero-extended to 64 bits
    (jax.random.fold_in(key, d) for a 32-bit d)."""
    d &= MASK64
    return threefry_2x32(d >> 32, d & MASK32, key[0], key[1])


def split(key, n):
    """jax.random.split(key, n) (partitionable): row i is Threefry of the
    64-bit iota i as (hi32, lo32) -- computed on the numpy path, so that the
    self-test's split/fold_in identity compares two implementations."""
    i = np.arange(n, dtype=np.uint64)
    y0, y1 = threefry_2x32_numpy((i >> np.uint64(32)), i, key[0], key[1])
    return [(int(a), int(b)) for a, b in zip(y0, y1)]


def bits(key, i, width):
    """rng.jax_bits: the `width`-bit pattern (8, 16, 32, 64) at index i
    (jax.random.bits; row-major linear index of the element)."""
    i &= MASK64
    y0, y1 = threefry_2x32(i >> 32, i & MASK32, key[0], key[1])
    if width == 64:
        return (y0 << 32) | y1
    return (y0 ^ y1) & ((1 << width) - 1)


def index_words_numpy(indices):
    """(hi32, lo32) uint32 arrays of an array of indices (taken mod 2^64)."""
    i = np.asarray(indices)
    if i.dtype.kind == "i":
        i = i.astype(np.int64).astype(np.uint64)
    i = i.astype(np.uint64)
    return (i >> np.uint64(32)).astype(np.uint32), (i & np.uint64(MASK32)).astype(np.uint32)


def bits_numpy(key, indices, width):
    """bits() over an array of indices (any integer dtype, mod 2^64; a
    negative i32 index must be masked to 32 bits by the caller): a uint8,
    uint16, uint32 or uint64 array."""
    hi, lo = index_words_numpy(indices)
    y0, y1 = threefry_2x32_numpy(hi, lo, key[0], key[1])
    if width == 64:
        return (y0.astype(np.uint64) << np.uint64(32)) | y1.astype(np.uint64)
    return (y0 ^ y1).astype({8: np.uint8, 16: np.uint16, 32: np.uint32}[width])


# --- JAX's older scheme (jax_threefry_partitionable = False; docs only) -------


def threefry_counts_legacy(key, counts):
    """JAX's threefry_2x32(key, counts) on a flat list of 32-bit counts: the
    list (padded with a 0 to even length) is cut into halves x0 and x1, pair
    j is Threefry of (x0[j], x1[j]), and the output is all y0 then all y1
    (the padding's word dropped)."""
    n = len(counts)
    padded = list(counts) + [0] * (n % 2)
    half = len(padded) // 2
    ys = [threefry_2x32(a, b, key[0], key[1]) for a, b in zip(padded[:half], padded[half:])]
    return ([y[0] for y in ys] + [y[1] for y in ys])[:n]


def bits_legacy(key, width, n):
    """jax.random.bits of n elements under jax_threefry_partitionable =
    False (fewer than 2^32 - 1 words): ceil(width * n / 32) words from the
    counts 0, 1, ...; 64-bit: word i << 32 | word (half + i); 8/16-bit: the
    words' little-endian bytes/halves in order."""
    count = -(-width * n // 32)
    words = threefry_counts_legacy(key, list(range(count)))
    if width == 64:
        half = count // 2
        return [(words[i] << 32) | words[half + i] for i in range(n)]
    if width == 32:
        return words
    per = 32 // width
    return [(words[j // per] >> (width * (j % per))) & ((1 << width) - 1) for j in range(n)]


def split_legacy(key, n):
    """jax.random.split(key, n) under the older scheme: the 2n words of the
    counts 0 .. 2n - 1, read as n keys."""
    words = threefry_counts_legacy(key, list(range(2 * n)))
    return [(words[2 * i], words[2 * i + 1]) for i in range(n)]


# --- uniform ----------------------------------------------------------------


def uniform_f32(key, i):
    """rng.jax_uniform (f32): bitcast((w >> 9) | 0x3F800000) - 1.0, exact
    (Sterbenz). f32 bits."""
    w = bits(key, i, 32)
    return f32_to_bits(bits_to_f32((w >> 9) | 0x3F800000) - 1.0)


def bits_to_f64(b):
    return struct.unpack("<d", struct.pack("<Q", b & MASK64))[0]


def f64_to_bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def uniform_f64(key, i):
    """rng.jax_uniform (f64): bitcast((w >> 12) | 0x3FF0000000000000) - 1.0
    with w the 64-bit bits; exact. 64-bit pattern."""
    w = bits(key, i, 64)
    return f64_to_bits(bits_to_f64((w >> 12) | 0x3FF0000000000000) - 1.0)


def uniform_f32_numpy(key, indices):
    """uniform_f32 over an array of indices: a float32 array."""
    w = bits_numpy(key, indices, 32)
    f = ((w >> np.uint32(9)) | np.uint32(0x3F800000)).view(np.float32)
    return f - np.float32(1.0)


def uniform_f64_numpy(key, indices):
    w = bits_numpy(key, indices, 64)
    f = ((w >> np.uint64(12)) | np.uint64(0x3FF0000000000000)).view(np.float64)
    return f - 1.0


# --- exact rounding helpers ---------------------------------------------------


def round_to_f32(q):
    """The f32 nearest the rational q (ties to even; +-Inf past the largest
    finite value), as a Python float. Exact: q is a Fraction or int."""
    q = Fraction(q)
    if q == 0:
        return 0.0
    a = abs(q)
    n, d = a.numerator, a.denominator
    e = n.bit_length() - d.bit_length()  # 2^(e-1) < a < 2^(e+1)
    if (n << max(0, -e)) < (d << max(0, e)):
        e -= 1  # now 2^e <= a < 2^(e+1)
    qe = max(e, -126) - 23  # exponent of the f32 quantum at a
    num, den = (n << -qe, d) if qe < 0 else (n, d << qe)
    m, rem = divmod(num, den)
    if 2 * rem > den or (2 * rem == den and m & 1):
        m += 1
    if m * Fraction(2) ** qe >= 2 ** 128:
        value = math.inf
    else:
        value = math.ldexp(m, qe)
    return -value if q < 0 else value


def f32_from_decimal(text):
    """The f32 nearest a decimal literal (as a C++ compiler reads 1.5e-3f)."""
    return round_to_f32(Fraction(text))


def fma32(a, b, c):
    """fma(a, b, c) on f32 values: a * b + c rounded once, exactly."""
    return round_to_f32(Fraction(a) * Fraction(b) + Fraction(c))


def fma64(a, b, c):
    """fma on binary64 values, rounded once (Fraction -> float is the
    correctly rounded int / int division)."""
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def fma32_numpy(a, b, c):
    """fma(a, b, c) on float32 arrays, each result rounded once.

    The product of two f32 values is exact in binary64 (48 bits), and
    TwoSum gives the binary64 sum t and its exact error e (s + c = t + e).
    Rounding t to f32 is the correctly rounded result of s + c unless an f32
    rounding boundary (a midpoint between two f32 values, itself a binary64
    value) lies between t and s + c: since t is the binary64 nearest s + c,
    that can only be t itself. So where t is an f32 midpoint and e != 0 the
    result is the f32 neighbour on e's side of t, elsewhere the rounded t.
    Valid for finite results (no overflow in the binary64 sum)."""
    f64 = np.float64
    s = a.astype(f64) * b.astype(f64)
    cd = np.asarray(c).astype(f64)
    t = s + cd
    bp = t - s
    e = (s - (t - bp)) + (cd - bp)
    r = t.astype(np.float32)
    r64 = r.astype(f64)
    up = np.nextafter(r, np.float32(np.inf))
    dn = np.nextafter(r, np.float32(-np.inf))
    with np.errstate(invalid="ignore", over="ignore"):
        mid_up = (r64 + up.astype(f64)) * 0.5 == t  # t halfway between r and up
        mid_dn = (r64 + dn.astype(f64)) * 0.5 == t
    r = np.where(mid_up & (e > 0), up, r)
    r = np.where(mid_dn & (e < 0), dn, r)
    return r.astype(np.float32)


def log1p_exact(x):
    """log1p of the binary64 value x > -1 to 200 decimal digits (`decimal`'s
    ln is correctly rounded), as a Fraction."""
    with decimal.localcontext() as ctx:
        ctx.prec = 200
        return Fraction((decimal.Decimal(1) + decimal.Decimal(x)).ln())


def _near_f32_boundary(y, r):
    """Whether the binary64 y lies within 16 binary64 ulps of the midpoint
    between r (y rounded to f32) and r's f32 neighbour on y's side."""
    if y == float(r):
        return False
    toward = math.inf if y > r else -math.inf
    nb = float(np.nextafter(np.float32(r), np.float32(toward)))
    mid = (float(r) + nb) * 0.5
    return abs(y - mid) <= 16 * math.ulp(y)


def f32_log1p(x):
    """log1p of the f32 value x, correctly rounded to f32.

    Binary64 log1p (error under 1 binary64 ulp in glibc) rounded to f32 is the
    correctly rounded f32 result unless the exact value lies within that error
    of an f32 rounding boundary, which the boundaries' spacing of 2^29
    binary64 ulps makes a chance of about 4 in 10^9; those cases (detected
    with a 16-ulp margin) are recomputed exactly with `decimal`."""
    y = math.log1p(x)
    r = f32(y)
    if _near_f32_boundary(y, r):
        r = round_to_f32(log1p_exact(x))
    return r


def f32_log1p_numpy(x):
    """f32_log1p over a float32 array."""
    y = np.log1p(x.astype(np.float64))
    r = y.astype(np.float32)
    r64 = r.astype(np.float64)
    nb = np.nextafter(r, np.where(y > r64, np.float32(np.inf), np.float32(-np.inf)))
    mid = (r64 + nb.astype(np.float64)) * 0.5
    with np.errstate(invalid="ignore"):
        suspect = (y != r64) & (np.abs(y - mid) <= 16 * np.spacing(np.abs(y)))
    for k in np.flatnonzero(suspect):
        r.flat[k] = np.float32(round_to_f32(log1p_exact(float(x.flat[k]))))
    return r


# --- normal -------------------------------------------------------------------

NORMAL_LO = bits_to_f32(0xBF7FFFFF)  # the f32 after -1 toward 0
SQRT2_F32 = f32(math.sqrt(2.0))
ERFINV_SMALL = [f32_from_decimal(c) for c in (
    "2.81022636e-08", "3.43273939e-07", "-3.5233877e-06", "-4.39150654e-06",
    "0.00021858087", "-0.00125372503", "-0.00417768164", "0.246640727",
    "1.50140941")]
ERFINV_LARGE = [f32_from_decimal(c) for c in (
    "-0.000200214257", "0.000100950558", "0.00134934322", "-0.00367342844",
    "0.00573950773", "-0.0076224613", "0.00943887047", "1.00167406",
    "2.83297682")]


def erfinv32(u):
    """XLA's f32 ErfInv of the f32 value u (|u| < 1) as SPEC §8 pins it:
    w = -log1p(-(u * u)); w < 5: w - 2.5 and the small coefficients, else
    sqrt(w) - 3 and the large ones; p = c0, p = fma(p, w, c_j) fused;
    result p * u. Every step correctly rounded to f32."""
    uu = f32(u * u)
    w = -f32_log1p(-uu)
    if w < 5.0:
        w, c = f32(w - 2.5), ERFINV_SMALL
    else:
        w, c = f32(f32(math.sqrt(w)) - 3.0), ERFINV_LARGE
    p = c[0]
    for cj in c[1:]:
        p = fma32(p, w, cj)
    return f32(p * u)


def normal_input(f):
    """u = max(lo, 2f + lo) of the f32 uniform f (2f exact, one rounding)."""
    return max(NORMAL_LO, f32(2.0 * f + NORMAL_LO))


def normal_f32(key, i):
    """rng.jax_normal: fl(fl(sqrt 2) * erfinv32(u)), f32 bits; the value of
    SPEC §8's formula with log1p and sqrt correctly rounded."""
    u = normal_input(bits_to_f32(uniform_f32(key, i)))
    return f32_to_bits(f32(SQRT2_F32 * erfinv32(u)))


def erfinv32_numpy(u):
    """erfinv32 over a float32 array."""
    uu = (u.astype(np.float64) * u.astype(np.float64)).astype(np.float32)
    return erfinv32_from_w_numpy(u, -f32_log1p_numpy(-uu))


def erfinv32_from_w_numpy(u, w):
    """erfinv32's steps after w = -log1p(-(u * u)), for float32 arrays u and
    w (w from another log1p, to bound what that log1p's error does)."""
    f64, f32t = np.float64, np.float32
    ud = u.astype(f64)
    small = w < f32t(5.0)
    wd = w.astype(f64)
    with np.errstate(invalid="ignore"):
        w_large = (np.sqrt(wd).astype(f32t).astype(f64) - 3.0).astype(f32t)
    w = np.where(small, (wd - 2.5).astype(f32t), w_large)
    p = np.where(small, f32t(ERFINV_SMALL[0]), f32t(ERFINV_LARGE[0]))
    for cs, cl in zip(ERFINV_SMALL[1:], ERFINV_LARGE[1:]):
        p = fma32_numpy(p, w, np.where(small, f32t(cs), f32t(cl)))
    return (p.astype(f64) * ud).astype(f32t)


def normal_input_numpy(f):
    return np.maximum(np.float32(NORMAL_LO),
                      (2.0 * f.astype(np.float64) + NORMAL_LO).astype(np.float32))


def normal_f32_numpy(key, indices):
    """normal_f32 over an array of indices: a float32 array."""
    u = normal_input_numpy(uniform_f32_numpy(key, indices))
    return (np.float64(SQRT2_F32) * erfinv32_numpy(u).astype(np.float64)).astype(np.float32)


# --- [minval, maxval) -----------------------------------------------------------


def uniform_range_f32(f_bits, minval, maxval, fused):
    """JAX's max(minval, f * (maxval - minval) + minval) in f32, the
    multiply-add fused (one rounding) or not; minval, maxval f32 values.
    f32 bits. (NaN operands are not modelled.)"""
    f = bits_to_f32(f_bits)
    span = f32(maxval - minval)
    t = fma32(f, span, minval) if fused else f32(f32(f * span) + minval)
    return f32_to_bits(max(minval, t))


def uniform_range_f64(f_bits, minval, maxval, fused):
    """The same in f64 (64-bit patterns)."""
    f = bits_to_f64(f_bits)
    span = maxval - minval
    t = fma64(f, span, minval) if fused else f * span + minval
    return f64_to_bits(max(minval, t))


# --- randint --------------------------------------------------------------------


def randint(key, i, minval, maxval, nbits):
    """rng.jax_randint (jax.random.randint for minval, maxval in the iN
    range): N-bit pattern. minval and maxval are any ints, read as N-bit
    patterns; maxval <= minval is compared signed."""
    mask = (1 << nbits) - 1
    minval &= mask
    maxval &= mask
    ka, kb = fold_in(key, 0), fold_in(key, 1)
    hi = bits(ka, i, nbits)
    lo = bits(kb, i, nbits)
    span = (maxval - minval) & mask if sext(maxval, nbits) > sext(minval, nbits) else 1
    m = (1 << (nbits // 2)) % span
    m = ((m * m) & mask) % span
    off = ((((hi % span) * m) & mask) + lo % span) & mask
    return (minval + off % span) & mask


def randint_above_max(key, i, minval, nbits):
    """jax.random.randint(key, shape, minval, maxval, intN) for a Python maxval
    above the type's maximum, at index i, as JAX computes it: maxval is
    clipped to 2^(N-1) - 1, and the span is widened by one when the clipped
    maxval > minval (to 2^N, which wraps to 0, for minval = -2^(N-1)).
    Unsigned division by 0 is XLA's: x rem 0 = x. Not an op: SPEC section 8
    leaves this case to the caller; docs/JaxRandom.md shows how to write it."""
    mask = (1 << nbits) - 1
    tmax = (1 << (nbits - 1)) - 1
    lo_s = sext(minval & mask, nbits)
    ka, kb = fold_in(key, 0), fold_in(key, 1)
    hi = bits(ka, i, nbits)
    lo = bits(kb, i, nbits)
    span = (tmax - lo_s) & mask if tmax > lo_s else 1
    if tmax > lo_s:
        span = (span + 1) & mask

    def rem(x, y):
        return x % y if y else x
    m = rem(1 << (nbits // 2), span)
    m = rem((m * m) & mask, span)
    off = rem((((rem(hi, span) * m) & mask) + rem(lo, span)) & mask, span)
    return (lo_s + off) & mask


# --- rng_bit_generator ------------------------------------------------------------


def row_major(index, shape):
    r = 0
    for i, d in zip(index, shape):
        r = r * d + i
    return r


def all_indices(shape):
    """Every index of `shape`, row-major."""
    if not shape:
        yield ()
        return
    for i in range(shape[0]):
        for rest in all_indices(shape[1:]):
            yield (i,) + rest


def split_dimension(shape):
    """XLA's split dimension for 32-bit three_fry output: the first even
    dimension, else the first of the largest size."""
    for k, d in enumerate(shape):
        if d % 2 == 0:
            return k
    return max(range(len(shape)), key=lambda k: (shape[k], -k))


def bit_generator(algorithm, state, shape, width):
    """stablehlo.rng_bit_generator as XLA lowers it (SPEC §8).

    algorithm: "three_fry", "philox" or "default" (= philox); state: 2 or 3
    ints (u64 words; three_fry: 2 only); shape: a tuple (rank 0 is ());
    width: 8, 16, 32 or 64. Returns (new_state, output): lists of ints, the
    output flat in row-major order, each a `width`-bit pattern."""
    state = [s & MASK64 for s in state]
    shape = tuple(shape)
    n = math.prod(shape)
    wmask = (1 << width) - 1
    key = (state[0] & MASK32, state[0] >> 32)
    if algorithm == "default":
        algorithm = "philox"
    if algorithm == "three_fry":
        if len(state) != 2:
            raise ValueError("three_fry takes a 2-word state")
        c = state[1]

        def tf(counter):
            counter &= MASK64
            return threefry_2x32(counter & MASK32, counter >> 32, key[0], key[1])

        if width == 64:
            out = []
            for e in range(n):
                y0, y1 = tf(c + e)
                out.append(y0 | (y1 << 32))
            return [state[0], (c + n) & MASK64], out
        if not shape:
            return [state[0], (c + 1) & MASK64], [tf(c)[0] & wmask]
        d = split_dimension(shape)
        half = tuple((s + 1) // 2 if k == d else s for k, s in enumerate(shape))
        out = [None] * n
        for h in all_indices(half):
            ys = tf(c + row_major(h, half))
            for j in (0, 1):
                idx = list(h)
                idx[d] = 2 * h[d] + j
                if idx[d] < shape[d]:
                    out[row_major(idx, shape)] = ys[j] & wmask
        return [state[0], (c + math.prod(half)) & MASK64], out
    if algorithm != "philox":
        raise ValueError("unknown algorithm %r" % algorithm)
    high = state[0] if len(state) == 2 else state[2]
    counter = state[1] | (high << 64)
    blocks = -(-n // 2) if width == 64 else -(-n // 4)
    words = []
    for b in range(blocks):
        cb = (counter + b) & MASK128
        w = philox4x32((cb & MASK32, (cb >> 32) & MASK32, (cb >> 64) & MASK32, cb >> 96),
                       key, 10)
        if width == 64:
            words += [w[0] | (w[1] << 32), w[2] | (w[3] << 32)]
        else:
            words += list(w)
    out = [v & wmask for v in words[:n]]
    end = (counter + blocks) & MASK128
    new_state = [state[0], end & MASK64] + ([end >> 64] if len(state) == 3 else [])
    return new_state, out


# --- self-test ----------------------------------------------------------------------


def load_threefry_kats(path):
    """(rounds, x0, x1, k0, k1, y0, y1) rows of threefry_jax_xla.txt."""
    rows = []
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            left, right = line.split("->")
            r, x0, x1, k0, k1 = left.split()
            y0, y1 = right.split()
            rows.append((int(r),) + tuple(int(v, 16) for v in (x0, x1, k0, k1, y0, y1)))
    return rows


def default_vectors_dir():
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vectors")


def self_test(vectors_dir=None, samples=3000):
    """Checks the model against the known answers of SPEC §8 and its numpy
    paths against its scalar ones. Returns a list of failure messages."""
    import random
    failures = []
    vectors_dir = vectors_dir or default_vectors_dir()
    kats = load_threefry_kats(os.path.join(vectors_dir, "threefry_jax_xla.txt"))
    if len(kats) != 9:
        failures.append("expected 9 Threefry known answers, read %d" % len(kats))
    for r, x0, x1, k0, k1, y0, y1 in kats:
        if threefry_2x32(x0, x1, k0, k1, r) != (y0, y1):
            failures.append("threefry_2x32-%d(%08x %08x, %08x %08x) != %08x %08x"
                            % (r, x0, x1, k0, k1, y0, y1))
        v = threefry_2x32_numpy([x0], [x1], k0, k1, r)
        if (int(v[0][0]), int(v[1][0])) != (y0, y1):
            failures.append("threefry_2x32_numpy-%d KAT %08x %08x" % (r, x0, x1))
    # The JAX docstring: uniform(key(0)) prints 0.947667.
    u = bits_to_f32(uniform_f32(jax_key(0), 0))
    if "%.6g" % u != "0.947667":
        failures.append("uniform(key(0)) = %r, JAX's docstring 0.947667" % u)
    # The StableHLO specification's rng_bit_generator example.
    st, out = bit_generator("three_fry", [1, 2], (2, 2), 64)
    if out != [9236835810183407956, 16087790271692313299,
               18212823393184779219, 2658481902456610144] or st != [1, 6]:
        failures.append("StableHLO rng_bit_generator example: %s %s" % (st, out))
    # split(key, n)[i] == fold_in(key, i), two implementations.
    for key in (jax_key(0), jax_key(42), jax_key(-1, 64), (0xDEADBEEF, 0x12345678)):
        if split(key, 7) != [fold_in(key, i) for i in range(7)]:
            failures.append("split(%s, 7) != fold_in rows" % (key,))
    # A 64-bit seed below 2^32 is the 32-bit seed's key.
    if jax_key(123, 64) != jax_key(123) or jax_key(2**32 + 5, 64) != (1, 5):
        failures.append("jax_key of 64-bit seeds")

    rng = random.Random(20260807)
    # Exact rounding helpers against binary64 where binary64 is exact.
    for _ in range(samples):
        a = f32(rng.uniform(-4, 4) * 2.0 ** rng.randint(-30, 30))
        b = f32(rng.uniform(-4, 4) * 2.0 ** rng.randint(-30, 30))
        if round_to_f32(Fraction(a) * Fraction(b)) != f32(a * b):
            failures.append("round_to_f32(%r * %r)" % (a, b))
            break
    # fma32_numpy against the exact fma: random operands and operands whose
    # binary64 sum is an f32 midpoint with a nonzero error (double rounding).
    one = 1.0
    crafted = [((1 + 2**-23) * 2**-24, 1 - 2**-23, 1 + 2**-23),    # -> 1 + 2^-23
               ((1 + 2**-23) * 2**-24, 1 - 2**-23, -(1 + 2**-23)),  # -> -(1 + 2^-23)
               (-(1 + 2**-23) * 2**-24, 1 - 2**-23, -one),
               ((1 + 2**-23) * 2**-24, -(1 - 2**-23), one)]
    ops = crafted + [tuple(f32(rng.uniform(-3, 3) * 2.0 ** rng.randint(-12, 12))
                           for _ in range(3)) for _ in range(samples)]
    a, b, c = (np.array(col, np.float32) for col in zip(*ops))
    got = fma32_numpy(a, b, c)
    for k, (x, y, z) in enumerate(ops):
        want = fma32(x, y, z)
        if float(got[k]) != want:
            failures.append("fma32_numpy(%r, %r, %r) = %r, exact %r" % (x, y, z, float(got[k]), want))
    if fma32(*crafted[0]) == f32(crafted[0][0] * crafted[0][1] + crafted[0][2]):
        failures.append("the crafted fma case does not exercise double rounding")

    # Vector paths against scalar paths.
    keys = [jax_key(0), jax_key(1), jax_key(2**64 - 1, 64), (0x9E3779B9, 0x7F4A7C15)]
    idx = [0, 1, 2, 2**32 - 1, 2**32, 2**63 - 1, 2**64 - 1] + [
        rng.getrandbits(rng.choice((8, 32, 64))) for _ in range(samples)]
    idx_np = np.array(idx, np.uint64)
    for key in keys:
        for width in (8, 16, 32, 64):
            got = bits_numpy(key, idx_np, width)
            for k in range(0, len(idx), 7):
                if int(got[k]) != bits(key, idx[k], width):
                    failures.append("bits_numpy %s %d at %d" % (key, width, idx[k]))
                    break
        fu = uniform_f32_numpy(key, idx_np).view(np.uint32)
        fd = uniform_f64_numpy(key, idx_np).view(np.uint64)
        gn = normal_f32_numpy(key, idx_np).view(np.uint32)
        for k in range(0, len(idx), 5):
            if int(fu[k]) != uniform_f32(key, idx[k]) or int(fd[k]) != uniform_f64(key, idx[k]):
                failures.append("uniform numpy %s at %d" % (key, idx[k]))
                break
            if int(gn[k]) != normal_f32(key, idx[k]):
                failures.append("normal numpy %s at %d: %08x vs %08x"
                                % (key, idx[k], int(gn[k]), normal_f32(key, idx[k])))
                break
    # Tails: |u| near 1 (the w >= 5 branch) and near 0, vector against scalar.
    lo_bits = f32_to_bits(NORMAL_LO)
    us = [bits_to_f32(b) for b in (lo_bits, lo_bits - 1, lo_bits - 1000, 0x3F7FFFFD,
                                   0x3F7FF000, 0x33800000, 0xB3800000, 0x3E000000)]
    us += [f32(rng.uniform(-1, 1)) for _ in range(samples)]
    us += [f32(math.copysign(1 - rng.random() * 1e-3, rng.random() - 0.5)) for _ in range(samples)]
    got = erfinv32_numpy(np.array(us, np.float32))
    large = 0
    for k, uv in enumerate(us):
        want = erfinv32(uv)
        if float(got[k]) != want:
            failures.append("erfinv32_numpy(%r) = %r, scalar %r" % (uv, float(got[k]), want))
            break
        large += -math.log1p(-f32(uv * uv)) >= 5
    if large < samples // 2:
        failures.append("too few samples in the w >= 5 branch: %d" % large)
    # erfinv32 close to a double-precision erfinv (sanity of the transcription).
    for uv in (0.5, -0.25, 0.9, 0.999, -0.99999):
        want = _erfinv_reference(f32(uv))
        if abs(erfinv32(f32(uv)) - want) > 4e-6 * max(1.0, abs(want)):
            failures.append("erfinv32(%r) = %r, erfinv %r" % (uv, erfinv32(f32(uv)), want))
    # randint: results in range; span 1; maxval <= minval gives minval.
    for nbits in (32, 64):
        for lo, hi in ((0, 10), (-5, 5), (-2**(nbits - 1), 2**(nbits - 1) - 1), (7, 7), (9, 3)):
            for k in range(20):
                r = sext(randint(jax_key(3), k, lo, hi, nbits), nbits)
                if not (lo <= r < max(hi, lo + 1)):
                    failures.append("randint %d [%d, %d) gave %d" % (nbits, lo, hi, r))
                    break
    # Philox: the 128-bit counter carries into the high word.
    st, out = bit_generator("philox", [5, 2**64 - 1, 7], (3,), 32)
    want = list(philox4x32((MASK32, MASK32, 7, 0), (5, 0), 10))[:3]
    if out != want or st != [5, 0, 8]:
        failures.append("philox carry: %s %s" % (st, out))
    return failures


def _erfinv_reference(y):
    """erfinv by Newton's method on math.erf (binary64), for the self-test."""
    x = 0.0
    for _ in range(100):
        step = (math.erf(x) - y) / (2 / math.sqrt(math.pi) * math.exp(-x * x))
        x -= step
        if abs(step) < 1e-15:
            break
    return x


def ulp_distance_f32(a_bits, b_bits):
    """ulp_distance for f32 bit patterns (re-exported for the harnesses)."""
    return ulp_distance(a_bits, b_bits)


def f32_ordinal_numpy(a):
    """f32_ordinal over a float32 array: int64 values ordered like the
    floats (-0 and +0 equal), so |difference| counts ulps."""
    b = a.view(np.uint32).astype(np.int64)
    return np.where(b >> 31 != 0, -(b & 0x7FFFFFFF), b)


if __name__ == "__main__":
    if len(sys.argv) > 2 or (len(sys.argv) == 2 and sys.argv[1].startswith("-")):
        sys.exit("usage: jax_random_model.py [VECTORS_DIR]  (self-test)")
    problems = self_test(sys.argv[1] if len(sys.argv) > 1 else None)
    print("\n".join(problems) or "model OK")
    sys.exit(1 if problems else 0)
