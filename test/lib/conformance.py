"""The conformance matrix: every op of the rng and round dialects, in every
shape class the docs promise, through every named pipeline.

    conformance.py ops                       the op names of the table
    conformance.py check-ops NAMES...        the table against the registered
                                             ops (files of op names or of
                                             generated op docs, '-': stdin)
    conformance.py gen-host SHAPE...         rng-to-llvm program over SHAPEs
                                             (runnable: scalar, vector,
                                             vector_2d, tensor,
                                             tensor_dynamic)
    conformance.py check-host OUTPUT SHAPE...  the runner's output against
                                             the models
    conformance.py check-host-fast-math OUTPUT SHAPE...
                                             the same for a program lowered
                                             by rng-to-llvm{fast-math=true}
                                             (FAST_MATH_OPS within
                                             FAST_MATH_BOUND)
    conformance.py gen-scalable [veclib]     the scalable forms (scalable,
                                             scalable_2d), lowered only
                                             (veclib: only the cases whose
                                             scalable forms llc compiles
                                             with SLEEF, Case.veclib)
    conformance.py gen-gpu                   one gpu.module with a kernel per
                                             op case in the GPU shapes
                                             (scalar, vector, vector_2d),
                                             every result stored
    conformance.py gen-gpu-no-libdevice      gen-gpu without the ops whose
                                             NVVM lowering calls libdevice
                                             (LIBDEVICE_OPS)
    conformance.py gen-gpu-run               the same kernels with every
                                             operand and result as the
                                             integer it prints as (i32 or
                                             i64): run on a GPU by
                                             test/GPU/conformance_device.py
    conformance.py gen-gpu-bit-generator     rng.bit_generator's elements in
                                             kernels (buildBitGeneratorElement,
                                             through rng-test-opt's
                                             test-rng-bit-generator-element)
    conformance.py gen-host-bit-generator    the same layouts on the host,
                                             each element through the builder
    conformance.py check-host-bit-generator OUTPUT
                                             its output against the model
    conformance.py gen-gpu-rejected          the forms the GPU pipelines
                                             reject, with the diagnostics
                                             (-verify-diagnostics input)
    conformance.py gen-sharded               the tensor column with every op
                                             in a sharded function (split
                                             along dimension 0 over a grid
                                             of 2, gathered), for
                                             rng-shard-to-llvm and mpirun -n 2
                                             (OpenMPI; but Case.sharded);
                                             check-sharded OUTPUT checks
                                             each rank
    conformance.py check-lowered FILE        no rng, round or math op left
    conformance.py matrix                    the matrix as Markdown tables
    conformance.py check-doc DOC             DOC's matrix (between its
                                             BEGIN/END markers) is `matrix`
    conformance.py update-doc DOC            rewrites DOC's matrix

The table (CASES) names every op, once per result type where the result
type is free (round.stochastic and round.scaling_stochastic for each of
their nine formats, jax_bits for each width, ...). `check-ops` fails when a
registered op has no case, so a new op cannot be left out of the matrix.

Values: each case is run at run time (every operand an argument of a
function that is not inlined, so nothing folds), and each result element is
compared with the independent models (triton_random_model.py,
hash_random_model.py, jax_random_model.py, linear_index_model.py,
stochastic_rounding_model.py, torch_random_model.py):
bit for bit, except the normal distributions (within the ulp bound of
their spec: randn 2, hash_randn 3, jax_normal 4; the cuRAND and PyTorch
normals within SPEC section 9's bounds of the model, computed from the
element's operands: `Case.check`). Scalable vectors cannot run on x86 (no
SVE): they are lowered and translated to LLVM IR only.
"""

import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hash_random_model as hash_model  # noqa: E402
import jax_random_model as jax_model  # noqa: E402
import linear_index_model  # noqa: E402
import numpy as np  # noqa: E402
import stochastic_rounding_model as sr_model  # noqa: E402
import torch_random_model as torch_model  # noqa: E402
import triton_random_model as triton_model  # noqa: E402
from triton_random_model import MASK64, sext, ulp_distance  # noqa: E402

# --- shape classes ---------------------------------------------------------

# kind: scalar, vector or tensor; dims: the shape (None: dynamic);
# scalable: which dims are scalable; shared: how a shared operand (a seed, a
# key, p, a scale) is given in this class: as a scalar beside the shaped
# operands ("scalar") or with the shaped operands' type ("lane").
SHAPES = {
    "scalar": dict(kind="scalar", dims=[], shared="lane"),
    "vector": dict(kind="vector", dims=[4], shared="scalar"),
    "vector_2d": dict(kind="vector", dims=[2, 3], shared="lane"),
    "vector_0d": dict(kind="vector", dims=[], shared="lane"),
    "scalable": dict(kind="vector", dims=[4], scalable=[True],
                     shared="scalar"),
    "scalable_2d": dict(kind="vector", dims=[2, 4], scalable=[False, True],
                        shared="lane"),
    "tensor": dict(kind="tensor", dims=[2, 3], shared="scalar"),
    "tensor_dynamic": dict(kind="tensor", dims=[4], dynamic=True,
                           shared="lane"),
    "tensor_0d": dict(kind="tensor", dims=[], shared="scalar"),
}
RUN_SHAPES = ["scalar", "vector", "vector_2d", "vector_0d", "tensor",
              "tensor_dynamic", "tensor_0d"]
SCALABLE_SHAPES = ["scalable", "scalable_2d"]
GPU_SHAPES = ["scalar", "vector", "vector_2d", "vector_0d"]
GPU_REJECTED_SHAPES = ["scalable", "scalable_2d", "tensor", "tensor_dynamic",
                       "tensor_0d"]
# The lanes of a scalar case: one call each.
SCALAR_LANES = 4


def lanes(shape):
    s = SHAPES[shape]
    if s["kind"] == "scalar":
        return SCALAR_LANES
    return int(np.prod(s["dims"]))


def shaped(shape, elem, static=False):
    """The MLIR type of `elem` in shape class `shape` (static: a dynamic
    tensor's static counterpart)."""
    s = SHAPES[shape]
    if s["kind"] == "scalar":
        return elem
    if s["kind"] == "vector":
        scalable = s.get("scalable", [False] * len(s["dims"]))
        dims = "".join(("[%d]x" if sc else "%dx") % d
                       for d, sc in zip(s["dims"], scalable))
        return "vector<%s%s>" % (dims, elem)
    if s.get("dynamic") and not static:
        return "tensor<%s%s>" % ("?x" * len(s["dims"]), elem)
    return "tensor<%s%s>" % ("".join("%dx" % d for d in s["dims"]), elem)


# --- element types -----------------------------------------------------------

FLOAT_WIDTHS = {"f32": 32, "f64": 64, "bf16": 16, "f16": 16, "f8E4M3FN": 8,
                "f8E5M2": 8, "f8E4M3FNUZ": 8, "f8E5M2FNUZ": 8, "f8E8M0FNU": 8,
                "f6E2M3FN": 6, "f6E3M2FN": 6, "f4E2M1FN": 4}


def width(elem):
    if elem in FLOAT_WIDTHS:
        return FLOAT_WIDTHS[elem]
    assert elem.startswith("i"), elem
    return int(elem[1:])


def is_float(elem):
    return elem in FLOAT_WIDTHS


def literal(elem, bits):
    """An exact MLIR literal of the bit pattern `bits` of type `elem`."""
    if is_float(elem):
        return "0x%X" % (bits & ((1 << width(elem)) - 1))
    w = width(elem)
    return str(sext(bits, w)) if w > 1 else str(bits & 1)


def printed(elem):
    """The integer type a result of type `elem` is printed as."""
    return "i64" if width(elem) > 32 else "i32"


# --- inputs --------------------------------------------------------------------

def f32_bits(value):
    return triton_model.f32_to_bits(value)


NUMPY_FLOATS = {"f16": np.float16, "f32": np.float32, "f64": np.float64}
NUMPY_BITS = {16: np.uint16, 32: np.uint32, 64: np.uint64}


def float_bits(elem, value):
    """The bits of `value` rounded to `elem` (f16, bf16, f32 or f64)."""
    if elem == "bf16":
        return int(torch_model.bf16_bits(np.array([value], np.float32))[0])
    with np.errstate(over="ignore"):
        return int(np.array([value], NUMPY_FLOATS[elem]).view(
            NUMPY_BITS[width(elem)])[0])


def bits_float(elem, bits):
    """The value of the bit pattern `bits` of `elem` (bf16 as float32)."""
    if elem == "bf16":
        return np.array([bits << 16], np.uint32).view(np.float32)[0]
    return np.array([bits], NUMPY_BITS[width(elem)]).view(
        NUMPY_FLOATS[elem])[0]


# Edge values mixed into the random ones.
INT_EDGES = [0, 1, -1, 2**31 - 1, -2**31, 2**32 - 1, 2**32, 2**63 - 1, -2**63]
P_VALUES = [0.0, 0.1, 0.5, 0.9, 0.25, 0.75, 1.0, -0.5]
X_VALUES = [1.0, -2.5, 3.0e-39, 1.0e30, 0.1, 7.0, -1.0e-5, 65504.0, -3.0,
            0.5, 1.5e-7, -123.25, 448.0, 57344.0, 6.0, -0.3, 1.0e-45,
            float("inf"), float("-inf"), float("nan"),
            # x / (1 - p) past the largest f32 (the dropouts' overflow)
            3.0e38, -3.3e38]


class Inputs:
    """Deterministic inputs per (case, operand, lane)."""

    def __init__(self, tag):
        self.rng = random.Random(tag)

    def value(self, kind, elem):
        r = self.rng
        if kind == "int":
            w = width(elem)
            v = r.choice(INT_EDGES) if r.random() < 0.25 else r.getrandbits(w)
            return v & ((1 << w) - 1)
        if kind == "p":
            return float_bits(elem, r.choice(P_VALUES) if r.random() < 0.5
                              else r.random())
        if kind == "x":
            if r.random() < 0.4:
                return f32_bits(r.choice(X_VALUES))
            return r.getrandbits(32)
        if kind == "scale":  # E8M0: 2^(e - 127); 255 is NaN
            return r.choice([127, 120, 130, 0, 254, 255, r.getrandbits(8)])
        if kind.startswith("range"):  # jax_randint bounds: small or full
            w = width(elem)
            if r.random() < 0.5:
                return r.randrange(-1000, 1000) & ((1 << w) - 1)
            return r.getrandbits(w)
        if kind == "offset":  # PyTorch's generator offsets: multiples of 4
            if r.random() < 0.25:
                return r.choice([0, 4, 1236, 2**40 + 8, MASK64 - 3])
            return r.getrandbits(64) & ~3
        if kind == "threads":  # PyTorch's launch widths: multiples of 256
            if r.random() < 0.4:
                # ... and ones no GPU launches, where S * U and vec * S
                # pass 2^64 (the quotients stay exact).
                return r.choice([256, 1024, 65792, 270336, 2**31, 2**62 + 256, 2**63,
                                 MASK64 - 255])
            return 256 * r.randrange(1, 2**20)
        if kind == "real":  # any float of `elem`: edges and random bits
            if r.random() < 0.4:
                return float_bits(elem, r.choice(X_VALUES + [-0.0]))
            return r.getrandbits(width(elem))
        if kind == "moderate":  # means, deviations, bounds: finite
            if r.random() < 0.4:
                return float_bits(elem, r.choice([0.0, 1.0, -1.0, 0.5, 2.0,
                                                  -3.0, 1e-3]))
            return float_bits(elem, r.uniform(-8.0, 8.0))
        raise ValueError(kind)


# --- the op table ----------------------------------------------------------------

class Operand:
    """`kind`: how inputs are drawn ("int", "x", "p", "scale", "range");
    `shared`: a seed, key, p or scale, which may be a scalar beside shaped
    operands; `group`: operands that must have one type (k0, k1)."""

    def __init__(self, name, elem, kind="int", shared=False):
        self.name, self.elem, self.kind, self.shared = name, elem, kind, shared


class Case:
    """One op with one choice of its free types. `text(a, t)` is the op's
    line for operand names `a` and types `t` (dicts by operand name),
    `model(v)` the results of one element for operand bit patterns `v`
    (a dict), `ulp` the allowed distance per result (0: exact; f32 results
    only), `shapes` the shape classes it takes (None: every one).
    `check(v, k, got)`, for normals whose bound depends on the element
    (SPEC section 9's, scaled by the Box-Muller radius), says whether
    result k's bits `got` are within it (the comparison is then not by
    ulp); `variant` names the free choices in the matrix."""

    def __init__(self, tag, op, operands, results, text, model, ulp=None,
                 shapes=None, gpu=True, check=None, variant=None,
                 sharded=True, veclib=True):
        self.tag, self.op, self.operands, self.results = tag, op, operands, results
        self.text, self.model = text, model
        self.ulp = ulp or [0] * len(results)
        self.shapes = shapes
        self.gpu = gpu
        self.check = check
        self.variant = variant
        # Whether gen-sharded holds it (its partitioned form verifies).
        self.sharded = sharded
        # Whether its scalable forms compile with llc and SLEEF's vector
        # math (which maps only <vscale x 2 x double> for f64 log, sin and
        # cos: the f64 normals' vector<[4]xf64> would be unrolled, which
        # llc cannot do for scalable vectors and aborts).
        self.veclib = veclib

    def takes(self, shape):
        return self.shapes is None or shape in self.shapes


def _triton(op, n, floats, seed_t, offset_t, rounds=10):
    words = ["i32"] * 4

    def model(v):
        w = triton_model.randint4x(v["seed"], width(seed_t), v["offset"],
                                   width(offset_t), rounds)
        u = [triton_model.u2f(x) for x in w]
        if op.endswith("randint") or op.endswith("randint4x"):
            out = list(w)
        elif op.endswith("randn") or op.endswith("randn4x"):
            out = list(triton_model.pair_uniform_to_normal(u[0], u[1]) +
                       triton_model.pair_uniform_to_normal(u[2], u[3]))
        else:
            out = u
        return out[:n]

    r = "" if rounds == 10 else " rounds %d" % rounds
    results = ["f32" if floats else "i32"] * n
    ulp = [2 if "randn" in op else 0] * n
    return Case(
        "%s_%s_%s%s" % (op.split(".")[1], seed_t, offset_t,
                        "" if rounds == 10 else "_r%d" % rounds), op,
        [Operand("seed", seed_t, shared=True), Operand("offset", offset_t)],
        results if floats else words[:n],
        lambda a, t: "%s %s, %s%s : %s, %s" % (op, a["seed"], a["offset"], r,
                                               t["seed"], t["offset"]),
        model, ulp)


def _stochastic(fmt, rbits_t, saturate):
    f = sr_model.FORMATS.get(fmt) or sr_model.MX_FORMATS[fmt]
    sat = " saturate" if saturate else ""

    def model(v):
        return [int(sr_model.stochastic_round(
            f, np.array([v["x"]], dtype=np.uint32), np.array([v["rbits"]]),
            width(rbits_t), saturate)[0])]

    return Case(
        "stochastic_%s_%s%s" % (fmt, rbits_t, "_sat" if saturate else ""),
        "round.stochastic",
        [Operand("x", "f32", "x"), Operand("rbits", rbits_t)], [fmt],
        lambda a, t: "round.stochastic %s, %s%s : %s, %s -> %s" % (
            a["x"], a["rbits"], sat, t["x"], t["rbits"],
            t["x"].replace("f32", fmt)),
        model)


def _scaling(fmt, rbits_t, saturate):
    f = sr_model.FORMATS.get(fmt) or sr_model.MX_FORMATS[fmt]
    sat = " saturate" if saturate else ""

    def model(v):
        q = sr_model.scaled_quotient(np.array([v["x"]], dtype=np.uint32),
                                     np.array([v["scale"]]))
        return [int(sr_model.stochastic_round(
            f, q, np.array([v["rbits"]]), width(rbits_t), saturate)[0])]

    return Case(
        "scaling_stochastic_%s_%s%s" % (fmt, rbits_t,
                                        "_sat" if saturate else ""),
        "round.scaling_stochastic",
        [Operand("x", "f32", "x"), Operand("scale", "f8E8M0FNU", "scale",
                                           shared=True),
         Operand("rbits", rbits_t)], [fmt],
        lambda a, t: "round.scaling_stochastic %s, %s, %s%s : %s, %s, %s -> %s"
        % (a["x"], a["scale"], a["rbits"], sat, t["x"], t["scale"],
           t["rbits"], t["x"].replace("f32", fmt)),
        model)


def _jax_key(v):
    return (v["k0"], v["k1"])


def _jax_sample(op, result_t, index_t, model, ulp=0):
    return Case(
        "%s_%s_%s" % (op.split(".")[1], result_t, index_t), op,
        [Operand("k0", "i32", shared=True), Operand("k1", "i32", shared=True),
         Operand("i", index_t)], [result_t],
        lambda a, t: "%s %s, %s, %s : %s, %s%s" % (
            op, a["k0"], a["k1"], a["i"], t["k0"], t["i"],
            "" if op == "rng.jax_normal" else " -> %s"
            % t["i"].replace(index_t, result_t)),
        model, [ulp])


def _jax_randint(result_t, index_t, scalar_index=False):
    """With `scalar_index` the key and the index are the shared operands (a
    scalar key and index beside shaped bounds: every lane draws at one
    index), else the key and the bounds."""
    n = width(result_t)
    return Case(
        "jax_randint_%s_%s" % (result_t, index_t), "rng.jax_randint",
        [Operand("k0", "i32", shared=True), Operand("k1", "i32", shared=True),
         Operand("i", index_t, shared=scalar_index),
         Operand("minval", result_t, "range", not scalar_index),
         Operand("maxval", result_t, "range", not scalar_index)], [result_t],
        lambda a, t: "rng.jax_randint %s, %s, %s, %s, %s : %s, %s, %s" % (
            a["k0"], a["k1"], a["i"], a["minval"], a["maxval"], t["k0"],
            t["i"], t["minval"]),
        lambda v: [jax_model.randint(_jax_key(v), v["i"], v["minval"],
                                     v["maxval"], n)])


def _bit_generator(algorithm, words, dims, elem):
    state_t = "tensor<%dxi64>" % words
    out_t = "tensor<%s%s>" % ("".join("%dx" % d for d in dims), elem)
    case = Case(
        "bit_generator_%s_%dw_%s_%s" % (algorithm, words,
                                        "x".join(map(str, dims)) or "0d",
                                        elem),
        "rng.bit_generator", [], ["i64", elem],
        lambda a, t: "rng.bit_generator %s %s : %s -> %s" % (
            algorithm, a["state"], state_t, out_t),
        lambda state: jax_model.bit_generator(algorithm, state, tuple(dims),
                                              width(elem)),
        shapes=["tensor"], gpu=False)
    case.algorithm, case.words, case.dims = algorithm, words, dims
    return case


def _linear_index(dims, elem, base):
    """rng.linear_index over a static `dims` tensor of `elem`, plus the base
    `base` (bits of `elem`; None: the op without a base operand)."""
    out_t = "tensor<%s%s>" % ("".join("%dx" % d for d in dims), elem)
    case = Case(
        "linear_index_%s_%s%s" % ("x".join(map(str, dims)) or "0d", elem,
                                  "" if base is None else "_base"),
        "rng.linear_index",
        [] if base is None else [Operand("base", elem)], [elem],
        lambda a, t: "rng.linear_index%s : %s" % (
            "" if base is None else " " + a["base"], out_t),
        lambda: linear_index_model.linear_index(tuple(dims), width(elem),
                                                base or 0),
        shapes=["tensor"], gpu=False)
    case.dims, case.base = dims, base
    return case


def _u64(value):
    return np.array([value & MASK64], np.uint64)


def _words(v):
    """The four cuRAND words at v's (seed, subsequence, position)."""
    return torch_model.curand4(v["seed"], _u64(v["subsequence"]),
                               _u64(v["position"]))


def _float_results(values, elem):
    return [float_bits(elem, float(x[0])) for x in values]


def _curand_normal2_values(v):
    """cuRAND's float Box-Muller of Word(p) and Word(p + 1), and s (p + 1
    counts on past 2^64, as curand4's words do)."""
    w = _words(v)
    x, y, _, _, radius = torch_model.box_muller_float(w[0], w[1])
    return (x, y), radius


def _check_curand_normal2(v, k, got):
    values, radius = _curand_normal2_values(v)
    g = np.array([bits_float("f32", got)], np.float32)
    return bool(torch_model.normal_within_bound(g, values[k], values[k],
                                                radius, 1.0, "f32")[0])


def _check_curand_normal2_double(v, k, got):
    want = torch_model.box_muller_double(*_words(v))[k]
    g = np.array([bits_float("f64", got)], np.float64)
    return bool(torch_model.ulp_distance_numpy(g, want, "f64")[0]
                <= torch_model.DOUBLE_NORMAL_ULP_BOUND)


def _curand(op, results, model, check=None, veclib=True):
    """A cuRAND op: a shared seed beside subsequences and positions."""
    return Case(
        op, "rng." + op,
        [Operand("seed", "i64", shared=True), Operand("subsequence", "i64"),
         Operand("position", "i64")], results,
        lambda a, t: "rng.%s %s, %s, %s : %s, %s, %s" % (
            op, a["seed"], a["subsequence"], a["position"], t["seed"],
            t["subsequence"], t["position"]),
        model, [1 if check else 0] * len(results), check=check,
        veclib=veclib)


def _torch_launch():
    """The operands every PyTorch sampler starts with: a shared generator
    state and launch width beside the elements' indices."""
    return [Operand("seed", "i64", shared=True),
            Operand("offset", "i64", "offset", shared=True),
            Operand("threads", "i64", "threads", shared=True),
            Operand("index", "i64")]


def _torch_state(v):
    return v["seed"], v["offset"], v["threads"], _u64(v["index"])


def _torch_text(op, operands, attrs=""):
    """The custom form `rng.<op> operands attrs : (types) -> results`."""
    def text(a, t, result_types):
        return "rng.%s %s%s : (%s) -> %s" % (
            op, ", ".join(a[o] for o in operands), attrs,
            ", ".join(t[o] for o in operands), result_types(t))
    return text


def _torch_sampler(op, elem, extra, results, model, attrs="", check=None,
                   variant=None, veclib=True):
    """A PyTorch sampler with the launch operands and `extra` ones; its
    results have the index's shape with `results`' element types."""
    names = [o.name for o in _torch_launch() + extra]
    text = _torch_text(op, names, attrs)

    def result_types(t):
        types = [t["index"].replace("i64", r) for r in results]
        return types[0] if len(types) == 1 else "(%s)" % ", ".join(types)

    return Case(
        "%s_%s" % (op, elem), "rng." + op, _torch_launch() + extra,
        results, lambda a, t: text(a, t, result_types), model,
        [1 if check else 0] * len(results), check=check,
        variant=variant or elem, veclib=veclib)


def _torch_uniform(elem):
    def model(v):
        seed, offset, threads, e = _torch_state(v)
        lo = float(bits_float(elem, v["from"]))
        hi = float(bits_float(elem, v["to"]))
        out = torch_model.torch_uniform(seed, offset, threads, e, elem, lo, hi)
        return _float_results([out], elem)

    return _torch_sampler(
        "torch_uniform", elem,
        [Operand("from", elem, "moderate", shared=True),
         Operand("to", elem, "moderate", shared=True)], [elem], model)


def _torch_normal_values(v, elem):
    acc = "f64" if elem == "f64" else "f32"
    seed, offset, threads, e = _torch_state(v)
    mean = float(bits_float(acc, v["mean"]))
    std = float(bits_float(acc, v["std"]))
    return torch_model.torch_normal(seed, offset, threads, e, elem, mean,
                                    std) + (std,)


def _torch_normal(elem):
    acc = "f64" if elem == "f64" else "f32"

    def model(v):
        return _float_results([_torch_normal_values(v, elem)[0]], elem)

    def check(v, k, got):
        want, nn, radius, std = _torch_normal_values(v, elem)
        g = np.array([bits_float(elem, got)],
                     np.float64 if elem == "f64" else np.float32)
        return bool(torch_model.normal_within_bound(g, want, nn, radius, std,
                                                    elem)[0])

    return _torch_sampler(
        "torch_normal", elem,
        [Operand("mean", acc, "moderate", shared=True),
         Operand("std", acc, "moderate", shared=True)], [elem], model,
        check=check, veclib=elem != "f64")


def _torch_bernoulli(p_type):
    def model(v):
        seed, offset, threads, e = _torch_state(v)
        p = float(bits_float(p_type, v["p"]))
        return [int(torch_model.torch_bernoulli(seed, offset, threads, e, p,
                                                p_type == "f64")[0])]

    return _torch_sampler("torch_bernoulli", p_type,
                          [Operand("p", p_type, "p", shared=True)], ["i1"],
                          model, variant="p " + p_type)


def _torch_random(wide):
    def model(v):
        seed, offset, threads, e = _torch_state(v)
        span = v["range"] or 1 << 64
        return [int(torch_model.torch_random(seed, offset, threads, e,
                                             v["from"], span, wide)[0])
                & MASK64]

    return _torch_sampler(
        "torch_random", "wide" if wide else "narrow",
        [Operand("from", "i64", shared=True),
         Operand("range", "i64", "range", shared=True)], ["i64"], model,
        attrs=" {wide}" if wide else "")


def _torch_dropout(elem, vec):
    """native_dropout of `elem` inputs at width `vec`: a static tensor is the
    whole call, so widths that do not divide its size are not taken. With
    vec > 1 it is not sharded: the verifier requires `vec` to divide a
    static tensor's size, which the shards of a partitioned tensor<2x3>
    (tensor<1x3>) do not (the values would be the whole call's: the index
    is the memory index)."""
    names = ["x", "p", "seed", "offset", "threads", "index"]
    attrs = "" if vec == 1 else " {vec = %d : i32}" % vec
    text = _torch_text("torch_dropout", names, attrs)

    def model(v):
        x = np.array([bits_float(elem, v["x"])],
                     np.float64 if elem == "f64" else np.float32)
        p = float(bits_float("f64", v["p"]))
        seed, offset, threads, e = _torch_state(v)
        with np.errstate(over="ignore", invalid="ignore"):  # x / (1 - p)
            out, keep = torch_model.torch_dropout(x, p, seed, offset, threads,
                                                  e, vec, elem)
        return _float_results([out], elem) + [int(keep[0])]

    def result_types(t):
        return "(%s, %s)" % (t["x"], t["x"].replace(elem, "i1"))

    shapes = [s for s in SHAPES
              if SHAPES[s]["kind"] != "tensor" or SHAPES[s].get("dynamic") or
              int(np.prod(SHAPES[s]["dims"])) % vec == 0]
    return Case(
        "torch_dropout_%s_vec%d" % (elem, vec), "rng.torch_dropout",
        [Operand("x", elem, "real"), Operand("p", "f64", "p", shared=True)] +
        _torch_launch()[:3] + [Operand("index", "i64")], [elem, "i1"],
        lambda a, t: text(a, t, result_types), model,
        shapes=None if len(shapes) == len(SHAPES) else shapes,
        variant="%s vec %d" % (elem, vec), sharded=vec == 1)


def _torch_threads(multiprocessors, per_multiprocessor):
    attrs = (" {multiprocessors = %d, threads_per_multiprocessor = %d}"
             % (multiprocessors, per_multiprocessor))
    return Case(
        "torch_threads_%d_%d" % (multiprocessors, per_multiprocessor),
        "rng.torch_threads", [Operand("n", "i64")], ["i64"],
        lambda a, t: "rng.torch_threads %s%s : %s" % (a["n"], attrs, t["n"]),
        lambda v: [torch_model.torch_threads(v["n"], multiprocessors,
                                             per_multiprocessor)],
        variant="%d x %d" % (multiprocessors, per_multiprocessor))


def _torch_offset_increment(unroll):
    def model(v):
        if v["n"] == 0:  # PyTorch launches nothing
            return [0]
        return [torch_model.torch_offset_increment(v["n"], v["threads"],
                                                   unroll) & MASK64]

    return Case(
        "torch_offset_increment_%d" % unroll, "rng.torch_offset_increment",
        [Operand("n", "i64"), Operand("threads", "i64", "threads")], ["i64"],
        lambda a, t: "rng.torch_offset_increment %s, %s {unroll = %d : i32} "
        ": %s" % (a["n"], a["threads"], unroll, t["n"]), model,
        variant="unroll %d" % unroll)


def _cases():
    c = []
    # Philox4x32 and the Triton family.
    c.append(Case(
        "philox_4x32", "rng.philox_4x32",
        [Operand("c%d" % i, "i32") for i in range(4)] +
        [Operand("k0", "i32", shared=True), Operand("k1", "i32", shared=True)],
        ["i32"] * 4,
        lambda a, t: "rng.philox_4x32 %s, %s, %s, %s key %s, %s : %s, %s" % (
            a["c0"], a["c1"], a["c2"], a["c3"], a["k0"], a["k1"], t["c0"],
            t["k0"]),
        lambda v: list(triton_model.philox4x32(
            (v["c0"], v["c1"], v["c2"], v["c3"]), (v["k0"], v["k1"]), 10))))
    c.append(Case(
        "philox_4x32_r7", "rng.philox_4x32",
        [Operand("c%d" % i, "i32") for i in range(4)] +
        [Operand("k0", "i32", shared=True), Operand("k1", "i32", shared=True)],
        ["i32"] * 4,
        lambda a, t: "rng.philox_4x32 %s, %s, %s, %s key %s, %s rounds 7 : "
        "%s, %s" % (a["c0"], a["c1"], a["c2"], a["c3"], a["k0"], a["k1"],
                    t["c0"], t["k0"]),
        lambda v: list(triton_model.philox4x32(
            (v["c0"], v["c1"], v["c2"], v["c3"]), (v["k0"], v["k1"]), 7))))
    c.append(_triton("rng.randint", 1, False, "i32", "i32"))
    c.append(_triton("rng.randint4x", 4, False, "i64", "i64", rounds=7))
    c.append(_triton("rng.rand", 1, True, "i8", "i64"))
    c.append(_triton("rng.rand4x", 4, True, "i32", "i32"))
    c.append(_triton("rng.randn", 1, True, "i64", "i32"))
    c.append(_triton("rng.randn4x", 4, True, "i32", "i64"))

    # The hash family, dropouts, SplitMix64, Tech-Renaissance's sampler.
    c.append(Case("lowbias32", "rng.lowbias32", [Operand("x", "i32")], ["i32"],
                  lambda a, t: "rng.lowbias32 %s : %s" % (a["x"], t["x"]),
                  lambda v: [hash_model.lowbias32(v["x"])]))
    for op, fn, ulp in (("hash_rand", hash_model.hash_rand, 0),
                        ("hash_randn", hash_model.hash_randn, 3)):
        c.append(Case(
            op, "rng." + op,
            [Operand("seed", "i32", shared=True), Operand("counter", "i32")],
            ["f32"],
            lambda a, t, op=op: "rng.%s %s, %s : %s, %s" % (
                op, a["seed"], a["counter"], t["seed"], t["counter"]),
            lambda v, fn=fn: [fn(v["seed"], v["counter"])], [ulp]))
    c.append(Case(
        "hash_dropout", "rng.hash_dropout",
        [Operand("x", "f32", "x"), Operand("p", "f32", "p", shared=True),
         Operand("seed", "i32", shared=True), Operand("counter", "i32")],
        ["f32"],
        lambda a, t: "rng.hash_dropout %s, %s, %s, %s : %s, %s, %s, %s" % (
            a["x"], a["p"], a["seed"], a["counter"], t["x"], t["p"],
            t["seed"], t["counter"]),
        lambda v: [hash_model.hash_dropout(v["x"], v["p"], v["seed"],
                                           v["counter"])]))
    c.append(Case(
        "dropout", "rng.dropout",
        [Operand("x", "f32", "x"), Operand("p", "f32", "p", shared=True),
         Operand("seed", "i64", shared=True), Operand("offset", "i64")],
        ["f32"],
        lambda a, t: "rng.dropout %s, %s, %s, %s : %s, %s, %s, %s" % (
            a["x"], a["p"], a["seed"], a["offset"], t["x"], t["p"],
            t["seed"], t["offset"]),
        lambda v: [hash_model.triton_dropout(v["x"], v["p"], v["seed"], 64,
                                             v["offset"], 64)]))
    c.append(Case("splitmix64", "rng.splitmix64", [Operand("x", "i64")],
                  ["i64"],
                  lambda a, t: "rng.splitmix64 %s : %s" % (a["x"], t["x"]),
                  lambda v: [hash_model.splitmix64(v["x"])]))
    c.append(Case(
        "tr_dropout_sample", "rng.tr_dropout_sample",
        [Operand("seed_lo", "i64", shared=True),
         Operand("seed_hi", "i64", shared=True), Operand("offset", "i64")],
        ["f32"],
        lambda a, t: "rng.tr_dropout_sample %s, %s, %s : %s, %s, %s" % (
            a["seed_lo"], a["seed_hi"], a["offset"], t["seed_lo"],
            t["seed_hi"], t["offset"]),
        lambda v: [hash_model.tr_dropout_sample(v["seed_lo"], v["seed_hi"],
                                                v["offset"])]))

    # Threefry and JAX.
    c.append(Case(
        "threefry_2x32", "rng.threefry_2x32",
        [Operand("x0", "i32"), Operand("x1", "i32"),
         Operand("k0", "i32", shared=True), Operand("k1", "i32", shared=True)],
        ["i32", "i32"],
        lambda a, t: "rng.threefry_2x32 %s, %s key %s, %s : %s, %s" % (
            a["x0"], a["x1"], a["k0"], a["k1"], t["x0"], t["k0"]),
        lambda v: list(jax_model.threefry_2x32(v["x0"], v["x1"], v["k0"],
                                               v["k1"]))))
    for d_t in ("i32", "i64"):
        c.append(Case(
            "jax_fold_in_" + d_t, "rng.jax_fold_in",
            [Operand("k0", "i32", shared=True),
             Operand("k1", "i32", shared=True), Operand("d", d_t)],
            ["i32", "i32"],
            lambda a, t: "rng.jax_fold_in %s, %s, %s : %s, %s" % (
                a["k0"], a["k1"], a["d"], t["k0"], t["d"]),
            lambda v: list(jax_model.fold_in(_jax_key(v), v["d"]))))
    for w in (8, 16, 32, 64):
        c.append(_jax_sample(
            "rng.jax_bits", "i%d" % w, "i32" if w == 16 else "i64",
            lambda v, w=w: [jax_model.bits(_jax_key(v), v["i"], w)]))
    c.append(_jax_sample("rng.jax_uniform", "f32", "i64",
                         lambda v: [jax_model.uniform_f32(_jax_key(v),
                                                          v["i"])]))
    c.append(_jax_sample("rng.jax_uniform", "f64", "i32",
                         lambda v: [jax_model.uniform_f64(_jax_key(v),
                                                          v["i"])]))
    c.append(_jax_sample("rng.jax_normal", "f32", "i64",
                         lambda v: [jax_model.normal_f32(_jax_key(v),
                                                         v["i"])], ulp=4))
    c.append(_jax_randint("i32", "i64"))
    c.append(_jax_randint("i64", "i32", scalar_index=True))
    c.append(_bit_generator("three_fry", 2, [2, 2], "i64"))
    c.append(_bit_generator("three_fry", 2, [3, 3], "i32"))
    c.append(_bit_generator("philox", 3, [2, 3], "i32"))
    c.append(_bit_generator("philox", 2, [3], "i64"))
    c.append(_bit_generator("default", 2, [5], "i16"))
    c.append(_bit_generator("philox", 3, [], "i8"))

    # The counters of element-indexed streams (SPEC section 10): bases that
    # wrap inside the tensor, none, ranks 0 to 3.
    c.append(_linear_index([2, 3], "i32", 2**32 - 3))
    c.append(_linear_index([5], "i64", None))
    c.append(_linear_index([], "i32", 7))
    c.append(_linear_index([2, 1, 3], "i64", 2**64 - 4))
    c.append(_linear_index([4, 1], "i32", None))

    # cuRAND's device API and PyTorch's CUDA random numbers (SPEC section
    # 9): every result type, both unrolls and every dropout width.
    c.append(_curand("curand", ["i32"],
                     lambda v: [int(_words(v)[0][0])]))
    c.append(_curand("curand4", ["i32"] * 4,
                     lambda v: [int(w[0]) for w in _words(v)]))
    c.append(_curand("curand_uniform", ["f32"], lambda v: _float_results(
        [torch_model.u_from_words(_words(v)[0])], "f32")))
    c.append(_curand("curand_normal2", ["f32", "f32"], lambda v:
                     _float_results(_curand_normal2_values(v)[0], "f32"),
                     check=_check_curand_normal2))
    c.append(_curand("curand_uniform_double", ["f64"], lambda v:
                     _float_results([_words(v)[0].astype(np.float64) *
                                     2.0 ** -32 + 2.0 ** -32], "f64")))
    c.append(_curand("curand_uniform2_double", ["f64", "f64"], lambda v:
                     _float_results([torch_model.hq_from_words(w0, w1)
                                     for w0, w1 in ((_words(v)[0],
                                                     _words(v)[1]),
                                                    (_words(v)[2],
                                                     _words(v)[3]))], "f64")))
    c.append(_curand("curand_normal2_double", ["f64", "f64"], lambda v:
                     _float_results(torch_model.box_muller_double(
                         *_words(v))[:2], "f64"),
                     check=_check_curand_normal2_double, veclib=False))
    for elem in ("f32", "f16", "bf16", "f64"):
        c.append(_torch_uniform(elem))
    for elem in ("f32", "f16", "bf16", "f64"):
        c.append(_torch_normal(elem))
    c.append(_torch_bernoulli("f32"))
    c.append(_torch_bernoulli("f64"))
    c.append(_torch_random(False))
    c.append(_torch_random(True))
    for elem, vec in (("f32", 1), ("f16", 8), ("bf16", 4), ("f64", 2)):
        c.append(_torch_dropout(elem, vec))
    c.append(_torch_threads(132, 2048))
    c.append(_torch_threads(108, 1536))
    c.append(_torch_offset_increment(4))
    c.append(_torch_offset_increment(2))

    # Stochastic rounding: every result format; random-bit widths and
    # saturate varied (the MX formats need saturate).
    rbits = ["i8", "i16", "i32", "i64", "i13", "i3", "i32", "i16", "i8"]
    formats = ["bf16", "f16", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ",
               "f8E5M2FNUZ", "f4E2M1FN", "f6E2M3FN", "f6E3M2FN"]
    for i, fmt in enumerate(formats):
        mx = fmt in sr_model.MX_FORMATS
        c.append(_stochastic(fmt, rbits[i], mx or i % 2 == 1))
        c.append(_scaling(fmt, rbits[-1 - i], mx or i % 2 == 0))
    return c


CASES = _cases()
assert len({c.tag for c in CASES}) == len(CASES)


def cases_for(shape, gpu=False, sharded=False, veclib=False):
    """The cases of shape class `shape` (only those GPU kernels hold, those
    gen-sharded holds, those whose scalable forms llc compiles with SLEEF's
    vector math)."""
    return [c for c in CASES if c.takes(shape) and (c.gpu or not gpu) and
            (c.sharded or not sharded) and (c.veclib or not veclib)]


# --- program text ------------------------------------------------------------

def operand_type(case, operand, shape):
    if SHAPES[shape]["shared"] == "scalar" and operand.shared:
        return operand.elem
    return shaped(shape, operand.elem)


def result_type(case, k, shape):
    return shaped(shape, case.results[k])


def fname(case, shape):
    return "@%s__%s" % (case.tag, shape)


def kernel_body(case, shape, args, indent="  "):
    """The op and the conversion of its results to printable integers;
    returns (lines, values, types)."""
    types = {o.name: operand_type(case, o, shape) for o in case.operands}
    n = len(case.results)
    lines = ["%s%%r%s = %s" % (indent, ":%d" % n if n > 1 else "",
                               case.text(args, types))]
    values, out_types = [], []
    for k, elem in enumerate(case.results):
        v = "%%r#%d" % k if n > 1 else "%r"
        t = result_type(case, k, shape)
        if is_float(elem):
            it = t.replace(elem, "i%d" % width(elem))
            lines.append("%s%%b%d = arith.bitcast %s : %s to %s"
                         % (indent, k, v, t, it))
            v, t = "%%b%d" % k, it
        pt = t.replace("i%d" % width(elem), printed(elem))
        if width(elem) < 32:
            lines.append("%s%%e%d = arith.extui %s : %s to %s"
                         % (indent, k, v, t, pt))
            v = "%%e%d" % k
        values.append(v)
        out_types.append(pt)
    return lines, values, out_types


def host_function(case, shape):
    if case.op == "rng.bit_generator":
        return bit_generator_function(case)
    if case.op == "rng.linear_index":
        return linear_index_function(case)
    args = {o.name: "%" + o.name for o in case.operands}
    types = [operand_type(case, o, shape) for o in case.operands]
    lines, values, out_types = kernel_body(case, shape, args)
    head = "func.func %s(%s) -> (%s) {" % (
        fname(case, shape),
        ", ".join("%%%s: %s" % (o.name, t)
                  for o, t in zip(case.operands, types)),
        ", ".join(out_types))
    return ([head] + lines +
            ["  return %s : %s" % (", ".join(values), ", ".join(out_types)),
             "}"])


def bit_generator_state_type(case):
    return "tensor<%dxi64>" % case.words


def bit_generator_output_type(case, elem):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in case.dims), elem)


def bit_generator_function(case):
    st = bit_generator_state_type(case)
    elem = case.results[1]
    ot = bit_generator_output_type(case, elem)
    pt = bit_generator_output_type(case, printed(elem))
    lines = ["func.func %s(%%state: %s) -> (%s, %s) {"
             % (fname(case, "tensor"), st, st, pt),
             "  %%new, %%out = %s" % case.text({"state": "%state"}, {})]
    v = "%out"
    if width(elem) < 32:
        lines.append("  %%e = arith.extui %%out : %s to %s" % (ot, pt))
        v = "%e"
    lines += ["  return %%new, %s : %s, %s" % (v, st, pt), "}"]
    return lines


def linear_index_type(case):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in case.dims),
                             case.results[0])


def linear_index_function(case):
    """The op on a base argument (when it has one), its result returned."""
    rt = linear_index_type(case)
    params = "%%base: %s" % case.results[0] if case.operands else ""
    return ["func.func %s(%s) -> %s {" % (fname(case, "tensor"), params, rt),
            "  %%r = %s" % case.text({"base": "%base"}, {}),
            "  return %%r : %s" % rt, "}"]


class Main:
    def __init__(self):
        self.lines = []
        self.count = 0

    def fresh(self, prefix="v"):
        self.count += 1
        return "%%%s%d" % (prefix, self.count)

    def emit(self, text):
        self.lines.append("  " + text)

    def const(self, text, type_):
        name = self.fresh("k")
        self.emit("%s = arith.constant %s : %s" % (name, text, type_))
        return name

    def index(self, i):
        return self.const(str(i), "index")

    def show(self, tag, value, type_):
        self.emit('vector.print str "%s: "' % tag)
        self.emit("vector.print %s : %s" % (value, type_))


def nested(values, dims):
    if not dims:
        return values[0]
    step = len(values) // dims[0]
    return "[%s]" % ", ".join(nested(values[i * step:(i + 1) * step], dims[1:])
                              for i in range(dims[0]))


def dense(elem, bits, dims):
    return "dense<%s>" % nested([literal(elem, b) for b in bits], dims)


def case_inputs(case, shape):
    """{operand: [bits per lane]}; a shared operand given as a scalar in this
    shape class has one value for every lane."""
    gen = Inputs("%s/%s" % (case.tag, shape))
    n = lanes(shape)
    values = {}
    for o in case.operands:
        scalar = SHAPES[shape]["shared"] == "scalar" and o.shared
        if scalar:
            values[o.name] = [gen.value(o.kind, o.elem)] * n
        else:
            values[o.name] = [gen.value(o.kind, o.elem) for _ in range(n)]
    return values


def bit_generator_state(case):
    gen = Inputs(case.tag)
    state = [gen.value("int", "i64") for _ in range(case.words)]
    if case.words == 3:
        state[1] = MASK64 - 1  # the counter's carry into the third word
    return state


def call_case(main, case, shape):
    """Calls the case's function on its inputs and prints every result."""
    if case.op == "rng.bit_generator":
        st = bit_generator_state_type(case)
        state = bit_generator_state(case)
        s = main.const(dense("i64", state, [len(state)]), st)
        pt = bit_generator_output_type(case, printed(case.results[1]))
        r = main.fresh("r")
        main.emit("%s:2 = func.call %s(%s) : (%s) -> (%s, %s)"
                  % (r, fname(case, "tensor"), s, st, st, pt))
        show_tensor(main, "%s/tensor/new_state" % case.tag, r + "#0", st)
        show_tensor(main, "%s/tensor/r1" % case.tag, r + "#1", pt)
        return
    if case.op == "rng.linear_index":
        elem, rt = case.results[0], linear_index_type(case)
        args = ([main.const(literal(elem, case.base), elem)]
                if case.operands else [])
        r = main.fresh("r")
        main.emit("%s = func.call %s(%s) : (%s) -> %s"
                  % (r, fname(case, "tensor"), ", ".join(args),
                     ", ".join(o.elem for o in case.operands), rt))
        show_tensor(main, "%s/tensor/r0" % case.tag, r, rt)
        return
    inputs = case_inputs(case, shape)
    s = SHAPES[shape]
    n = len(case.results)
    if s["kind"] == "scalar":
        per_result = [[] for _ in range(n)]
        for lane in range(SCALAR_LANES):
            args = [main.const(literal(o.elem, inputs[o.name][lane]), o.elem)
                    for o in case.operands]
            r = main.fresh("r")
            out_types = [printed(e) for e in case.results]
            main.emit("%s%s = func.call %s(%s) : (%s) -> (%s)" % (
                r, ":%d" % n if n > 1 else "", fname(case, shape),
                ", ".join(args), ", ".join(o.elem for o in case.operands),
                ", ".join(out_types)))
            for k in range(n):
                per_result[k].append(r + ("#%d" % k if n > 1 else ""))
        for k in range(n):
            vt = "vector<%dx%s>" % (SCALAR_LANES, printed(case.results[k]))
            v = main.fresh("p")
            main.emit("%s = vector.from_elements %s : %s"
                      % (v, ", ".join(per_result[k]), vt))
            main.show("%s/%s/r%d" % (case.tag, shape, k), v, vt)
        return
    dims = s["dims"]
    args, arg_types = [], []
    for o in case.operands:
        t = operand_type(case, o, shape)
        if t == o.elem:
            args.append(main.const(literal(o.elem, inputs[o.name][0]), o.elem))
        else:
            static = shaped(shape, o.elem, static=True)
            a = main.const(dense(o.elem, inputs[o.name], dims), static)
            if static != t:
                b = main.fresh("c")
                main.emit("%s = tensor.cast %s : %s to %s" % (b, a, static, t))
                a = b
            args.append(a)
        arg_types.append(t)
    out_types = [shaped(shape, printed(e)) for e in case.results]
    r = main.fresh("r")
    main.emit("%s%s = func.call %s(%s) : (%s) -> (%s)" % (
        r, ":%d" % n if n > 1 else "", fname(case, shape), ", ".join(args),
        ", ".join(arg_types), ", ".join(out_types)))
    for k in range(n):
        v = r + ("#%d" % k if n > 1 else "")
        tag = "%s/%s/r%d" % (case.tag, shape, k)
        if s["kind"] == "vector":
            main.show(tag, v, out_types[k])
            continue
        static = shaped(shape, printed(case.results[k]), static=True)
        if static != out_types[k]:
            c = main.fresh("c")
            main.emit("%s = tensor.cast %s : %s to %s"
                      % (c, v, out_types[k], static))
            v = c
        show_tensor(main, tag, v, static)


def show_tensor(main, tag, value, tensor_type):
    """Prints a static tensor through a vector.transfer_read."""
    m = re.match(r"tensor<((?:\d+x)*)(i\d+)>", tensor_type)
    dims, elem = m.group(1), m.group(2)
    rank = dims.count("x")
    zero = main.index(0)
    pad = main.const("0", elem)
    vt = "vector<%s%s>" % (dims, elem)
    v = main.fresh("t")
    main.emit("%s = vector.transfer_read %s[%s], %s : %s, %s"
              % (v, value, ", ".join([zero] * rank), pad, tensor_type, vt))
    main.show(tag, v, vt)


def gen_host(shapes):
    out = ["// Generated by test/lib/conformance.py gen-host %s."
           % " ".join(shapes)]
    main = Main()
    for shape in shapes:
        for case in cases_for(shape):
            out += host_function(case, shape)
            call_case(main, case, shape)
    out.append("func.func @main() {")
    out += main.lines
    out += ["  return", "}"]
    return "\n".join(out) + "\n"


def sharded_pair(case):
    """The tensor-column function of `case` split in two: @<tag>__sharded
    holds the op between shard.shard annotations (its tensor operands
    sliced along dimension 0 over the grid, its results split and gathered
    again), and @<tag>__tensor calls it and converts the results as
    host_function does, so the driver is unchanged."""
    host = host_function(case, "tensor")
    head, op_line, rest = host[0], host[1], host[2:]
    m = re.match(r"func\.func (@\w+)\((.*)\) -> (.*) \{$", head)
    params = m.group(2)
    lhs, op_text = op_line.strip().split(" = ", 1)
    if case.op == "rng.bit_generator":
        results = [bit_generator_state_type(case),
                   bit_generator_output_type(case, case.results[1])]
        split_results = [1]
    elif case.op == "rng.linear_index":
        results, split_results = [linear_index_type(case)], [0]
    else:
        results = [shaped("tensor", e) for e in case.results]
        split_results = list(range(len(results)))
    names = [n for n, _ in re.findall(r"(%\w+): ([^,]+(?:<[^>]*>)?)", params)]
    types = [t.strip() for t in re.findall(r"%\w+: ((?:tensor<[^>]*>)|[^,]+)", params)]

    def splittable(t):
        m2 = re.match(r"tensor<(\d+)x", t)
        return bool(m2) and int(m2.group(1)) % 2 == 0

    body = ["  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding",
            "  %whole = shard.sharding @grid split_axes = [[]] : !shard.sharding"]
    renamed = op_text
    if case.op not in ("rng.bit_generator", "rng.linear_index"):
        for n, t in zip(names, types):
            if splittable(t):
                body.append("  %s_w = shard.shard %s to %%whole : %s" % (n, n, t))
                body.append("  %s_s = shard.shard %s_w to %%split annotate_for_users : %s"
                            % (n, n, t))
                renamed = re.sub(re.escape(n) + r"\b", n + "_s", renamed)
    k_res = len(results)
    body.append("  %%q%s = %s" % (":%d" % k_res if k_res > 1 else "", renamed))
    outs = []
    for k, t in enumerate(results):
        v = "%%q#%d" % k if k_res > 1 else "%q"
        if k in split_results and splittable(t):
            body.append("  %%s%d = shard.shard %s to %%split : %s" % (k, v, t))
            body.append("  %%g%d = shard.shard %%s%d to %%whole annotate_for_users : %s"
                        % (k, k, t))
            v = "%%g%d" % k
        outs.append(v)
    sharded = (["func.func @%s__sharded(%s) -> (%s) {"
                % (case.tag, params, ", ".join(results))] + body +
               ["  return %s : %s" % (", ".join(outs), ", ".join(results)), "}"])
    call = "  %s = func.call @%s__sharded(%s) : (%s) -> (%s)" % (
        lhs, case.tag, ", ".join(names), ", ".join(types), ", ".join(results))
    return sharded + [head, call] + rest


def gen_sharded():
    out = ["// Generated by test/lib/conformance.py gen-sharded.",
           'module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {',
           "shard.grid @grid(shape = 2)"]
    main = Main()
    main.emit("%init = mpi.init : !mpi.retval")
    for case in cases_for("tensor", sharded=True):
        out += sharded_pair(case)
        call_case(main, case, "tensor")
    main.emit("%fin = mpi.finalize : !mpi.retval")
    out.append("func.func @main() {")
    out += main.lines
    out += ["  return", "}", "}"]
    return "\n".join(out) + "\n"


def gen_scalable(veclib=False):
    """The scalable forms of every case (with `veclib`: only those llc
    compiles with SLEEF's vector math, Case.veclib)."""
    out = ["// Generated by test/lib/conformance.py gen-scalable%s."
           % (" veclib" if veclib else "")]
    for shape in SCALABLE_SHAPES:
        for case in cases_for(shape, veclib=veclib):
            out += host_function(case, shape)
    return "\n".join(out) + "\n"


# --- GPU kernels -----------------------------------------------------------------

def memref_elem(shape, elem):
    """The element type of the memref a kernel loads or stores `elem` in
    shape class `shape` through (n-D vectors as their 1-D shape_cast)."""
    s = SHAPES[shape]
    if s["kind"] == "scalar":
        return elem
    return "vector<%dx%s>" % (int(np.prod(s["dims"])), elem)


def gpu_kernel(case, shape):
    params, lines = [], ["    %tid = gpu.thread_id x"]
    args = {}
    for o in case.operands:
        t = operand_type(case, o, shape)
        me = o.elem if t == o.elem else memref_elem(shape, o.elem)
        params.append("%%in_%s: memref<?x%s>" % (o.name, me))
        lines.append("    %%l_%s = memref.load %%in_%s[%%tid] : memref<?x%s>"
                     % (o.name, o.name, me))
        args[o.name] = "%%l_%s" % o.name
        if me != t:
            lines.append("    %%a_%s = vector.shape_cast %%l_%s : %s to %s"
                         % (o.name, o.name, me, t))
            args[o.name] = "%%a_%s" % o.name
    types = {o.name: operand_type(case, o, shape) for o in case.operands}
    n = len(case.results)
    lines.append("    %%r%s = %s" % (":%d" % n if n > 1 else "",
                                     case.text(args, types)))
    for k, elem in enumerate(case.results):
        v = "%%r#%d" % k if n > 1 else "%r"
        t = result_type(case, k, shape)
        me = memref_elem(shape, elem)
        params.append("%%out%d: memref<?x%s>" % (k, me))
        if me != t:
            lines.append("    %%s%d = vector.shape_cast %s : %s to %s"
                         % (k, v, t, me))
            v = "%%s%d" % k
        lines.append("    memref.store %s, %%out%d[%%tid] : memref<?x%s>"
                     % (v, k, me))
    return (["  gpu.func %s(%s) kernel {" % (fname(case, shape),
                                             ", ".join(params))] +
            lines + ["    gpu.return", "  }"])


# The ops whose NVVM lowering calls libdevice (log, sin, cos, sqrt of
# Box-Muller: __nv_logf, __nv_sinf, __nv_cosf, __nv_sqrtf; cuRAND's and
# PyTorch's normals: __nv_logf, and __nv_log, __nv_sinpi, __nv_cospi for
# doubles); every other op's kernels need none (docs/Targets.md).
LIBDEVICE_OPS = {"rng.randn", "rng.randn4x", "rng.hash_randn",
                 "rng.curand_normal2", "rng.curand_normal2_double",
                 "rng.torch_normal"}


def gen_gpu(kernel=gpu_kernel, command="gen-gpu", without_libdevice=False):
    """One gpu.module with `kernel(case, shape)` for every GPU case (only
    those of ops outside LIBDEVICE_OPS with `without_libdevice`)."""
    out = ["// Generated by test/lib/conformance.py %s." % command,
           "gpu.module @kernels {"]
    for shape in GPU_SHAPES:
        for case in cases_for(shape, gpu=True):
            if without_libdevice and case.op in LIBDEVICE_OPS:
                continue
            out += kernel(case, shape)
    out.append("}")
    return "\n".join(out) + "\n"


# The global thread index %tid of a kernel body (block id x * block size x +
# thread id x).
GLOBAL_THREAD_ID = ["%t = gpu.thread_id x", "%b = gpu.block_id x",
                    "%d = gpu.block_dim x", "%bd = arith.muli %b, %d : index",
                    "%tid = arith.addi %bd, %t : index"]


def gpu_run_lanes(shape):
    """The lanes each thread of a gen-gpu-run kernel computes: those of its
    vector, or 1."""
    return lanes(shape) if SHAPES[shape]["kind"] == "vector" else 1


def gpu_run_kernel(case, shape):
    """A kernel of `gen-gpu-run`: like gpu_kernel, but every operand is read
    and every result written as the integer it is printed as (i32, or i64
    for 64-bit elements; floats as their bit patterns, narrower elements
    zero-extended), one scalar per lane, so a runner needs no knowledge of
    how sub-byte widths or vectors are laid out in memory. Thread t reads
    and writes elements t * L .. t * L + L - 1 of each buffer, L the lanes
    of its shape (row-major; a scalar operand of a vector shape: element t),
    t the global thread index (block id x * block size x + thread id x)."""
    s = SHAPES[shape]
    n = gpu_run_lanes(shape)
    params = []
    lines = ["    " + line for line in GLOBAL_THREAD_ID]
    if s["kind"] == "vector":
        lines.append("    %%lanes = arith.constant %d : index" % n)
        lines.append("    %base = arith.muli %tid, %lanes : index")
        for j in range(n):
            lines.append("    %%c%d = arith.constant %d : index" % (j, j))
            lines.append("    %%i%d = arith.addi %%base, %%c%d : index" % (j, j))
    args = {}
    for o in case.operands:
        t = operand_type(case, o, shape)
        pe = printed(o.elem)
        params.append("%%in_%s: memref<?x%s>" % (o.name, pe))
        if t == o.elem:
            v, cur = "%%l_%s" % o.name, pe
            lines.append("    %s = memref.load %%in_%s[%%tid] : memref<?x%s>"
                         % (v, o.name, pe))
        else:
            loads = []
            for j in range(n):
                loads.append("%%l_%s_%d" % (o.name, j))
                lines.append("    %s = memref.load %%in_%s[%%i%d] : memref<?x%s>"
                             % (loads[-1], o.name, j, pe))
            v, cur = "%%v_%s" % o.name, shaped(shape, pe)
            lines.append("    %s = vector.from_elements %s : %s"
                         % (v, ", ".join(loads), cur))
        w = width(o.elem)
        if w < width(pe):
            it = cur.replace(pe, "i%d" % w)
            lines.append("    %%t_%s = arith.trunci %s : %s to %s"
                         % (o.name, v, cur, it))
            v, cur = "%%t_%s" % o.name, it
        if is_float(o.elem):
            lines.append("    %%f_%s = arith.bitcast %s : %s to %s"
                         % (o.name, v, cur, t))
            v = "%%f_%s" % o.name
        args[o.name] = v
    body, values, out_types = kernel_body(case, shape, args, "    ")
    lines += body
    for k, (v, t) in enumerate(zip(values, out_types)):
        pe = printed(case.results[k])
        params.append("%%out%d: memref<?x%s>" % (k, pe))
        if s["kind"] == "scalar":
            lines.append("    memref.store %s, %%out%d[%%tid] : memref<?x%s>"
                         % (v, k, pe))
            continue
        dims = s["dims"]
        for j in range(n):
            pos, rest = [], j
            for d in reversed(dims):
                pos.insert(0, rest % d)
                rest //= d
            x = "%%x%d_%d" % (k, j)
            lines.append("    %s = vector.extract %s[%s] : %s from %s"
                         % (x, v, ", ".join(map(str, pos)), pe, t))
            lines.append("    memref.store %s, %%out%d[%%i%d] : memref<?x%s>"
                         % (x, k, j, pe))
    return (["  gpu.func %s(%s) kernel {" % (fname(case, shape),
                                             ", ".join(params))] +
            lines + ["    gpu.return", "  }"])


# rng.bit_generator in kernels: buildBitGeneratorElement (through
# rng-test-opt's test-rng-bit-generator-element), one output element per
# thread. (algorithm, state words, shape, width): every algorithm, state
# size and width, ranks 0 to 4, odd sizes along three_fry's split dimension,
# a zero-size output.
GPU_BIT_GENERATORS = [
    ("three_fry", 2, [1001], 32), ("three_fry", 2, [7, 33], 8),
    ("three_fry", 2, [], 16), ("three_fry", 2, [5, 4], 64),
    ("three_fry", 2, [3, 5, 7], 16), ("three_fry", 2, [2, 0, 3], 32),
    ("philox", 2, [1003], 32), ("philox", 3, [17, 9], 16),
    ("philox", 3, [], 8), ("philox", 2, [999], 64),
    ("philox", 3, [3, 1, 5], 64), ("default", 3, [6, 7], 32),
    ("default", 2, [4, 3, 2, 5], 8)]


def bit_generator_kernel_name(index, algorithm, words, dims, width):
    return "bitgen_%d_%s_%dw_%s_i%d" % (index, algorithm, words,
                                         "x".join(map(str, dims)) or "0d",
                                         width)


def gen_gpu_bit_generator():
    """Kernels of GPU_BIT_GENERATORS: thread t < n writes element t of the
    output (as i32, or i64 for i64 outputs) for the state words in %state."""
    out = ["// Generated by test/lib/conformance.py gen-gpu-bit-generator.",
           "// Lower with rng-test-opt --allow-unregistered-dialect",
           "// --test-rng-bit-generator-element, then rng-to-nvvm.",
           "gpu.module @kernels {"]
    for index, (algorithm, words, dims, width) in enumerate(GPU_BIT_GENERATORS):
        n = int(np.prod(dims)) if dims else 1
        pt = printed("i%d" % width)
        name = bit_generator_kernel_name(index, algorithm, words, dims, width)
        lines = ["  gpu.func @%s(%%state: memref<?xi64>, %%out: memref<?x%s>) "
                 "kernel {" % (name, pt)] + [
                 "    " + line for line in GLOBAL_THREAD_ID] + [
                 "    %%n = arith.constant %d : index" % n,
                 "    %in = arith.cmpi ult, %tid, %n : index",
                 "    scf.if %in {"]
        for j in range(words):
            lines += ["      %%c%d = arith.constant %d : index" % (j, j),
                      "      %%s%d = memref.load %%state[%%c%d] : memref<?xi64>"
                      % (j, j)]
        state = ", ".join("%%s%d" % j for j in range(words))
        lines += [
            "      %e = arith.index_cast %tid : index to i64",
            '      %%v = "test.bit_generator_element"(%s, %%e) {algorithm = '
            '"%s", shape = array<i64%s>} : (%s) -> i%d'
            % (state, algorithm, "".join(": " + ", ".join(map(str, dims)))
               if dims else "", ", ".join(["i64"] * (words + 1)), width)]
        v = "%v"
        if width < 32:
            lines.append("      %%x = arith.extui %%v : i%d to i32" % width)
            v = "%x"
        lines += ["      memref.store %s, %%out[%%tid] : memref<?x%s>" % (v, pt),
                  "    }", "    gpu.return", "  }"]
        out += lines
    out.append("}")
    return "\n".join(out) + "\n"


def bit_generator_test_states(words, rng):
    """States for a layout of GPU_BIT_GENERATORS: random ones, the counter
    just below the 2^64 wrap and, for 3 words, the carry into the third."""
    states = [[rng.getrandbits(64) for _ in range(words)] for _ in range(2)]
    near = [rng.getrandbits(64), MASK64 - 3]
    states.append(near + ([rng.getrandbits(64)] if words == 3 else []))
    if words == 3:
        states.append([rng.getrandbits(64), MASK64 - 2, MASK64])
    return states


def gen_host_bit_generator():
    """GPU_BIT_GENERATORS on the host: per layout a function of the state
    words (not inlined: nothing folds) that computes every element with the
    builder in a loop and prints them; main calls it on each test state."""
    out = ["// Generated by test/lib/conformance.py gen-host-bit-generator."]
    calls = []
    rng = random.Random("bit-generator/host")
    for index, (algorithm, words, dims, width) in enumerate(GPU_BIT_GENERATORS):
        n = int(np.prod(dims)) if dims else 1
        if n == 0:
            continue
        pt = printed("i%d" % width)
        name = bit_generator_kernel_name(index, algorithm, words, dims, width)
        params = ", ".join("%%s%d: i64" % j for j in range(words))
        state = ", ".join("%%s%d" % j for j in range(words))
        shape = ": " + ", ".join(map(str, dims)) if dims else ""
        out += [
            "func.func private @%s(%s) {" % (name, params),
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            "  %%n = arith.constant %d : index" % n,
            "  %%buf = memref.alloc() : memref<%dx%s>" % (n, pt),
            "  scf.for %i = %c0 to %n step %c1 {",
            "    %e = arith.index_cast %i : index to i64",
            '    %%v = "test.bit_generator_element"(%s, %%e) {algorithm = '
            '"%s", shape = array<i64%s>} : (%s) -> i%d'
            % (state, algorithm, shape, ", ".join(["i64"] * (words + 1)),
               width)]
        v = "%v"
        if width < 32:
            out.append("    %%x = arith.extui %%v : i%d to i32" % width)
            v = "%x"
        out += ["    memref.store %s, %%buf[%%i] : memref<%dx%s>" % (v, n, pt),
                "  }",
                "  %%pad = arith.constant 0 : %s" % pt,
                "  %%all = vector.transfer_read %%buf[%%c0], %%pad : "
                "memref<%dx%s>, vector<%dx%s>" % (n, pt, n, pt),
                "  vector.print %%all : vector<%dx%s>" % (n, pt),
                "  memref.dealloc %%buf : memref<%dx%s>" % (n, pt),
                "  return", "}"]
        for k, st in enumerate(bit_generator_test_states(words, rng)):
            calls.append((name, k, st))
    out.append("func.func @main() {")
    for c, (name, k, st) in enumerate(calls):
        args = []
        for j, word in enumerate(st):
            out.append("  %%a%d_%d = arith.constant %d : i64" % (c, j, sext(word, 64)))
            args.append("%%a%d_%d" % (c, j))
        out.append('  vector.print str "%s/%d: "' % (name, k))
        out.append("  func.call @%s(%s) : (%s) -> ()"
                   % (name, ", ".join(args), ", ".join(["i64"] * len(args))))
    out += ["  return", "}"]
    return "\n".join(out) + "\n"


def check_host_bit_generator(path):
    """The output of gen-host-bit-generator's program against
    jax_random_model.bit_generator."""
    printed_values = parse_output(path)
    rng = random.Random("bit-generator/host")
    failures, checked = [], 0
    for index, (algorithm, words, dims, width) in enumerate(GPU_BIT_GENERATORS):
        n = int(np.prod(dims)) if dims else 1
        if n == 0:
            continue
        name = bit_generator_kernel_name(index, algorithm, words, dims, width)
        for k, st in enumerate(bit_generator_test_states(words, rng)):
            _, want = jax_model.bit_generator(algorithm, st, tuple(dims), width)
            got = [v & ((1 << width) - 1)
                   for v in printed_values.get("%s/%d" % (name, k), [])]
            checked += len(want)
            if got != want:
                failures.append("%s/%d: %d of %d values differ" % (
                    name, k, sum(g != w for g, w in zip(got, want))
                    + abs(len(got) - len(want)), len(want)))
    for f in failures:
        print("MISMATCH " + f)
    print("bit_generator elements on the host: %d values: %s"
          % (checked, "ok" if not failures else "%d failures" % len(failures)))
    return not failures


def gen_gpu_rejected():
    """Forms the GPU pipelines reject, each with the expected diagnostic:
    tensors and scalable vectors inside a kernel, rng.bit_generator and
    rng.linear_index (tensor only) inside a kernel, rng and round ops
    outside any gpu.module."""
    out = ["// Generated by test/lib/conformance.py gen-gpu-rejected."]
    first = True

    def split():
        if not first:
            out.append("// -----")

    for shape in GPU_REJECTED_SHAPES:
        for case in cases_for(shape, gpu=False):
            split()
            first = False
            if case.op == "rng.bit_generator":
                params = "%%state: %s" % bit_generator_state_type(case)
                lines = ["    %%new, %%out = %s" % case.text(
                    {"state": "%state"}, {})]
                what = "on tensors cannot lower inside a gpu.module"
            elif case.op == "rng.linear_index":
                params = ", ".join("%%base: %s" % o.elem
                                   for o in case.operands)
                lines = ["    %%r = %s" % case.text({"base": "%base"}, {})]
                what = ("on tensors cannot lower inside a gpu.module (kernels "
                        "hold no tensors); compute the index from the "
                        "thread's coordinates instead")
            else:
                types = [operand_type(case, o, shape) for o in case.operands]
                args = {o.name: "%" + o.name for o in case.operands}
                lines = kernel_body(case, shape, args, "    ")[0]
                params = ", ".join("%%%s: %s" % (o.name, t)
                                   for o, t in zip(case.operands, types))
                what = ("on %s cannot lower inside a gpu.module"
                        % ("scalable vectors" if "scalable" in shape
                           else "tensors"))
            out += ["gpu.module @kernels {",
                    "  gpu.func %s(%s) kernel {" % (fname(case, shape),
                                                    params),
                    "    // expected-error @+1 {{'%s' op %s}}" % (case.op,
                                                                 what),
                    lines[0]] + lines[1:] + ["    gpu.return", "  }", "}"]
    return "\n".join(out) + "\n"


# --- checks ----------------------------------------------------------------------

LEFT_OP = re.compile(r"(?<![\w.$@%\"])((?:rng|round|math)\.[a-z_0-9]+)")


def check_lowered(path):
    bad = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            for m in LEFT_OP.finditer(line):
                bad.append("%s:%d: %s left" % (path, number, m.group(1)))
    for b in bad[:20]:
        print(b)
    print("lowered: %d rng/round/math ops left" % len(bad))
    return not bad


def parse_output(path):
    values = {}
    with open(path) as f:
        for line in f:
            if ": " not in line:
                continue
            tag, rest = line.split(": ", 1)
            values[tag.strip()] = [int(v) for v in re.findall(r"-?\d+", rest)]
    return values


# rng-to-llvm{fast-math=true}: the ops whose normals take polynomial
# log/sin/cos (rng-approximate-math), and their bound: absolute, against the
# correctly rounded model (docs/Targets.md, "Fast math on the CPU").
FAST_MATH_OPS = ("rng.randn", "rng.randn4x", "rng.hash_randn")
FAST_MATH_BOUND = 1.9e-6


def check_host(path, shapes, sharded=False, fast_math=False):
    """The runner's output against the models; with `fast_math`, the
    FAST_MATH_OPS' results within FAST_MATH_BOUND (absolute)."""
    printed_values = parse_output(path)
    failures, tally = [], Tally()
    for shape in shapes:
        for case in cases_for(shape, sharded=sharded):
            if case.op == "rng.bit_generator":
                state = bit_generator_state(case)
                new_state, out = case.model(state)
                expected = [new_state, out]
                widths = [64, width(case.results[1])]
                for k, (want, w) in enumerate(zip(expected, widths)):
                    tag = "%s/tensor/%s" % (case.tag,
                                            "new_state" if k == 0 else "r1")
                    got = [v & ((1 << w) - 1)
                           for v in printed_values.get(tag, [])]
                    if got != [v & ((1 << w) - 1) for v in want]:
                        failures.append("%s: got %s, expected %s"
                                        % (tag, got, want))
                    tally.exact += len(want)
                continue
            if case.op == "rng.linear_index":
                tag = "%s/tensor/r0" % case.tag
                w = width(case.results[0])
                want = case.model()
                got = [v & ((1 << w) - 1)
                       for v in printed_values.get(tag, [])]
                if got != want:
                    failures.append("%s: got %s, expected %s"
                                    % (tag, got, want))
                tally.exact += len(want)
                continue
            inputs = case_inputs(case, shape)
            n = lanes(shape)
            expected = [case.model({o.name: inputs[o.name][lane]
                                    for o in case.operands})
                        for lane in range(n)]
            for k, elem in enumerate(case.results):
                tag = "%s/%s/r%d" % (case.tag, shape, k)
                got = printed_values.get(tag)
                if got is None or len(got) != n:
                    failures.append("%s: printed %s" % (tag, got))
                    continue
                w = width(elem)
                for lane in range(n):
                    g = got[lane] & ((1 << w) - 1)
                    e = expected[lane][k] & ((1 << w) - 1)
                    lane_inputs = {o.name: inputs[o.name][lane]
                                   for o in case.operands}
                    if fast_math and case.op in FAST_MATH_OPS:
                        ok = tally.add_absolute(g, e, FAST_MATH_BOUND)
                    else:
                        ok = tally.add(case, k, g, e, inputs=lane_inputs)
                    if not ok:
                        failures.append(
                            "%s lane %d: got 0x%X, expected 0x%X (inputs %s)"
                            % (tag, lane, g, e,
                               {o.name: hex(inputs[o.name][lane])
                                for o in case.operands}))
    for f in failures[:30]:
        print("MISMATCH " + f)
    print("conformance %s: %s: %s"
          % (" ".join(shapes), tally,
             "ok" if not failures else "%d failures" % len(failures)))
    return not failures


class Tally:
    """Counts the values compared: exact ones, normals and their worst ulp
    distance."""

    def __init__(self):
        self.exact, self.normals, self.worst = 0, 0, 0
        self.fast, self.worst_absolute = 0, 0.0

    def add_absolute(self, got, expected, bound):
        """Whether the f32 values with bit patterns `got` and `expected`
        differ by at most `bound`."""
        self.fast += 1
        d = abs(bits_float("f32", got) - bits_float("f32", expected))
        self.worst_absolute = max(self.worst_absolute, d)
        return d <= bound

    def add(self, case, k, got, expected, ulp=None, inputs=None):
        """Whether result k's bit patterns (masked to its width) agree:
        within the case's bound for the element's `inputs` (operand bit
        patterns by name) when it has one (Case.check), else within the
        case's ulp bound (or `ulp`) for the normals, else equal (any NaN
        for a NaN)."""
        if case.check and inputs is not None:
            self.normals += 1
            return case.check(inputs, k, got)
        if case.ulp[k]:
            d = ulp_distance(got, expected)
            self.normals += 1
            self.worst = max(self.worst, d)
            return d <= (ulp or case.ulp[k])
        self.exact += 1
        return got == expected or nan_equal(case.results[k], got, expected)

    def __str__(self):
        text = "%d exact values, %d normals (worst %d ulp)" % (
            self.exact, self.normals, self.worst)
        if self.fast:
            text += ", %d fast-math normals (worst %.3g absolute)" % (
                self.fast, self.worst_absolute)
        return text


def nan_equal(elem, got, expected):
    """Any NaN of a float format satisfies a NaN result (SPEC section 3)."""
    if elem not in sr_model.FORMATS and elem not in ("f32", "f64"):
        return False
    if elem == "f32":
        return (got & 0x7FFFFFFF) > 0x7F800000 and \
            (expected & 0x7FFFFFFF) > 0x7F800000
    if elem == "f64":
        return (got & ~(1 << 63)) > 0x7FF0000000000000 and \
            (expected & ~(1 << 63)) > 0x7FF0000000000000
    fmt = sr_model.FORMATS[elem]
    return bool(fmt.is_nan[got]) and bool(fmt.is_nan[expected])


def read_op_names(paths):
    """Op names from files that list them: one per line, or the headings
    of mlir-tblgen's op docs (### `rng.rand` (rng::RandOp))."""
    names = set()
    for path in paths:
        text = sys.stdin.read() if path == "-" else open(path).read()
        for m in re.finditer(r"^(?:### `)?((?:rng|round)\.[a-z_0-9]+)`?",
                             text, re.M):
            names.add(m.group(1))
    return names


def check_ops(paths):
    registered = read_op_names(paths)
    table = {c.op for c in CASES}
    ok = True
    for op in sorted(registered - table):
        print("op %s is registered but has no case in conformance.py" % op)
        ok = False
    for op in sorted(table - registered):
        print("op %s has a case but is not registered" % op)
        ok = False
    print("ops: %d registered, %d in the table: %s"
          % (len(registered), len(table), "ok" if ok else "MISMATCH"))
    return ok


def variants(cases):
    """The free types of an op's cases, as the table lists them."""
    if cases[0].op == "rng.bit_generator":
        return ", ".join("%s %d-word %s %s" % (
            c.algorithm, c.words, "x".join(map(str, c.dims)) or "0-D",
            c.results[1]) for c in cases)
    if cases[0].op == "rng.linear_index":
        return ", ".join("%s %s%s" % (
            "x".join(map(str, c.dims)) or "0-D", c.results[0],
            "" if c.base is None else " + base") for c in cases)
    if cases[0].op.startswith("round."):
        return ", ".join(c.results[0] for c in cases)
    if cases[0].op in ("rng.jax_bits", "rng.jax_uniform", "rng.jax_randint"):
        return ", ".join(c.results[0] for c in cases)
    if cases[0].variant:
        return ", ".join(c.variant for c in cases)
    return ""


def matrix():
    """The matrix as Markdown: per op, what each pipeline does with each
    shape class (docs/Conformance.md holds this text)."""
    ops = []
    for c in CASES:
        if c.op not in ops:
            ops.append(c.op)
    head = "| op | cases | " + " | ".join("`%s`" % s for s in SHAPES) + " |"
    rule = "|---|---|" + "---|" * len(SHAPES)
    out = ["### rng-to-llvm (host)", "", head, rule]
    gpu = ["### rng-to-nvvm (sm_90, sm_100a), rng-to-rocdl (gfx942, gfx950)",
           "", head, rule]
    for op in ops:
        cases = [c for c in CASES if c.op == op]
        count = "%d%s" % (len(cases), ": " + variants(cases)
                          if variants(cases) else "")
        host_cells, gpu_cells = [], []
        for shape in SHAPES:
            takes = [c for c in cases if c.takes(shape)]
            if not takes:
                host_cells.append("verifier rejects")
                gpu_cells.append("verifier rejects")
                continue
            host_cells.append("run" if shape in RUN_SHAPES else "lowered")
            gpu_cells.append("lowered" if shape in GPU_SHAPES and
                             all(c.gpu for c in takes) else "rejected")
        out.append("| `%s` | %s | %s |" % (op, count, " | ".join(host_cells)))
        gpu.append("| `%s` | %s | %s |" % (op, count, " | ".join(gpu_cells)))
    return "\n".join(out + [""] + gpu) + "\n"


DOC_BEGIN = "<!-- BEGIN conformance.py matrix -->"
DOC_END = "<!-- END conformance.py matrix -->"


def doc_parts(path):
    text = open(path).read()
    begin = text.index(DOC_BEGIN) + len(DOC_BEGIN)
    end = text.index(DOC_END)
    return text[:begin], text[begin:end], text[end:]


def check_doc(path):
    _, table, _ = doc_parts(path)
    if table.strip() != matrix().strip():
        print("%s: the matrix is stale: run test/lib/conformance.py "
              "update-doc %s" % (path, path))
        return False
    print("%s: the matrix is up to date" % path)
    return True


def update_doc(path):
    head, _, tail = doc_parts(path)
    with open(path, "w") as f:
        f.write(head + "\n" + matrix() + tail)


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    cmd, args = argv[0], argv[1:]
    if cmd == "ops":
        print("\n".join(sorted({c.op for c in CASES})))
    elif cmd == "check-ops":
        return 0 if check_ops(args) else 1
    elif cmd == "gen-host":
        sys.stdout.write(gen_host(args or RUN_SHAPES))
    elif cmd == "check-host":
        return 0 if check_host(args[0], args[1:] or RUN_SHAPES) else 1
    elif cmd == "check-host-fast-math":
        return 0 if check_host(args[0], args[1:] or RUN_SHAPES,
                               fast_math=True) else 1
    elif cmd == "check-sharded":
        return 0 if check_host(args[0], ["tensor"], sharded=True) else 1
    elif cmd == "gen-sharded":
        sys.stdout.write(gen_sharded())
    elif cmd == "gen-scalable":
        sys.stdout.write(gen_scalable(args == ["veclib"]))
    elif cmd == "gen-gpu":
        sys.stdout.write(gen_gpu())
    elif cmd == "gen-gpu-no-libdevice":
        sys.stdout.write(gen_gpu(command="gen-gpu-no-libdevice",
                                 without_libdevice=True))
    elif cmd == "gen-gpu-run":
        sys.stdout.write(gen_gpu(gpu_run_kernel, "gen-gpu-run"))
    elif cmd == "gen-gpu-bit-generator":
        sys.stdout.write(gen_gpu_bit_generator())
    elif cmd == "gen-host-bit-generator":
        sys.stdout.write(gen_host_bit_generator())
    elif cmd == "check-host-bit-generator":
        return 0 if check_host_bit_generator(args[0]) else 1
    elif cmd == "gen-gpu-rejected":
        sys.stdout.write(gen_gpu_rejected())
    elif cmd == "check-lowered":
        return 0 if check_lowered(args[0]) else 1
    elif cmd == "matrix":
        sys.stdout.write(matrix())
    elif cmd == "check-doc":
        return 0 if check_doc(args[0]) else 1
    elif cmd == "update-doc":
        update_doc(args[0])
    else:
        print("unknown command %r" % cmd)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
