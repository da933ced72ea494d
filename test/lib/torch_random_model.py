"""Independent Python model of cuRAND's Philox4_32_10 device API and of
PyTorch's CUDA random numbers (SPEC §9), for the tests.

Written from the specification (docs/SPEC.md §9.1 and §9.2), not from
rng-mlir's C++: every function is the elementwise rule the SPEC gives for
one op, over numpy arrays of indices (or positions), so that a whole tensor
is the rule applied to arange(n). `self_test()` anchors the model itself
(Random123's known answers, the numpy paths against scalar Python ones, the
emulated fused multiply-adds against exact rationals); `check_recordings()`
compares it with what cuRAND and torch 2.11 produced on an H200
(test/vectors/curand_recorded.json, test/vectors/torch_recorded.json,
recorded by test/GPU/curand_record.cu and test/GPU/torch_record.py).

Conventions. Words are numpy uint32 arrays (or Python ints in the scalar
helpers). Positions and seeds are unsigned 64-bit; the scalar cuRAND helpers
take Python ints of any size (the counter is 128 bits: positions past 2^64,
reached by cuRAND's skipahead, carry into the subsequence words). Results
are numpy arrays of the op's type: float32, float16, float64, int64, bool;
bf16 values are float32 arrays holding bf16 values (bf16_bits gives the
16-bit patterns).

Exactness. u(x) is computed in binary64 and rounded once (exact: see
`curand_uniform`); every fma of the SPEC is a single rounding, emulated with
error-free transformations (fma32_numpy of the JAX model for f32;
fma64_numpy below, Boldo and Melquiond's rounding-to-odd construction, for
f64). Float normals are not bit-exact off NVIDIA targets: the model uses
accurate log/sin/cos (cuRAND's host formula, SPEC's "elsewhere" rule) and
exposes the intermediates a, v, s so the SPEC's bounds can be checked.
"""

import hashlib
import json
import math
import os
import sys
from fractions import Fraction

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from triton_random_model import MASK32, MASK64, philox4x32  # noqa: E402
from jax_random_model import fma32_numpy  # noqa: E402

MASK128 = (1 << 128) - 1
U64 = np.uint64
TWO_PI_F32 = np.float32(6.2831855)          # fl32(2*pi)
NORMAL_C = float(TWO_PI_F32) * 2.0 ** -32   # C of SPEC 9.1, exact
FLOAT_NORMAL_BOUND = 2.0 ** -20             # SPEC 9.1: |model - NVIDIA| <= 2^-20 s
# SPEC 9.1 says double normals are within 2 ulp of the NVIDIA value; on the
# H200 this model (accurate log, sincospi to about half an ulp) differs by
# 3 ulp in 31 of 2^21 curand_normal2_double values and 17 of 1.35 M torch
# f64 normals: the checks use the measured 3.
DOUBLE_NORMAL_ULP_BOUND = 3

# --- cuRAND words -------------------------------------------------------------


def curand_block_int(seed, counter):
    """Philox4x32-10 of the 128-bit counter under key (lo32(seed),
    hi32(seed)): four Python ints."""
    counter &= MASK128
    seed &= MASK64
    words = tuple((counter >> (32 * i)) & MASK32 for i in range(4))
    return philox4x32(words, (seed & MASK32, seed >> 32), 10)


def curand_word_int(seed, subsequence, p):
    """SPEC 9.1 Word(p) for Python ints (p may exceed 2^64: the counter is
    subsequence * 2^64 + p // 4 modulo 2^128)."""
    c = ((subsequence & MASK64) << 64) + p // 4
    return curand_block_int(seed, c)[p % 4]


def curand4_int(seed, subsequence, p):
    """Word(p), ..., Word(p + 3) (curand4)."""
    return tuple(curand_word_int(seed, subsequence, p + i) for i in range(4))


def _u64(a):
    a = np.asarray(a)
    if a.dtype == object:
        return np.array([int(v) & MASK64 for v in a.ravel()], U64).reshape(a.shape)
    if a.dtype.kind == "i":
        return a.astype(np.int64).astype(U64)
    return a.astype(U64)


def philox_blocks(seed, subsequence, q):
    """The four words of the blocks at counters subsequence * 2^64 + q
    (q < 2^64, uint64 arrays broadcast together): four uint32 arrays."""
    seed &= MASK64
    s, q = np.broadcast_arrays(_u64(subsequence), _u64(q))
    m = U64(MASK32)
    c = [q & m, q >> U64(32), s & m, s >> U64(32)]
    k = [U64(seed & MASK32), U64(seed >> 32)]
    return [w.astype(np.uint32) for w in philox4x32(c, k, 10)]


def curand4(seed, subsequence, p):
    """curand4 at positions p (uint64 arrays, p + 3 < 2^66 - 4 so that the
    block after p // 4 needs no carry out of the low 64 counter bits): the
    four words at p .. p + 3, one block where p mod 4 = 0, two otherwise."""
    s, p = np.broadcast_arrays(_u64(subsequence), _u64(p))
    q = p >> U64(2)
    r = (p & U64(3)).astype(np.int64)
    b0 = philox_blocks(seed, s, q)
    if not np.any(r):
        return b0
    b1 = philox_blocks(seed, s, q + U64(1))
    both = np.stack(b0 + b1)  # (8, ...)
    return [np.take_along_axis(both, (r + i)[None], 0)[0] for i in range(4)]


def curand(seed, subsequence, p):
    """Word(p) (curand)."""
    s, p = np.broadcast_arrays(_u64(subsequence), _u64(p))
    b = np.stack(philox_blocks(seed, s, p >> U64(2)))
    return np.take_along_axis(b, (p & U64(3)).astype(np.int64)[None], 0)[0]


def u_from_words(w):
    """u(x) = fma(f32(x), 2^-32, 2^-33), one rounding: f32(x) has 24
    significant bits and exponent >= 0, so f32(x) * 2^-32 + 2^-33 needs at
    most 34 bits and is exact in binary64; rounding it to f32 is the fma."""
    x = np.asarray(w, np.uint32).astype(np.float32).astype(np.float64)
    return (x * 2.0 ** -32 + 2.0 ** -33).astype(np.float32)


def hq_from_words(x, y):
    """hq(x, y) = z * 2^-53 + 2^-54 with z = x ^ (y << 21) (< 2^53): z *
    2^-53 is exact, so the binary64 sum is the one rounding."""
    z = _u64(x) ^ (_u64(y) << U64(21))
    return z.astype(np.float64) * 2.0 ** -53 + 2.0 ** -54


def curand_uniform(seed, subsequence, p):
    return u_from_words(curand(seed, subsequence, p))


def curand_uniform_double(seed, subsequence, p):
    """Word(p) * 2^-32 + 2^-32: exact (33 bits)."""
    return curand(seed, subsequence, p).astype(np.float64) * 2.0 ** -32 + 2.0 ** -32


def curand_uniform2_double(seed, subsequence, p):
    w = curand4(seed, subsequence, p)
    return hq_from_words(w[0], w[1]), hq_from_words(w[2], w[3])


def box_muller_float(x, y):
    """cuRAND's float Box-Muller of the words x, y with accurate log, sin
    and cos (SPEC 9.1, "elsewhere"): (sin(v) s, cos(v) s, a, v, s), float32
    arrays. a = u(x) exact; v = fma(f32(y), C, C/2) exact (fma32_numpy);
    log, sin and cos are binary64's rounded to f32; -2 log(a) is exact and
    the f32 sqrt and products are correctly rounded (numpy float32)."""
    a = u_from_words(x)
    yf = np.asarray(y, np.uint32).astype(np.float32)
    v = fma32_numpy(yf, np.full(yf.shape, np.float32(NORMAL_C)),
                    np.full(yf.shape, np.float32(NORMAL_C / 2)))
    lg = np.log(a.astype(np.float64)).astype(np.float32)
    s = np.sqrt(np.float32(-2.0) * lg)
    v64 = v.astype(np.float64)
    sn = np.sin(v64).astype(np.float32)
    cs = np.cos(v64).astype(np.float32)
    return sn * s, cs * s, a, v, s


def curand_normal2(seed, subsequence, p):
    """(x, y, a, v, s) of curand_normal2 at position p (words p, p + 1)."""
    w = curand4(seed, subsequence, p)  # p + 1 does not wrap at 2^64
    return box_muller_float(w[0], w[1])


_PI_HI = math.pi
_PI_LO = 1.2246467991473532e-16  # pi - fl64(pi)


def _sincospi(v):
    """(sin(pi v), cos(pi v)) for one binary64 v in (0, 2], to about half an
    ulp: v - n/2 is exact (Sterbenz), pi r is carried as a double-double."""
    n = round(2.0 * v)
    r = v - n / 2.0
    xh = _PI_HI * r
    xl = _two_prod_err(_PI_HI, r, xh) + _PI_LO * r  # Dekker's product error
    sh, ch = math.sin(xh), math.cos(xh)
    sr = sh + ch * xl
    cr = ch - sh * xl
    q = n % 4
    return ((sr, cr), (cr, -sr), (-sr, -cr), (-cr, sr))[q]


def _split(a):
    t = 134217729.0 * a
    hi = t - (t - a)
    return hi, a - hi


def _two_prod_err(a, b, p):
    ah, al = _split(a)
    bh, bl = _split(b)
    return ((ah * bh - p) + ah * bl + al * bh) + al * bl


def box_muller_double(w0, w1, w2, w3):
    """cuRAND's double Box-Muller of four words with accurate log and
    sincospi (SPEC 9.1, "elsewhere"): (sinpi(v) s, cospi(v) s, a, v, s),
    float64 arrays. a = hq(w0, w1) and v = z' 2^-52 + 2^-53 are exact."""
    a = hq_from_words(w0, w1)
    z = _u64(w2) ^ (_u64(w3) << U64(21))
    v = z.astype(np.float64) * 2.0 ** -52 + 2.0 ** -53
    shape = a.shape
    af, vf = a.ravel(), v.ravel()
    s = np.array([math.sqrt(-2.0 * math.log(x)) for x in af.tolist()], np.float64)
    sc = [_sincospi(x) for x in vf.tolist()]
    sn = np.array([t[0] for t in sc], np.float64)
    cs = np.array([t[1] for t in sc], np.float64)
    return ((sn * s).reshape(shape), (cs * s).reshape(shape), a, v, s.reshape(shape))


def curand_normal2_double(seed, subsequence, p):
    return box_muller_double(*curand4(seed, subsequence, p))


# --- exact arithmetic helpers -------------------------------------------------


def _two_sum(a, b):
    s = a + b
    bp = s - a
    return s, (a - (s - bp)) + (b - bp)


def _two_prod(a, b):
    p = a * b
    f = 134217729.0
    t = f * a
    ah = t - (t - a)
    al = a - ah
    t = f * b
    bh = t - (t - b)
    bl = b - bh
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


def fma64_numpy(a, b, c):
    """fma(a, b, c) on float64 arrays, one rounding (Boldo and Melquiond,
    "Emulation of FMA and correctly rounded sums: proved algorithms using
    rounding to odd", 2008): RN(th + RO(tl + pl)) with (ph, pl) = a * b and
    (th, tl) = c + ph exact. Valid without overflow or underflow in the
    products (the uniforms and normals here are far from both)."""
    a, b, c = np.broadcast_arrays(*(np.asarray(x, np.float64) for x in (a, b, c)))
    ph, pl = _two_prod(a, b)
    th, tl = _two_sum(c, ph)
    v, e = _two_sum(tl, pl)
    even = (v.view(np.int64) & 1) == 0
    bump = (e != 0) & even
    v = np.where(bump, np.nextafter(v, np.where(e > 0, np.inf, -np.inf)), v)
    return th + v


def round_f16(x32):
    """float32 -> float16, nearest even (as c10::Half does)."""
    return np.asarray(x32, np.float32).astype(np.float16)


def round_bf16(x32):
    """float32 -> bf16 (nearest even, NaN -> 0x7FC0, as c10::BFloat16),
    as a float32 array holding bf16 values."""
    b = np.asarray(x32, np.float32).view(np.uint32).astype(np.uint64)
    r = ((b + U64(0x7FFF) + ((b >> U64(16)) & U64(1))) >> U64(16)) & U64(0xFFFF)
    r = np.where(np.isnan(np.asarray(x32, np.float32)), U64(0x7FC0), r)
    return (r.astype(np.uint32) << np.uint32(16)).view(np.float32)


def bf16_bits(x):
    """The 16-bit patterns of bf16 values held in a float32 array."""
    return (np.asarray(x, np.float32).view(np.uint32) >> np.uint32(16)).astype(np.uint16)


def to_dtype(x32, dtype):
    """Rounds f32 (acc) values to the tensor dtype: 'f32', 'f16', 'bf16'."""
    if dtype == "f32":
        return np.asarray(x32, np.float32)
    if dtype == "f16":
        return round_f16(x32)
    if dtype == "bf16":
        return round_bf16(x32)
    raise ValueError(dtype)


def scalar_to_dtype(value, dtype):
    """static_cast<scalar_t>(double): f64 exact, f32 rounded, f16 and bf16
    through float (c10's constructors take a float)."""
    if dtype == "f64":
        return np.float64(value)
    return to_dtype(np.float32(value), dtype)[()]


# --- PyTorch: launch, offset, layout ------------------------------------------


def torch_threads(n, multiprocessors, threads_per_multiprocessor):
    """S = 256 min(ceil(n / 256), M floor(T / 256))."""
    return 256 * min((n + 255) // 256, multiprocessors * (threads_per_multiprocessor // 256))


def torch_offset_increment(n, threads, unroll):
    """SPEC 9.2's (floor((n - 1) / (S U)) + 1) * 4 in exact arithmetic, 0
    for n = 0, S = 0 read as 1; the result wraps at 2^64 as the offset."""
    if n == 0:
        return 0
    return (((n - 1) // (max(threads, 1) * unroll) + 1) * 4) & MASK64


def unroll_of(family, dtype, wide=False):
    """U of SPEC 9.2 for a nullary op."""
    if family in ("uniform", "normal", "bernoulli"):
        return 2 if dtype == "f64" else 4
    if family == "random":
        return 2 if wide else 4
    if family == "dropout":
        return 4
    raise ValueError(family)


def _launch(offset, threads):
    """(base, S) of the launch operands, with the rules for what PyTorch
    never produces: an offset's low two bits ignored, threads = 0 read as
    S = 1."""
    return (U64(offset & MASK64 & ~3),
            np.maximum(np.asarray(threads, dtype=np.uint64), U64(1)))


def layout(offset, threads, e, unroll):
    """(t, P, ii): thread (subsequence), position of the iteration's draw
    (offset + 4k) and component, for row-major indices e."""
    e = _u64(e)
    base, S = _launch(offset, threads)
    t = e % S
    # floor(e / (S * U)) as floor(floor(e / S) / U): the same integer, and no
    # wrap of S * U past 2^64 (S of 2^62 or more).
    k = (e // S) // U64(unroll)
    ii = ((e // S) % U64(unroll)).astype(np.int64)
    return t, base + U64(4) * k, ii


def _pick(components, ii):
    st = np.stack([np.asarray(c) for c in components])
    return np.take_along_axis(st, ii[None], 0)[0]


def torch_uniform(seed, offset, threads, e, dtype, lo, hi):
    """rng.torch_uniform: values of `dtype` ('f32', 'f16', 'bf16', 'f64';
    bf16 as float32 holding bf16 values) for indices e of uniform_(lo, hi)."""
    U = unroll_of("uniform", dtype)
    t, P, ii = layout(offset, threads, e, U)
    w = curand4(seed, t, P)
    if dtype == "f64":
        r = _pick([hq_from_words(w[0], w[1]), hq_from_words(w[2], w[3])], ii)
        frm, to = np.float64(lo), np.float64(hi)
        rng = to - frm
        value = fma64_numpy(r, rng, frm)
        return np.where(value == to, frm, value)
    r = _pick([u_from_words(x) for x in w], ii)
    frm, to = scalar_to_dtype(lo, dtype), scalar_to_dtype(hi, dtype)
    # range = acc(T(to - from)): the subtraction of two T values in f32
    # (exact for f32 inputs' correctly rounded difference), rounded to T.
    rng = np.float32(to_dtype(np.float32(to) - np.float32(frm), dtype))
    value = to_dtype(fma32_numpy(r, np.full(r.shape, rng, np.float32),
                                 np.full(r.shape, np.float32(frm), np.float32)), dtype)
    return np.where(np.float32(value) == np.float32(to),
                    to_dtype(np.float32(frm), dtype), value)


def torch_normal(seed, offset, threads, e, dtype, mean, std):
    """rng.torch_normal: (values, n, s) with n the standard normal component
    and s its Box-Muller radius (for the SPEC's bound)."""
    U = unroll_of("normal", dtype)
    t, P, ii = layout(offset, threads, e, U)
    w = curand4(seed, t, P)
    if dtype == "f64":
        x, y, _, _, s = box_muller_double(*w)
        n = _pick([x, y], ii)
        return fma64_numpy(n, np.float64(std), np.float64(mean)), n, s
    x01, y01, _, _, s01 = box_muller_float(w[0], w[1])
    x23, y23, _, _, s23 = box_muller_float(w[2], w[3])
    n = _pick([x01, y01, x23, y23], ii)
    s = _pick([s01, s01, s23, s23], ii)
    m32, s32 = np.float32(mean), np.float32(std)
    value = fma32_numpy(n, np.full(n.shape, s32), np.full(n.shape, m32))
    return to_dtype(value, dtype), n, s


def torch_bernoulli(seed, offset, threads, e, p, f64=False):
    """rng.torch_bernoulli: bool; u < f32(p), or hq < p for f64 tensors."""
    U = 2 if f64 else 4
    t, P, ii = layout(offset, threads, e, U)
    w = curand4(seed, t, P)
    if f64:
        return _pick([hq_from_words(w[0], w[1]), hq_from_words(w[2], w[3])], ii) < np.float64(p)
    return _pick([u_from_words(x) for x in w], ii) < np.float32(p)


def torch_random(seed, offset, threads, e, frm, rng, wide):
    """rng.torch_random: from + (v mod range) in wrapping 64-bit arithmetic,
    as int64, for a range (Python int) in [1, 2^64). `rng` = 2^64 is
    random_(-2^63, None) (PyTorch's random_full_64_bits_range kernel, not in
    SPEC 9.2): the wide v itself read as int64, `frm` not added (measured
    on torch 2.11: v, not -2^63 + v)."""
    U = 2 if wide else 4
    t, P, ii = layout(offset, threads, e, U)
    w = curand4(seed, t, P)
    if wide:
        v = _pick([(_u64(w[0]) << U64(32)) | _u64(w[1]),
                   (_u64(w[2]) << U64(32)) | _u64(w[3])], ii)
    else:
        v = _pick([_u64(x) for x in w], ii)
    if rng == 1 << 64:
        return v.view(np.int64)
    r = v % U64(rng)
    with np.errstate(over="ignore"):
        return (r + U64(frm & MASK64)).view(np.int64)


def random_range(dtype, frm=None, to=None):
    """(from, range, wide) of random_(): bounds given -> [from, to), wide iff
    range >= 2^28; none -> PyTorch's uniform_int defaults."""
    if frm is not None:
        rng = (1 << 64) if to is None else to - frm
        return frm, rng, rng >= 1 << 28
    rng = {"i32": 1 << 31, "i64": 1 << 63, "f32": (1 << 24) + 1, "f64": (1 << 53) + 1,
           "f16": (1 << 11) + 1, "bf16": (1 << 8) + 1}[dtype]
    return 0, rng, dtype in ("f64", "i64")


def int64_to_dtype(v, dtype):
    """The caller's conversion of torch_random's i64 to the tensor dtype."""
    v = np.asarray(v, np.int64)
    if dtype == "i64":
        return v
    if dtype == "i32":
        return v.astype(np.int32)
    if dtype == "f64":
        return v.astype(np.float64)
    f = v.astype(np.float32)
    return f if dtype == "f32" else to_dtype(f, dtype)


def dropout_vec(dtype, address, n, dense=True):
    """PyTorch's vector width (SPEC 9.2): 1 for non-dense tensors, else the
    widest of 8/4/2 (at most 16 bytes) the address's alignment allows,
    halved until it divides n."""
    size = {"f32": 4, "f16": 2, "bf16": 2, "f64": 8}[dtype]
    if not dense:
        return 1
    vec = min(8, 16 // size)
    while vec > 1 and address % (vec * size):
        vec //= 2
    while vec > 1 and n % vec:
        vec //= 2
    return vec


def torch_dropout(x, p, seed, offset, threads, e, vec, dtype):
    """rng.torch_dropout: (values, keep) for inputs x (of `dtype`, bf16 as
    float32) at indices e (row-major for vec = 1, memory indices otherwise)."""
    e = _u64(e)
    if vec == 1:
        t, P, j = layout(offset, threads, e, 4)
    else:
        base, S = _launch(offset, threads)
        # SPEC 9.2's floor(e / (vec S)) and floor((e mod vec S) / vec), in
        # exact arithmetic (vec S may pass 2^64).
        g = e // U64(vec)
        it = g // S
        t = g % S
        j = (e % U64(vec)).astype(np.int64)
        calls = it * U64((vec + 3) // 4) + (j // 4).astype(U64)
        P = base + U64(4) * calls
        j = j % 4
    w = curand4(seed, t, P)
    u = _pick([u_from_words(x_) for x_ in w], j)
    pa = 1.0 - float(p)
    if not pa != 0:
        # p = 1: PyTorch's shortcut (zeros_like and an all-false mask).
        zeros = np.zeros(np.shape(u), np.float64 if dtype == "f64" else np.float32)
        return (zeros if dtype in ("f64", "f32") else to_dtype(zeros, dtype)), np.zeros(np.shape(u), bool)
    # pa = acc(1 - p), scale = acc(1 / f64(pa)).
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        if dtype == "f64":
            keep = u.astype(np.float64) < pa
            out = (np.asarray(x, np.float64) * keep.astype(np.float64)) * np.float64(1.0 / pa)
            return out, keep
        pa32 = np.float32(pa)
        keep = u < pa32
        out = (np.asarray(x, np.float32) * keep.astype(np.float32)) * np.float32(1.0 / float(pa32))
    return to_dtype(out, dtype), keep


def dropout_input(n, dtype):
    """The deterministic inputs the recordings use: x_e = ((7919 e) mod 2001
    - 1000) / 64 (exact in every dtype), NaN at e = 5, +inf at e = 6, -0.0
    at e = 7 (where n allows). float64 values; the caller rounds."""
    e = np.arange(n, dtype=np.int64)
    x = (((e * 7919) % 2001) - 1000) / 64.0
    if n > 5:
        x[5] = np.nan
    if n > 6:
        x[6] = np.inf
    if n > 7:
        x[7] = -0.0
    if dtype == "f64":
        return x
    x32 = x.astype(np.float32)
    return to_dtype(x32, dtype)


# --- canonical bytes (shared with the recorder) --------------------------------

CANONICAL_NAN = {"f32": (np.uint32, 0x7FC00000), "f64": (np.uint64, 0x7FF8000000000000),
                 "f16": (np.uint16, 0x7E00), "bf16": (np.uint16, 0x7FC0)}


def canonical_bits(values, dtype):
    """The values' bit patterns (an unsigned array; bf16 values given either
    as float32 holding bf16 values or as uint16 patterns) with every NaN
    replaced by the dtype's canonical quiet NaN; integers and bools as they
    are (bool as uint8)."""
    a = np.asarray(values)
    if dtype in ("i32", "i64"):
        return a.astype({"i32": np.int32, "i64": np.int64}[dtype])
    if dtype == "bool":
        return a.astype(np.uint8)
    ut, nan = CANONICAL_NAN[dtype]
    if dtype == "bf16":
        bits = a if a.dtype == np.uint16 else bf16_bits(a)
        isnan = ((bits & np.uint16(0x7F80)) == np.uint16(0x7F80)) & ((bits & np.uint16(0x7F)) != 0)
    else:
        ft = {"f32": np.float32, "f64": np.float64, "f16": np.float16}[dtype]
        bits = a.astype(ft).view(ut)
        isnan = np.isnan(a.astype(ft))
    return np.where(isnan, ut(nan), bits).astype(ut)


def sha256_of(values, dtype):
    return hashlib.sha256(np.ascontiguousarray(canonical_bits(values, dtype)).tobytes()).hexdigest()


def hex_of(bits):
    """Bit patterns (unsigned array) as hex strings."""
    width = np.asarray(bits).dtype.itemsize * 2
    return ["%0*x" % (width, int(b)) for b in np.asarray(bits).ravel()]


# --- one case of the recording, computed by the model -----------------------------


def case_values(case, M, T, e):
    """The model's values for a recorded case at indices e: (values in the
    case's dtype as canonical-able arrays, extra) where extra holds the
    keep mask for dropout and (n, s, std) for normals."""
    fam, dt, n = case["family"], case["dtype"], case["n"]
    seed, off = case["seed"], case["offset_before"]
    S = torch_threads(n, M, T)
    if fam == "uniform":
        return torch_uniform(seed, off, S, e, dt, case["from"], case["to"]), None
    if fam == "normal":
        v, nn, s = torch_normal(seed, off, S, e, dt, case["mean"], case["std"])
        return v, (nn, s, case["std"])
    if fam == "bernoulli":
        k = torch_bernoulli(seed, off, S, e, case["p"], dt == "f64")
        if dt == "f64":
            return k.astype(np.float64), None
        return to_dtype(k.astype(np.float32), dt), None
    if fam == "random":
        frm, rng, wide = case["from"], case["range"], case["wide"]
        return int64_to_dtype(torch_random(seed, off, S, e, frm, rng, wide), dt), None
    if fam == "dropout":
        x = dropout_input(n, dt)[np.asarray(e, np.int64)]
        v, keep = torch_dropout(x, case["p"], seed, off, S, e, case["vec"], dt)
        return v, keep
    raise ValueError(fam)


def offset_increment_of(case, M, T):
    S = torch_threads(case["n"], M, T)
    fam = case["family"]
    U = unroll_of(fam, case["dtype"], case.get("wide", False))
    return torch_offset_increment(case["n"], S, U)


def ulp_distance_numpy(a, b, dtype):
    """|ordinal(a) - ordinal(b)| for float arrays of `dtype`."""
    ut, it = {"f32": (np.uint32, np.int64), "f64": (np.uint64, object),
              "f16": (np.uint16, np.int64), "bf16": (np.uint16, np.int64)}[dtype]
    def ordinal(x):
        bits = canonical_bits(x, dtype).astype(np.uint64)
        w = np.dtype(ut).itemsize * 8
        sign = bits >> U64(w - 1)
        mag = (bits & U64((1 << (w - 1)) - 1)).astype(np.int64)
        return np.where(sign == 1, -mag, mag)
    return np.abs(ordinal(a) - ordinal(b))


def ulp_of(x, dtype):
    """The spacing of `dtype` at |x| (float64 result)."""
    x = np.abs(np.asarray(x, np.float64))
    if dtype == "f64":
        return np.spacing(x)
    if dtype == "f32":
        return np.spacing(x.astype(np.float32)).astype(np.float64)
    if dtype == "f16":
        return np.spacing(x.astype(np.float16)).astype(np.float64)
    # bf16: 8 significant bits
    e = np.floor(np.log2(np.maximum(x, 2.0 ** -126)))
    return 2.0 ** (e - 7)


def normal_within_bound(got, want, nn, s, std, dtype):
    """SPEC 9.2: a float normal within 2^-20 s |std| of the NVIDIA value,
    plus one ulp of the result (the model and NVIDIA round different exact
    values, to f32 and then to the dtype); f64 normals within
    DOUBLE_NORMAL_ULP_BOUND ulp of n, scaled by |std|, plus one ulp of the
    result. Returns a bool array."""
    g = np.asarray(got, np.float64 if dtype == "f64" else np.float32).astype(np.float64)
    w = np.asarray(want, np.float64 if dtype == "f64" else np.float32).astype(np.float64)
    if dtype == "f64":
        if std == 1.0 and np.all(np.asarray(nn) == w):  # mean 0, std 1: the normal itself
            return ulp_distance_numpy(g, w, "f64") <= DOUBLE_NORMAL_ULP_BOUND
        bound = (DOUBLE_NORMAL_ULP_BOUND * np.spacing(np.abs(np.asarray(nn, np.float64))) * abs(std)
                 + np.spacing(np.maximum(np.abs(g), np.abs(w))))
        return np.abs(g - w) <= bound
    bound = FLOAT_NORMAL_BOUND * np.asarray(s, np.float64) * abs(std) + ulp_of(np.maximum(np.abs(g), np.abs(w)), dtype)
    return np.abs(g - w) <= bound


# --- self-test -----------------------------------------------------------------


def default_vectors_dir():
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vectors")


def self_test(vectors_dir=None):
    """The model's own anchors. Returns a list of failure messages."""
    vectors_dir = vectors_dir or default_vectors_dir()
    failures = []
    with open(os.path.join(vectors_dir, "philox4x32_10_kat.txt")) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            counter, key, want = ([int(w, 16) for w in part.split()] for part in line.split("|"))
            c = sum(w << (32 * i) for i, w in enumerate(counter))
            seed = key[0] | (key[1] << 32)
            if list(curand_block_int(seed, c)) != want:
                failures.append("philox != KAT " + line.strip())
            got = philox_blocks(seed, np.array([counter[2] | (counter[3] << 32)], U64),
                                np.array([counter[0] | (counter[1] << 32)], U64))
            if [int(g[0]) for g in got] != want:
                failures.append("numpy philox != KAT " + line.strip())
    # numpy curand/curand4 against the scalar 128-bit rule, every p mod 4 and
    # the carry from counter word 0 into word 1.
    rs = np.random.RandomState(1)
    seeds = [0, 42, 0xDEADBEEFCAFEF00D]
    pos = [0, 1, 2, 3, 4, 5, 7, 2**34 - 5, 2**34 - 4, 2**34 - 1, 2**63 + 1, 2**64 - 8]
    pos += [int(x) for x in rs.randint(0, 2**62, size=8, dtype=np.int64)]
    for seed in seeds:
        for sub in (0, 1, 2**64 - 1, 270335):
            p = np.array(pos, U64)
            w = curand(seed, sub, p)
            w4 = curand4(seed, sub, p)
            for i, pi in enumerate(pos):
                if int(w[i]) != curand_word_int(seed, sub, pi):
                    failures.append("numpy curand(%d, %d, %d)" % (seed, sub, pi))
                if pi + 3 < 2**64 and [int(x[i]) for x in w4] != list(curand4_int(seed, sub, pi)):
                    failures.append("numpy curand4(%d, %d, %d)" % (seed, sub, pi))
    # u: exactly 1.0 from 2^32 - 128 on, never 0, and the fma against exact rationals.
    words = np.array([0, 1, 2, 127, 128, 2**24 + 1, 2**31 - 1, 2**32 - 129, 2**32 - 128, 2**32 - 1]
                     + [int(x) for x in rs.randint(0, 2**32, size=2000, dtype=np.int64)], np.uint32)
    u = u_from_words(words)
    for wd, uv in zip(words.tolist(), u.tolist()):
        exact = Fraction(float(np.float32(wd))) * Fraction(1, 2**32) + Fraction(1, 2**33)
        if uv != float(np.float32(float(exact))) or not 0 < uv <= 1 or (wd >= 2**32 - 128) != (uv == 1.0):
            failures.append("u(%d) = %r" % (wd, uv))
            break
    # the fma emulations against Fraction
    a = rs.uniform(-4, 4, 3000) * 2.0 ** rs.randint(-30, 30, 3000)
    b = rs.uniform(-4, 4, 3000)
    c = rs.uniform(-4, 4, 3000) * 2.0 ** rs.randint(-60, 10, 3000)
    got = fma64_numpy(a, b, c)
    for i in range(len(a)):
        if got[i] != float(Fraction(a[i]) * Fraction(b[i]) + Fraction(c[i])):
            failures.append("fma64_numpy(%r, %r, %r)" % (a[i], b[i], c[i]))
            break
    # ties of the f64 fma: a * b + c exactly halfway between two doubles
    a2 = np.array([1.0 + 2.0 ** -52, 3.0, 1.5]); b2 = np.array([1.0 + 2.0 ** -52, 2.0 ** -54, 2.0 ** -53])
    c2 = np.array([-1.0, 1.0, 1.0])
    for x, y, z, r in zip(a2, b2, c2, fma64_numpy(a2, b2, c2)):
        if r != float(Fraction(x) * Fraction(y) + Fraction(z)):
            failures.append("fma64_numpy tie (%r, %r, %r)" % (x, y, z))
    # sincospi against decimal-free identities: quadrants and symmetry
    for v in (0.25, 0.5, 1.0, 1.5, 2.0, 1e-9, 1.75):
        sn, cs = _sincospi(v)
        if abs(sn - math.sin(math.pi * v)) > 1e-15 or abs(cs - math.cos(math.pi * v)) > 1e-15:
            failures.append("sincospi(%r)" % v)
    # threads and offsets (SPEC 9.2 examples)
    if torch_threads(10**9, 132, 2048) != 270336 or torch_threads(1, 132, 2048) != 256 \
            or torch_threads(257, 132, 2048) != 512:
        failures.append("torch_threads")
    if torch_offset_increment(1081344, 270336, 4) != 4 or torch_offset_increment(1081345, 270336, 4) != 8:
        failures.append("torch_offset_increment")
    # layout: element e of a U = 4 op reads component (e // S) % 4 of draw k
    S = 512
    e = np.arange(5 * S * 4 + 3)
    t, P, ii = layout(8, S, e, 4)
    if not (np.all(t == e % S) and np.all(P == 8 + 4 * (e // (4 * S))) and np.all(ii == (e // S) % 4)):
        failures.append("layout")
    return failures


# --- the recordings ----------------------------------------------------------------


def _words_hex(ws):
    return ["%08x" % int(w) for w in ws]


def check_curand_recording(path):
    """Compares every value of curand_recorded.json with the model (words,
    uniforms and double uniforms exactly; float normals within 2^-20 s,
    double normals within 2 ulp). Returns (summary lines, failures)."""
    with open(path) as f:
        data = json.load(f)
    failures, exact, normals, worst_f, worst_d = [], 0, 0, 0.0, 0
    for c in data["cases"]:
        seed, sub, pos = int(c["seed"]), int(c["subsequence"]), int(c["position"])
        tag = "curand(seed %d, subsequence %d, position %d)" % (seed, sub, pos)
        want_seq = [curand_word_int(seed, sub, pos + i) for i in range(len(c["curand_seq"]))]
        if _words_hex(want_seq) != c["curand_seq"]:
            failures.append(tag + " curand sequence")
        w4 = curand4_int(seed, sub, pos)
        if _words_hex(w4) != c["curand4"]:
            failures.append(tag + " curand4")
        x0, x1 = curand_word_int(seed, sub, pos), curand_word_int(seed, sub, pos + 1)
        u = u_from_words(np.array([x0], np.uint32))
        if hex_of(u.view(np.uint32))[0] != c["uniform"]:
            failures.append(tag + " curand_uniform")
        ud = np.float64(x0) * 2.0 ** -32 + 2.0 ** -32
        if hex_of(np.array([ud]).view(np.uint64))[0] != c["uniform_double"]:
            failures.append(tag + " curand_uniform_double")
        u2 = [hq_from_words(np.array([w4[0]]), np.array([w4[1]])),
              hq_from_words(np.array([w4[2]]), np.array([w4[3]]))]
        if [hex_of(x.view(np.uint64))[0] for x in u2] != c["uniform2_double"]:
            failures.append(tag + " curand_uniform2_double")
        exact += len(want_seq) + 4 + 1 + 1 + 2
        x, y, a, v, s = box_muller_float(np.array([x0], np.uint32), np.array([x1], np.uint32))
        got = [np.array([int(h, 16)], np.uint32).view(np.float32)[0] for h in c["normal2"]]
        for m, g in zip((x[0], y[0]), got):
            dev = abs(float(m) - float(g)) / float(s[0])
            worst_f = max(worst_f, dev)
            if dev > FLOAT_NORMAL_BOUND:
                failures.append(tag + " curand_normal2 %r vs model %r (s %r)" % (g, m, s[0]))
        xd, yd, _, _, _ = box_muller_double(*(np.array([w], np.uint32) for w in w4))
        gotd = [np.array([int(h, 16)], np.uint64).view(np.float64) for h in c["normal2_double"]]
        for m, g in zip((xd, yd), gotd):
            d = int(ulp_distance_numpy(m, g, "f64")[0])
            worst_d = max(worst_d, d)
            if d > DOUBLE_NORMAL_ULP_BOUND:
                failures.append(tag + " curand_normal2_double %d ulp" % d)
        normals += 4
    lines = ["curand: %d cases, %d exact values equal to the model, %d normals (max %.3g s float, %d ulp double)"
             % (len(data["cases"]), exact - sum(1 for f in failures if "normal" not in f),
                normals, worst_f, worst_d)]
    return lines, failures


def check_torch_case(case, M, T, full=False):
    """One torch case against the model: the sampled elements (and with
    full=True the sha256 of the whole output), the offset increment and the
    launch width. Returns (failures, normal stats or None)."""
    fam, dt, n = case["family"], case["dtype"], case["n"]
    tag = case["name"]
    failures = []
    if "error" in case:
        return ["%s: torch raised %s" % (tag, case["error"])], None
    inc = offset_increment_of(case, M, T)
    if case["offset_after"] - case["offset_before"] != inc:
        failures.append("%s: offset advanced by %d, model %d" % (
            tag, case["offset_after"] - case["offset_before"], inc))
    if fam == "dropout":
        want_vec = dropout_vec(dt, case["address"], n, case["dense"])
        if want_vec != case["vec"]:
            failures.append("%s: recorded vec %d, rule %d" % (tag, case["vec"], want_vec))
    e = np.array(case["indices"], np.int64)
    vals, extra = case_values(case, M, T, e)
    out_dt = case["out_dtype"]
    got_bits = case["values"]
    stats = None
    if fam == "normal":
        ut = {"f32": np.uint32, "f64": np.uint64, "f16": np.uint16, "bf16": np.uint16}[dt]
        g = np.array([int(h, 16) for h in got_bits], np.uint64).astype(ut)
        if dt == "bf16":
            g = (g.astype(np.uint32) << np.uint32(16)).view(np.float32)
        else:
            g = g.view({"f32": np.float32, "f64": np.float64, "f16": np.float16}[dt])
        nn, s, std = extra
        ok = normal_within_bound(g, vals, nn, s, std, dt)
        for i in np.nonzero(~ok)[0][:4]:
            failures.append("%s[%d]: %r vs model %r" % (tag, e[i], g[i], vals[i]))
        equal = int(np.sum(canonical_bits(g, dt) == canonical_bits(vals, dt)))
        stats = (len(e), equal)
    else:
        want = hex_of(canonical_bits(vals, out_dt)) if out_dt not in ("i32", "i64") else \
            [str(int(v)) for v in np.asarray(vals).ravel()]
        bad = [i for i, (a, b) in enumerate(zip(got_bits, want)) if a != b]
        for i in bad[:4]:
            failures.append("%s[%d]: %s vs model %s" % (tag, e[i], got_bits[i], want[i]))
        if fam == "dropout":
            mask = "".join("1" if k else "0" for k in extra)
            if mask != case["mask"]:
                failures.append("%s: mask differs" % tag)
    if full and fam != "normal":
        vals_all, extra_all = case_values(case, M, T, np.arange(n, dtype=np.int64))
        if sha256_of(vals_all, out_dt) != case["sha256"]:
            failures.append("%s: sha256 of the whole output differs" % tag)
        if fam == "dropout" and sha256_of(extra_all, "bool") != case["mask_sha256"]:
            failures.append("%s: sha256 of the whole mask differs" % tag)
    return failures, stats


def check_torch_recording(path, full_limit=0):
    """Every case of torch_recorded.json against the model; cases of at most
    full_limit elements also by the sha256 of the whole output."""
    with open(path) as f:
        data = json.load(f)
    M = data["device"]["multiProcessorCount"]
    T = data["device"]["maxThreadsPerMultiProcessor"]
    failures, per_family, full_checked, normal_total, normal_equal = [], {}, 0, 0, 0
    for case in data["cases"]:
        full = case["n"] <= full_limit and "error" not in case
        f, stats = check_torch_case(case, M, T, full)
        failures += f
        fam = case["family"]
        per_family[fam] = per_family.get(fam, 0) + 1
        if full and fam != "normal":
            full_checked += 1
        if stats:
            normal_total += stats[0]
            normal_equal += stats[1]
    lines = ["torch: %d cases (%s), %d whole outputs by sha256, normals: %d sampled, %d bit-equal"
             % (len(data["cases"]), ", ".join("%s %d" % kv for kv in sorted(per_family.items())),
                full_checked, normal_total, normal_equal)]
    return lines, failures


if __name__ == "__main__":
    args = sys.argv[1:]
    vectors = args[1] if len(args) > 1 else default_vectors_dir()
    if not args or args[0] == "selftest":
        problems = self_test(vectors)
        print("\n".join(problems) or "model self-test: OK")
        sys.exit(1 if problems else 0)
    if args[0] == "check":
        limit = int(args[2]) if len(args) > 2 else 1 << 21
        problems = self_test(vectors)
        print("model self-test: %s" % ("OK" if not problems else "%d failures" % len(problems)))
        for name, fn in (("curand_recorded.json", check_curand_recording),
                         ("torch_recorded.json", lambda p: check_torch_recording(p, limit))):
            lines, fails = fn(os.path.join(vectors, name))
            print("\n".join(lines))
            problems += fails
        for p in problems[:50]:
            print("FAIL: " + p)
        print("failures: %d" % len(problems))
        sys.exit(1 if problems else 0)
    sys.exit("usage: torch_random_model.py [selftest|check] [VECTORS_DIR [FULL_LIMIT]]")
