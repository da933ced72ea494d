"""The CPU fast-math normals against the formula (docs/Targets.md, "Fast
math"): rng.randn4x, rng.randn and rng.hash_randn lowered by
`rng-to-llvm{fast-math=true}` (polynomial log/sin/cos, rng-approximate-math)
and JIT-compiled, over COUNT counters of several seeds, each value within
BOUND of the formula evaluated in binary64 and rounded once (the Triton
normals: Box-Muller of the u2f uniforms with u1 clamped at 1.0e-7f;
hash_randn: sqrt(-2 log(1 - u1)) cos(fl(2 pi) u2) of the hash draws). The
same program lowered without fast-math (libm) is checked too, and the two
must differ somewhere (fast-math does something). Prints one line per op
and "fast-math normals within the bound"; exits 1 otherwise.

BOUND is the bound docs/Targets.md states, derived from every input of
each step by bench/cpu_fast_normal_exhaustive.py.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hash_random_model as hm  # noqa: E402
import triton_random_model as tm  # noqa: E402
from rng_mlir.execution_engine import ExecutionEngine  # noqa: E402
from rng_mlir.ir import Context, Module  # noqa: E402
from rng_mlir.passmanager import PassManager  # noqa: E402

BOUND = 1.9e-6
COUNT = 1 << 14
SEEDS = [0, 1, -1, 123, 2**31 - 1]

KERNEL = """
func.func @fill(%out: memref<?xf32>, %seed: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %lanes = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi32>
  %total = memref.dim %out, %c0 : memref<?xf32>
  %c6 = arith.constant 6 : index
  %n = arith.divui %total, %c6 : index
  %blocks = arith.divui %n, %c16 : index
  scf.for %b = %c0 to %blocks step %c1 {
    %first = arith.muli %b, %c16 : index
    %f = arith.index_cast %first : index to i32
    %fv = vector.broadcast %f : i32 to vector<16xi32>
    %ctr = arith.addi %fv, %lanes : vector<16xi32>
    %r:4 = rng.randn4x %seed, %ctr : i32, vector<16xi32>
    %one = rng.randn %seed, %ctr : i32, vector<16xi32>
    %h = rng.hash_randn %seed, %ctr : i32, vector<16xi32>
    %p1 = arith.addi %first, %n : index
    %p2 = arith.addi %p1, %n : index
    %p3 = arith.addi %p2, %n : index
    %p4 = arith.addi %p3, %n : index
    %p5 = arith.addi %p4, %n : index
    vector.store %r#0, %out[%first] : memref<?xf32>, vector<16xf32>
    vector.store %r#1, %out[%p1] : memref<?xf32>, vector<16xf32>
    vector.store %r#2, %out[%p2] : memref<?xf32>, vector<16xf32>
    vector.store %r#3, %out[%p3] : memref<?xf32>, vector<16xf32>
    vector.store %one, %out[%p4] : memref<?xf32>, vector<16xf32>
    vector.store %h, %out[%p5] : memref<?xf32>, vector<16xf32>
  }
  return
}
"""


def run(fast, seed):
    with Context():
        module = Module.parse(KERNEL)
        PassManager.parse("builtin.module(rng-to-llvm{fast-math=%s})" %
                          ("true" if fast else "false")).run(module.operation)
        out = np.zeros(6 * COUNT, np.float32)
        ExecutionEngine(module, opt_level=3).invoke("fill", out, seed)
    return out.reshape(6, COUNT)


def box_muller(u1, u2):
    """(r cos t, r sin t) in binary64 from f32 u1 (clamped) and u2."""
    u1 = np.maximum(np.float32(1.0e-7), u1).astype(np.float64)
    t = (tm.TWO_PI * u2).astype(np.float32).astype(np.float64)
    r = np.sqrt(-2.0 * np.log(u1))
    return r * np.cos(t), r * np.sin(t)


def reference(seed):
    words = tm.randint4x_numpy(seed, 32, np.arange(COUNT), 32)
    u = [tm.u2f_numpy(np.asarray(w, dtype=np.uint64).astype(np.uint32))
         for w in words]
    n0, n1 = box_muller(u[0], u[1])
    n2, n3 = box_muller(u[2], u[3])
    hashed = []
    for c in range(COUNT):
        cc = (2 * c) & tm.MASK32
        u1 = tm.bits_to_f32(hm.hash_rand(seed, cc))
        u2 = tm.bits_to_f32(hm.hash_rand(seed, (cc + 1) & tm.MASK32))
        t = np.float64(np.float32(tm.TWO_PI * np.float32(u2)))
        hashed.append(np.sqrt(-2.0 * np.log(1.0 - u1)) * np.cos(t))
    # Each exact value, rounded once to f32.
    return np.stack([n0, n1, n2, n3, n0, np.array(hashed)]).astype(
        np.float32).astype(np.float64)


def main():
    names = ["randn4x #0", "randn4x #1", "randn4x #2", "randn4x #3", "randn",
             "hash_randn"]
    worst = {name: 0.0 for name in names}
    differ = 0
    for seed in SEEDS:
        want = reference(seed)
        fast, accurate = run(True, seed), run(False, seed)
        for i, name in enumerate(names):
            worst[name] = max(worst[name],
                              float(np.abs(fast[i] - want[i]).max()))
        differ += int(np.count_nonzero(fast != accurate))
        # libm's normals: within a few ulp (< 8 in |n| < 8: 2^-20).
        assert np.abs(accurate - want).max() < 2.0**-20, seed
    failures = 0
    for name in names:
        ok = worst[name] <= BOUND
        failures += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {name}: largest |fast - formula| "
              f"= {worst[name]:.3g} (bound {BOUND:.3g})")
    print(f"{differ} of {6 * COUNT * len(SEEDS)} values differ from libm's")
    if differ == 0:
        print("FAIL: fast-math changed nothing")
        failures += 1
    if failures:
        return 1
    print("fast-math normals within the bound")
    return 0


if __name__ == "__main__":
    sys.exit(main())
