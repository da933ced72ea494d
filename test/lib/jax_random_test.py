"""Generates and checks the CPU execution tests of the Threefry, JAX and
bit-generator ops (SPEC §8).

    jax_random_test.py gen          VECTORS_DIR > test.mlir
    jax_random_test.py check        VECTORS_DIR runner-output.txt
    jax_random_test.py gen-bitgen   VECTORS_DIR > test.mlir
    jax_random_test.py check-bitgen VECTORS_DIR runner-output.txt
    jax_random_test.py kernels      [--scalar] > kernels.mlir
    jax_random_test.py normals      VECTORS_DIR kernels.so [reference.so]

`gen` writes a program that runs rng.threefry_2x32, rng.jax_fold_in,
rng.jax_bits (i8/i16/i32/i64), rng.jax_uniform (f32/f64), rng.jax_normal and
rng.jax_randint (i32/i64) at run time (every operand is an argument of a
non-inlined function, so nothing folds) in scalar form (one call per
element), as 1-D and 2-D vectors, with one key for all lanes and one key per
lane, with i32 and i64 indices (0, 2^31 - 1, -2^31, 2^32 - 1, 2^32, 2^63 - 1,
-1, ...), and prints every result as an integer bit pattern. `check`
compares the output with the independent model in jax_random_model.py
(exactly; normals within SPEC §8's 4 ulp) and, where the inputs coincide,
with the values recorded from JAX 0.11.2 (VECTORS_DIR/jax_recorded.json:
exactly, and normals within 7 ulp of XLA:CPU's and XLA:GPU's: our 4 plus
JAX's own 3 from the same formula).

`gen-bitgen` writes a program that runs rng.bit_generator on tensors for
every algorithm, 2- and 3-word states, i8/i16/i32/i64 outputs, ranks 0..3
with odd sizes and shapes that exercise three_fry's split-dimension rule,
counters that wrap at 2^64 (with the carry into Philox's high counter word)
and at 2^128, and the StableHLO specification's example; it prints the new
state and the output. `check-bitgen` compares both with the model and with
every rng_bit_generator case recorded from JAX (all of them are run).

`kernels` prints functions that fill memrefs with rng.jax_normal,
rng.jax_uniform and rng.jax_bits over consecutive i64 or i32 indices;
`normals` calls them (compiled into a shared library) through ctypes for
2^20 draws per key and compares every value with the model: normals within
4 ulp (with the tails |u| > 0.999 and the w >= 5 branch counted apart),
bits and uniforms exactly. `kernels --scalar` writes the same functions
over scalar ops (one index per loop step) instead of 16-lane vectors; with
a second library, `normals` also requires every output to have the same
bits as that library's (e.g. a lowering that branches around ErfInv's tail
against the one that selects).
"""

import ctypes
import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jax_random_model as model  # noqa: E402
from triton_random_model import MASK32, MASK64, sext, ulp_distance  # noqa: E402

MAX_NORMAL_ULP = 4          # SPEC §8: within 4 ulp of the formula
MAX_NORMAL_ULP_VS_JAX = 7   # ours (4) plus XLA's own distance (3) from it

# Keys: key(0), key(42), key(2^32 + 5) with x64 (as recorded), key(-1) with
# x64, and one with both words busy.
KEYS = [(0, 0), (0, 42), (1, 5), (0xFFFFFFFF, 0xFFFFFFFF), (0x01234567, 0x89ABCDEF)]
# Indices 0..7 and 23 coincide with the recorded samples (bits up to 23,
# randint 0..7); the others are the edges of each width.
INDICES = {
    64: [0, 1, 2, 3, 4, 5, 6, 7, 2**32 - 1, 2**32, 2**32 + 1, 2**63 - 1, -1, 2**31,
         0x123456789ABCDEF0, 23],
    32: [0, 1, 2, 3, 4, 5, 6, 7, -1, 2**31 - 1, -2**31, 12345, 65535, 1000000, 14, 23]}
N = 16
# (minval, maxval) pairs, as recorded: spans 1, powers of two and not, full
# ranges, spans above 2^(N/2), maxval <= minval, negative ranges.
RANDINT32 = [(0, 1), (0, 2), (0, 10), (-5, 5), (-100, -50), (0, 2**31 - 1),
             (-2**31, 2**31 - 1), (-2**31, 0), (5, 5), (7, 3), (-3, -7), (0, 65537),
             (0, 100000), (1000, 70000)]
RANDINT64 = [(0, 10), (-5, 5), (0, 2**33 + 1), (-2**63, 2**63 - 1), (0, 2**32),
             (5, 5), (9, 3), (-2**40, 2**40), (0, 3**30), (-2**63, 0)]
RANDINT_LANES = ([0, -5, 3, 7, -2**31, 100], [10, 5, 3, 2, 2**31 - 1, -100])
# Indices (positions in INDICES) drawn with a scalar index beside per-lane
# bounds.
SCALAR_INDEX_ELEMENTS = (0, 5)
# Threefry: counters and round counts.
TF_X0 = [0, 1, 0xFFFFFFFF, 0x243F6A88, 0x80000000, 7, 0x12345678, 0xDEADBEEF,
         2, 3, 4, 5, 0x7FFFFFFF, 0xFFFFFFFE, 100, 0xCAFEF00D]
TF_X1 = [0, 0, 0xFFFFFFFF, 0x85A308D3, 1, 0x80000000, 0x9ABCDEF0, 0xFEEDFACE,
         0, 0, 0, 0, 0xFFFFFFFF, 1, 200, 0x0BADC0DE]
TF_ROUNDS = [20, 13, 32, 1, 5, 8]


def vec(dims, elem):
    return "vector<%s%s>" % ("".join("%dx" % d for d in dims), elem)


def nested(values, dims):
    if not dims:
        return str(values[0])
    step = len(values) // dims[0]
    return "[%s]" % ", ".join(nested(values[i * step:(i + 1) * step], dims[1:])
                              for i in range(dims[0]))


def dense(values, dims):
    return "dense<%s>" % nested(list(values), dims) if dims else str(values[0])


def repeat(values, n):
    return [values[i % len(values)] for i in range(n)]


class Program:
    """A module under construction: kernels (emitted once each) and the
    body of @main."""

    def __init__(self):
        self.funcs = []
        self.kernels = set()
        self.main = []
        self.count = 0

    def kernel(self, name, lines):
        if name not in self.kernels:
            self.kernels.add(name)
            self.funcs += lines

    def fresh(self, prefix):
        self.count += 1
        return "%%%s%d" % (prefix, self.count)

    def const(self, values, elem, dims, width):
        """A constant of `elem` with the `width`-bit patterns `values`
        (scalar when dims is empty)."""
        name = self.fresh("c")
        vals = [sext(v, width) for v in values]
        type_ = vec(dims, elem) if dims else elem
        self.main.append("  %s = arith.constant %s : %s" % (name, dense(vals, dims), type_))
        return name, type_

    def call(self, func, args, arg_types, result_types):
        name = self.fresh("r")
        n = len(result_types)
        self.main.append("  %s%s = func.call %s(%s) : (%s) -> (%s)" % (
            name, ":%d" % n if n > 1 else "", func, ", ".join(args),
            ", ".join(arg_types), ", ".join(result_types)))
        return [name + ("#%d" % i if n > 1 else "") for i in range(n)]

    def show(self, tag, value, type_):
        self.main.append('  vector.print str "%s "' % tag)
        self.main.append("  vector.print %s : %s" % (value, type_))

    def show_scalars(self, tag, values, types):
        """Prints scalars of any integer width as one vector of i64 (each
        zero-extended)."""
        wide = []
        for v, t in zip(values, types):
            if t == "i64":
                wide.append(v)
                continue
            w = self.fresh("z")
            self.main.append("  %s = arith.extui %s : %s to i64" % (w, v, t))
            wide.append(w)
        row = self.fresh("row")
        self.main.append("  %s = vector.from_elements %s : vector<%dxi64>"
                         % (row, ", ".join(wide), len(wide)))
        self.show(tag, row, "vector<%dxi64>" % len(wide))

    def text(self, header):
        return "\n".join(["// Generated by test/lib/%s; do not edit." % header, ""]
                         + self.funcs + ["func.func @main() {"] + self.main
                         + ["  return", "}", ""])


# --- gen / check: the elementwise ops ------------------------------------------

JAX_RESULTS = [("fold0", 32), ("fold1", 32), ("bits8", 8), ("bits16", 16), ("bits32", 32),
               ("bits64", 64), ("uniform32", 32), ("uniform64", 64), ("normal", 32)]


def shaped(dims, elem):
    return vec(dims, elem) if dims else elem


def jax_kernel(name, dims, key_dims, iw):
    """fold_in, bits, uniform and normal of (k0, k1, i): JAX_RESULTS."""
    kt, it = shaped(key_dims, "i32"), shaped(dims, "i%d" % iw)
    t = {w: shaped(dims, "i%d" % w) for w in (8, 16, 32, 64)}
    f32t, f64t = shaped(dims, "f32"), shaped(dims, "f64")
    results = [t[w] for _, w in JAX_RESULTS]
    return [
        "func.func %s(%%k0: %s, %%k1: %s, %%i: %s) -> (%s) {" % (name, kt, kt, it, ", ".join(results)),
        "  %%f:2 = rng.jax_fold_in %%k0, %%k1, %%i : %s, %s" % (kt, it),
        "  %%b8 = rng.jax_bits %%k0, %%k1, %%i : %s, %s -> %s" % (kt, it, t[8]),
        "  %%b16 = rng.jax_bits %%k0, %%k1, %%i : %s, %s -> %s" % (kt, it, t[16]),
        "  %%b32 = rng.jax_bits %%k0, %%k1, %%i : %s, %s -> %s" % (kt, it, t[32]),
        "  %%b64 = rng.jax_bits %%k0, %%k1, %%i : %s, %s -> %s" % (kt, it, t[64]),
        "  %%u = rng.jax_uniform %%k0, %%k1, %%i : %s, %s -> %s" % (kt, it, f32t),
        "  %%d = rng.jax_uniform %%k0, %%k1, %%i : %s, %s -> %s" % (kt, it, f64t),
        "  %%n = rng.jax_normal %%k0, %%k1, %%i : %s, %s" % (kt, it),
        "  %%ub = arith.bitcast %%u : %s to %s" % (f32t, t[32]),
        "  %%db = arith.bitcast %%d : %s to %s" % (f64t, t[64]),
        "  %%nb = arith.bitcast %%n : %s to %s" % (f32t, t[32]),
        "  return %%f#0, %%f#1, %%b8, %%b16, %%b32, %%b64, %%ub, %%db, %%nb : %s" % ", ".join(results),
        "}"]


def randint_kernel(name, dims, key_dims, iw, m_dims, i_dims=None):
    """jax_randint with i32 and with i64 bounds (scalar or per lane); the
    index of shape `i_dims` (default: the result's `dims`)."""
    i_dims = dims if i_dims is None else i_dims
    kt, it = shaped(key_dims, "i32"), shaped(i_dims, "i%d" % iw)
    m32, m64 = shaped(m_dims, "i32"), shaped(m_dims, "i64")
    r32, r64 = shaped(dims, "i32"), shaped(dims, "i64")
    return [
        "func.func %s(%%k0: %s, %%k1: %s, %%i: %s, %%lo32: %s, %%hi32: %s, %%lo64: %s, %%hi64: %s)"
        " -> (%s, %s) {" % (name, kt, kt, it, m32, m32, m64, m64, r32, r64),
        "  %%r32 = rng.jax_randint %%k0, %%k1, %%i, %%lo32, %%hi32 : %s, %s, %s" % (kt, it, m32),
        "  %%r64 = rng.jax_randint %%k0, %%k1, %%i, %%lo64, %%hi64 : %s, %s, %s" % (kt, it, m64),
        "  return %%r32, %%r64 : %s, %s" % (r32, r64),
        "}"]


def threefry_kernel(name, dims, key_dims, rounds):
    xt, kt = shaped(dims, "i32"), shaped(key_dims, "i32")
    r = "" if rounds == 20 else " rounds %d" % rounds
    return [
        "func.func %s(%%x0: %s, %%x1: %s, %%k0: %s, %%k1: %s) -> (%s, %s) {"
        % (name, xt, xt, kt, kt, xt, xt),
        "  %%y:2 = rng.threefry_2x32 %%x0, %%x1 key %%k0, %%k1%s : %s, %s" % (r, xt, kt),
        "  return %%y#0, %%y#1 : %s, %s" % (xt, xt),
        "}"]


FORMS = {"v": ([N], []), "m": ([4, 4], []), "l": ([N], [N])}  # dims, key dims


def threefry_cases(vectors_dir):
    """(tag, form, rounds, x0s, x1s, keys (one, or per lane))."""
    cases = []
    kats = model.load_threefry_kats(os.path.join(vectors_dir, "threefry_jax_xla.txt"))
    for k, (r, x0, x1, k0, k1, _, _) in enumerate(kats):
        cases.append(("T.kat%d" % k, "s", r, [x0], [x1], [(k0, k1)]))
    for ki, key in enumerate(KEYS):
        for r in TF_ROUNDS:
            cases.append(("T.k%d.r%d" % (ki, r), "v", r, TF_X0, TF_X1, [key]))
    cases.append(("T.m", "m", 20, TF_X0, TF_X1, [KEYS[4]]))
    cases.append(("T.l", "l", 20, TF_X0, TF_X1, repeat(KEYS, N)))
    cases.append(("T.l13", "l", 13, TF_X0, TF_X1, repeat(KEYS, N)))
    return cases


def randint_cases():
    """(tag, key index, index width, i32 pair, i64 pair); pairs None for the
    per-lane bounds."""
    cases = []
    for ki in (0, 1):
        for iw in (64, 32):
            for p in range(max(len(RANDINT32), len(RANDINT64))):
                cases.append(("R.k%d.i%d.p%d" % (ki, iw, p), ki, iw,
                              RANDINT32[p % len(RANDINT32)], RANDINT64[p % len(RANDINT64)]))
            cases.append(("R.k%d.i%d.lanes" % (ki, iw), ki, iw, None, None))
    return cases


def key_operands(prog, keys, key_dims):
    k0 = prog.const([k[0] for k in keys], "i32", key_dims, 32)
    k1 = prog.const([k[1] for k in keys], "i32", key_dims, 32)
    return k0, k1


def gen(vectors_dir):
    prog = Program()
    # Threefry.
    for tag, form, rounds, x0s, x1s, keys in threefry_cases(vectors_dir):
        dims, key_dims = ([], []) if form == "s" else FORMS[form]
        name = "@threefry_%s_r%d" % (form, rounds)
        prog.kernel(name, threefry_kernel(name, dims, key_dims, rounds))
        x0, xt = prog.const(x0s, "i32", dims, 32)
        x1, _ = prog.const(x1s, "i32", dims, 32)
        (k0, kt), (k1, _) = key_operands(prog, keys, key_dims)
        ys = prog.call(name, [x0, x1, k0, k1], [xt, xt, kt, kt], [xt, xt])
        for j, y in enumerate(ys):
            prog.show("%s.%d" % (tag, j), y, xt)
    # fold_in, bits, uniform, normal: vector forms, per-lane keys, scalars.
    results = lambda dims: [shaped(dims, "i%d" % w) for _, w in JAX_RESULTS]  # noqa: E731
    for iw in (64, 32):
        for form, (dims, key_dims) in FORMS.items():
            name = "@jax_%s_i%d" % (form, iw)
            prog.kernel(name, jax_kernel(name, dims, key_dims, iw))
            for ki, key in enumerate(KEYS if form != "l" else [None]):
                keys = [key] if key else repeat(KEYS, N)
                (k0, kt), (k1, _) = key_operands(prog, keys, key_dims)
                i, it = prog.const(INDICES[iw], "i%d" % iw, dims, iw)
                outs = prog.call(name, [k0, k1, i], [kt, kt, it], results(dims))
                for (res, _), out, t in zip(JAX_RESULTS, outs, results(dims)):
                    prog.show("J.%s.i%d.k%s.%s" % (form, iw, ki if key else "lanes", res), out, t)
        name = "@jax_s_i%d" % iw
        prog.kernel(name, jax_kernel(name, [], [], iw))
        for ki, key in enumerate(KEYS):
            (k0, _), (k1, _) = key_operands(prog, [key], [])
            for e, index in enumerate(INDICES[iw]):
                i, it = prog.const([index], "i%d" % iw, [], iw)
                outs = prog.call(name, [k0, k1, i], ["i32", "i32", it], results([]))
                prog.show_scalars("J.s.i%d.k%d.e%d" % (iw, ki, e), outs, results([]))
    # randint: scalar bounds in vector and scalar form, per-lane bounds.
    for tag, ki, iw, p32, p64 in randint_cases():
        lanes = p32 is None
        m_dims = [N] if lanes else []
        name = "@randint_v_i%d%s" % (iw, "_lanes" if lanes else "")
        prog.kernel(name, randint_kernel(name, [N], [], iw, m_dims))
        (k0, kt), (k1, _) = key_operands(prog, [KEYS[ki]], [])
        i, it = prog.const(INDICES[iw], "i%d" % iw, [N], iw)
        if lanes:
            lo, hi = repeat(RANDINT_LANES[0], N), repeat(RANDINT_LANES[1], N)
            bounds = [prog.const(lo, "i32", m_dims, 32), prog.const(hi, "i32", m_dims, 32),
                      prog.const(lo, "i64", m_dims, 64), prog.const(hi, "i64", m_dims, 64)]
        else:
            bounds = [prog.const([p32[0]], "i32", [], 32), prog.const([p32[1]], "i32", [], 32),
                      prog.const([p64[0]], "i64", [], 64), prog.const([p64[1]], "i64", [], 64)]
        outs = prog.call(name, [k0, k1, i] + [b[0] for b in bounds],
                         [kt, kt, it] + [b[1] for b in bounds], [vec([N], "i32"), vec([N], "i64")])
        prog.show(tag + ".32", outs[0], vec([N], "i32"))
        prog.show(tag + ".64", outs[1], vec([N], "i64"))
        if lanes:
            # A scalar key and a scalar index beside per-lane bounds: every
            # lane draws at the same index.
            sname = "@randint_sidx_i%d" % iw
            prog.kernel(sname, randint_kernel(sname, [N], [], iw, m_dims, i_dims=[]))
            for e in SCALAR_INDEX_ELEMENTS:
                ie, iet = prog.const([INDICES[iw][e]], "i%d" % iw, [], iw)
                outs = prog.call(sname, [k0, k1, ie] + [b[0] for b in bounds],
                                 [kt, kt, iet] + [b[1] for b in bounds],
                                 [vec([N], "i32"), vec([N], "i64")])
                prog.show("%s.sidx%d.32" % (tag, e), outs[0], vec([N], "i32"))
                prog.show("%s.sidx%d.64" % (tag, e), outs[1], vec([N], "i64"))
        if lanes or ki != 1 or iw != 64:
            continue
        # Scalar form for key(42) and i64 indices.
        sname = "@randint_s_i%d" % iw
        prog.kernel(sname, randint_kernel(sname, [], [], iw, []))
        for e, index in enumerate(INDICES[iw]):
            ie, iet = prog.const([index], "i%d" % iw, [], iw)
            outs = prog.call(sname, [k0, k1, ie] + [b[0] for b in bounds],
                             ["i32", "i32", iet] + [b[1] for b in bounds], ["i32", "i64"])
            prog.show_scalars("%s.s%d" % (tag, e), outs, ["i32", "i64"])
    print(prog.text("jax_random_test.py gen"))


LINE = re.compile(r"^(\S+) (\(.*\)|-?\d+)$")


def parse(path):
    values = {}
    with open(path) as f:
        for line in f:
            m = LINE.match(line.strip())
            if m:
                values[m.group(1)] = [int(v) for v in re.findall(r"-?\d+", m.group(2))]
    return values


def load_recorded(vectors_dir):
    """Lookups of the JAX-recorded values by their inputs: {(family, key,
    ...): {backend: value}}."""
    with open(os.path.join(vectors_dir, "jax_recorded.json")) as f:
        cases = json.load(f)["cases"]
    table = {}

    def put(k, backends, v):
        for b in backends:
            table.setdefault(k, {})[b] = v

    for c in cases:
        if "values" not in c:
            continue
        fam, vals = c["family"], c["values"]
        key = tuple(c.get("key", ()))
        if fam == "bits":
            for i, v in enumerate(vals):
                put(("bits", key, c["width"], i), c["backends"], int(v, 16))
        elif fam == "fold_in" and c["data"] >= 0:
            put(("fold_in", key, c["data"]), c["backends"], tuple(int(v, 16) for v in vals))
        elif fam == "split":
            for i in range(len(vals) // 2):
                put(("fold_in", key, i), c["backends"], (int(vals[2 * i], 16), int(vals[2 * i + 1], 16)))
        elif fam == "uniform" and (c["minval"], c["maxval"]) == (0.0, 1.0):
            for i, v in enumerate(vals):
                put(("uniform", key, c["dtype"], i), c["backends"], int(v, 16))
        elif fam == "normal":
            idx = range(len(vals)) if c["indices"] == "range" else c["indices"]
            for i, v in zip(idx, vals):
                put(("normal", key, i), c["backends"], int(v, 16))
        elif fam == "randint":
            n = len(vals)
            lo, hi = c["minval"], c["maxval"]
            lo, hi = (lo, hi) if isinstance(lo, list) else ([lo] * n, [hi] * n)
            for i, v in enumerate(vals):
                put(("randint", key, c["dtype"], i, lo[i], hi[i]), c["backends"], int(v, 16))
        elif fam == "rbg" and c["x64"]:
            put(("rbg", c["algorithm"].lower(), tuple(int(v, 16) for v in c["state"]),
                 int(c["dtype"][4:]), tuple(c["shape"])), c["backends"],
                ([int(v, 16) for v in vals["state"]], [int(v, 16) for v in vals["out"]]))
    return table


class Checker:
    def __init__(self, out):
        self.out = out
        self.failures = []
        self.exact = self.normals = self.max_ulp = 0
        self.jax_exact = self.jax_normals = 0
        self.jax_max_ulp = {}

    def got(self, tag, n):
        v = self.out.get(tag)
        if v is None or len(v) != n:
            self.failures.append("%s: not printed (or %s values)" % (tag, None if v is None else len(v)))
            return None
        return v

    def exact_values(self, tag, got, want, width):
        mask = (1 << width) - 1
        got = [g & mask for g in got]
        self.exact += len(want)
        if got != want:
            diffs = ["[%d] %x vs %x" % (i, a, b) for i, (a, b) in enumerate(zip(got, want)) if a != b]
            self.failures.append("%s: got vs model: %s" % (tag, "; ".join(diffs[:4])))

    def normal_values(self, tag, got, want):
        for i, (a, b) in enumerate(zip(got, want)):
            d = ulp_distance(a & MASK32, b)
            self.max_ulp = max(self.max_ulp, d)
            if d > MAX_NORMAL_ULP:
                self.failures.append("%s[%d]: %08x vs model %08x (%d ulp)" % (tag, i, a & MASK32, b, d))
        self.normals += len(want)

    def against_jax(self, tag, recorded, lookup, got, mask, normal=False):
        """Compares got (already masked) with every backend's recorded value."""
        entry = recorded.get(lookup)
        if entry is None:
            return
        for backend, v in entry.items():
            if normal:
                d = ulp_distance(got, v)
                self.jax_max_ulp[backend] = max(self.jax_max_ulp.get(backend, 0), d)
                self.jax_normals += 1
                if d > MAX_NORMAL_ULP_VS_JAX:
                    self.failures.append("%s: %08x vs JAX (%s) %08x: %d ulp" % (tag, got, backend, v, d))
            else:
                self.jax_exact += 1
                if got != v & mask:
                    self.failures.append("%s: %x vs JAX (%s) %x" % (tag, got, backend, v))

    def summary(self, what, normals=True):
        if normals:
            print("%s: exact values checked: %d; normals checked: %d (max %d ulp from the model)"
                  % (what, self.exact, self.normals, self.max_ulp))
            print("against JAX's recorded values: %d exact, %d normals (max %s)" % (
                self.jax_exact, self.jax_normals,
                ", ".join("%d ulp from XLA:%s" % (d, b.upper())
                          for b, d in sorted(self.jax_max_ulp.items())) or "none"))
        else:
            print("%s: exact values checked: %d; against JAX's recorded values: %d"
                  % (what, self.exact, self.jax_exact))
        for failure in self.failures[:50]:
            print("FAIL: " + failure)
        print("failures: %d" % len(self.failures))


def jax_expected(key, index):
    """JAX_RESULTS for one (key, index) (index as a 64-bit pattern)."""
    f = model.fold_in(key, index)
    return [f[0], f[1]] + [model.bits(key, index, w) for w in (8, 16, 32, 64)] + [
        model.uniform_f32(key, index), model.uniform_f64(key, index), model.normal_f32(key, index)]


def check(vectors_dir, output_path):
    out = parse(output_path)
    ck = Checker(out)
    problems = model.self_test(vectors_dir, samples=500)
    print("model self-test: %s" % ("OK" if not problems else "FAILED"))
    ck.failures += problems
    recorded = load_recorded(vectors_dir)

    for tag, form, rounds, x0s, x1s, keys in threefry_cases(vectors_dir):
        n = len(x0s)
        keys = repeat(keys, n)
        want = [model.threefry_2x32(a, b, k[0], k[1], rounds) for a, b, k in zip(x0s, x1s, keys)]
        for j in range(2):
            got = ck.got("%s.%d" % (tag, j), n)
            if got is not None:
                ck.exact_values("%s.%d" % (tag, j), got, [w[j] for w in want], 32)

    def check_jax(tag_of, keys, iw):
        idx = [i & ((1 << iw) - 1) for i in INDICES[iw]]
        want = [jax_expected(k, i) for k, i in zip(keys, idx)]
        for r, (res, width) in enumerate(JAX_RESULTS):
            got = ck.got(tag_of(res), N)
            if got is None:
                continue
            col = [w[r] for w in want]
            if res == "normal":
                ck.normal_values(tag_of(res), got, col)
            else:
                ck.exact_values(tag_of(res), got, col, width)
            mask = (1 << width) - 1
            for e, (k, i) in enumerate(zip(keys, idx)):
                g = got[e] & mask
                lookups = {"fold0": ("fold_in", k, i), "fold1": ("fold_in", k, i),
                           "bits8": ("bits", k, 8, i), "bits16": ("bits", k, 16, i),
                           "bits32": ("bits", k, 32, i), "bits64": ("bits", k, 64, i),
                           "uniform32": ("uniform", k, "float32", i),
                           "uniform64": ("uniform", k, "float64", i), "normal": ("normal", k, i)}
                lk = lookups[res]
                if res.startswith("fold"):
                    entry = recorded.get(lk)
                    if entry is not None:
                        part = 0 if res == "fold0" else 1
                        ck.against_jax(tag_of(res), {lk: {b: v[part] for b, v in entry.items()}},
                                       lk, g, mask)
                else:
                    ck.against_jax("%s[%d]" % (tag_of(res), e), recorded, lk, g, mask,
                                   normal=res == "normal")

    for iw in (64, 32):
        for form in FORMS:
            for ki, key in enumerate(KEYS if form != "l" else [None]):
                keys = [key] * N if key else repeat(KEYS, N)
                kname = ki if key else "lanes"
                check_jax(lambda res: "J.%s.i%d.k%s.%s" % (form, iw, kname, res), keys, iw)
        for ki, key in enumerate(KEYS):
            for e, index in enumerate(INDICES[iw]):
                tag = "J.s.i%d.k%d.e%d" % (iw, ki, e)
                got = ck.got(tag, len(JAX_RESULTS))
                if got is None:
                    continue
                want = jax_expected(key, index & ((1 << iw) - 1))
                exact_idx = [r for r, (res, _) in enumerate(JAX_RESULTS) if res != "normal"]
                ck.exact_values(tag, [got[r] & ((1 << JAX_RESULTS[r][1]) - 1) for r in exact_idx],
                                [want[r] for r in exact_idx], 64)
                ck.normal_values(tag + ".normal", got[-1:], want[-1:])

    for tag, ki, iw, p32, p64 in randint_cases():
        key = KEYS[ki]
        idx = [i & ((1 << iw) - 1) for i in INDICES[iw]]
        if p32 is None:
            bounds32 = list(zip(repeat(RANDINT_LANES[0], N), repeat(RANDINT_LANES[1], N)))
            bounds64 = bounds32
        else:
            bounds32, bounds64 = [p32] * N, [p64] * N
        for width, bounds, suffix in ((32, bounds32, ".32"), (64, bounds64, ".64")):
            want = [model.randint(key, i, lo, hi, width) for i, (lo, hi) in zip(idx, bounds)]
            got = ck.got(tag + suffix, N)
            if got is None:
                continue
            ck.exact_values(tag + suffix, got, want, width)
            if p32 is None:
                for e in SCALAR_INDEX_ELEMENTS:
                    stag = "%s.sidx%d%s" % (tag, e, suffix)
                    sgot = ck.got(stag, N)
                    if sgot is not None:
                        ck.exact_values(stag, sgot, [model.randint(key, idx[e], lo, hi, width)
                                                     for lo, hi in bounds], width)
            mask = (1 << width) - 1
            for e, (i, (lo, hi)) in enumerate(zip(idx, bounds)):
                ck.against_jax("%s%s[%d]" % (tag, suffix, e), recorded,
                               ("randint", key, "int%d" % width, i, lo, hi), got[e] & mask, mask)
        if p32 is not None and ki == 1 and iw == 64:
            for e in range(N):
                g = ck.got("%s.s%d" % (tag, e), 2)
                if g is not None:
                    ck.exact_values("%s.s%d" % (tag, e), [g[0] & MASK32, g[1] & MASK64],
                                    [model.randint(key, idx[e], p32[0], p32[1], 32),
                                     model.randint(key, idx[e], p64[0], p64[1], 64)], 64)
    ck.summary("jax ops")


# --- gen-bitgen / check-bitgen: rng.bit_generator on tensors --------------------

BG_WIDTHS = [8, 16, 32, 64]
BG_STATE = [0xDEADBEEFCAFEF00D, 2**64 - 5]
BG_THREE_FRY_SHAPES = [(), (3, 4), (5, 2, 3), (1, 1), (9,), (3, 3, 5), (5, 5), (1, 7), (7, 1),
                       (2, 1, 3), (3, 5, 5), (16, 33)]
BG_PHILOX_SHAPES = [(), (3, 4), (5, 2, 3), (1, 1), (9,), (16, 33)]
BG_STATES3 = [[7, 2**64 - 2, 2**64 - 1], [0xDEADBEEF, 2**64 - 1, 0]]


def bitgen_cases(vectors_dir):
    """(algorithm, state, width, shape): every recorded case, then more."""
    seen, cases = set(), []

    def add(a, state, width, shape):
        k = (a, tuple(state), width, tuple(shape))
        if k not in seen:
            seen.add(k)
            cases.append(k)

    with open(os.path.join(vectors_dir, "jax_recorded.json")) as f:
        for c in json.load(f)["cases"]:
            if c["family"] == "rbg" and "values" in c:
                add(c["algorithm"].lower(), [int(v, 16) for v in c["state"]],
                    int(c["dtype"][4:]), c["shape"])
    add("three_fry", [1, 2], 64, (2, 2))  # the StableHLO specification's example
    for w in BG_WIDTHS:
        for shape in BG_THREE_FRY_SHAPES:
            add("three_fry", BG_STATE, w, shape)
        for shape in BG_PHILOX_SHAPES:
            add("philox", BG_STATE, w, shape)
            for st in BG_STATES3:
                add("philox", st, w, shape)
        add("default", BG_STATES3[0], w, (3, 5))
    return cases


def bitgen_kernel(name, a, nstate, width, shape):
    st = "tensor<%dxi64>" % nstate
    ot = "tensor<%si%d>" % ("".join("%dx" % d for d in shape), width)
    return [
        "func.func %s(%%s: %s) -> (%s, %s) {" % (name, st, st, ot),
        "  %%ns, %%out = rng.bit_generator %s %%s : %s -> %s" % (a, st, ot),
        "  return %%ns, %%out : %s, %s" % (st, ot),
        "}"]


def gen_bitgen(vectors_dir):
    prog = Program()
    prog.main.append("  %c0 = arith.constant 0 : index")
    pads = set()
    for n, (a, state, width, shape) in enumerate(bitgen_cases(vectors_dir)):
        name = "@bitgen_%s_s%d_i%d_%s" % (a, len(state), width,
                                           "x".join(map(str, shape)) or "scalar")
        prog.kernel(name, bitgen_kernel(name, a, len(state), width, shape))
        st = "tensor<%dxi64>" % len(state)
        ot = "tensor<%si%d>" % ("".join("%dx" % d for d in shape), width)
        s = prog.fresh("st")
        prog.main.append("  %s = arith.constant dense<[%s]> : %s"
                         % (s, ", ".join(str(sext(v, 64)) for v in state), st))
        ns, out = prog.call(name, [s], [st], [st, ot])
        for w in (64, width):
            if w not in pads:
                pads.add(w)
                prog.main.append("  %%pad%d = arith.constant 0 : i%d" % (w, w))
        nsv = prog.fresh("v")
        prog.main.append("  %s = vector.transfer_read %s[%%c0], %%pad64 : %s, vector<%dxi64>"
                         % (nsv, ns, st, len(state)))
        prog.show("B%d.state" % n, nsv, "vector<%dxi64>" % len(state))
        ov = prog.fresh("v")
        if shape:
            vt = vec(list(shape), "i%d" % width)
            prog.main.append("  %s = vector.transfer_read %s[%s], %%pad%d : %s, %s" % (
                ov, out, ", ".join(["%c0"] * len(shape)), width, ot, vt))
            prog.show("B%d.out" % n, ov, vt)
        else:
            prog.main.append("  %s = tensor.extract %s[] : %s" % (ov, out, ot))
            prog.show("B%d.out" % n, ov, "i%d" % width)
    print(prog.text("jax_random_test.py gen-bitgen"))


def check_bitgen(vectors_dir, output_path):
    out = parse(output_path)
    ck = Checker(out)
    recorded = load_recorded(vectors_dir)
    counts = {}
    stablehlo = None
    for n, (a, state, width, shape) in enumerate(bitgen_cases(vectors_dir)):
        new_state, values = model.bit_generator(a, list(state), shape, width)
        tag = "B%d" % n
        got_state = ck.got(tag + ".state", len(state))
        got_out = ck.got(tag + ".out", math.prod(shape))
        if got_state is None or got_out is None:
            continue
        what = "%s(%s, state %s, i%d, shape %s)" % (tag, a, [hex(v) for v in state], width, shape)
        ck.exact_values(what + " state", got_state, new_state, 64)
        ck.exact_values(what + " output", got_out, values, width)
        counts[a] = counts.get(a, 0) + 1
        entry = recorded.get(("rbg", a, state, width, shape))
        if entry:
            mask = (1 << width) - 1
            for backend, (jst, jout) in entry.items():
                ck.jax_exact += len(jst) + len(jout)
                if [g & MASK64 for g in got_state] != jst or [g & mask for g in got_out] != jout:
                    ck.failures.append("%s: differs from JAX (%s)" % (what, backend))
        if (a, state, width, shape) == ("three_fry", (1, 2), 64, (2, 2)):
            stablehlo = ([v & MASK64 for v in got_state], [v & MASK64 for v in got_out])
    print("cases run: %s" % ", ".join("%s %d" % kv for kv in sorted(counts.items())))
    if stablehlo:
        print("StableHLO example: new state [%s], output [%s]" % (
            ", ".join(map(str, stablehlo[0])), ", ".join(map(str, stablehlo[1]))))
    ck.summary("rng.bit_generator", normals=False)


# --- kernels / normals: 2^20 draws through a compiled library ---------------------

FILL_LANES = 16
FILL_N = 1 << 20
# (name, key, index width, first index): key(0) like the recorded 2^20
# normals; a key with both words busy; i32 indices that wrap at 2^32 (an
# i32 index is zero-extended, so -1 is 2^32 - 1, not 2^64 - 1).
FILL_CASES = [("key(0), i64 indices from 0", (0, 0), 64, 0),
              ("key (0x01234567, 0x89ABCDEF), i64 indices from 2^32 - 2^19", (0x01234567, 0x89ABCDEF),
               64, 2**32 - 2**19),
              ("key(42), i32 indices from -2^19 (wrapping)", (0, 42), 32, -2**19)]


def emit_fill_kernels(scalar=False):
    out = ["// Generated by test/lib/jax_random_test.py kernels; do not edit."]
    if scalar:
        for iw in (64, 32):
            out.append("""
func.func @jax_fill_i{iw}(%k0: i32, %k1: i32, %base: i{iw}, %normal: memref<?xf32>, %uniform: memref<?xf32>, %bits: memref<?xi32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %normal, %c0 : memref<?xf32>
  scf.for %j = %c0 to %n step %c1 {{
    %jw = arith.index_cast %j : index to i{iw}
    %i = arith.addi %base, %jw : i{iw}
    %g = rng.jax_normal %k0, %k1, %i : i32, i{iw}
    %u = rng.jax_uniform %k0, %k1, %i : i32, i{iw} -> f32
    %b = rng.jax_bits %k0, %k1, %i : i32, i{iw} -> i32
    memref.store %g, %normal[%j] : memref<?xf32>
    memref.store %u, %uniform[%j] : memref<?xf32>
    memref.store %b, %bits[%j] : memref<?xi32>
  }}
  return
}}""".format(iw=iw))
        return "\n".join(out) + "\n"
    lanes = FILL_LANES
    for iw in (64, 32):
        it, v = "i%d" % iw, "vector<%dx" % lanes
        out.append("""
func.func @jax_fill_i{iw}(%k0: i32, %k1: i32, %base: {it}, %normal: memref<?xf32>, %uniform: memref<?xf32>, %bits: memref<?xi32>) {{
  %c0 = arith.constant 0 : index
  %step = arith.constant {lanes} : index
  %n = memref.dim %normal, %c0 : memref<?xf32>
  %lanes = arith.constant dense<[{iota}]> : {v}{it}>
  scf.for %j = %c0 to %n step %step {{
    %jw = arith.index_cast %j : index to {it}
    %first = arith.addi %base, %jw : {it}
    %firsts = vector.broadcast %first : {it} to {v}{it}>
    %i = arith.addi %firsts, %lanes : {v}{it}>
    %g = rng.jax_normal %k0, %k1, %i : i32, {v}{it}>
    %u = rng.jax_uniform %k0, %k1, %i : i32, {v}{it}> -> {v}f32>
    %b = rng.jax_bits %k0, %k1, %i : i32, {v}{it}> -> {v}i32>
    vector.store %g, %normal[%j] : memref<?xf32>, {v}f32>
    vector.store %u, %uniform[%j] : memref<?xf32>, {v}f32>
    vector.store %b, %bits[%j] : memref<?xi32>, {v}i32>
  }}
  return
}}""".format(iw=iw, it=it, v=v, lanes=lanes, iota=", ".join(map(str, range(lanes)))))
    return "\n".join(out) + "\n"


MEMREF_ARGS = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64]


def memref(array):
    pointer = array.ctypes.data
    return [pointer, pointer, 0, array.shape[0], 1]


def check_normals(vectors_dir, lib_path, reference_path=None):
    import numpy as np
    libs = [ctypes.CDLL(os.path.abspath(p)) for p in (lib_path, reference_path) if p]
    recorded = load_recorded(vectors_dir)
    failures = 0

    def fill(lib, iw, key, first):
        fn = getattr(lib, "jax_fill_i%d" % iw)
        fn.argtypes = [ctypes.c_int32, ctypes.c_int32,
                       ctypes.c_int64 if iw == 64 else ctypes.c_int32] + MEMREF_ARGS * 3
        fn.restype = None
        arrays = (np.zeros(FILL_N, np.float32), np.zeros(FILL_N, np.float32),
                  np.zeros(FILL_N, np.uint32))
        fn(sext(key[0], 32), sext(key[1], 32), first, *(a for x in arrays for a in memref(x)))
        return arrays

    for label, key, iw, first in FILL_CASES:
        normal, uniform, bits = fill(libs[0], iw, key, first)
        mask = np.uint64((1 << iw) - 1)
        idx = ((np.arange(FILL_N, dtype=np.int64) + first).astype(np.uint64)) & mask
        want_bits = model.bits_numpy(key, idx, 32)
        want_uniform = model.uniform_f32_numpy(key, idx)
        want_normal = model.normal_f32_numpy(key, idx)
        bad_bits = int((bits != want_bits).sum())
        bad_uniform = int((uniform.view(np.uint32) != want_uniform.view(np.uint32)).sum())
        ulps = np.abs(model.f32_ordinal_numpy(normal)
                      - model.f32_ordinal_numpy(want_normal))
        u = model.normal_input_numpy(want_uniform).astype(np.float64)
        tail = np.abs(u) > 0.999
        large_w = -np.log1p(-(u * u)) >= 5
        beyond = int((ulps > MAX_NORMAL_ULP).sum())
        failures += bad_bits + bad_uniform + beyond
        print("%s: %d draws; bits: %d mismatches; uniforms: %d mismatches; normals: %d beyond %d ulp "
              "(max %d ulp, %d differ); |u| > 0.999: %d draws (max %d ulp); w >= 5: %d draws (max %d ulp)"
              % (label, FILL_N, bad_bits, bad_uniform, beyond, MAX_NORMAL_ULP, int(ulps.max()),
                 int((ulps > 0).sum()), int(tail.sum()), int(ulps[tail].max()), int(large_w.sum()),
                 int(ulps[large_w].max())))
        if len(libs) > 1:
            ref = fill(libs[1], iw, key, first)
            differ = [int((x.view(np.uint32) != y.view(np.uint32)).sum())
                      for x, y in zip((normal, uniform, bits), ref)]
            failures += sum(differ)
            print("  against the reference library: normals %d, uniforms %d, bits %d differ"
                  " (of %d each)" % (*differ, FILL_N))
        # JAX's own values where recorded (key(0): a sample and tail draws).
        vs_jax = {}
        for j in range(FILL_N):
            entry = recorded.get(("normal", key, int(idx[j]))) if key == (0, 0) else None
            for backend, v in (entry or {}).items():
                d = ulp_distance(int(normal.view(np.uint32)[j]), v)
                count, worst = vs_jax.get(backend, (0, 0))
                vs_jax[backend] = (count + 1, max(worst, d))
                failures += d > MAX_NORMAL_ULP_VS_JAX
            if key != (0, 0):
                break
        for backend, (count, worst) in sorted(vs_jax.items()):
            print("  against JAX's recorded normals (XLA:%s): %d draws, max %d ulp"
                  % (backend.upper(), count, worst))
    print("failures: %d" % failures)
    return failures


if __name__ == "__main__":
    argv = sys.argv[1:]
    if len(argv) == 2 and argv[0] == "gen":
        gen(argv[1])
    elif len(argv) == 3 and argv[0] == "check":
        check(argv[1], argv[2])
    elif len(argv) == 2 and argv[0] == "gen-bitgen":
        gen_bitgen(argv[1])
    elif len(argv) == 3 and argv[0] == "check-bitgen":
        check_bitgen(argv[1], argv[2])
    elif argv in (["kernels"], ["kernels", "--scalar"]):
        sys.stdout.write(emit_fill_kernels(scalar=len(argv) == 2))
    elif len(argv) in (3, 4) and argv[0] == "normals":
        sys.exit(1 if check_normals(*argv[1:]) else 0)
    else:
        sys.exit(__doc__)
