"""Independent Python model of the hash generators, dropout and seed recipes
(SPEC §5-7), for the tests.

Written from ../SPEC.md (docs/SPEC.md §5-7), not from rng-mlir's C++: the
lowbias32 hash and Phobos' uniform/normal draws, the two dropout ops,
SplitMix64, Tech-Renaissance's recipes (24-bit uniforms and normal pairs
over Philox4x32-10, rank and worker seeds, xorshift64* seed rotation) and
its dropout sampler (rng.tr_dropout_sample).
Floats are f32 bit patterns (ints) where exactness matters; `f32(x)` rounds a
binary64 value to the nearest binary32, ties to even.
"""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from triton_random_model import (MASK32, MASK64, bits_to_f32, f32,  # noqa: E402
                                 f32_to_bits, philox4x32, randint4x, u2f)

# --- SPEC §5: lowbias32 and Phobos' draws ---------------------------------


def mix(v, s):
    return v ^ (v >> s)


def lowbias32(x):
    """hash32(x) = mix(mix(mix(x, 16) * 0x7FEB352D, 15) * 0x846CA68B, 16)."""
    x &= MASK32
    x = (mix(x, 16) * 0x7FEB352D) & MASK32
    x = (mix(x, 15) * 0x846CA68B) & MASK32
    return mix(x, 16)


def hash_rand(seed, counter):
    """f32(hash32(counter ^ hash32(seed)) & 0x7FFFFF) * 2^-23, as f32 bits
    (exact: a 23-bit integer times a power of two)."""
    bits = lowbias32((counter ^ lowbias32(seed)) & MASK32) & 0x7FFFFF
    return f32_to_bits(bits * 2.0 ** -23)


TWO_PI = f32(6.283185307179586)


def hash_randn(seed, counter):
    """sqrt(-2 log(1 - u1)) * cos(6.2831855f * u2), u1/u2 the draws of
    2*counter and 2*counter + 1, every f32 step correctly rounded (binary64
    evaluation, then one rounding per step). Returns f32 bits."""
    c = (2 * counter) & MASK32
    u1 = bits_to_f32(hash_rand(seed, c))
    u2 = bits_to_f32(hash_rand(seed, (c + 1) & MASK32))
    one_minus = f32(1.0 - u1)          # exact
    log = f32(math.log(one_minus))
    radius = f32(math.sqrt(f32(-2.0 * log)))
    angle = f32(TWO_PI * u2)           # exact
    return f32_to_bits(f32(radius * f32(math.cos(angle))))


# --- SPEC §6: dropout -----------------------------------------------------


def dropout_value(x_bits, p_bits, keep):
    """keep ? x / (1 - p) : +0 in f32 (1 - p rounded once, one division).
    The quotient of two f32 values rounded once from binary64 is the f32
    division (binary64 has more than 2 * 24 + 2 bits)."""
    if not keep:
        return 0
    x, p = bits_to_f32(x_bits), bits_to_f32(p_bits)
    scale = f32(1.0 - p)
    return f32_to_bits(f32(x / scale))


def hash_dropout(x_bits, p_bits, seed, counter):
    """Phobos: keep = hash_rand(seed, counter) >= p."""
    u = bits_to_f32(hash_rand(seed, counter))
    return dropout_value(x_bits, p_bits, u >= bits_to_f32(p_bits))


def triton_dropout(x_bits, p_bits, seed, seed_width, offset, offset_width,
                   rounds=10):
    """Triton's tutorial: keep = rand(seed, offset) > p."""
    u = bits_to_f32(u2f(randint4x(seed, seed_width, offset, offset_width, rounds)[0]))
    return dropout_value(x_bits, p_bits, u > bits_to_f32(p_bits))


# --- SPEC §7: seeds and Tech-Renaissance's recipes ------------------------


def splitmix64(x):
    z = (x + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def rank_seed(global_seed, rank):
    return splitmix64((global_seed + rank) & MASK64)


def worker_seed(global_seed, worker):
    return (global_seed ^ (worker << 32)) & MASK64


def xorshift64star(s):
    """One seed rotation: 0 -> 0x9E3779B97F4A7C15 first, then xorshift64*."""
    s &= MASK64
    if s == 0:
        s = 0x9E3779B97F4A7C15
    s ^= s >> 12
    s = (s ^ (s << 25)) & MASK64
    s ^= s >> 27
    return (s * 0x2545F4914F6CDD1D) & MASK64


def tr_words(seed, offset):
    """Philox4x32-10 of counter (lo32(offset), hi32(offset), 0, 0) under key
    (lo32(seed), hi32(seed)), seed and offset 64-bit."""
    seed &= MASK64
    offset &= MASK64
    return philox4x32((offset & MASK32, offset >> 32, 0, 0),
                      (seed & MASK32, seed >> 32), 10)


def tr_uniform(word):
    """(r >> 8) * 2^-24 as f32 bits (exact)."""
    return f32_to_bits((word >> 8) * 2.0 ** -24)


def tr_normal_pair(r0, r1):
    """u1 = ((r0 >> 8) | 1) * 2^-24, u2 = (r1 >> 8) * 2^-24,
    radius = sqrt(-2 log u1), (radius cos(2 pi u2), radius sin(2 pi u2)),
    every f32 step correctly rounded. Returns f32 bits."""
    u1 = ((r0 >> 8) | 1) * 2.0 ** -24
    u2 = (r1 >> 8) * 2.0 ** -24
    radius = f32(math.sqrt(f32(-2.0 * f32(math.log(u1)))))
    angle = f32(TWO_PI * u2)
    return (f32_to_bits(f32(radius * f32(math.cos(angle)))),
            f32_to_bits(f32(radius * f32(math.sin(angle)))))


TR_M = 0xD2B74407B1CE6E93
TR_KEY1_XOR = 0x9E3779B97F4A7C15


def tr_dropout_sample(seed_lo, seed_hi, offset):
    """Tech-Renaissance's dropout sampler ("Philox 2x64 simplified"), all u64
    wrapping: counter = seed_lo + offset, key0 = seed_hi, key1 = seed_lo ^
    0x9E3779B97F4A7C15; ten times (hi, lo) = M * counter (the 128-bit
    product), counter = hi ^ key0 ^ key1, key0 = lo, key1 = lo ^ key1.
    Returns f32(hi32(counter)) * 2^-32 as f32 bits: the conversion rounded
    to nearest even (hi32 >= 0xFFFFFF80 gives 1.0), the multiply exact."""
    counter = (seed_lo + offset) & MASK64
    key0 = seed_hi & MASK64
    key1 = (seed_lo & MASK64) ^ TR_KEY1_XOR
    for _ in range(10):
        product = TR_M * counter
        hi, lo = product >> 64, product & MASK64
        counter = hi ^ key0 ^ key1
        key0 = lo
        key1 = lo ^ key1
    return f32_to_bits(f32(float(counter >> 32)) * 2.0 ** -32)


def tr_seed_halves(seed):
    """SPEC §7's example convention: (seed_lo, seed_hi) = (lo32(seed),
    hi32(seed)), zero-extended to 64 bits."""
    seed &= MASK64
    return seed & MASK32, seed >> 32


def tr_keep(u_bits, p_bits):
    """The examples' keep rule: u >= p."""
    return bits_to_f32(u_bits) >= bits_to_f32(p_bits)


def self_test():
    """The SPEC's own figures. Returns a list of failure messages."""
    failures = []
    if lowbias32(0) != 0:
        failures.append("lowbias32(0) != 0")
    mean = sum(bits_to_f32(hash_rand(1, c)) for c in range(256)) / 256
    if round(mean, 3) != 0.513:
        failures.append("seed 1 mean %f != 0.513" % mean)
    if splitmix64(0) != 0xE220A8397B1DCDAF:
        failures.append("splitmix64(0) != 0xE220A8397B1DCDAF")
    # SplitMix64's published stream for seed 0: state advances by the gamma.
    if splitmix64(0x9E3779B97F4A7C15) != 0x6E789E6AA1B965F4:
        failures.append("splitmix64 second output of seed 0")
    # The seed property of SPEC §5.
    for s1, s2, c in [(1, 2, 0), (0, -1, 77), (-2**31, 12345, -5)]:
        moved = (c ^ lowbias32(s1) ^ lowbias32(s2)) & MASK32
        if hash_rand(s2, c & MASK32) != hash_rand(s1, moved):
            failures.append("seed property %d %d %d" % (s1, s2, c))
    # The 1.0 case of tr_dropout_sample: hi32 = 0xFFFFFFAE (offset 2377230
    # under zero seeds) rounds up to 2^32; 0xFFFFFF21 (offset 3684651)
    # rounds down to 0xFFFFFF00, the largest f32 below 1.
    if tr_dropout_sample(0, 0, 2377230) != f32_to_bits(1.0):
        failures.append("tr_dropout_sample(0, 0, 2377230) != 1.0")
    if tr_dropout_sample(0, 0, 3684651) != 0x3F7FFFFF:
        failures.append("tr_dropout_sample(0, 0, 3684651) != 0x3F7FFFFF")
    return failures


if __name__ == "__main__":
    problems = self_test()
    print("\n".join(problems) or "model OK")
    sys.exit(1 if problems else 0)
