"""The rng ops built from Python, lowered with rng-to-llvm and run on the CPU,
against the known answers in test/vectors and an independent numpy model."""

import sys

import numpy as np
import pytest

from kernels import REPO, elementwise_module, jit, load_philox_kat

sys.path.insert(0, str(REPO / "test" / "lib"))
import triton_random_model as triton_model  # noqa: E402
from rng_mlir.dialects import arith, func, rng, vector
from rng_mlir.ir import (
    IndexType,
    InsertionPoint,
    IntegerType,
    MemRefType,
    Module,
    VectorType,
)


# Philox4x32-R on uint32 numpy arrays (SPEC section 1): the test helpers'
# one Philox model, written independently of the C++ reference.
philox_model = triton_model.philox4x32_numpy


def philox_engine(rounds):
    """f(c0..c3, k0, k1 arrays) -> x0..x3 arrays, elementwise on the CPU."""
    i32 = IntegerType.get_signless(32)
    module = elementwise_module(
        "philox", [i32] * 6, [i32] * 4,
        lambda c0, c1, c2, c3, k0, k1: rng.philox_4x32(
            c0, c1, c2, c3, k0, k1, rounds=rounds))
    return jit(module)


def run_philox(engine, counter, key):
    counter = [np.asarray(c, np.uint32) for c in counter]
    key = [np.asarray(k, np.uint32) for k in key]
    out = [np.zeros_like(counter[0]) for _ in range(4)]
    engine.invoke("philox", *counter, *key, *out)
    return out


def test_philox_known_answers(ctx):
    rows = load_philox_kat()
    assert len(rows) == 5
    counter = np.array([r[0] for r in rows], np.uint32).T.copy()
    key = np.array([r[1] for r in rows], np.uint32).T.copy()
    expected = np.array([r[2] for r in rows], np.uint32).T
    out = run_philox(philox_engine(10), counter, key)
    np.testing.assert_array_equal(np.array(out), expected)


def test_philox_seven_rounds_known_answer(ctx):
    out = run_philox(philox_engine(7), [[0]] * 4, [[0]] * 2)
    assert [int(w[0]) for w in out] == [0x5F6FB709, 0x0D893F64, 0x4F121F81,
                                        0x4F730A48]


@pytest.mark.parametrize("rounds", [1, 2, 5, 10, 13, 16])
def test_philox_matches_the_model_for_every_round_count(ctx, rounds):
    gen = np.random.default_rng(rounds)
    counter = gen.integers(0, 2**32, size=(4, 64), dtype=np.uint32)
    key = gen.integers(0, 2**32, size=(2, 64), dtype=np.uint32)
    counter[:, 0] = 0xFFFFFFFF  # extremes too
    key[:, 1] = 0
    out = run_philox(philox_engine(rounds), counter, key)
    for got, want in zip(out, philox_model(counter, key, rounds)):
        np.testing.assert_array_equal(got, want)


def test_philox_model_reproduces_the_known_answers():
    for counter, key, output in load_philox_kat():
        got = philox_model([[c] for c in counter], [[k] for k in key], 10)
        assert [int(g[0]) for g in got] == output


def test_philox_on_vectors_with_lane_and_scalar_keys(ctx):
    i32 = IntegerType.get_signless(32)
    v4 = VectorType.get([4], i32)
    m4 = MemRefType.get([4], i32)
    module = Module.create()
    with InsertionPoint(module.body):
        # (counters c0..c3, keys k0, k1 per lane, scalar k, outputs x0..x3
        # with lane keys, outputs y0..y3 with the scalar key)
        f = func.FuncOp("philox_v", ([m4] * 6 + [i32] + [m4] * 8, []))
    with InsertionPoint(f.add_entry_block()):
        args = f.arguments
        zero = arith.constant(IndexType.get(), 0)
        c = [vector.load(v4, args[j], [zero]) for j in range(6)]
        lane_keyed = rng.philox_4x32(*c)
        scalar_keyed = rng.philox_4x32(*c[:4], args[6], args[6], rounds=7)
        for j in range(4):
            vector.store(lane_keyed[j], args[7 + j], [zero])
            vector.store(scalar_keyed[j], args[11 + j], [zero])
        func.return_([])
    engine = jit(module)
    rows = load_philox_kat()[:4]
    counter = np.array([r[0] for r in rows], np.uint32).T.copy()
    key = np.array([r[1] for r in rows], np.uint32).T.copy()
    outs = [np.zeros(4, np.uint32) for _ in range(8)]
    engine.invoke("philox_v", *counter, *key, 0x1234ABCD, *outs)
    np.testing.assert_array_equal(np.array(outs[:4]),
                                  np.array([r[2] for r in rows], np.uint32).T)
    want = philox_model(counter, [np.full(4, 0x1234ABCD, np.uint32)] * 2, 7)
    np.testing.assert_array_equal(np.array(outs[4:]), np.array(want))
