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

PyTorch's layout (SPEC §9.2): `torch.rand(N)` on an H200 (S =
rng.torch_threads(N)) with rng.torch_uniform, once element by element
(consecutive indices, one Philox block per value) and once in PyTorch's own
structure (thread t < S in iteration k draws t + 4kS and the three
elements S apart: one draw group per vector, one block per four values);
both outputs must be equal, and equal to the model
(test/lib/torch_random_model.py) at 4,096 indices across the tensor.

`--asm DIR` keeps the assembly of each kernel there (to count the
instructions of the Philox rounds). A benchmark, not a test: nothing is
asserted but the checks above, which it prints.
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

TORCH_THREADS = 270336  # an H200: 132 multiprocessors of 2048 threads


def torch_kernels(n):
    """torch_elem(seed, offset, out): out[e] = torch.rand's element e, one
    op per vector<16> of consecutive indices; torch_group: the same values
    in PyTorch's structure (S a constant, index arithmetic `nuw`, so the
    lowering proves each group's first index starts its draw)."""
    s = min(256 * ((n + 255) // 256), TORCH_THREADS)
    iota = ", ".join(map(str, range(16)))
    return """
func.func @torch_elem(%seed: i64, %offset: i64, %out: memref<?xf32>) attributes {{llvm.emit_c_interface}} {{
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %s = arith.constant {s} : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %iota = arith.constant dense<[{iota}]> : vector<16xi64>
  %n = memref.dim %out, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c16 {{
    %b = arith.index_cast %i : index to i64
    %bv = vector.broadcast %b : i64 to vector<16xi64>
    %e = arith.addi %bv, %iota : vector<16xi64>
    %u = rng.torch_uniform %seed, %offset, %s, %e, %lo, %hi : (i64, i64, i64, vector<16xi64>, f32, f32) -> vector<16xf32>
    vector.store %u, %out[%i] : memref<?xf32>, vector<16xf32>
  }}
  return
}}

func.func @torch_group(%seed: i64, %offset: i64, %out: memref<?xf32>) attributes {{llvm.emit_c_interface}} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %s = arith.constant {s} : i64
  %sx = arith.constant {s} : index
  %c4 = arith.constant 4 : i64
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %iota = arith.constant dense<[{iota}]> : vector<16xi64>
  %d1 = arith.constant dense<{s1}> : vector<16xi64>
  %d2 = arith.constant dense<{s2}> : vector<16xi64>
  %d3 = arith.constant dense<{s3}> : vector<16xi64>
  %last = arith.constant {last} : i64
  %n = memref.dim %out, %c0 : memref<?xf32>
  %nw = arith.index_cast %n : index to i64
  %nv = vector.broadcast %nw : i64 to vector<16xi64>
  %span = arith.constant {span} : index
  %n1 = arith.addi %n, %span : index
  %n2 = arith.subi %n1, %c1 : index
  %iterations = arith.divui %n2, %span : index
  scf.for %kx = %c0 to %iterations step %c1 {{
    %k = arith.index_cast %kx : index to i64
    %k4 = arith.muli %k, %c4 overflow<nuw> : i64
    %p = arith.muli %k4, %s overflow<nuw> : i64
    scf.for %tx = %c0 to %sx step %c16 {{
      %t = arith.index_cast %tx : index to i64
      %b = arith.addi %p, %t overflow<nuw> : i64
      %bv = vector.broadcast %b : i64 to vector<16xi64>
      %e0 = arith.addi %bv, %iota overflow<nuw> : vector<16xi64>
      %e1 = arith.addi %e0, %d1 overflow<nuw> : vector<16xi64>
      %e2 = arith.addi %e0, %d2 overflow<nuw> : vector<16xi64>
      %e3 = arith.addi %e0, %d3 overflow<nuw> : vector<16xi64>
      %u0 = rng.torch_uniform %seed, %offset, %s, %e0, %lo, %hi : (i64, i64, i64, vector<16xi64>, f32, f32) -> vector<16xf32>
      %u1 = rng.torch_uniform %seed, %offset, %s, %e1, %lo, %hi : (i64, i64, i64, vector<16xi64>, f32, f32) -> vector<16xf32>
      %u2 = rng.torch_uniform %seed, %offset, %s, %e2, %lo, %hi : (i64, i64, i64, vector<16xi64>, f32, f32) -> vector<16xf32>
      %u3 = rng.torch_uniform %seed, %offset, %s, %e3, %lo, %hi : (i64, i64, i64, vector<16xi64>, f32, f32) -> vector<16xf32>
      %x0 = arith.index_cast %b : i64 to index
      %x1 = arith.addi %x0, %sx : index
      %x2 = arith.addi %x1, %sx : index
      %x3 = arith.addi %x2, %sx : index
      %top = arith.addi %b, %last : i64
      %full = arith.cmpi ult, %top, %nw : i64
      scf.if %full {{
        vector.store %u0, %out[%x0] : memref<?xf32>, vector<16xf32>
        vector.store %u1, %out[%x1] : memref<?xf32>, vector<16xf32>
        vector.store %u2, %out[%x2] : memref<?xf32>, vector<16xf32>
        vector.store %u3, %out[%x3] : memref<?xf32>, vector<16xf32>
      }} else {{
        %m0 = arith.cmpi ult, %e0, %nv : vector<16xi64>
        %m1 = arith.cmpi ult, %e1, %nv : vector<16xi64>
        %m2 = arith.cmpi ult, %e2, %nv : vector<16xi64>
        %m3 = arith.cmpi ult, %e3, %nv : vector<16xi64>
        vector.maskedstore %out[%x0], %m0, %u0 : memref<?xf32>, vector<16xi1>, vector<16xf32>
        vector.maskedstore %out[%x1], %m1, %u1 : memref<?xf32>, vector<16xi1>, vector<16xf32>
        vector.maskedstore %out[%x2], %m2, %u2 : memref<?xf32>, vector<16xi1>, vector<16xf32>
        vector.maskedstore %out[%x3], %m3, %u3 : memref<?xf32>, vector<16xi1>, vector<16xf32>
      }}
    }}
  }}
  return
}}
""".format(s=s, s1=s, s2=2 * s, s3=3 * s, last=3 * s + 15, span=4 * s, iota=iota)


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
        # torch.rand(N) in PyTorch's layout, element by element and in
        # PyTorch's structure.
        torch = ctypes.CDLL(build(args.rng_opt, torch_kernels(n), tmp, args.asm, name="torch"))
        seed, offset = 42, 8
        outputs = {}
        for name, what in (("torch_elem", "element by element, vector<16xi64> indices"),
                           ("torch_group", "PyTorch's structure: draw groups, vector<16xi64>")):
            out = np.zeros(n, np.float32)
            ref = MemRef1D(out.ctypes.data, out.ctypes.data, 0, n, 1)
            fn = getattr(torch, "_mlir_ciface_" + name)
            fn.argtypes = [ctypes.c_int64, ctypes.c_int64, ctypes.POINTER(MemRef1D)]
            fn.restype = None
            seconds = best(lambda: fn(seed, offset, ctypes.byref(ref)), args.reps)
            outputs[name] = out
            rows.append(("ours torch.rand (rng.torch_uniform, %s)" % what, seconds))
        sys.path.insert(0, os.path.join(ROOT, "test", "lib"))
        import torch_random_model as pm
        s = min(256 * ((n + 255) // 256), TORCH_THREADS)
        sample = np.unique(np.linspace(0, n - 1, 4096).astype(np.int64))
        want = pm.torch_uniform(seed, offset, s, sample, "f32", 0.0, 1.0).view(np.uint32)
        same = np.array_equal(outputs["torch_elem"].view(np.uint32), outputs["torch_group"].view(np.uint32))
        model = np.array_equal(outputs["torch_group"][sample].view(np.uint32), want)
        print("check: torch.rand layout: the two fills %s; %d sampled values %s" % (
            "are equal" if same else "DIFFER", len(sample),
            "equal the model" if model else "DIFFER from the model"))
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
