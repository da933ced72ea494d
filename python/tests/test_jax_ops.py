"""The Threefry, JAX and bit-generator ops (SPEC section 8) built from
Python, lowered with rng-to-llvm and run on the CPU against the independent
model in test/lib/jax_random_model.py and the values recorded from JAX
0.11.2 (test/vectors/jax_recorded.json)."""

import json
import sys

import numpy as np
import pytest

from kernels import REPO, elementwise_module, jit
from rng_mlir.passmanager import PassManager
from rng_mlir.dialects import arith, func, rng
from rng_mlir.ir import (
    F32Type,
    F64Type,
    InsertionPoint,
    IntegerType,
    MLIRError,
    Module,
    RankedTensorType,
)

sys.path.insert(0, str(REPO / "test" / "lib"))
import jax_random_model as model  # noqa: E402

KEYS = [(0, 0), (0, 42), (0xFFFFFFFF, 0xFFFFFFFF), (0x12345678, 0x9ABCDEF0)]
INDICES = np.array([0, 1, 2, 3, 2**32 - 1, 2**32, 2**32 + 1, 2**63 - 1, -1,
                    12345678901234, 7, 2**31], dtype=np.int64)


def itype(width):
    return IntegerType.get_signless(width)


def run(build, result_type, key, indices=INDICES, index_width=64):
    """Runs build(k0, k1, i) elementwise over `indices` with a scalar key;
    returns the results as unsigned integers (floats as their bits)."""
    module = elementwise_module(
        "k", [itype(index_width)], [result_type],
        lambda i, k0, k1: build(k0, k1, i), scalars=[itype(32), itype(32)])
    engine = jit(module)
    name = str(result_type)
    dtype = {"i8": np.uint8, "i16": np.uint16, "i32": np.uint32,
             "i64": np.uint64, "f32": np.float32, "f64": np.float64}[name]
    bits = {np.float32: np.uint32, np.float64: np.uint64}.get(dtype, dtype)
    out = np.zeros(len(indices), dtype)
    engine.invoke("k", indices.astype(np.int64 if index_width == 64
                                      else np.int32),
                  out, int(np.int32(np.uint32(key[0]))),
                  int(np.int32(np.uint32(key[1]))))
    return out.view(bits)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("width", [8, 16, 32, 64])
def test_bits(ctx, key, width):
    got = run(lambda k0, k1, i: rng.jax_bits(itype(width), k0, k1, i),
              itype(width), key)
    for i, v in zip(INDICES, got):
        assert int(v) == model.bits(key, int(i) & model.MASK64, width)


@pytest.mark.parametrize("key", KEYS)
def test_uniform_and_normal(ctx, key):
    u = run(lambda k0, k1, i: rng.jax_uniform(F32Type.get(), k0, k1, i),
            F32Type.get(), key)
    d = run(lambda k0, k1, i: rng.jax_uniform(F64Type.get(), k0, k1, i),
            F64Type.get(), key)
    n = run(rng.jax_normal, F32Type.get(), key)
    for j, i in enumerate(int(i) & model.MASK64 for i in INDICES):
        assert int(u[j]) == model.uniform_f32(key, i)
        assert int(d[j]) == model.uniform_f64(key, i)
        assert model.ulp_distance_f32(int(n[j]), model.normal_f32(key, i)) <= 4


@pytest.mark.parametrize("bounds", [(0, 10), (-5, 1000), (7, 8), (5, 5),
                                    (10, -10), (-2**31, 2**31 - 1)])
def test_randint_i32_index(ctx, bounds):
    lo, hi = bounds
    from rng_mlir.dialects import arith
    key = (0x12345678, 0x9ABCDEF0)
    indices = np.array([0, 1, 2, 3, 2**31 - 1, -1, 1000], np.int64)

    def build(k0, k1, i):
        return rng.jax_randint(k0, k1, i, arith.constant(itype(32), lo),
                               arith.constant(itype(32), hi))
    got = run(build, itype(32), key, indices, index_width=32)
    for j, i in enumerate(indices):
        assert int(got[j]) == model.randint(key, int(i) & model.MASK32, lo, hi, 32)


def randint_above_max(k0, k1, i, lo, width):
    """docs/JaxRandom.md's spelling of jax.random.randint(key, shape, lo,
    maxval, intN) for a Python maxval above the type's maximum."""
    from rng_mlir.dialects import arith
    ty = itype(width)
    one = arith.constant(ty, 1)
    tmax = arith.constant(ty, 2**(width - 1) - 1)
    tmin = arith.constant(ty, -2**(width - 1))
    # lo > tmin: the span tmax - lo + 1 is the op's span for [lo - 1, tmax].
    shifted = arith.addi(
        rng.jax_randint(k0, k1, i, arith.subi(lo, one), tmax), one)
    # lo = tmin: the span 2^N wraps to 0 and XLA's x rem 0 = x leaves
    # tmin + the second draw (bits of fold_in(key, 1)).
    kb0, kb1 = rng.jax_fold_in(k0, k1, arith.constant(itype(32), 1))
    whole = arith.xori(rng.jax_bits(ty, kb0, kb1, i), tmin)
    return arith.select(arith.cmpi("eq", lo, tmin), whole, shifted)


@pytest.mark.parametrize("width", [32, 64])
def test_randint_above_max(ctx, width):
    """The docs' spelling against the model of JAX's rule and, for int32
    (JAX cannot take an int64 maxval above 2^63 - 1), against JAX's own
    values (recorded with x64, which the Python maxval 2^31 needs)."""
    tmin, tmax = -2**(width - 1), 2**(width - 1) - 1
    lows = np.array([0, -5, 1000, tmin, tmin + 1, tmax - 1, tmax, 1, -1,
                     123456789], np.int64)
    indices = np.array([0, 1, 7, 2**32 - 1, 2**32, 2**63 - 1, -1, 12345,
                        2**31, 99], np.int64)
    dtype = np.int32 if width == 32 else np.int64
    module = elementwise_module(
        "k", [itype(64), itype(width)], [itype(width)],
        lambda i, lo, k0, k1: randint_above_max(k0, k1, i, lo, width),
        scalars=[itype(32), itype(32)])
    engine = jit(module)
    mask = (1 << width) - 1
    for key in KEYS:
        out = np.zeros(len(lows), dtype)
        engine.invoke("k", indices, lows.astype(dtype), out,
                      int(np.int32(np.uint32(key[0]))),
                      int(np.int32(np.uint32(key[1]))))
        for j, (i, lo) in enumerate(zip(indices, lows)):
            assert int(out[j]) & mask == model.randint_above_max(
                key, int(i) & model.MASK64, int(lo), width), (key, int(i), int(lo))
    if width == 64:
        return
    recorded = json.loads((REPO / "test" / "vectors" /
                           "jax_recorded.json").read_text())
    cases = [c for c in recorded["cases"]
             if c["family"] == "randint_above" and "values" in c]
    assert cases, "no randint_above values recorded"
    for c in cases:
        key = tuple(c["key"])
        n = len(c["values"])
        module = elementwise_module(
            "k", [itype(64), itype(32)], [itype(32)],
            lambda i, lo, k0, k1: randint_above_max(k0, k1, i, lo, 32),
            scalars=[itype(32), itype(32)])
        engine = jit(module)
        out = np.zeros(n, np.int32)
        engine.invoke("k", np.arange(n, dtype=np.int64),
                      np.full(n, c["minval"], np.int32), out,
                      int(np.int32(np.uint32(key[0]))),
                      int(np.int32(np.uint32(key[1]))))
        assert [int(v) & mask for v in out] == [int(v, 16) for v in c["values"]], c


def test_fold_in_is_split(ctx):
    key = (0, 0)
    rows = np.arange(8, dtype=np.int64)
    out0 = run(lambda k0, k1, d: rng.jax_fold_in(k0, k1, d)[0], itype(32), key,
               rows, index_width=32)
    out1 = run(lambda k0, k1, d: rng.jax_fold_in(k0, k1, d)[1], itype(32), key,
               rows, index_width=32)
    assert [(int(a), int(b)) for a, b in zip(out0, out1)] == model.split(key, 8)


def test_builders_and_diagnostics(ctx):
    i32, i64 = itype(32), itype(64)
    state = RankedTensorType.get([3], i64)
    output = RankedTensorType.get([2, 3], itype(8))
    two = RankedTensorType.get([2], i64)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([i32, i64, state, itype(16), two], []))
    with InsertionPoint(f.add_entry_block()):
        k, i, s, h, s2 = f.arguments
        y0, y1 = rng.threefry_2x32(k, k, k, k, rounds=13)
        assert str(y0.type) == "i32"
        assert str(rng.jax_normal(k, k, i).type) == "f32"
        assert str(rng.jax_randint(k, k, i, i, i).type) == "i64"
        new_state, out = rng.bit_generator(state, output, s, algorithm="philox")
        assert str(out.type) == "tensor<2x3xi8>"
        # Not elementwise: its output type never follows from the state, so
        # it is not guessed (a 2-word state would otherwise "verify" as the
        # output type too).
        with pytest.raises(MLIRError, match="'rng.bit_generator' does not infer "
                           "its result types; pass them"):
            rng.bit_generator(s2, algorithm="philox")
        with pytest.raises(ValueError, match="unknown algorithm 'threefry'"):
            rng.bit_generator(state, output, s, algorithm="threefry")
        with pytest.raises(MLIRError, match="'three_fry' takes a 2-word state"):
            rng.bit_generator(state, output, s, algorithm="three_fry")
        with pytest.raises(MLIRError, match=r"must be in \[1, 32\]"):
            rng.threefry_2x32(k, k, k, k, rounds=40)
        with pytest.raises(MLIRError, match="operand #2 must be i32 or i64"):
            rng.jax_normal(k, k, h)
        func.return_([])
    assert module.operation.verify()


def test_keyword_operands(ctx):
    i32, i64 = itype(32), itype(64)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([i32, i64, F32Type.get()], []))
    with InsertionPoint(f.add_entry_block()):
        k, i, x = f.arguments
        by_name = rng.jax_randint(k0=k, k1=k, i=i, minval=i, maxval=i)
        mixed = rng.jax_randint(k, k, i, maxval=i, minval=i)
        assert str(by_name.type) == str(mixed.type) == "i64"
        assert str(rng.rand(seed=k, offset=i).type) == "f32"
        assert str(rng.dropout(x, p=x, seed=k, offset=i, rounds=7).type) == "f32"
        with pytest.raises(TypeError, match=r"missing operand 'offset'"):
            rng.rand(seed=k)
        with pytest.raises(TypeError,
                           match="operand 'seed' given both by position"):
            rng.rand(k, seed=k, offset=i)
        with pytest.raises(TypeError, match=r"takes 2 operands, but 3"):
            rng.rand(k, i, i, offset=i)
        func.return_([])
    assert module.operation.verify()
    doc = rng.dropout.__doc__
    assert "Operands (4, in this order, positional or by keyword): " \
        "x, p, seed, offset." in doc


def test_tensor_results_through_memref_arguments(ctx):
    """docs/Python.md's pattern: tensor in from a memref argument, tensor
    result stored into an output memref argument."""
    from rng_mlir.ir import Module as M
    module = M.parse("""
      func.func @uniform(%offsets: memref<?xi32>, %out: memref<?xf32>, %seed: i32) {
        %o = bufferization.to_tensor %offsets restrict : memref<?xi32> to tensor<?xi32>
        %u = rng.rand %seed, %o : i32, tensor<?xi32>
        bufferization.materialize_in_destination %u in restrict writable %out
            : (tensor<?xf32>, memref<?xf32>) -> ()
        return
      }
      func.func @returns_tensor(%seed: i32) -> tensor<4xf32> {
        %o = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
        %u = rng.rand %seed, %o : i32, tensor<4xi32>
        return %u : tensor<4xf32>
      }""")
    engine = jit(module)
    offsets = np.arange(64, dtype=np.int32)
    out = np.zeros(64, np.float32)
    engine.invoke("uniform", offsets, out, 123)
    from triton_random_model import randint4x, u2f
    want = [u2f(randint4x(123, 32, int(o), 32)[0]) for o in offsets]
    assert out.view(np.uint32).tolist() == want
    with pytest.raises(TypeError, match="materialize_in_destination"):
        engine.invoke("returns_tensor", 123)


@pytest.mark.parametrize("algorithm,sizes", [("philox", "[8, 8]"),
                                             ("three_fry", "[4, 8]"),
                                             ("philox", "[3, 5]")])
def test_bit_generator_lowered_then_vectorized(ctx, algorithm, sizes):
    """convert-rng-to-arith, then upstream's masked vectorization of the
    lowered linalg.generic (n-D vector arith.mului_extended, which
    rng-to-llvm expands), then rng-to-llvm: the same bits as the model."""
    from rng_mlir.passmanager import PassManager
    module = Module.parse(f"""
      func.func @bg(%s: memref<2xi64>, %out: memref<3x5xi32>, %ns: memref<2xi64>) {{
        %st = bufferization.to_tensor %s restrict : memref<2xi64> to tensor<2xi64>
        %n, %o = rng.bit_generator {algorithm} %st : tensor<2xi64> -> tensor<3x5xi32>
        bufferization.materialize_in_destination %o in restrict writable %out
            : (tensor<3x5xi32>, memref<3x5xi32>) -> ()
        bufferization.materialize_in_destination %n in restrict writable %ns
            : (tensor<2xi64>, memref<2xi64>) -> ()
        return
      }}
      module attributes {{transform.with_named_sequence}} {{
        transform.named_sequence @__transform_main(%root: !transform.any_op {{transform.readonly}}) {{
          %g = transform.structured.match ops{{["linalg.generic"]}} in %root
              : (!transform.any_op) -> !transform.any_op
          transform.structured.vectorize %g vector_sizes {sizes} : !transform.any_op
          transform.yield
        }}
      }}""")
    PassManager.parse("builtin.module(convert-rng-to-arith,"
                      "transform-interpreter)").run(module.operation)
    assert "vector<" in str(module)
    for op in list(module.body.operations):
        if "transform.with_named_sequence" in op.attributes:
            op.erase()
    engine = jit(module)
    state = [0x0123456789ABCDEF, 2**64 - 3]
    out = np.zeros((3, 5), np.int32)
    new_state = np.zeros(2, np.int64)
    engine.invoke("bg", np.array(state, np.uint64).view(np.int64), out,
                  new_state)
    want_state, want = model.bit_generator(algorithm, state, (3, 5), 32)
    assert out.view(np.uint32).ravel().tolist() == want
    assert new_state.view(np.uint64).tolist() == want_state


ASM_ONE = ('llvm.inline_asm "{ .reg .u32 %rng_nctaid; mov.u32 %rng_nctaid, '
           '%nctaid.x; min.u32 $0, %rng_nctaid, 1; }", "=r"  : () -> i32')


@pytest.mark.parametrize("rounds", [1, 4, 13, 20, 32])
def test_nvvm_threefry_opaque_one(ctx, rounds):
    """convert-rng-to-nvvm builds Threefry's round add after each key
    injection as x0 * one + x1, with a 1 that ptxas cannot fold (PTX
    `min.u32` of `%nctaid.x` and 1, as inline assembly). Here that assembly is
    replaced by a run-time parameter and the NVVM lowering runs on the CPU:
    with 1 the bits are the model's; with 3 each op's are not, so the
    product is on each op's path."""
    i32 = itype(32)
    x = np.array([0, 1, 0xFFFFFFFF, 0x80000000, 12345, 0xDEADBEEF],
                 dtype=np.uint32)
    keys = [(0, 0), (0x12345678, 0x9ABCDEF0), (0xFFFFFFFF, 1)]

    def body(a, b, k0, k1, one):
        y0, y1 = rng.threefry_2x32(a, b, k0, k1, rounds=rounds)
        u = rng.jax_uniform(F32Type.get(), k0, k1, a)
        r = rng.jax_randint(k0, k1, b, arith.constant(i32, -7),
                            arith.constant(i32, 1000))
        return y0, y1, u, r

    module = elementwise_module("k", [i32, i32], [i32, i32, F32Type.get(), i32],
                                body, scalars=[i32, i32, i32])
    PassManager.parse("builtin.module(func.func(convert-rng-to-nvvm))").run(
        module.operation)
    text = str(module)
    # Threefry-`rounds`: an opaque 1 per op's Threefry (CSE not yet run),
    # and one product per injection that a round follows.
    assert text.count(ASM_ONE) >= 1
    products = (rounds + 3) // 4
    assert text.count("arith.muli") >= products
    one = f"%arg{2 + 4 + 2}"
    lowered = Module.parse(text.replace(ASM_ONE, f"arith.ori {one}, {one} : i32"))
    engine = jit(lowered)

    def run_with(key, one_value):
        outs = [np.zeros(len(x), np.uint32), np.zeros(len(x), np.uint32),
                np.zeros(len(x), np.float32), np.zeros(len(x), np.int32)]
        engine.invoke("k", x.view(np.int32), x[::-1].copy().view(np.int32),
                      *outs, int(np.int32(np.uint32(key[0]))),
                      int(np.int32(np.uint32(key[1]))), one_value)
        return outs

    for key in keys:
        y0, y1, u, r = run_with(key, 1)
        for j, (a, b) in enumerate(zip(x, x[::-1])):
            assert (int(y0[j]), int(y1[j])) == model.threefry_2x32(
                int(a), int(b), *key, rounds=rounds)
            assert int(u.view(np.uint32)[j]) == model.uniform_f32(key, int(a))
            assert int(r.view(np.uint32)[j]) == model.randint(
                key, int(b), -7, 1000, 32)
        y0, y1, u, r = run_with(key, 3)
        assert any((int(y0[j]), int(y1[j])) != model.threefry_2x32(
            int(a), int(b), *key, rounds=rounds)
            for j, (a, b) in enumerate(zip(x, x[::-1])))
        assert any(int(u.view(np.uint32)[j]) != model.uniform_f32(key, int(a))
                   for j, a in enumerate(x))
        assert any(int(r.view(np.uint32)[j]) != model.randint(
            key, int(b), -7, 1000, 32) for j, b in enumerate(x[::-1]))
