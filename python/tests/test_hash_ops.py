"""The hash generators, dropout ops and splitmix64 (SPEC sections 5-7) built
from Python, lowered with rng-to-llvm and run on the CPU against the
independent model in test/lib/hash_random_model.py."""

import sys

import numpy as np
import pytest

from kernels import REPO, elementwise_module, jit
from rng_mlir.dialects import arith, func, rng
from rng_mlir.ir import (
    F32Type,
    InsertionPoint,
    IntegerType,
    MLIRError,
    Module,
)

sys.path.insert(0, str(REPO / "test" / "lib"))
import hash_random_model as model  # noqa: E402
from triton_random_model import f32_to_bits, ulp_distance  # noqa: E402

SEEDS = [0, 1, -1, -2**31, 2**31 - 1, 123]
COUNTERS = np.array([0, 1, 2, 3, -1, -2, -2**31, 2**31 - 1, 2**30, 2**30 + 1,
                     -2**30 - 1, 12345, 65535, 65536], dtype=np.int32)


def i32():
    return IntegerType.get_signless(32)


def i64():
    return IntegerType.get_signless(64)


def run_hash_kernel(seed, build, result_type):
    """Runs build(seed, counter) elementwise over COUNTERS; returns the
    results as uint32 (f32 as bits)."""
    module = elementwise_module("k", [i32()], [result_type],
                                lambda c, s: build(s, c), scalars=[i32()])
    engine = jit(module)
    out = np.zeros(len(COUNTERS), np.uint32)
    engine.invoke("k", COUNTERS, out, seed)
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_hash_rand_and_lowbias32(ctx, seed):
    h = run_hash_kernel(seed, lambda s, c: rng.lowbias32(c), i32())
    u = run_hash_kernel(seed, rng.hash_rand, F32Type.get())
    for i, c in enumerate(COUNTERS):
        c = int(c) & 0xFFFFFFFF
        assert int(h[i]) == model.lowbias32(c)
        assert int(u[i]) == model.hash_rand(seed & 0xFFFFFFFF, c)


@pytest.mark.parametrize("seed", SEEDS)
def test_hash_randn_within_3_ulp(ctx, seed):
    n = run_hash_kernel(seed, rng.hash_randn, F32Type.get())
    for i, c in enumerate(COUNTERS):
        want = model.hash_randn(seed & 0xFFFFFFFF, int(c) & 0xFFFFFFFF)
        assert ulp_distance(int(n[i]), want) <= 3


def test_dropout_ops_forward_and_backward(ctx):
    """Both dropouts against the model; the same op applied to a gradient
    with the same p, seed and counter keeps exactly the forward mask."""
    f32 = F32Type.get()
    module = elementwise_module(
        "drop", [f32, i32()], [f32, f32],
        lambda x, c, p, s: [rng.hash_dropout(x, p, s, c),
                            rng.dropout(x, p, s, c, rounds=7)],
        scalars=[f32, i32()])
    engine = jit(module)
    n = len(COUNTERS)
    xs = np.linspace(-3.0, 5.0, n).astype(np.float32) + np.float32(0.125)
    grads = (np.float32(0.5) - xs * np.float32(0.25)).astype(np.float32)
    # p outside [0, 1) too (SPEC §6): 1 and above or NaN drop everything,
    # p < 0 keeps everything scaled by 1 / (1 - p).
    for p in [0.0, 0.1, 0.5, 0.9, 1.0, 1.5, -0.25, float("nan")]:
        pb = f32_to_bits(np.float32(p))
        for seed in SEEDS:
            masks = []
            for values in (xs, grads):
                hashed = np.zeros(n, np.float32)
                philox = np.zeros(n, np.float32)
                engine.invoke("drop", values, COUNTERS, hashed, philox, p, seed)
                for i, c in enumerate(int(c) for c in COUNTERS):
                    xb = f32_to_bits(values[i])
                    assert f32_to_bits(hashed[i]) == model.hash_dropout(
                        xb, pb, seed & 0xFFFFFFFF, c & 0xFFFFFFFF)
                    assert f32_to_bits(philox[i]) == model.triton_dropout(
                        xb, pb, seed, 32, c, 32, 7)
                if not p < 1.0:  # 1, 1.5 and NaN: everything dropped
                    assert not hashed.any() and not philox.any()
                if p < 0.0:  # everything kept, x / (1 - p) in f32
                    kept = values / (np.float32(1.0) - np.float32(p))
                    assert np.array_equal(hashed, kept)
                    assert np.array_equal(philox, kept)
                masks.append((hashed != 0, philox != 0))
            for k in range(2):
                assert np.array_equal(masks[0][k], masks[1][k])


def test_splitmix64_rank_seeds(ctx):
    module = elementwise_module("k", [i64()], [i64()], rng.splitmix64)
    engine = jit(module)
    states = np.array([0, 1, -1, -2**63] + [123 + r for r in range(8)],
                      dtype=np.int64)
    out = np.zeros(len(states), np.int64)
    engine.invoke("k", states, out)
    got = [int(v) & (2**64 - 1) for v in out]
    assert got[0] == 0xE220A8397B1DCDAF
    assert got[4:] == [model.rank_seed(123, r) for r in range(8)]
    assert got == [model.splitmix64(int(s) & (2**64 - 1)) for s in states]


TR_OFFSETS = np.array([0, 1, 2, 3, 2377230, 3684651, 6048054, -1, -2**63,
                       2**63 - 1, 2**32, 0x123456789ABCDEF0], dtype=np.int64)


@pytest.mark.parametrize("seed", [0, 123, 2**64 - 1, 0x0123456789ABCDEF])
def test_tr_dropout_sample(ctx, seed):
    """rng.tr_dropout_sample with SPEC §7's example convention (seed_lo,
    seed_hi = lo32, hi32 of a 64-bit seed) against the model; under seed 0
    the offsets 2377230 and 6048054 give exactly 1.0, 3684651 the largest
    f32 below 1."""
    module = elementwise_module("k", [i64()], [F32Type.get()],
                                lambda o, lo, hi: rng.tr_dropout_sample(lo, hi, o),
                                scalars=[i64(), i64()])
    engine = jit(module)
    out = np.zeros(len(TR_OFFSETS), np.float32)
    lo, hi = model.tr_seed_halves(seed)
    engine.invoke("k", TR_OFFSETS, out, lo, hi)
    want = [model.tr_dropout_sample(lo, hi, int(o) & (2**64 - 1))
            for o in TR_OFFSETS]
    assert [f32_to_bits(v) for v in out] == want
    if seed == 0:
        assert out[4] == out[6] == np.float32(1.0)
        assert f32_to_bits(out[5]) == 0x3F7FFFFF


def test_builders_and_diagnostics(ctx):
    f32 = F32Type.get()
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([f32, i32(), i64()], []))
    with InsertionPoint(f.add_entry_block()):
        x, s, w = f.arguments
        assert str(rng.hash_rand(s, s).type) == "f32"
        assert str(rng.lowbias32(s).type) == "i32"
        assert str(rng.splitmix64(w).type) == "i64"
        assert str(rng.tr_dropout_sample(w, w, w).type) == "f32"
        assert str(rng.dropout(x, x, w, s, rounds=7).type) == "f32"
        assert str(rng.hash_dropout(x, x, s, s).type) == "f32"
        # Every constant p is valid (SPEC §6: p = 1 drops everything).
        one = arith.constant(f32, 1.0)
        assert str(rng.hash_dropout(x, one, s, s).type) == "f32"
        assert str(rng.dropout(x, one, s, s).type) == "f32"
        with pytest.raises(MLIRError, match="operand #0 must be i64"):
            rng.splitmix64(s)
        with pytest.raises(MLIRError, match="operand #1 must be i32"):
            rng.hash_randn(s, w)
        with pytest.raises(MLIRError, match="operand #2 must be i64"):
            rng.tr_dropout_sample(w, w, s)
        func.return_([])
    assert module.operation.verify()
