"""Helpers the tests share: paths, elementwise CPU kernels, lowering + JIT."""

import json
import pathlib

import numpy as np

from rng_mlir.dialects import arith, func, memref, scf
from rng_mlir.execution_engine import ExecutionEngine
from rng_mlir.ir import IndexType, InsertionPoint, MemRefType, Module, ShapedType
from rng_mlir.passmanager import PassManager

REPO = pathlib.Path(__file__).resolve().parents[2]
VECTORS = REPO / "test" / "vectors"
EXAMPLES = REPO / "python" / "examples"


def dynamic_memref(element_type):
    return MemRefType.get([ShapedType.get_dynamic_size()], element_type)


def elementwise_func(name, inputs, outputs, body, scalars=()):
    """Builds ``func.func @name(ins..., outs..., scalars...)`` at the current
    insertion point: 1-D memrefs of the element types ``inputs`` and
    ``outputs`` and scalar parameters of the types ``scalars``. For each
    index i of the first memref it calls ``body(*ins[i], *scalars)``, which
    returns one value per output, and stores them. Everything ``body`` sees
    is a runtime value, so the lowering is exercised, not the folders."""
    f = func.FuncOp(name, ([dynamic_memref(t) for t in inputs] +
                           [dynamic_memref(t) for t in outputs] +
                           list(scalars), []))
    with InsertionPoint(f.add_entry_block()):
        args = f.arguments
        ins = args[:len(inputs)]
        outs = args[len(inputs):len(inputs) + len(outputs)]
        extra = args[len(inputs) + len(outputs):]
        first = (ins or outs)[0]
        n = memref.dim(first, arith.constant(IndexType.get(), 0))
        for i in scf.for_(0, n):
            values = [memref.load(a, [i]) for a in ins]
            results = body(*values, *extra)
            if not isinstance(results, (list, tuple)):
                results = [results]
            assert len(results) == len(outs)
            for value, out in zip(results, outs):
                memref.store(value, out, [i])
        func.return_([])
    return f


def elementwise_module(name, inputs, outputs, body, scalars=()):
    """A new module holding ``elementwise_func(name, ...)``."""
    module = Module.create()
    with InsertionPoint(module.body):
        elementwise_func(name, inputs, outputs, body, scalars)
    return module


def jit(module, opt_level=2, pipeline="builtin.module(rng-to-llvm)"):
    """Lowers ``module`` with ``pipeline`` and JIT-compiles it."""
    PassManager.parse(pipeline).run(module.operation)
    return ExecutionEngine(module, opt_level=opt_level)


def load_philox_kat():
    """(counter[4], key[2], output[4]) rows of philox4x32_10_kat.txt."""
    rows = []
    for line in (VECTORS / "philox4x32_10_kat.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        counter, key, output = (part.split() for part in line.split("|"))
        rows.append(([int(w, 16) for w in counter], [int(w, 16) for w in key],
                     [int(w, 16) for w in output]))
    return rows


def load_triton_vectors():
    return json.loads((VECTORS / "triton_random.json").read_text())


def hex_words(values):
    return np.array([int(v, 16) for v in values], dtype=np.uint32)
