"""Independent Python model of Triton's tl.random (SPEC §2), for the tests.

Written from the specification (Random123's Philox4x32 and Triton 3.6's
python/triton/language/random.py), not from rng-mlir's C++: the tests compare
the compiled ops against this model. `self_test()` anchors the model itself on
the Random123 known answers and on the Triton values in
test/vectors/triton_random.json.

Floats are handled as f32 bit patterns (ints); `f32(x)` rounds a Python float
(binary64) to the nearest binary32, ties to even.
"""

import json
import math
import struct

MASK32 = 0xFFFFFFFF
MASK64 = 0xFFFFFFFFFFFFFFFF

PHILOX_M = (0xD2511F53, 0xCD9E8D57)
PHILOX_W = (0x9E3779B9, 0xBB67AE85)


def philox4x32(counter, key, rounds):
    """Random123 Philox4x32-`rounds` of four counter words under two key words.

    The one Philox model of the test helpers: the words are Python ints or
    numpy uint64 arrays holding 32-bit values (every product fits in 64
    bits); the result has the same kind."""
    c0, c1, c2, c3 = counter
    k0, k1 = key
    (m0, m1), (w0, w1), mask, shift = PHILOX_M, PHILOX_W, MASK32, 32
    if not isinstance(c0, int):  # numpy: uint64 constants (no float64 casts)
        import numpy as np
        m0, m1, w0, w1, mask, shift = (np.uint64(v) for v in
                                       (m0, m1, w0, w1, mask, shift))
    for r in range(rounds):
        if r:
            k0 = (k0 + w0) & mask
            k1 = (k1 + w1) & mask
        p0 = m0 * c0
        p1 = m1 * c2
        c0, c1, c2, c3 = ((p1 >> shift) ^ c1 ^ k0, p1 & mask,
                          (p0 >> shift) ^ c3 ^ k1, p0 & mask)
    return c0, c1, c2, c3


def philox4x32_numpy(counter, key, rounds):
    """philox4x32 on numpy arrays (or array-likes) of 32-bit words, of any
    integer dtype (each word is taken mod 2^32): four uint32 arrays."""
    import numpy as np
    mask = np.uint64(MASK32)
    c = [np.asarray(w).astype(np.uint64) & mask for w in counter]
    k = [np.asarray(w).astype(np.uint64) & mask for w in key]
    return [w.astype(np.uint32) for w in philox4x32(c, k, rounds)]


def sext(value, width):
    """`value` (any int) read as a `width`-bit two's-complement integer."""
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def randint4x(seed, seed_width, offset, offset_width, rounds=10):
    """Triton's randint4x: the four words for an iN seed and an i32/i64 offset."""
    seed64 = sext(seed, seed_width) & MASK64
    key = (seed64 & MASK32, seed64 >> 32)
    offset &= (1 << offset_width) - 1
    counter = (offset & MASK32, offset >> 32 if offset_width == 64 else 0, 0, 0)
    return philox4x32(counter, key, rounds)


def bits_to_f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits & MASK32))[0]


def f32_to_bits(value):
    """The bits of `value` rounded to binary32 (nearest, ties to even);
    magnitudes that round past the largest finite f32 give infinity, as
    IEEE rounding does (struct refuses them)."""
    try:
        return struct.unpack("<I", struct.pack("<f", value))[0]
    except OverflowError:
        return 0xFF800000 if value < 0 else 0x7F800000


def f32(value):
    """Rounds a binary64 value to binary32 (nearest, ties to even)."""
    return bits_to_f32(f32_to_bits(value))


U2F_SCALE = bits_to_f32(0x2FFFFFFF)  # Triton's 4.6566127342e-10 as an f32


def u2f(word):
    """Triton's uint_to_uniform_float on a 32-bit word, as f32 bits."""
    x = sext(word, 32)
    if x < 0:
        x = -x - 1
    # f32(x) is one rounding; the product of two f32 values is exact in
    # binary64 (24 + 24 bits), so rounding it once gives the f32 multiply.
    return f32_to_bits(f32(f32(x) * U2F_SCALE))


MIN_U1 = f32(1.0e-7)
TWO_PI = f32(6.283185307179586)


def pair_uniform_to_normal(u1_bits, u2_bits):
    """Triton's Box-Muller pair, correctly rounded: the reference for randn.

    The clamp max(1e-7, u1) and the angle t = f32(6.2831855 * u2) are exact
    f32 operations that every implementation computes identically; from those
    exact f32 values, (sqrt(-2 log u1) cos t, sqrt(-2 log u1) sin t) is
    evaluated in binary64 and rounded once to f32 (binary64's few ulp of
    error make this the correctly rounded result except in negligible
    near-tie cases). Returns the two results as f32 bits.
    """
    u1 = max(MIN_U1, bits_to_f32(u1_bits))
    t = f32(TWO_PI * bits_to_f32(u2_bits))
    r = math.sqrt(-2.0 * math.log(u1))
    return f32_to_bits(f32(r * math.cos(t))), f32_to_bits(f32(r * math.sin(t)))


def all_outputs(seed, seed_width, offset, offset_width, rounds=10):
    """Every op's results for one element, keyed like triton_random.json:
    integer words and f32 bit patterns."""
    w = randint4x(seed, seed_width, offset, offset_width, rounds)
    u = [u2f(x) for x in w]
    n01 = pair_uniform_to_normal(u[0], u[1])
    n23 = pair_uniform_to_normal(u[2], u[3])
    out = {"randint": w[0], "rand": u[0], "randn": n01[0]}
    for i in range(4):
        out["randint4x_%d" % i] = w[i]
        out["rand4x_%d" % i] = u[i]
    for i, n in enumerate(n01 + n23):
        out["randn4x_%d" % i] = n
    return out


# The ops' results in the order the tests print them.
OUTPUT_KEYS = (["randint4x_%d" % i for i in range(4)] + ["randint", "rand", "randn"]
               + ["rand4x_%d" % i for i in range(4)] + ["randn4x_%d" % i for i in range(4)])
NORMAL_KEYS = {"randn"} | {"randn4x_%d" % i for i in range(4)}


def f32_ordinal(bits):
    """Maps f32 bits to integers ordered like the floats (-0 and +0 equal)."""
    bits &= MASK32
    return -(bits & 0x7FFFFFFF) if bits >> 31 else bits


def ulp_distance(a_bits, b_bits):
    """Number of f32 values between two finite f32 values (0 if equal)."""
    return abs(f32_ordinal(a_bits) - f32_ordinal(b_bits))


def load_triton_cases(path):
    """The cases of triton_random.json with integer values: a list of dicts
    with seed, offset_type, rounds, offsets and one list per OUTPUT_KEYS."""
    with open(path) as f:
        cases = json.load(f)["cases"]
    for case in cases:
        for key in OUTPUT_KEYS:
            case[key] = [int(v, 16) for v in case[key]]
    return cases


def self_test(kat_path, json_path):
    """Checks the model against Random123's known answers and Triton's
    recorded integers and uniforms (exact) and normals (within 2 ulp).
    Returns a list of failure messages."""
    failures = []
    with open(kat_path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            counter, key, expected = (
                [int(w, 16) for w in part.split()] for part in line.split("|"))
            if list(philox4x32(counter, key, 10)) != expected:
                failures.append("model philox4x32 != KAT line: " + line.strip())
    if philox4x32((0, 0, 0, 0), (0, 0), 7) != (0x5F6FB709, 0x0D893F64, 0x4F121F81, 0x4F730A48):
        failures.append("model philox4x32 7 rounds != SPEC §1")
    # The numpy variant (used for large expectations) against the scalar one.
    edges = [0, 1, 2**31 - 1, -2**31, -1, 2**32, 2**40 + 3, -2**63]
    for width in (32, 64):
        offsets = [sext(x, width) for x in edges]
        words = randint4x_numpy(-7, 64, offsets, width, 7)
        uniforms = [u2f_numpy(w) for w in words]
        for i, offset in enumerate(offsets):
            want = randint4x(-7, 64, offset, width, 7)
            if ([int(w[i]) for w in words] != list(want) or
                    [f32_to_bits(float(u[i])) for u in uniforms] != [u2f(w) for w in want]):
                failures.append("numpy model != scalar model at offset %d" % offset)
    for case in load_triton_cases(json_path):
        # Triton types a Python seed below 2^31 as int32 and one in
        # [2^31, 2^32) as uint32 (zero-extended): as an i64 both are exact.
        for i, offset in enumerate(case["offsets"]):
            got = all_outputs(case["seed"], 64, offset, 32, case["rounds"])
            for key in OUTPUT_KEYS:
                want = case[key][i]
                if key in NORMAL_KEYS:
                    if ulp_distance(got[key], want) > 2:
                        failures.append("model %s(seed %d, offset %d) = %08x, Triton %08x"
                                        % (key, case["seed"], offset, got[key], want))
                elif got[key] != want:
                    failures.append("model %s(seed %d, offset %d) = %08x, Triton %08x"
                                    % (key, case["seed"], offset, got[key], want))
    return failures


def randint4x_numpy(seed, seed_width, offsets, offset_width, rounds=10):
    """randint4x over a numpy array of offsets (same rules as randint4x)."""
    import numpy as np
    seed64 = sext(seed, seed_width) & MASK64
    offsets = np.asarray(offsets, dtype=np.int64).astype(np.uint64)
    counter = [offsets & np.uint64(MASK32),
               (offsets >> np.uint64(32)) if offset_width == 64
               else np.zeros_like(offsets),
               np.zeros_like(offsets), np.zeros_like(offsets)]
    key = (np.uint64(seed64 & MASK32), np.uint64(seed64 >> 32))
    return philox4x32_numpy(counter, key, rounds)


def u2f_numpy(words):
    """u2f over a numpy uint32 array, as float32 values."""
    import numpy as np
    x = words.view(np.int32)
    x = np.where(x < 0, ~x, x)
    return x.astype(np.float32) * np.float32(U2F_SCALE)


def dropout_checks(n, seed, p):
    """FileCheck lines for examples/dropout.mlir: y = rand(seed, i) > p ?
    x / (1 - p) : 0 over x = 1, i in [0, n), with i32 seed and offsets."""
    import numpy as np
    u = u2f_numpy(randint4x_numpy(seed, 32, np.arange(n), 32)[0])
    p32 = np.float32(p)
    keep = u > p32
    kept = int(keep.sum())
    scaled = np.float32(1.0) / (np.float32(1.0) - p32)
    y = np.where(keep, scaled, np.float32(0.0))
    mean = float(y.astype(np.float64).sum()) / n
    # vector.print prints f64 and f32 with C's %g.
    print("CHECK: kept: %d of %d (fraction %g)" % (kept, n, kept / n))
    print("CHECK-NEXT: mean of y: %g" % mean)
    print("CHECK-NEXT: distinct values of y: %g %g (other values: 0)" % (0.0, float(scaled)))


if __name__ == "__main__":
    import os
    import sys
    if len(sys.argv) == 5 and sys.argv[1] == "dropout-checks":
        dropout_checks(int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]))
        sys.exit(0)
    if len(sys.argv) > 2 or (len(sys.argv) == 2 and sys.argv[1].startswith("-")):
        sys.exit("usage: triton_random_model.py [VECTORS_DIR]  (self-test)\n"
                 "       triton_random_model.py dropout-checks N SEED P")
    vectors = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "vectors")
    problems = self_test(os.path.join(vectors, "philox4x32_10_kat.txt"),
                         os.path.join(vectors, "triton_random.json"))
    print("\n".join(problems) or "model OK")
    sys.exit(1 if problems else 0)
