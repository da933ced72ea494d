#!/usr/bin/env python3
"""CPU generation speed: uniform, normal and bits fills on one core.

Fills of N f32 (or i32) values with the Triton family's four-word ops
(rng.rand4x, rng.randn4x, rng.randint4x: one Philox4x32-10 block per four
values) on vector<L x i32> counters, lowered by `rng-to-llvm`, then
`opt -O3` and `llc -O3 -mcpu=native` into a shared library, timed from
Python next to numpy's PCG64 and Philox generators in the same run (best
of REPS, one thread). Prints values per second and the ratio to numpy's
PCG64 (docs/Benchmarks.md, "CPU generation").

Usage: bench/cpu_fill.py [--rng-opt PATH] [--n 16777216] [--lanes 8,16]
                         [--reps 7] [--asm DIR] [--threads 1,2]

`--threads` also runs the uniform fill on several cores: the same loop
inside an `scf.parallel` over chunks of 65,536 counters, through upstream's
OpenMP route (`convert-scf-to-openmp`, then `rng-to-llvm`,
`convert-openmp-to-llvm`, `reconcile-unrealized-casts`), linked with
libomp, one process per thread count (OMP_NUM_THREADS); its output must
equal the one-core fill's bit for bit.

The normal fill is also built with `rng-to-llvm{fast-math=true}`
(`rng-approximate-math`: polynomial log/sin/cos instead of libm per lane)
and compared with the accurate one (largest absolute difference).

`--asm DIR` keeps the assembly of each kernel there (to count the
instructions of the Philox rounds). A benchmark, not a test: nothing is
asserted but that the uniform fill's first values equal the rng.rand4x
model (test/lib/triton_random_model.py).
"""

import argparse
import ctypes
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LLVM_BIN = "/usr/lib/llvm-22/bin"

KINDS = {  # name: (op, result element, results)
    "uniform": ("rng.rand4x", "f32"),
    "normal": ("rng.randn4x", "f32"),
    "bits": ("rng.randint4x", "i32"),
}


def kernel(kind, lanes):
    """fill_<kind>(seed, out, n): counter c = base + lane writes its four
    values to out[c], out[q + c], out[2q + c], out[3q + c] (q = n / 4: four
    contiguous streams, so every store is a whole vector)."""
    op, elem = KINDS[kind]
    v = "vector<%dx" % lanes
    return """
func.func @fill_{kind}_{lanes}(%seed: i32, %out: memref<?x{e}>) attributes {{llvm.emit_c_interface}} {{
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %step = arith.constant {lanes} : index
  %n = memref.dim %out, %c0 : memref<?x{e}>
  %q = arith.divui %n, %c4 : index
  %q2 = arith.addi %q, %q : index
  %q3 = arith.addi %q2, %q : index
  %iota = arith.constant dense<[{iota}]> : {v}i32>
  scf.for %i = %c0 to %q step %step {{
    %b = arith.index_cast %i : index to i32
    %bv = vector.broadcast %b : i32 to {v}i32>
    %ctr = arith.addi %bv, %iota : {v}i32>
    %r:4 = {op} %seed, %ctr : i32, {v}i32>
    %i1 = arith.addi %i, %q : index
    %i2 = arith.addi %i, %q2 : index
    %i3 = arith.addi %i, %q3 : index
    vector.store %r#0, %out[%i] : memref<?x{e}>, {v}{e}>
    vector.store %r#1, %out[%i1] : memref<?x{e}>, {v}{e}>
    vector.store %r#2, %out[%i2] : memref<?x{e}>, {v}{e}>
    vector.store %r#3, %out[%i3] : memref<?x{e}>, {v}{e}>
  }}
  return
}}
""".format(kind=kind, lanes=lanes, e=elem, v=v, op=op, iota=", ".join(map(str, range(lanes))))


PARALLEL = """
func.func @fill_parallel(%seed: i32, %out: memref<?xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %step = arith.constant 16 : index
  %chunk = arith.constant 65536 : index
  %n = memref.dim %out, %c0 : memref<?xf32>
  %q = arith.divui %n, %c4 : index
  %q2 = arith.addi %q, %q : index
  %q3 = arith.addi %q2, %q : index
  %iota = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi32>
  scf.parallel (%j) = (%c0) to (%q) step (%chunk) {
    %end0 = arith.addi %j, %chunk : index
    %end = arith.minui %end0, %q : index
    scf.for %i = %j to %end step %step {
      %b = arith.index_cast %i : index to i32
      %bv = vector.broadcast %b : i32 to vector<16xi32>
      %ctr = arith.addi %bv, %iota : vector<16xi32>
      %r:4 = rng.rand4x %seed, %ctr : i32, vector<16xi32>
      %i1 = arith.addi %i, %q : index
      %i2 = arith.addi %i, %q2 : index
      %i3 = arith.addi %i, %q3 : index
      vector.store %r#0, %out[%i] : memref<?xf32>, vector<16xf32>
      vector.store %r#1, %out[%i1] : memref<?xf32>, vector<16xf32>
      vector.store %r#2, %out[%i2] : memref<?xf32>, vector<16xf32>
      vector.store %r#3, %out[%i3] : memref<?xf32>, vector<16xf32>
    }
    scf.reduce
  }
  return
}
"""

RUN_PARALLEL = """
import ctypes, sys, time
import numpy as np
class MemRef1D(ctypes.Structure):
    _fields_ = [("a", ctypes.c_void_p), ("b", ctypes.c_void_p), ("o", ctypes.c_int64),
                ("s", ctypes.c_int64), ("t", ctypes.c_int64)]
lib = ctypes.CDLL(sys.argv[1])
n, reps = int(sys.argv[2]), int(sys.argv[3])
fn = lib._mlir_ciface_fill_parallel
fn.argtypes = [ctypes.c_int32, ctypes.POINTER(MemRef1D)]
out = np.zeros(n, np.float32)
ref = MemRef1D(out.ctypes.data, out.ctypes.data, 0, n, 1)
times = []
for _ in range(reps):
    start = time.perf_counter()
    fn(42, ctypes.byref(ref))
    times.append(time.perf_counter() - start)
out.tofile(sys.argv[4])
print(min(times))
"""


def find_libomp():
    for d in ["/usr/lib/x86_64-linux-gnu"] + sorted(
            (os.path.join("/usr/lib", x, "lib") for x in os.listdir("/usr/lib") if x.startswith("llvm-")),
            reverse=True):
        if os.path.exists(os.path.join(d, "libomp.so")):
            return d
    return None


def build(rng_opt, source, tmp, asm_dir, passes=("--rng-to-llvm",), name="fill", libs=()):
    mlir = os.path.join(tmp, name + ".mlir")
    with open(mlir, "w") as f:
        f.write(source)
    llvm = subprocess.run([rng_opt, mlir] + list(passes), check=True, capture_output=True).stdout
    ll = subprocess.run([os.path.join(LLVM_BIN, "mlir-translate"), "--mlir-to-llvmir"], input=llvm,
                        check=True, capture_output=True).stdout
    opt = subprocess.run([os.path.join(LLVM_BIN, "opt"), "-O3", "-"], input=ll, check=True,
                         capture_output=True).stdout
    obj = os.path.join(tmp, name + ".o")
    subprocess.run([os.path.join(LLVM_BIN, "llc"), "-O3", "-mcpu=native", "-filetype=obj",
                    "-relocation-model=pic", "-o", obj], input=opt, check=True)
    if asm_dir:
        os.makedirs(asm_dir, exist_ok=True)
        subprocess.run([os.path.join(LLVM_BIN, "llc"), "-O3", "-mcpu=native", "-o",
                        os.path.join(asm_dir, name + ".s")], input=opt, check=True)
    so = os.path.join(tmp, name + ".so")
    subprocess.run([os.path.join(LLVM_BIN, "ld.lld"), "-shared", obj, "-o", so] + list(libs),
                   check=True)
    return so


class MemRef1D(ctypes.Structure):
    _fields_ = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
                ("offset", ctypes.c_int64), ("size", ctypes.c_int64), ("stride", ctypes.c_int64)]


def best(fn, reps):
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rng-opt", default=os.path.join(ROOT, "build", "bin", "rng-opt"))
    parser.add_argument("--n", type=int, default=1 << 24)
    parser.add_argument("--lanes", default="8,16")
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--asm")
    parser.add_argument("--threads", default="")
    args = parser.parse_args()
    lanes = [int(x) for x in args.lanes.split(",")]
    n = args.n
    source = "".join(kernel(kind, l) for kind in KINDS for l in lanes)
    rows = []
    accurate = {}
    with tempfile.TemporaryDirectory() as tmp:
        lib = ctypes.CDLL(build(args.rng_opt, source, tmp, args.asm))
        for kind in KINDS:
            for l in lanes:
                out = np.zeros(n, np.float32 if KINDS[kind][1] == "f32" else np.uint32)
                ref = MemRef1D(out.ctypes.data, out.ctypes.data, 0, n, 1)
                fn = getattr(lib, "_mlir_ciface_fill_%s_%d" % (kind, l))
                fn.argtypes = [ctypes.c_int32, ctypes.POINTER(MemRef1D)]
                fn.restype = None
                seconds = best(lambda: fn(42, ctypes.byref(ref)), args.reps)
                if kind == "uniform" and l == lanes[0]:
                    sys.path.insert(0, os.path.join(ROOT, "test", "lib"))
                    import triton_random_model as tm
                    # out[c] is word 0 of counter c, as a uniform.
                    want = [tm.u2f(tm.randint4x(42, 32, c, 32)[0]) for c in range(4)]
                    got = [int(x) for x in out[:4].view(np.uint32)]
                    check = "first values equal the model" if got == want else \
                        "MISMATCH: %r vs model %r" % (got, want)
                    print("check:", check)
                rows.append(("ours %s (%s, vector<%dxi32>)" % (kind, KINDS[kind][0], l), seconds))
                if kind == "uniform" and l == 16:
                    single = out.copy()
                if kind == "normal":
                    accurate[l] = out.copy()
        # The normals under fast-math (rng-approximate-math: polynomial
        # log/sin/cos), against the accurate ones of the same counters.
        fast = ctypes.CDLL(build(args.rng_opt, "".join(kernel("normal", l) for l in lanes), tmp,
                                 args.asm, passes=("--rng-to-llvm=fast-math=true",), name="fill_fast"))
        for l in lanes:
            out = np.zeros(n, np.float32)
            ref = MemRef1D(out.ctypes.data, out.ctypes.data, 0, n, 1)
            fn = getattr(fast, "_mlir_ciface_fill_normal_%d" % l)
            fn.argtypes = [ctypes.c_int32, ctypes.POINTER(MemRef1D)]
            fn.restype = None
            seconds = best(lambda: fn(42, ctypes.byref(ref)), args.reps)
            error = np.abs(out.astype(np.float64) - accurate[l].astype(np.float64)).max()
            print("check: fast-math normals, vector<%dxi32>: at most %.3g from the accurate ones" % (l, error))
            rows.append(("ours normal, rng-to-llvm{fast-math=true} (rng.randn4x, vector<%dxi32>)" % l, seconds))
        if args.threads:
            omp = find_libomp()
            if not omp:
                print("--threads: no libomp.so found (Debian: libomp-dev); skipped")
            else:
                so = build(args.rng_opt, PARALLEL, tmp, args.asm,
                           passes=("--convert-scf-to-openmp", "--rng-to-llvm", "--convert-openmp-to-llvm",
                                   "--reconcile-unrealized-casts"),
                           name="parallel", libs=("-L" + omp, "-lomp", "-rpath", omp))
                for threads in args.threads.split(","):
                    raw = os.path.join(tmp, "parallel.out")
                    env = dict(os.environ, OMP_NUM_THREADS=threads)
                    seconds = float(subprocess.run(
                        [sys.executable, "-c", RUN_PARALLEL, so, str(n), str(args.reps), raw],
                        env=env, check=True, capture_output=True, text=True).stdout)
                    same = np.array_equal(np.fromfile(raw, np.float32).view(np.uint32), single.view(np.uint32))
                    print("check: %s threads: %s" % (threads, "equal to the one-core fill" if same else "MISMATCH"))
                    rows.append(("ours uniform, scf.parallel -> OpenMP, %s threads (vector<16xi32>)" % threads,
                                 seconds))
    for name, gen in (("PCG64", np.random.PCG64), ("Philox", np.random.Philox)):
        g = np.random.Generator(gen(42))
        out = np.empty(n, np.float32)
        rows.append(("numpy %s random(float32)" % name, best(lambda: g.random(out=out, dtype=np.float32), args.reps)))
        rows.append(("numpy %s standard_normal(float32)" % name,
                     best(lambda: g.standard_normal(out=out, dtype=np.float32), args.reps)))
    pcg = [s for name, s in rows if name == "numpy PCG64 random(float32)"][0]
    print("N = %d values, one thread, best of %d; G/s = values per nanosecond" % (n, args.reps))
    print("| generator | ms | G values/s | x numpy PCG64 uniform |\n|---|---|---|---|")
    for name, seconds in rows:
        print("| %s | %.2f | %.3f | %.2f |" % (name, seconds * 1e3, n / seconds / 1e9, pcg / seconds))


if __name__ == "__main__":
    main()
