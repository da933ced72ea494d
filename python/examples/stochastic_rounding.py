"""Stochastic rounding of a numpy array to bf16 with rng-mlir, on the CPU.

Round-to-nearest sends every value to the nearest bf16, so when the values
sit systematically on one side of the bf16 grid (small updates added to a
weight, say) the rounding errors add up. Stochastic rounding rounds up with
probability equal to the discarded fraction, so each result is x on average
and the mean of the array is preserved.

The kernel draws 32 random bits per element with rng.randint(seed, i)
(Triton's tl.randint) and rounds with round.stochastic, which uses the low
16 of them for bf16:

    for i in range(n):
        bits = rng.randint(seed, i)
        y[i] = round.stochastic(x[i], bits) -> bf16

numpy has no bf16: the results are bf16 bit patterns in a uint16 array.

Run: PYTHONPATH=<build>/python_packages python3 python/examples/stochastic_rounding.py
"""

import numpy as np

from rng_mlir.dialects import arith, func, memref, rng, scf
from rng_mlir.dialects import round_
from rng_mlir.execution_engine import ExecutionEngine
from rng_mlir.ir import (
    BF16Type,
    Context,
    F32Type,
    IndexType,
    InsertionPoint,
    IntegerType,
    Location,
    MemRefType,
    Module,
    ShapedType,
)
from rng_mlir.passmanager import PassManager


def _build_module():
    f32, bf16 = F32Type.get(), BF16Type.get()
    i32, index = IntegerType.get_signless(32), IndexType.get()
    dynamic = ShapedType.get_dynamic_size()
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("round_to_bf16", ([MemRefType.get([dynamic], f32),
                                           MemRefType.get([dynamic], bf16),
                                           i32], []))
        with InsertionPoint(f.add_entry_block()):
            x, y, seed = f.arguments
            n = memref.dim(x, arith.constant(index, 0))
            for i in scf.for_(0, n):
                bits = rng.randint(seed, arith.index_cast(i32, i))
                value = memref.load(x, [i])
                memref.store(round_.stochastic(bf16, value, bits), y, [i])
            func.return_([])
    return module


class StochasticRounder:
    """x (float32) -> bf16 bit patterns, rounded stochastically."""

    def __init__(self, opt_level=2):
        self.context = Context()
        with self.context, Location.unknown():
            module = _build_module()
            self.ir = str(module)
            PassManager.parse("builtin.module(rng-to-llvm)").run(
                module.operation)
            self.engine = ExecutionEngine(module, opt_level=opt_level)

    def __call__(self, x, seed):
        x = np.ascontiguousarray(x, dtype=np.float32)
        y = np.empty(x.shape, np.uint16)
        self.engine.invoke("round_to_bf16", x, y, seed)
        return y


def bf16_to_float32(bits):
    return (np.asarray(bits, np.uint32) << 16).view(np.float32)


def round_to_nearest_bf16(x):
    """Round-to-nearest-even bf16 bit patterns of finite float32 values."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def example_data(n=1 << 16, seed=0):
    """Values just above bf16 grid points in [1, 2): within the lower half of
    each gap, so round-to-nearest always rounds down."""
    gen = np.random.default_rng(seed)
    grid = 1.0 + gen.integers(0, 128, n) / 128.0  # bf16 spacing in [1, 2)
    return (grid + gen.uniform(0.0, 0.5 / 128, n)).astype(np.float32)


def main():
    x = example_data()
    rounder = StochasticRounder()
    stochastic = bf16_to_float32(rounder(x, seed=2024)).astype(np.float64)
    nearest = bf16_to_float32(round_to_nearest_bf16(x)).astype(np.float64)
    mean = x.astype(np.float64).mean()
    print(f"{len(x)} values in [1, 2); bf16 spacing there: {2**-7}")
    print(f"mean of x:                   {mean:.7f}")
    print(f"mean after round-to-nearest: {nearest.mean():.7f}"
          f"  (error {nearest.mean() - mean:+.2e})")
    print(f"mean after stochastic:       {stochastic.mean():.7f}"
          f"  (error {stochastic.mean() - mean:+.2e})")


if __name__ == "__main__":
    main()
