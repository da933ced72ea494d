"""The cuRAND and PyTorch ops (SPEC section 9) built from Python as scalars,
vectors and static and dynamic tensors, lowered with rng-to-llvm and run on
the CPU against the independent model in test/lib/torch_random_model.py,
and whole small outputs against the sha256 of what torch 2.11 produced on an
H200 (test/vectors/torch_recorded.json); then the builders' misuse."""

import importlib
import json
import sys

import numpy as np
import pytest

from kernels import REPO, VECTORS, jit
from rng_mlir.dialects import arith, func, rng, vector
from rng_mlir.ir import (
    BF16Type,
    F16Type,
    F32Type,
    F64Type,
    IndexType,
    InsertionPoint,
    IntegerAttr,
    IntegerType,
    MemRefType,
    MLIRError,
    Module,
    RankedTensorType,
    ShapedType,
    VectorType,
)

sys.path.insert(0, str(REPO / "test" / "lib"))
import torch_random_model as model  # noqa: E402

MASK64 = (1 << 64) - 1
FORMS = ["scalar", "vector", "tensor", "tensor_dynamic"]


def bufferization():
    return importlib.import_module("rng_mlir.dialects.bufferization")


def itype(width):
    return IntegerType.get_signless(width)


def ftype(name):
    return {"f16": F16Type, "bf16": BF16Type, "f32": F32Type,
            "f64": F64Type}[name].get()


# Logical element types (the ops') and how the kernels store them: floats as
# their bits, i1 as i8.
STORAGE = {"i1": 8, "i32": 32, "i64": 64, "f16": 16, "bf16": 16, "f32": 32,
           "f64": 64}
NUMPY = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}
FLOATS = ("f16", "bf16", "f32", "f64")


def mlir_type(name):
    return itype(int(name[1:])) if name.startswith("i") else ftype(name)


def in_shape(form, n, element):
    """`element` in the shape class `form` over n elements."""
    if form == "scalar":
        return element
    if form == "vector":
        return VectorType.get([n], element)
    if form == "tensor":
        return RankedTensorType.get([n], element)
    return RankedTensorType.get([ShapedType.get_dynamic_size()], element)


def to_logical(value, name, form, n):
    """A loaded storage value as logical type `name`."""
    if name == "i1":
        return arith.trunci(in_shape(form, n, itype(1)), value)
    if name in FLOATS:
        return arith.bitcast(in_shape(form, n, ftype(name)), value)
    return value


def to_storage(value, name, form, n):
    """A logical result as its storage type."""
    storage = in_shape(form, n, itype(STORAGE[name]))
    if name == "i1":
        return arith.extui(storage, value)
    if name in FLOATS:
        return arith.bitcast(storage, value)
    return value


def build_kernel(form, n, inputs, outputs, scalars, body):
    """func @k(ins..., outs..., scalars...): the shaped `inputs` (logical
    type names, one memref of storage elements each) and the `scalars` (i64
    or a float type name, passed as storage integers) go to
    body(*ins, *scalars), whose results (of the logical `outputs`) are
    stored. `form` picks the shape the ops see: one element per loop step
    (scalar), a vector<n>, a tensor<n> or a tensor<?>."""
    dynamic = form in ("scalar", "tensor_dynamic")
    size = [ShapedType.get_dynamic_size() if dynamic else n]
    memref = [MemRefType.get(size, itype(STORAGE[t])) for t in
              inputs + outputs]
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("k", (memref + [itype(STORAGE[t]) for t in scalars],
                              []))
    with InsertionPoint(f.add_entry_block()):
        args = list(f.arguments)
        ins = args[:len(inputs)]
        outs = args[len(inputs):len(inputs) + len(outputs)]
        extra = [to_logical(v, t, "scalar", 1)
                 for v, t in zip(args[len(inputs) + len(outputs):], scalars)]
        zero = arith.constant(IndexType.get(), 0)

        def compute(loaded, shape_form):
            values = [to_logical(v, t, shape_form, n)
                      for v, t in zip(loaded, inputs)]
            results = body(*values, *extra)
            if not isinstance(results, (list, tuple)):
                results = [results]
            assert len(results) == len(outputs)
            return [to_storage(r, t, shape_form, n)
                    for r, t in zip(results, outputs)]

        if form == "scalar":
            from rng_mlir.dialects import memref as memref_ops, scf
            count = memref_ops.dim(outs[0], zero)
            for i in scf.for_(0, count):
                stored = compute([memref_ops.load(a, [i]) for a in ins],
                                 "scalar")
                for value, out in zip(stored, outs):
                    memref_ops.store(value, out, [i])
        elif form == "vector":
            loaded = [vector.load(in_shape("vector", n, itype(STORAGE[t])),
                                  a, [zero]) for a, t in zip(ins, inputs)]
            for value, out in zip(compute(loaded, "vector"), outs):
                vector.store(value, out, [zero])
        else:
            loaded = [bufferization().to_tensor(
                in_shape(form, n, itype(STORAGE[t])), a, restrict=True)
                for a, t in zip(ins, inputs)]
            for value, out in zip(compute(loaded, form), outs):
                bufferization().materialize_in_destination(
                    value, out, results=[], restrict=True, writable=True)
        func.return_([])
    return module


def run(form, inputs, outputs, scalars, body):
    """Builds, lowers and runs the kernel over the input arrays (each of n
    elements, in storage form); returns the outputs in storage form."""
    n = len(inputs[0][1])
    module = build_kernel(form, n, [t for t, _ in inputs], outputs,
                          [t for t, _ in scalars], body)
    assert module.operation.verify()
    engine = jit(module)
    ins = [np.ascontiguousarray(a, NUMPY[STORAGE[t]]) for t, a in inputs]
    outs = [np.zeros(n, NUMPY[STORAGE[t]]) for t in outputs]
    params = []
    for t, v in scalars:
        bits = STORAGE[t]
        params.append(v - (1 << bits) if v >> (bits - 1) else v)
    engine.invoke("k", *[a.view({8: np.int8, 16: np.int16, 32: np.int32,
                                 64: np.int64}[a.dtype.itemsize * 8])
                         for a in ins + outs], *params)
    return outs


def float_bits(value, name):
    """The storage bits of a Python float as logical type `name`."""
    if name == "bf16":
        return int(model.bf16_bits(np.array([value], np.float32))[0])
    np_type = {"f16": np.float16, "f32": np.float32, "f64": np.float64}[name]
    return int(np.array([value], np_type).view(NUMPY[STORAGE[name]])[0])


def as_float(bits, name):
    """Storage bits as floats of logical type `name` (bf16 as float32)."""
    bits = np.asarray(bits)
    if name == "bf16":
        return (bits.astype(np.uint32) << np.uint32(16)).view(np.float32)
    return bits.view({"f16": np.float16, "f32": np.float32,
                      "f64": np.float64}[name])


# --- cuRAND ------------------------------------------------------------------

SEED = 0xDEADBEEFCAFEF00D
SUBSEQUENCES = np.array([0, 1, 270335, 2**63, MASK64, 7, 0, 1], np.uint64)
POSITIONS = np.array([0, 1, 2, 3, 5, 2**34 - 5, MASK64, 12345678901],
                     np.uint64)


@pytest.mark.parametrize("form", FORMS)
def test_curand_ops_match_the_model(ctx, form):
    """Every cuRAND op with a scalar seed beside shaped subsequences and
    positions (each p mod 4, the last position 2^64 - 1): words and
    uniforms bit for bit, normals within SPEC 9.1's bounds."""
    def body(sub, pos, seed):
        w4 = rng.curand4(seed, sub, pos)
        n2 = rng.curand_normal2(seed, sub, pos)
        d2 = rng.curand_uniform2_double(seed, sub, pos)
        nd = rng.curand_normal2_double(seed, sub, pos)
        return ([rng.curand(seed, sub, pos)] + list(w4) +
                [rng.curand_uniform(seed, sub, pos),
                 rng.curand_uniform_double(seed, sub, pos)] + list(d2) +
                list(n2) + list(nd))

    outputs = ["i32"] * 5 + ["f32", "f64", "f64", "f64", "f32", "f32",
                             "f64", "f64"]
    out = run(form, [("i64", SUBSEQUENCES), ("i64", POSITIONS)], outputs,
              [("i64", SEED)], body)
    word, w4 = out[0], out[1:5]
    np.testing.assert_array_equal(word, model.curand(SEED, SUBSEQUENCES,
                                                     POSITIONS))
    for got, want in zip(w4, model.curand4(SEED, SUBSEQUENCES, POSITIONS)):
        np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(
        as_float(out[5], "f32"),
        model.curand_uniform(SEED, SUBSEQUENCES, POSITIONS))
    np.testing.assert_array_equal(
        as_float(out[6], "f64"),
        model.curand_uniform_double(SEED, SUBSEQUENCES, POSITIONS))
    for got, want in zip(out[7:9], model.curand_uniform2_double(
            SEED, SUBSEQUENCES, POSITIONS)):
        np.testing.assert_array_equal(as_float(got, "f64"), want)
    # Box-Muller of Word(p) and Word(p + 1), p + 1 not wrapping at 2^64
    # (the model's curand_normal2 wraps it: 2^64 - 1 would read Word(0)).
    words = model.curand4(SEED, SUBSEQUENCES, POSITIONS)
    x, y, _, _, s = model.box_muller_float(words[0], words[1])
    for got, want in zip(out[9:11], (x, y)):
        assert np.all(model.normal_within_bound(as_float(got, "f32"), want,
                                                want, s, 1.0, "f32"))
    xd, yd, _, _, _ = model.curand_normal2_double(SEED, SUBSEQUENCES,
                                                  POSITIONS)
    for got, want in zip(out[11:13], (xd, yd)):
        assert np.all(model.ulp_distance_numpy(as_float(got, "f64"), want,
                                               "f64")
                      <= model.DOUBLE_NORMAL_ULP_BOUND)


# --- PyTorch: element by element ---------------------------------------------

THREADS = 1024
OFFSET = 2**40 + 8
INDICES = np.array([0, 1, 255, 1024, 4 * 1024 + 7, 3 * 4 * 1024 + 2,
                    2**31 - 1, 99999], np.uint64)
# Inputs of the dropouts: -0.0, an ordinary value, a tiny one, +inf (NaN
# when dropped).
X = [-0.0, 1.5, -3.25, 2.0**-10, 7.0, -1.0, float("inf"), 100.0]


@pytest.mark.parametrize("form", FORMS)
def test_torch_samplers_match_the_model(ctx, form):
    """Every PyTorch sampler with a scalar seed, offset and thread count
    beside shaped indices (and x), each dtype and layout: the uniforms,
    bernoulli, random_ and dropout (every width) bit for bit, the normals
    within SPEC 9.2's bounds."""
    def body(e, x32, x16, xb, x64, seed, offset, threads):
        def c(value, name):
            return arith.constant(ftype(name), value)

        def result(name):
            return in_shape(form, len(INDICES), ftype(name))

        common = (seed, offset, threads, e)
        uniforms = [
            rng.torch_uniform(*common, c(-2.0, "f32"), c(3.0, "f32")),
            rng.torch_uniform(*common, c(0.0, "f16"), c(1.0, "f16")),
            rng.torch_uniform(*common, c(float(np.float32(0.1)), "bf16"),
                              c(float(np.float32(0.7)), "bf16")),
            rng.torch_uniform(*common, c(-3.0, "f64"), c(-1.0, "f64"))]
        normals = [
            rng.torch_normal(result("f32"), *common, c(2.0, "f32"),
                             c(0.5, "f32")),
            rng.torch_normal(result("bf16"), *common, c(-1.0, "f32"),
                             c(3.0, "f32")),
            rng.torch_normal(*common, c(0.0, "f64"), c(1.0, "f64"))]
        bernoulli = [rng.torch_bernoulli(*common, c(0.3, "f32")),
                     rng.torch_bernoulli(*common, c(0.7, "f64"))]
        i64 = itype(64)
        randoms = [
            rng.torch_random(*common, arith.constant(i64, -5),
                             arith.constant(i64, 1005)),
            rng.torch_random(*common, arith.constant(i64, -2**40),
                             arith.constant(i64, 2**41), wide=True),
            rng.torch_random(*common, arith.constant(i64, -2**63),
                             arith.constant(i64, 0), wide=True)]
        dropouts = []
        for x, name, p, vec in ((x32, "f32", 0.2, 1), (x16, "f16", 0.5, 8),
                                (xb, "bf16", 0.1, 4), (x64, "f64", 0.25, 2)):
            t = in_shape(form, len(INDICES), ftype(name))
            k = in_shape(form, len(INDICES), itype(1))
            dropouts += list(rng.torch_dropout(t, k, x, c(p, "f64"), seed,
                                               offset, threads, e, vec=vec))
        return uniforms + normals + bernoulli + randoms + dropouts

    outputs = (["f32", "f16", "bf16", "f64", "f32", "bf16", "f64", "i1",
                "i1", "i64", "i64", "i64"] +
               ["f32", "i1", "f16", "i1", "bf16", "i1", "f64", "i1"])
    xs = {name: np.array([float_bits(v, name) for v in X],
                         NUMPY[STORAGE[name]])
          for name in ("f32", "f16", "bf16", "f64")}
    out = run(form, [("i64", INDICES), ("f32", xs["f32"]),
                     ("f16", xs["f16"]), ("bf16", xs["bf16"]),
                     ("f64", xs["f64"])], outputs,
              [("i64", 42), ("i64", OFFSET), ("i64", THREADS)], body)
    e, S = INDICES, THREADS

    def same(got, want, name):
        np.testing.assert_array_equal(
            model.canonical_bits(as_float(got, name), name),
            model.canonical_bits(want, name))

    for got, (name, lo, hi) in zip(out[:4], (("f32", -2.0, 3.0),
                                             ("f16", 0.0, 1.0),
                                             ("bf16", 0.1, 0.7),
                                             ("f64", -3.0, -1.0))):
        same(got, model.torch_uniform(42, OFFSET, S, e, name, lo, hi), name)
    for got, (name, mean, std) in zip(out[4:7], (("f32", 2.0, 0.5),
                                                 ("bf16", -1.0, 3.0),
                                                 ("f64", 0.0, 1.0))):
        want, nn, s = model.torch_normal(42, OFFSET, S, e, name, mean, std)
        assert np.all(model.normal_within_bound(as_float(got, name), want,
                                                nn, s, std, name)), name
    np.testing.assert_array_equal(
        out[7], model.torch_bernoulli(42, OFFSET, S, e, 0.3))
    np.testing.assert_array_equal(
        out[8], model.torch_bernoulli(42, OFFSET, S, e, 0.7, f64=True))
    for got, (lo, span, wide) in zip(out[9:12], ((-5, 1005, False),
                                                 (-2**40, 2**41, True),
                                                 (-2**63, 2**64, True))):
        np.testing.assert_array_equal(
            got.view(np.int64), model.torch_random(42, OFFSET, S, e, lo, span,
                                                   wide))
    for k, (name, p, vec) in enumerate((("f32", 0.2, 1), ("f16", 0.5, 8),
                                        ("bf16", 0.1, 4), ("f64", 0.25, 2))):
        x = as_float(xs[name], name)
        want, keep = model.torch_dropout(x, p, 42, OFFSET, S, e, vec, name)
        same(out[12 + 2 * k], want, name)
        np.testing.assert_array_equal(out[13 + 2 * k], keep)


@pytest.mark.parametrize("form", FORMS)
def test_launch_ops_match_the_model(ctx, form):
    """rng.torch_threads and rng.torch_offset_increment at run time: an
    H200's S and both unrolls' increments, n = 0 included."""
    sizes = np.array([0, 1, 255, 1000, 65537, 300000, 1081345, 2500001],
                     np.uint64)

    def body(n):
        S = rng.torch_threads(n, multiprocessors=132,
                              threads_per_multiprocessor=2048)
        return [S, rng.torch_offset_increment(n, S, unroll=4),
                rng.torch_offset_increment(n, S, unroll=2)]

    S, inc4, inc2 = run(form, [("i64", sizes)], ["i64"] * 3, [], body)
    want_S = [model.torch_threads(int(n), 132, 2048) for n in sizes]
    assert S.tolist() == want_S
    # n = 0 launches nothing and advances by 0.
    assert inc4.tolist() == [0] + [model.torch_offset_increment(
        int(n), s, 4) for n, s in zip(sizes[1:], want_S[1:])]
    assert inc2.tolist() == [0] + [model.torch_offset_increment(
        int(n), s, 2) for n, s in zip(sizes[1:], want_S[1:])]


# --- PyTorch: whole recorded outputs -----------------------------------------

def signed64(value):
    """A Python int modulo 2^64 as a signed 64-bit value (range 2^64: 0)."""
    value &= MASK64
    return value - (1 << 64) if value >> 63 else value


def recorded_case(name):
    data = json.loads((VECTORS / "torch_recorded.json").read_text())
    device = data["device"]
    assert (device["multiProcessorCount"],
            device["maxThreadsPerMultiProcessor"]) == (132, 2048)
    return next(c for c in data["cases"] if c["name"] == name)


@pytest.mark.parametrize("name", ["uniform_f32_255_1", "uniform_bf16_1000_22",
                                  "uniform_f64_255_31",
                                  "bernoulli_bf16_1000_66",
                                  "random_i64_1000_82", "random_f16_1000_72",
                                  "dropout_f32_1000_88",
                                  "dropout_f32_1001_89"])
def test_whole_outputs_are_torchs(ctx, name):
    """Small recorded calls computed whole: the launch from the ops
    (rng.torch_threads and rng.torch_offset_increment on n must give the
    recorded S and offset increment), then the sampler over a tensor<?xi64>
    of the indices 0 .. n - 1 with that S: the sha256 of the output (and of
    dropout's mask) is the one recorded from torch 2.11 on an H200."""
    case = recorded_case(name)
    family, dtype, n = case["family"], case["dtype"], case["n"]
    unroll = model.unroll_of(family, dtype, case.get("wide", False))

    def launch(count):
        S = rng.torch_threads(count, multiprocessors=132,
                              threads_per_multiprocessor=2048)
        return [S, rng.torch_offset_increment(count, S, unroll=unroll)]

    S, increment = (int(v[0]) for v in run(
        "scalar", [("i64", np.array([n], np.uint64))], ["i64", "i64"], [],
        launch))
    assert S == case["threads"]
    assert increment == case["offset_after"] - case["offset_before"]

    def constant(value, type_name):
        return arith.constant(mlir_type(type_name), value)

    inputs = [("i64", np.arange(n, dtype=np.uint64))]
    scalars = [("i64", case["seed"]), ("i64", case["offset_before"]),
               ("i64", S)]
    outputs = [dtype]
    if family == "uniform":
        def body(index, seed, offset, threads):
            return rng.torch_uniform(
                seed, offset, threads, index,
                constant(float(model.scalar_to_dtype(case["from"], dtype)),
                         dtype),
                constant(float(model.scalar_to_dtype(case["to"], dtype)),
                         dtype))
    elif family == "bernoulli":
        outputs = ["i1"]

        def body(index, seed, offset, threads):
            return rng.torch_bernoulli(
                seed, offset, threads, index,
                constant(case["p"], "f64" if dtype == "f64" else "f32"))
    elif family == "random":
        outputs = ["i64"]

        def body(index, seed, offset, threads):
            return rng.torch_random(
                seed, offset, threads, index, constant(case["from"], "i64"),
                constant(signed64(case["range"]), "i64"), wide=case["wide"])
    else:
        x = model.dropout_input(n, dtype)
        inputs.append((dtype, np.array([float_bits(v, dtype) for v in x],
                                       NUMPY[STORAGE[dtype]])))
        outputs = [dtype, "i1"]

        def body(index, xs, seed, offset, threads):
            dynamic = [ShapedType.get_dynamic_size()]
            return rng.torch_dropout(
                RankedTensorType.get(dynamic, ftype(dtype)),
                RankedTensorType.get(dynamic, itype(1)), xs,
                constant(case["p"], "f64"), seed, offset, threads, index,
                vec=case["vec"])

    out = run("tensor_dynamic", inputs, outputs, scalars, body)
    if family == "uniform":
        got = as_float(out[0], dtype)
    elif family == "bernoulli":
        got = model.to_dtype(out[0].astype(np.float32), dtype)
    elif family == "random":
        got = model.int64_to_dtype(out[0].view(np.int64), dtype)
    else:
        got = as_float(out[0], dtype)
        assert model.sha256_of(out[1].astype(bool), "bool") == \
            case["mask_sha256"]
    assert model.sha256_of(got, case["out_dtype"]) == case["sha256"]


# --- builders ----------------------------------------------------------------

def test_builders_infer_and_print(ctx):
    """The builders of every op on scalars, vectors (fixed and scalable) and
    static and dynamic tensors: inferred results where they follow from
    the operands, leading types where they do not, keyword operands
    (`from_`), every attribute."""
    i64, f32, f64 = itype(64), ftype("f32"), ftype("f64")
    v4 = VectorType.get([4], i64)
    s4 = VectorType.get([4], i64, scalable=[True])
    t23 = RankedTensorType.get([2, 3], i64)
    tdyn = RankedTensorType.get([ShapedType.get_dynamic_size()], i64)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([i64, v4, s4, t23, tdyn, f32, f64], []))
    with InsertionPoint(f.add_entry_block()):
        s, v, sv, t, td, x, d = f.arguments
        assert str(rng.curand(s, s, s).type) == "i32"
        assert [str(r.type) for r in rng.curand4(s, v, v)] == \
            ["vector<4xi32>"] * 4
        assert str(rng.curand_uniform(s, s, sv).type) == "vector<[4]xf32>"
        assert [str(r.type) for r in rng.curand_normal2(t, t, s)] == \
            ["tensor<2x3xf32>"] * 2
        assert str(rng.curand_uniform_double(s, s, td).type) == \
            "tensor<?xf64>"
        assert [str(r.type) for r in rng.curand_uniform2_double(
            seed=s, subsequence=s, position=v)] == ["vector<4xf64>"] * 2
        assert [str(r.type) for r in rng.curand_normal2_double(s, s, s)] == \
            ["f64"] * 2
        # The result type follows from the bounds and the index's shape.
        u = rng.torch_uniform(s, s, s, td, x, x)
        assert str(u.type) == "tensor<?xf32>"
        by_name = rng.torch_uniform(seed=s, offset=s, threads=s, index=v,
                                    from_=d, to=d)
        assert str(by_name.type) == "vector<4xf64>"
        assert str(rng.torch_uniform(s, s, s, v, to=x, **{"from": x}).type) \
            == "vector<4xf32>"
        # f64 means leave one result type; f32 ones three (a leading type).
        assert str(rng.torch_normal(s, s, s, t, d, d).type) == \
            "tensor<2x3xf64>"
        bf16x4 = VectorType.get([4], ftype("bf16"))
        assert str(rng.torch_normal(bf16x4, s, s, s, v, x, x).type) == \
            "vector<4xbf16>"
        assert str(rng.torch_bernoulli(s, s, s, sv, x).type) == \
            "vector<[4]xi1>"
        assert str(rng.torch_random(s, s, s, t, s, s, wide=True).type) == \
            "tensor<2x3xi64>"
        y, keep = rng.torch_dropout(ftype("f32"), itype(1), x, d, s, s, s, s,
                                    vec=8)
        assert (str(y.type), str(keep.type)) == ("f32", "i1")
        # Two results of different element types, both inferred: x's and
        # i1, of the shape.
        y, keep = rng.torch_dropout(x, d, s, s, s, v)
        assert (str(y.type), str(keep.type)) == ("vector<4xf32>",
                                                 "vector<4xi1>")
        S = rng.torch_threads(v, multiprocessors=108,
                              threads_per_multiprocessor=2048)
        assert str(S.type) == "vector<4xi64>"
        inc = rng.torch_offset_increment(td, td, unroll=2)
        assert str(inc.type) == "tensor<?xi64>"
        # An Attribute works as well as a Python int.
        rng.torch_offset_increment(
            s, s, unroll=IntegerAttr.get(itype(32), 4))
        func.return_([])
    assert module.operation.verify()
    text = str(module)
    assert "rng.torch_random %arg0, %arg0, %arg0, %arg3, %arg0, %arg0 " \
        "{wide} : (i64, i64, i64, tensor<2x3xi64>, i64, i64) -> " \
        "tensor<2x3xi64>" in text
    assert "{vec = 8 : i32} : (f32, f64, i64, i64, i64, i64) -> (f32, i1)" \
        in text
    assert "rng.torch_threads %arg1 {multiprocessors = 108 : i64, " \
        "threads_per_multiprocessor = 2048 : i64} : vector<4xi64>" in text
    assert "rng.torch_offset_increment %arg4, %arg4 {unroll = 2 : i32} : " \
        "tensor<?xi64>" in text
    doc = rng.torch_uniform.__doc__
    assert "Operands (6, in this order, positional or by keyword): seed, " \
        "offset, threads, index, from_, to." in doc
    assert "Attributes: multiprocessors, threads_per_multiprocessor." in \
        rng.torch_threads.__doc__
    assert "Attributes: vec=1 : i32." in rng.torch_dropout.__doc__


# --- misuse ------------------------------------------------------------------

def test_builder_misuse(ctx):
    """Wrong attribute values and types: an exception that says what is
    wrong and what is allowed, and nothing inserted."""
    i32, i64, f32, f64 = itype(32), itype(64), ftype("f32"), ftype("f64")
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([i64, i32, f32, f64,
                               VectorType.get([4], i64)], []))
    with InsertionPoint(f.add_entry_block()):
        s, w, x, d, v = f.arguments
        # Types.
        with pytest.raises(MLIRError, match="'rng.curand' op operand #0 must "
                           "be i64, or a vector"):
            rng.curand(w, s, s)
        # Bounds of two types: the result takes `from`'s, and the verifier
        # says what is wrong, whether or not the result type is given.
        with pytest.raises(MLIRError, match="'from' and 'to' must have the "
                           "result's element type 'f32'"):
            rng.torch_uniform(s, s, s, s, x, d)
        with pytest.raises(MLIRError, match="'from' and 'to' must have the "
                           "result's element type 'f32'"):
            rng.torch_uniform(f32, s, s, s, s, x, d)
        with pytest.raises(MLIRError, match="'mean' and 'std' must be of the "
                           "accumulation type 'f64' of a 'f64' result"):
            rng.torch_normal(f64, s, s, s, s, x, x)
        with pytest.raises(MLIRError, match=r"'rng.torch_normal' accepts "
                           r"several result types \(result #0 must be f16, "
                           r"bf16, f32 or f64"):
            rng.torch_normal(s, s, s, s, x, x)
        with pytest.raises(MLIRError, match="'rng.torch_dropout' op operand "
                           "#1 must be f64"):
            rng.torch_dropout(f32, itype(1), x, x, s, s, s, s)
        # Result types given are checked against the inferred ones.
        with pytest.raises(MLIRError, match="'rng.torch_dropout' op result "
                           "#0 must have the element type of 'x' \\('f32'\\), "
                           "but got 'f64'"):
            rng.torch_dropout(f64, itype(1), x, d, s, s, s, s)
        with pytest.raises(MLIRError, match="failed to verify that all of "
                           r"\{n, threads, result\} have same type"):
            rng.torch_offset_increment(v, s, unroll=4)
        # Attribute values.
        with pytest.raises(MLIRError, match="attribute 'vec' must be 1, 2, "
                           "4 or 8 .PyTorch's dropout vector widths., but "
                           "got 3"):
            rng.torch_dropout(f32, itype(1), x, d, s, s, s, s, vec=3)
        with pytest.raises(MLIRError, match="attribute 'unroll' must be 4 or "
                           "2 .PyTorch's values per thread and draw., but got "
                           "3"):
            rng.torch_offset_increment(s, s, unroll=3)
        with pytest.raises(MLIRError, match="attribute 'multiprocessors' must "
                           "be positive"):
            rng.torch_threads(s, multiprocessors=0,
                              threads_per_multiprocessor=2048)
        with pytest.raises(MLIRError, match="'threads_per_multiprocessor' "
                           "must be at least 256"):
            rng.torch_threads(s, multiprocessors=132,
                              threads_per_multiprocessor=64)
        with pytest.raises(MLIRError, match="requires attribute "
                           "'threads_per_multiprocessor'"):
            rng.torch_threads(s, multiprocessors=132)
        with pytest.raises(ValueError, match="integer 1180591620717411303424 "
                           "does not fit in 64 bits"):
            rng.torch_threads(s, multiprocessors=2**70,
                              threads_per_multiprocessor=2048)
        with pytest.raises(TypeError, match="attribute 'unroll' of "
                           "'rng.torch_offset_increment': cannot tell which "
                           "type a Python float should have here"):
            rng.torch_offset_increment(s, s, unroll=2.5)
        with pytest.raises(TypeError, match="'rng.torch_dropout' has no "
                           "attribute 'vecs'.*did you mean 'vec'"):
            rng.torch_dropout(f32, itype(1), x, d, s, s, s, s, vecs=4)
        with pytest.raises(MLIRError, match="attribute 'wide' failed to "
                           "satisfy constraint: unit attribute"):
            rng.torch_random(s, s, s, s, s, s, wide="yes")
        # Constant operands PyTorch never produces.
        with pytest.raises(MLIRError, match="operand 'threads' is the "
                           "constant 100, but PyTorch launches a multiple "
                           "of 256 threads"):
            rng.torch_bernoulli(s, s, arith.constant(i64, 100), s, x)
        with pytest.raises(MLIRError, match="operand 'offset' is the constant "
                           "2, but PyTorch's generator offsets are multiples "
                           "of 4"):
            rng.torch_random(s, arith.constant(i64, 2), s, s, s, s)
        with pytest.raises(MLIRError, match=r"operand 'p' is the constant "
                           r"1.5.*, but a drop probability lies in \[0, 1\]"):
            rng.torch_dropout(f32, itype(1), x, arith.constant(f64, 1.5), s,
                              s, s, s)
        # Operands.
        with pytest.raises(TypeError, match=r"rng.torch_uniform\(seed, "
                           r"offset, threads, index, from_, to\): missing "
                           "operand 'to'"):
            rng.torch_uniform(s, s, s, s, from_=x)
        with pytest.raises(TypeError, match="expected a Value, got float"):
            rng.torch_uniform(s, s, s, s, x, 1.0)
        func.return_([])
    # Nothing invalid was inserted.
    assert module.operation.verify()
    assert "rng." not in str(module)
