"""Generates and checks the CPU execution test of the hash generators, the
dropout ops and SplitMix64 (SPEC §5-7).

    hash_random_test.py gen   VECTORS_DIR > test.mlir
    hash_random_test.py check VECTORS_DIR runner-output.txt

`gen` writes a program that runs rng.lowbias32, rng.hash_rand,
rng.hash_randn, rng.hash_dropout, rng.dropout, rng.splitmix64 and
rng.tr_dropout_sample at run time
(every operand is an argument of a non-inlined function, so nothing folds)
in scalar form (one call per element), as 1-D and 2-D vectors and with one
seed per lane, and prints every result as an integer bit pattern. Each
dropout is also applied to a gradient with the same p, seed and
offset/counter (the backward pass). `check` compares the output with the
independent model in hash_random_model.py (integers, uniforms and dropouts
exactly, hash_randn within 3 ulp; tr_dropout_sample exactly, including
offsets whose sample rounds to 1.0), checks that the backward mask is the
forward mask, and checks rng.dropout's keep decisions against the rand values
recorded from Triton 3.6 (VECTORS_DIR/triton_random.json).
"""

import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hash_random_model as model  # noqa: E402
from triton_random_model import (MASK32, MASK64, bits_to_f32, f32, f32_to_bits,  # noqa: E402
                                 sext, ulp_distance)

MAX_NORMAL_ULP = 3

# Seeds: 0, -1, INT_MIN, INT_MAX and others. Counters: negative ones and
# those where 2 * counter (and 2 * counter + 1) wraps.
SEEDS = [0, 1, 2, 3, -1, -2**31, 2**31 - 1, 123, sext(0xDEADBEEF, 32)]
COUNTERS = [0, 1, 2, 3, -1, -2, -2**31, 2**31 - 1, 2**30, 2**30 + 1,
            -2**30 - 1, 12345, 65535, 65536, 2**30 - 1, 2**31 - 2]
N = len(COUNTERS)
# Inputs and gradients: nonzero, so that a dropped element (+0) is told
# apart from a kept one; no overflow of x / (1 - p) for the p below.
XS = [1.0, -2.5, 3.0e-39, 1.0e30, 0.1, 7.0, -1.0e-5, 65504.0,
      -3.0, 0.5, 1.5e-7, -123.25, 2.0, 4096.5, -0.75, 9.0]
GRADS = [-0.5 * x + 0.3 for x in reversed(XS)]
PS = [0.0, 0.1, 0.5, 0.9]
# p outside [0, 1) (SPEC §6: used as the formula says): 1 and above, +inf
# and NaN drop every element; negative p and -inf keep every element,
# scaled by 1 / (1 - p) (-inf: x / inf, a zero of x's sign).
P_OUTSIDE = [1.0, 1.5, -0.25, -3.0, float("inf"), float("-inf"), float("nan")]
I64_EDGES = [0, 1, 5, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**40 + 12345,
             2**63 - 1, -1, -2, -2**31, -2**32, -2**63, 0x123456789ABCDEF0, 77]


# rng.tr_dropout_sample: (seed_lo, seed_hi) pairs, from zero seeds to full
# 64-bit words (SPEC §7's example convention uses 32-bit halves, but the op
# takes any i64), and offsets including those whose high word rounds to
# 2^32 under zero seeds (2377230: 0xFFFFFFAE, 6048054: 0xFFFFFFDA,
# 145926597: 0xFFFFFF87, all 1.0) or down to 0xFFFFFF00 (3684651:
# 0xFFFFFF21, 88612645: 0xFFFFFF70), and wrapping seed_lo + offset.
TR_SEEDS = [(0, 0), (1, 2), (2**32 - 1, 2**32 - 1), (1658732843, 3034356692),
            (2**64 - 1, 2**64 - 1), (0x123456789ABCDEF0, 0xFEDCBA9876543210)]
TR_OFFSETS = [0, 1, 2, 3, 2377230, 3684651, 6048054, 88612645, 145926597,
              -1, -2**63, 2**63 - 1, 2**32, 2**32 - 1, 0x123456789ABCDEF0, 77]


def vec(n, elem, dims=None):
    return "vector<%s%s>" % ("".join("%dx" % d for d in (dims or [n])), elem)


def f32_literal(value):
    """An exact MLIR literal of the f32 `value` (hex bits)."""
    return "0x%08X" % f32_to_bits(f32(value))


def dense_f32(values):
    return "dense<[%s]>" % ", ".join(f32_literal(v) for v in values)


def dense_int(values):
    return "dense<[%s]>" % ", ".join(str(v) for v in values)


def nested(values, dims):
    if not dims:
        return str(values[0])
    step = len(values) // dims[0]
    return "[%s]" % ", ".join(nested(values[i * step:(i + 1) * step], dims[1:])
                              for i in range(dims[0]))


class Program:
    def __init__(self):
        self.funcs = []
        self.main = []
        self.count = 0

    def const(self, text, type_):
        self.count += 1
        name = "%%k%d" % self.count
        self.main.append("  %s = arith.constant %s : %s" % (name, text, type_))
        return name

    def call(self, func, args, arg_types, result_types):
        self.count += 1
        name = "%%r%d" % self.count
        n = len(result_types)
        self.main.append("  %s%s = func.call %s(%s) : (%s) -> (%s)" % (
            name, ":%d" % n if n > 1 else "", func, ", ".join(args),
            ", ".join(arg_types), ", ".join(result_types)))
        return [name + ("#%d" % i if n > 1 else "") for i in range(n)]

    def show(self, tag, value, type_):
        self.main.append('  vector.print str "%s "' % tag)
        self.main.append("  vector.print %s : %s" % (value, type_))


def hash_kernel(name, seed_t, word_t, float_t):
    """The hash ops on (seed, counter, x, p, grad): 5 word-typed results."""
    def bits(v, out):
        return ["  %s = arith.bitcast %s : %s to %s" % (out, v, float_t, word_t)]
    lines = ["func.func %s(%%seed: %s, %%counter: %s, %%x: %s, %%p: f32, %%g: %s)"
             " -> (%s) {" % (name, seed_t, word_t, float_t, float_t,
                             ", ".join([word_t] * 5)),
             "  %%h = rng.lowbias32 %%counter : %s" % word_t,
             "  %%u = rng.hash_rand %%seed, %%counter : %s, %s" % (seed_t, word_t),
             "  %%n = rng.hash_randn %%seed, %%counter : %s, %s" % (seed_t, word_t),
             "  %%y = rng.hash_dropout %%x, %%p, %%seed, %%counter : %s, f32, %s, %s"
             % (float_t, seed_t, word_t),
             "  %%dy = rng.hash_dropout %%g, %%p, %%seed, %%counter : %s, f32, %s, %s"
             % (float_t, seed_t, word_t)]
    for v in ("u", "n", "y", "dy"):
        lines += bits("%" + v, "%%%s_bits" % v)
    lines.append("  return %%h, %%u_bits, %%n_bits, %%y_bits, %%dy_bits : %s"
                 % ", ".join([word_t] * 5))
    lines.append("}")
    return lines


def dropout_kernel(name, seed_t, offset_t, float_t, word_t, rounds):
    r = "" if rounds == 10 else " rounds %d" % rounds
    return [
        "func.func %s(%%seed: %s, %%offset: %s, %%x: %s, %%p: f32, %%g: %s)"
        " -> (%s, %s) {" % (name, seed_t, offset_t, float_t, float_t, word_t, word_t),
        "  %%y = rng.dropout %%x, %%p, %%seed, %%offset%s : %s, f32, %s, %s"
        % (r, float_t, seed_t, offset_t),
        "  %%dy = rng.dropout %%g, %%p, %%seed, %%offset%s : %s, f32, %s, %s"
        % (r, float_t, seed_t, offset_t),
        "  %%yb = arith.bitcast %%y : %s to %s" % (float_t, word_t),
        "  %%dyb = arith.bitcast %%dy : %s to %s" % (float_t, word_t),
        "  return %%yb, %%dyb : %s, %s" % (word_t, word_t),
        "}"]


def tr_kernel(name, seed_t, offset_t, float_t, word_t):
    """rng.tr_dropout_sample of (seed_lo, seed_hi, offset), as bits."""
    return [
        "func.func %s(%%lo: %s, %%hi: %s, %%offset: %s) -> %s {"
        % (name, seed_t, seed_t, offset_t, word_t),
        "  %%u = rng.tr_dropout_sample %%lo, %%hi, %%offset : %s, %s, %s"
        % (seed_t, seed_t, offset_t),
        "  %%b = arith.bitcast %%u : %s to %s" % (float_t, word_t),
        "  return %%b : %s" % word_t,
        "}"]


def hash_cases():
    """(tag, form, seeds per element, counters, p, xs, grads)."""
    cases = []
    for si, seed in enumerate(SEEDS):
        # p = 0.5 and, as a tie, p equal to the draw at counter 3 (kept by >=).
        tie = bits_to_f32(model.hash_rand(seed, COUNTERS[3] & MASK32))
        for pi, p in enumerate([0.5, tie] + ([] if si else PS + P_OUTSIDE)):
            cases.append(("H%d.%d" % (si, pi), seed, p))
    return cases


def load_triton(vectors_dir):
    with open(os.path.join(vectors_dir, "triton_random.json")) as f:
        return json.load(f)["cases"]


def dropout_cases(vectors_dir):
    """(tag, seeds (one, or per lane), seed width, offsets, offset width,
    rounds, p); Triton's recorded cases first."""
    cases = []
    for ti, c in enumerate(load_triton(vectors_dir)):
        width = 32 if c["seed"] < 2**31 else 64
        for pi, p in enumerate([0.5, 0.2]):
            cases.append(("T%d.%d" % (ti, pi), [c["seed"]], width, c["offsets"],
                          32, c["rounds"], p))
    cases.append(("D64", [-7], 64, I64_EDGES, 64, 10, 0.25))
    cases.append(("D64r7", [0xDEADBEEF], 64, I64_EDGES, 64, 7, 0.75))
    cases.append(("Dlanes", [s * 0x9E3779B97F4A7C15 for s in range(16)], 64,
                  I64_EDGES, 64, 10, 0.5))
    # A tie: p equal to the draw at offset 3 (dropped by >).
    from triton_random_model import randint4x, u2f
    tie = bits_to_f32(u2f(randint4x(123, 32, 3, 32)[0]))
    cases.append(("Dtie", [123], 32, list(range(16)), 32, 10, tie))
    for pi, p in enumerate(P_OUTSIDE):
        cases.append(("Dout%d" % pi, [123], 32, list(range(16)), 32, 10, p))
    return cases


def repeat(values, n):
    return [values[i % len(values)] for i in range(n)]


def gen(vectors_dir):
    prog = Program()
    i32v, f32v = vec(N, "i32"), vec(N, "f32")
    i32m, f32m = vec(N, "i32", [4, 4]), vec(N, "f32", [4, 4])
    prog.funcs += hash_kernel("@hash_scalar", "i32", "i32", "f32")
    prog.funcs += hash_kernel("@hash_vector", "i32", i32v, f32v)
    prog.funcs += hash_kernel("@hash_matrix", "i32", i32m, f32m)
    prog.funcs += hash_kernel("@hash_lanes", i32v, i32v, f32v)
    prog.funcs += hash_kernel("@hash_256", "i32", vec(256, "i32"), vec(256, "f32"))
    five = lambda t: [t] * 5  # noqa: E731

    for tag, seed, p in hash_cases():
        s = prog.const(str(seed), "i32")
        pv = prog.const(f32_literal(p), "f32")
        c = prog.const(dense_int(COUNTERS), i32v)
        x = prog.const(dense_f32(XS), f32v)
        g = prog.const(dense_f32(GRADS), f32v)
        for k, r in enumerate(prog.call("@hash_vector", [s, c, x, pv, g],
                                        ["i32", i32v, f32v, "f32", f32v], five(i32v))):
            prog.show("%s.v.%d" % (tag, k), r, i32v)
        cm = prog.const("dense<%s>" % nested(COUNTERS, [4, 4]), i32m)
        xm = prog.const("dense<%s>" % nested([f32_literal(v) for v in XS], [4, 4]), f32m)
        gm = prog.const("dense<%s>" % nested([f32_literal(v) for v in GRADS], [4, 4]), f32m)
        for k, r in enumerate(prog.call("@hash_matrix", [s, cm, xm, pv, gm],
                                        ["i32", i32m, f32m, "f32", f32m], five(i32m))):
            prog.show("%s.m.%d" % (tag, k), r, i32m)
        for i in range(N):
            ci = prog.const(str(COUNTERS[i]), "i32")
            xi = prog.const(f32_literal(XS[i]), "f32")
            gi = prog.const(f32_literal(GRADS[i]), "f32")
            rs = prog.call("@hash_scalar", [s, ci, xi, pv, gi],
                           ["i32", "i32", "f32", "f32", "f32"], five("i32"))
            prog.count += 1
            row = "%%row%d" % prog.count
            prog.main.append("  %s = vector.from_elements %s : vector<5xi32>" % (row, ", ".join(rs)))
            prog.show("%s.s%d" % (tag, i), row, "vector<5xi32>")
    # One seed per lane.
    s = prog.const(dense_int(repeat(SEEDS, N)), i32v)
    pv = prog.const(f32_literal(0.5), "f32")
    c = prog.const(dense_int(COUNTERS), i32v)
    x = prog.const(dense_f32(XS), f32v)
    g = prog.const(dense_f32(GRADS), f32v)
    for k, r in enumerate(prog.call("@hash_lanes", [s, c, x, pv, g],
                                    [i32v, i32v, f32v, "f32", f32v], five(i32v))):
        prog.show("L.v.%d" % k, r, i32v)
    # Seed 1, counters 0..255 (the SPEC's mean).
    s = prog.const("1", "i32")
    c = prog.const(dense_int(range(256)), vec(256, "i32"))
    x = prog.const("dense<1.0>", vec(256, "f32"))
    for k, r in enumerate(prog.call("@hash_256", [s, c, x, pv, x],
                                    ["i32", vec(256, "i32"), vec(256, "f32"), "f32",
                                     vec(256, "f32")], five(vec(256, "i32")))):
        prog.show("M.v.%d" % k, r, vec(256, "i32"))

    # rng.dropout.
    kernels = set()
    for tag, seeds, sw, offsets, ow, rounds, p in dropout_cases(vectors_dir):
        n = len(offsets)
        st, ot = "i%d" % sw, "i%d" % ow
        lanes = len(seeds) > 1
        seed_t = vec(n, st) if lanes else st
        name = "@dropout_%s_%s_%d_r%d%s" % (st, ot, n, rounds, "_lanes" if lanes else "")
        sname = "@dropout_scalar_%s_%s_r%d" % (st, ot, rounds)
        if name not in kernels:
            kernels.add(name)
            prog.funcs += dropout_kernel(name, seed_t, vec(n, ot), vec(n, "f32"),
                                         vec(n, "i32"), rounds)
        if sname not in kernels:
            kernels.add(sname)
            prog.funcs += dropout_kernel(sname, st, ot, "f32", "i32", rounds)
        xs, gs = repeat(XS, n), repeat(GRADS, n)
        s = (prog.const(dense_int([sext(v, sw) for v in seeds]), seed_t) if lanes
             else prog.const(str(sext(seeds[0], sw)), st))
        pv = prog.const(f32_literal(p), "f32")
        o = prog.const(dense_int([sext(v, ow) for v in offsets]), vec(n, ot))
        x = prog.const(dense_f32(xs), vec(n, "f32"))
        g = prog.const(dense_f32(gs), vec(n, "f32"))
        for k, r in enumerate(prog.call(name, [s, o, x, pv, g],
                                        [seed_t, vec(n, ot), vec(n, "f32"), "f32", vec(n, "f32")],
                                        [vec(n, "i32")] * 2)):
            prog.show("%s.v.%d" % (tag, k), r, vec(n, "i32"))
        if lanes:
            continue
        for i in range(n):
            oi = prog.const(str(sext(offsets[i], ow)), ot)
            xi = prog.const(f32_literal(xs[i]), "f32")
            gi = prog.const(f32_literal(gs[i]), "f32")
            rs = prog.call(sname, [s, oi, xi, pv, gi], [st, ot, "f32", "f32", "f32"],
                           ["i32", "i32"])
            prog.count += 1
            row = "%%row%d" % prog.count
            prog.main.append("  %s = vector.from_elements %s : vector<2xi32>" % (row, ", ".join(rs)))
            prog.show("%s.s%d" % (tag, i), row, "vector<2xi32>")

    # rng.tr_dropout_sample: scalars, 1-D and 2-D vectors, per-lane seeds.
    i64v, i64m = vec(N, "i64"), vec(N, "i64", [4, 4])
    prog.funcs += tr_kernel("@tr_scalar", "i64", "i64", "f32", "i32")
    prog.funcs += tr_kernel("@tr_vector", "i64", i64v, f32v, i32v)
    prog.funcs += tr_kernel("@tr_matrix", "i64", i64m, f32m, i32m)
    prog.funcs += tr_kernel("@tr_lanes", i64v, i64v, f32v, i32v)
    offsets = [sext(v & MASK64, 64) for v in TR_OFFSETS]
    for si, (lo, hi) in enumerate(TR_SEEDS):
        lo_c = prog.const(str(sext(lo, 64)), "i64")
        hi_c = prog.const(str(sext(hi, 64)), "i64")
        o = prog.const(dense_int(offsets), i64v)
        prog.show("S%d.v" % si, prog.call("@tr_vector", [lo_c, hi_c, o],
                                          ["i64", "i64", i64v], [i32v])[0], i32v)
        om = prog.const("dense<%s>" % nested(offsets, [4, 4]), i64m)
        prog.show("S%d.m" % si, prog.call("@tr_matrix", [lo_c, hi_c, om],
                                          ["i64", "i64", i64m], [i32m])[0], i32m)
        for i, offset in enumerate(offsets):
            oi = prog.const(str(offset), "i64")
            prog.show("S%d.s%d" % (si, i), prog.call(
                "@tr_scalar", [lo_c, hi_c, oi], ["i64"] * 3, ["i32"])[0], "i32")
    los = prog.const(dense_int([sext(lo, 64) for lo, _ in repeat(TR_SEEDS, N)]), i64v)
    his = prog.const(dense_int([sext(hi, 64) for _, hi in repeat(TR_SEEDS, N)]), i64v)
    o = prog.const(dense_int(offsets), i64v)
    prog.show("SL.v", prog.call("@tr_lanes", [los, his, o], [i64v] * 3, [i32v])[0], i32v)

    # rng.splitmix64: states, and Tech-Renaissance's rank seeds of 123.
    prog.funcs += [
        "func.func @splitmix(%x: vector<16xi64>) -> vector<16xi64> {",
        "  %z = rng.splitmix64 %x : vector<16xi64>",
        "  return %z : vector<16xi64>",
        "}",
        "func.func @splitmix_scalar(%x: i64) -> i64 {",
        "  %z = rng.splitmix64 %x : i64",
        "  return %z : i64",
        "}",
        "func.func @rank_seeds(%global: i64) -> vector<8xi64> {",
        "  %ranks = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi64>",
        "  %g = vector.broadcast %global : i64 to vector<8xi64>",
        "  %states = arith.addi %g, %ranks : vector<8xi64>",
        "  %seeds = rng.splitmix64 %states : vector<8xi64>",
        "  return %seeds : vector<8xi64>",
        "}"]
    x = prog.const(dense_int([sext(v, 64) for v in I64_EDGES]), "vector<16xi64>")
    prog.show("X.v", prog.call("@splitmix", [x], ["vector<16xi64>"], ["vector<16xi64>"])[0],
              "vector<16xi64>")
    for i, v in enumerate(I64_EDGES):
        xi = prog.const(str(sext(v, 64)), "i64")
        prog.show("X.s%d" % i, prog.call("@splitmix_scalar", [xi], ["i64"], ["i64"])[0], "i64")
    gseed = prog.const("123", "i64")
    prog.show("R.v", prog.call("@rank_seeds", [gseed], ["i64"], ["vector<8xi64>"])[0],
              "vector<8xi64>")

    print("// Generated by test/lib/hash_random_test.py; do not edit.\n")
    print("\n".join(prog.funcs))
    print("func.func @main() {")
    print("\n".join(prog.main))
    print("  return\n}")


LINE = re.compile(r"^(\S+) (\(.*\)|-?\d+)$")


def parse(path):
    values = {}
    with open(path) as f:
        for line in f:
            m = LINE.match(line.strip())
            if m:
                values[m.group(1)] = [int(v) for v in re.findall(r"-?\d+", m.group(2))]
    return values


def check(vectors_dir, output_path):
    out = parse(output_path)
    failures = model.self_test()
    print("model self-test: %s" % ("OK" if not failures else "FAILED"))
    exact = normals = masks = triton = 0
    max_ulp = 0

    def expect(tag, got, want, mask=MASK32):
        nonlocal exact
        if got is None:
            failures.append("%s: not printed" % tag)
            return
        got = [v & mask for v in got]
        if got != want:
            failures.append("%s: got %s, want %s" % (
                tag, " ".join("%x" % v for v in got), " ".join("%x" % v for v in want)))
        exact += len(want)

    def expect_normals(tag, got, want):
        nonlocal normals, max_ulp
        if got is None or len(got) != len(want):
            failures.append("%s: not printed" % tag)
            return
        for i, (a, b) in enumerate(zip(got, want)):
            d = ulp_distance(a & MASK32, b)
            max_ulp = max(max_ulp, d)
            if d > MAX_NORMAL_ULP:
                failures.append("%s[%d]: %08x vs correctly rounded %08x (%d ulp)"
                                % (tag, i, a & MASK32, b, d))
        normals += len(want)

    def expect_masks(tag, fwd, bwd):
        nonlocal masks
        if fwd is None or bwd is None:
            return
        if [v & 0x7FFFFFFF == 0 for v in fwd] != [v & 0x7FFFFFFF == 0 for v in bwd]:
            failures.append("%s: backward mask differs from the forward mask" % tag)
        masks += len(fwd)

    outside = outside_dropped = 0

    def expect_outside(tag, got, xs, p):
        """SPEC §6 for p outside [0, 1), straight from the printed values:
        p >= 1, +inf or NaN give +0 everywhere; p < 0 gives x / (1 - p)."""
        nonlocal outside, outside_dropped
        if got is None or len(got) != len(xs):
            failures.append("%s: not printed" % tag)
            return
        pf = f32(p)
        for i, (g, x) in enumerate(zip(got, xs)):
            if pf < 0:
                want = f32_to_bits(f32(f32(x) / f32(1.0 - pf)))
            else:
                want = 0
                outside_dropped += 1
            if g & MASK32 != want:
                failures.append("%s[%d]: p = %r gives %08x, not %08x"
                                % (tag, i, pf, g & MASK32, want))
            outside += 1

    def hash_expected(seeds, counters, xs, grads, p):
        pb = f32_to_bits(f32(p))
        rows = []
        for seed, c, x, g in zip(seeds, counters, xs, grads):
            s, c = seed & MASK32, c & MASK32
            rows.append([model.lowbias32(c), model.hash_rand(s, c), model.hash_randn(s, c),
                         model.hash_dropout(f32_to_bits(f32(x)), pb, s, c),
                         model.hash_dropout(f32_to_bits(f32(g)), pb, s, c)])
        return [list(col) for col in zip(*rows)]

    def check_hash_form(tag, want):
        for k in range(5):
            got = out.get("%s.%d" % (tag, k))
            if k == 2:
                expect_normals("%s.%d" % (tag, k), got, want[k])
            else:
                expect("%s.%d" % (tag, k), got, want[k])
        expect_masks(tag, out.get(tag + ".3"), out.get(tag + ".4"))

    for tag, seed, p in hash_cases():
        want = hash_expected([seed] * N, COUNTERS, XS, GRADS, p)
        check_hash_form(tag + ".v", want)
        check_hash_form(tag + ".m", want)
        if not 0 <= p < 1:
            expect_outside(tag + ".v.3", out.get(tag + ".v.3"), XS, p)
            expect_outside(tag + ".v.4", out.get(tag + ".v.4"), GRADS, p)
        for i in range(N):
            got = out.get("%s.s%d" % (tag, i))
            col = [w[i] for w in want]
            if got is None or len(got) != 5:
                failures.append("%s.s%d: not printed" % (tag, i))
                continue
            expect("%s.s%d" % (tag, i), got[:2] + got[3:], col[:2] + col[3:])
            expect_normals("%s.s%d" % (tag, i), got[2:3], col[2:3])
    check_hash_form("L.v", hash_expected(repeat(SEEDS, N), COUNTERS, XS, GRADS, 0.5))
    want = hash_expected([1] * 256, range(256), [1.0] * 256, [1.0] * 256, 0.5)
    check_hash_form("M.v", want)
    uniforms = out.get("M.v.1") or [0]
    mean = sum(bits_to_f32(v) for v in uniforms) / len(uniforms)

    recorded = {c["seed"]: c for c in load_triton(vectors_dir)}
    for tag, seeds, sw, offsets, ow, rounds, p in dropout_cases(vectors_dir):
        n = len(offsets)
        pb = f32_to_bits(f32(p))
        xs, gs = repeat(XS, n), repeat(GRADS, n)
        seed_at = (lambda i: seeds[i]) if len(seeds) > 1 else (lambda i: seeds[0])
        want = [[model.triton_dropout(f32_to_bits(f32(v[i])), pb, seed_at(i), sw,
                                      offsets[i], ow, rounds) for i in range(n)]
                for v in (xs, gs)]
        for k in range(2):
            expect("%s.v.%d" % (tag, k), out.get("%s.v.%d" % (tag, k)), want[k])
        expect_masks(tag + ".v", out.get(tag + ".v.0"), out.get(tag + ".v.1"))
        if not 0 <= p < 1:
            expect_outside(tag + ".v.0", out.get(tag + ".v.0"), xs, p)
            expect_outside(tag + ".v.1", out.get(tag + ".v.1"), gs, p)
        if len(seeds) == 1:
            for i in range(n):
                expect("%s.s%d" % (tag, i), out.get("%s.s%d" % (tag, i)),
                       [want[0][i], want[1][i]])
        # Triton's recorded rand values decide the keeps.
        rec = recorded.get(seeds[0]) if tag.startswith("T") else None
        if rec is not None and rec["offsets"] == offsets:
            got = out.get(tag + ".v.0") or []
            for i, u in enumerate(rec["rand"]):
                keep = bits_to_f32(int(u, 16)) > f32(p)
                if len(got) != n or (got[i] & 0x7FFFFFFF != 0) != keep:
                    failures.append("%s[%d]: keep differs from Triton's rand" % (tag, i))
                triton += 1

    ones = 0
    for si, (lo, hi) in enumerate(TR_SEEDS):
        want = [model.tr_dropout_sample(lo, hi, v & MASK64) for v in TR_OFFSETS]
        ones += want.count(f32_to_bits(1.0))
        expect("S%d.v" % si, out.get("S%d.v" % si), want)
        expect("S%d.m" % si, out.get("S%d.m" % si), want)
        for i, w in enumerate(want):
            expect("S%d.s%d" % (si, i), out.get("S%d.s%d" % (si, i)), [w])
    expect("SL.v", out.get("SL.v"),
           [model.tr_dropout_sample(lo, hi, v & MASK64)
            for (lo, hi), v in zip(repeat(TR_SEEDS, N), TR_OFFSETS)])

    expect("X.v", out.get("X.v"), [model.splitmix64(v) for v in I64_EDGES], MASK64)
    for i, v in enumerate(I64_EDGES):
        expect("X.s%d" % i, out.get("X.s%d" % i), [model.splitmix64(v)], MASK64)
    ranks = [model.rank_seed(123, r) for r in range(8)]
    expect("R.v", out.get("R.v"), ranks, MASK64)

    print("exact values checked: %d; hash_randn values checked: %d (max %d ulp)"
          % (exact, normals, max_ulp))
    print("seed 1, counters 0..255: mean %.3f" % mean)
    print("rng.dropout keeps checked against Triton's recorded rand: %d" % triton)
    print("dropout values with p outside [0, 1) checked: %d (dropped %d, kept %d)"
          % (outside, outside_dropped, outside - outside_dropped))
    print("backward masks equal to forward masks: %d elements" % masks)
    print("tr_dropout_sample inputs whose sample is 1.0: %d (each in 3 forms)" % ones)
    print("splitmix64(0) = 0x%016X" % ((out.get("X.s0") or [0])[0] & MASK64))
    print("rank seeds of global seed 123: %s" % " ".join(
        "0x%016X" % (v & MASK64) for v in (out.get("R.v") or [])))
    for failure in failures[:50]:
        print("FAIL: " + failure)
    print("failures: %d" % len(failures))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "gen":
        gen(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "check":
        check(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
