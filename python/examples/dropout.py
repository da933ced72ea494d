"""Triton's "Low-Memory Dropout" lesson with rng-mlir, on the CPU.

Dropout zeroes each element of x with probability p and scales the others by
1 / (1 - p). Triton's lesson draws the mask from a seed and the element
offsets with tl.rand instead of storing it:

    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    random = tl.rand(seed, offsets)
    x_keep = random > p
    output = tl.where(x_keep, x / (1 - p), 0.0)
    tl.store(output_ptr + offsets, output, mask=mask)

The same kernel is built here with rng_mlir's builders (rng.rand reproduces
tl.rand bit for bit, so the mask is the one Triton draws on a GPU for the
same seed), lowered with the rng-to-llvm pipeline and run on numpy arrays.
The backward pass needs no stored mask either: it recomputes it from the
seed and the offsets, so the gradient is zero exactly where the forward
output was.

Run: PYTHONPATH=<build>/python_packages python3 python/examples/dropout.py
"""

import numpy as np

from rng_mlir.dialects import arith, func, memref, rng, scf, vector
from rng_mlir.execution_engine import ExecutionEngine
from rng_mlir.ir import (
    Context,
    DenseElementsAttr,
    F32Type,
    IndexType,
    InsertionPoint,
    IntegerType,
    Location,
    MemRefType,
    Module,
    ShapedType,
    VectorType,
)
from rng_mlir.passmanager import PassManager

BLOCK_SIZE = 16  # lanes per block: offsets are a vector<16xi32>


def _dropout_function(name):
    """func @name(%src, %dst: memref<?xf32>, %p: f32, %seed: i32):
    dst[i] = rand(seed, i) > p ? src[i] / (1 - p) : 0, a block of
    BLOCK_SIZE offsets at a time, masked at the end like Triton's kernel.
    The forward pass runs it on x, the backward pass on the output
    gradient."""
    f32, i32, index = F32Type.get(), IntegerType.get_signless(32), IndexType.get()
    vf32 = VectorType.get([BLOCK_SIZE], f32)
    vi32 = VectorType.get([BLOCK_SIZE], i32)
    vi1 = VectorType.get([BLOCK_SIZE], IntegerType.get_signless(1))
    buffer = MemRefType.get([ShapedType.get_dynamic_size()], f32)

    f = func.FuncOp(name, ([buffer, buffer, f32, i32], []))
    with InsertionPoint(f.add_entry_block()):
        src, dst, p, seed = f.arguments
        n = memref.dim(src, arith.constant(index, 0))
        arange = arith.constant(vi32, DenseElementsAttr.get(
            np.arange(BLOCK_SIZE, dtype=np.int32), type=vi32))
        zeros = arith.constant(vf32, 0.0)
        threshold = vector.broadcast(vf32, p)
        keep_scale = vector.broadcast(
            vf32, arith.subf(arith.constant(f32, 1.0), p))
        for block_start in scf.for_(0, n, BLOCK_SIZE):
            # offsets = block_start + tl.arange(0, BLOCK_SIZE)
            start = arith.index_cast(i32, block_start)
            offsets = arith.addi(vector.broadcast(vi32, start), arange)
            # mask = offsets < n_elements
            mask = vector.create_mask(vi1, arith.subi(n, block_start))
            x = vector.maskedload(vf32, src, [block_start], mask, zeros)
            # random = tl.rand(seed, offsets); x_keep = random > p
            random = rng.rand(seed, offsets)
            keep = arith.cmpf("ogt", random, threshold)
            # output = tl.where(x_keep, x / (1 - p), 0.0)
            output = arith.select(keep, arith.divf(x, keep_scale), zeros)
            vector.maskedstore(dst, [block_start], mask, output)
        func.return_([])
    return f


class Dropout:
    """Forward and backward seeded dropout, JIT-compiled once."""

    def __init__(self, opt_level=2):
        self.context = Context()
        with self.context, Location.unknown():
            module = Module.create()
            with InsertionPoint(module.body):
                _dropout_function("dropout_forward")
                _dropout_function("dropout_backward")
            self.ir = str(module)
            PassManager.parse("builtin.module(rng-to-llvm)").run(
                module.operation)
            self.engine = ExecutionEngine(module, opt_level=opt_level)

    def forward(self, x, p, seed):
        """Dropout of the float32 array x with probability p."""
        x = np.ascontiguousarray(x, dtype=np.float32)
        output = np.empty_like(x)
        self.engine.invoke("dropout_forward", x, output, p, seed)
        return output

    def backward(self, grad_output, p, seed):
        """The gradient of forward(x, p, seed) with respect to x, given the
        gradient of its output: the mask is recomputed, not stored."""
        grad_output = np.ascontiguousarray(grad_output, dtype=np.float32)
        grad_x = np.empty_like(grad_output)
        self.engine.invoke("dropout_backward", grad_output, grad_x, p, seed)
        return grad_x


def main():
    dropout = Dropout()
    x = np.random.default_rng(0).standard_normal(10).astype(np.float32)
    p = 0.5
    np.set_printoptions(precision=3, suppress=True, linewidth=100)
    print("input         ", x)
    for seed in (123, 123, 512):
        print(f"seed {seed:4d} output", dropout.forward(x, p, seed))
    y = dropout.forward(x, p, 123)
    grad = dropout.backward(np.ones_like(x), p, 123)
    print("gradient (seed 123, upstream gradient 1)", grad)
    print("gradient zero exactly where the output is zero:",
          bool(np.array_equal(grad == 0, y == 0)))


if __name__ == "__main__":
    main()
