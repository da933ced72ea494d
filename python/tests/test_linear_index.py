"""rng.linear_index (SPEC section 10) built from Python: the builder with and
without a base, its misuse diagnostics, and the built ops lowered with
rng-to-llvm and run on the CPU against the independent model in
test/lib/linear_index_model.py (and, fed to rng.rand, Triton's model)."""

import importlib
import re
import sys

import numpy as np
import pytest

from kernels import REPO, jit
from rng_mlir.dialects import arith, func, rng
from rng_mlir.ir import (
    F32Type,
    InsertionPoint,
    IntegerType,
    MemRefType,
    MLIRError,
    Module,
    RankedTensorType,
    ShapedType,
    VectorType,
)

sys.path.insert(0, str(REPO / "test" / "lib"))
import linear_index_model as model  # noqa: E402
import triton_random_model as triton  # noqa: E402


def bufferization():
    return importlib.import_module("rng_mlir.dialects.bufferization")


def itype(width):
    return IntegerType.get_signless(width)


def stored(shape, width, build, scalars):
    """A module with func @k(%out: memref<shape x iW>, scalars...) that
    stores build(*scalars) (a tensor of `shape`) into %out."""
    elem = itype(width)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("k", ([MemRefType.get(shape, elem)] + scalars, []))
    with InsertionPoint(f.add_entry_block()):
        out, *args = f.arguments
        bufferization().materialize_in_destination(
            build(*args), out, results=[], restrict=True, writable=True)
        func.return_([])
    return module


def test_builder_with_and_without_base(ctx):
    i32, i64 = itype(32), itype(64)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([i32, i64], []))
    with InsertionPoint(f.add_entry_block()):
        b32, b64 = f.arguments
        t = RankedTensorType.get([2, 3], i32)
        with_base = rng.linear_index(t, b32)
        by_name = rng.linear_index(RankedTensorType.get([], i64), base=b64)
        no_base = rng.linear_index(t)
        assert str(with_base.type) == "tensor<2x3xi32>"
        assert str(by_name.type) == "tensor<i64>"
        assert len(no_base.owner.operands) == 0
        func.return_([])
    text = str(module)
    assert "rng.linear_index %arg0 : tensor<2x3xi32>" in text
    assert "rng.linear_index %arg1 : tensor<i64>" in text
    assert "rng.linear_index : tensor<2x3xi32>" in text
    assert module.operation.verify()
    assert "Operands (1, in this order, positional or by keyword): base." \
        in rng.linear_index.__doc__


def test_builder_misuse(ctx):
    i32 = itype(32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([i32, F32Type.get()], []))
    with InsertionPoint(f.add_entry_block()):
        b, x = f.arguments
        t = RankedTensorType.get([2, 3], i32)
        # Not elementwise: the result type never follows from the base.
        with pytest.raises(MLIRError, match="'rng.linear_index' does not "
                           "infer its result types; pass them"):
            rng.linear_index(b)
        # A base of another width than the elements.
        with pytest.raises(MLIRError, match="failed to verify that base is "
                           "the result's element type"):
            rng.linear_index(RankedTensorType.get([2], itype(64)), b)
        # A float base.
        with pytest.raises(MLIRError, match="'rng.linear_index' op operand #0 "
                           "must be 32-bit signless integer or 64-bit "
                           "signless integer, but got 'f32'"):
            rng.linear_index(t, x)
        # A dynamic shape, a float element, a vector: what is allowed.
        allowed = ("'rng.linear_index' op result #0 must be statically "
                   "shaped tensor of 32-bit signless integer or 64-bit "
                   "signless integer values, but got ")
        dynamic = RankedTensorType.get([ShapedType.get_dynamic_size(), 3], i32)
        for bad in (dynamic, RankedTensorType.get([4], F32Type.get()),
                    VectorType.get([4], i32)):
            with pytest.raises(MLIRError,
                               match=re.escape(allowed + "'%s'" % bad)):
                rng.linear_index(bad)
        with pytest.raises(TypeError, match="expected a Value, got int"):
            rng.linear_index(t, 5)
        with pytest.raises(TypeError, match="'rng.linear_index' has no "
                           "attribute 'rounds'"):
            rng.linear_index(t, b, rounds=7)
        func.return_([])
    assert module.operation.verify()


@pytest.mark.parametrize("shape,width,base", [
    ((2, 3), 32, 7),
    ((3, 1, 4), 32, 2**32 - 5),  # wraps at 2^32
    ((2, 2, 2), 64, 2**64 - 3),  # wraps at 2^64
    ((5,), 64, 2**32 - 2),  # crosses 2^32 in i64
    ((), 32, 2**31 - 1),
])
def test_built_op_runs_as_the_model(ctx, shape, width, base):
    elem = itype(width)
    module = stored(list(shape), width, lambda b: rng.linear_index(
        RankedTensorType.get(list(shape), elem), b), [elem])
    out = np.zeros(shape, {32: np.int32, 64: np.int64}[width])
    signed = base - (1 << width) if base >> (width - 1) else base
    jit(module).invoke("k", out, signed)
    unsigned = out.view({32: np.uint32, 64: np.uint64}[width])
    assert unsigned.ravel().tolist() == model.linear_index(shape, width, base)


def test_rand_at_the_indices(ctx):
    """rng.rand fed by rng.linear_index draws Triton's numbers at the
    model's indices (here wrapping past 2^32 - 1 to 0)."""
    shape, base, seed = [4, 3], 2**32 - 6, 1234
    i32 = itype(32)
    module = stored(shape, 32, lambda s, b: arith.bitcast(
        RankedTensorType.get(shape, i32),
        rng.rand(s, rng.linear_index(RankedTensorType.get(shape, i32), b))),
        [i32, i32])
    out = np.zeros(shape, np.int32)
    jit(module).invoke("k", out, seed, base - 2**32)
    want = [triton.u2f(triton.randint4x(seed, 32, i, 32)[0])
            for i in model.linear_index(shape, 32, base)]
    assert out.view(np.uint32).ravel().tolist() == want
