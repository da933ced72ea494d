#!/usr/bin/env python3
"""The CPU fast-math normals' bound, from every input of each step.

Under `rng-to-llvm{fast-math=true}` the Box-Muller steps of rng.randn,
rng.randn4x and rng.hash_randn take upstream's polynomial log, sin and cos
(`rng-approximate-math`) instead of libm's. This script lowers the steps as
the lowering writes them (fastmath<afn> log, then -2 *, sqrt; cos and sin
of the angle) with that pipeline, JIT-compiles them and runs them on every
f32 of their input ranges, against binary64:

  r(v)   = sqrt(-2 log v)   every f32 v in [1e-7, 1] (the Triton normals
                            clamp u1 at 1.0e-7f; hash_randn's 1 - u1 is at
                            least 2^-23);
  cos(t), sin(t)            every f32 t in [0, 2 pi) (the angle
                            fl(6.2831855 * u2) of a u2 in [0, 1)).

With E_r, E_c and E_s the largest absolute errors found and r_max the largest
radius, each normal n = fl(r * cos t) (or sin) differs from the correctly
rounded value of the formula (SPEC section 2) by at most

  B = E_r (1 + E_cs) + r_max E_cs + 2^-21       (E_cs = max(E_c, E_s))

(the last term: half an ulp of |n| < 8 for the final product and half for
the correctly rounded reference). `--stride K` takes every K-th f32 of
each range instead of all (the test suite's quick form; the bound is then
measured on that sample only). Prints the measured errors and B; with
`--check-bound X` exits 1 if B exceeds X.

  PYTHONPATH=build/python_packages python3 bench/cpu_fast_normal_exhaustive.py
"""

import argparse
import math
import sys

import numpy as np

from rng_mlir.execution_engine import ExecutionEngine
from rng_mlir.ir import Context, Module
from rng_mlir.passmanager import PassManager

STEPS = """
func.func @radius(%v: memref<?xf32>, %r: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m2 = arith.constant -2.0 : f32
  %n = memref.dim %v, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %v[%i] : memref<?xf32>
    %l = math.log %x fastmath<afn> : f32
    %s = arith.mulf %m2, %l : f32
    %q = math.sqrt %s fastmath<afn> : f32
    memref.store %q, %r[%i] : memref<?xf32>
  }
  return
}
func.func @angle(%t: memref<?xf32>, %c: memref<?xf32>, %s: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %t, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %t[%i] : memref<?xf32>
    %cx = math.cos %x fastmath<afn> : f32
    %sx = math.sin %x fastmath<afn> : f32
    memref.store %cx, %c[%i] : memref<?xf32>
    memref.store %sx, %s[%i] : memref<?xf32>
  }
  return
}
"""

CHUNK = 1 << 24


def f32_bits(value):
    return int(np.array(value, np.float32).view(np.uint32))


def ranges(first, last, stride):
    """The f32 bit patterns first..last (inclusive), every stride-th, in
    chunks."""
    for start in range(first, last + 1, CHUNK * stride):
        stop = min(start + CHUNK * stride, last + 1)
        yield np.arange(start, stop, stride, dtype=np.uint32).view(np.float32)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stride", type=int, default=1)
    parser.add_argument("--check-bound", type=float)
    args = parser.parse_args()
    with Context():
        module = Module.parse(STEPS)
        PassManager.parse("builtin.module(rng-to-llvm{fast-math=true})").run(
            module.operation)
        assert "math." not in str(module)
        engine = ExecutionEngine(module, opt_level=3)
        e_r = r_max = 0.0
        count_v = 0
        for v in ranges(f32_bits(np.float32(1.0e-7)), f32_bits(1.0),
                        args.stride):
            r = np.empty_like(v)
            engine.invoke("radius", v, r)
            exact = np.sqrt(-2.0 * np.log(v.astype(np.float64)))
            e_r = max(e_r, float(np.abs(r - exact).max()))
            r_max = max(r_max, float(exact.max()))
            count_v += len(v)
        e_c = e_s = 0.0
        count_t = 0
        two_pi = f32_bits(np.float32(2 * math.pi))
        for t in ranges(0, two_pi - 1, args.stride):
            c, s = np.empty_like(t), np.empty_like(t)
            engine.invoke("angle", t, c, s)
            t64 = t.astype(np.float64)
            e_c = max(e_c, float(np.abs(c - np.cos(t64)).max()))
            e_s = max(e_s, float(np.abs(s - np.sin(t64)).max()))
            count_t += len(t)
    e_cs = max(e_c, e_s)
    bound = e_r * (1 + e_cs) + r_max * e_cs + 2.0**-21
    print(f"log step: {count_v} f32 v in [1e-7, 1]: largest |r - sqrt(-2 ln v)|"
          f" = {e_r:.3g} (r up to {r_max:.4f})")
    print(f"angle: {count_t} f32 t in [0, 2 pi): largest |cos error| = "
          f"{e_c:.3g}, |sin error| = {e_s:.3g}")
    print(f"bound on |n - correctly rounded n|: B = {bound:.3g}")
    if args.check_bound is not None and bound > args.check_bound:
        print(f"FAIL: B = {bound:.3g} exceeds {args.check_bound:.3g}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
