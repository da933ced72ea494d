#!/usr/bin/env python3
"""Compile time and run time of the outlined and the inline lowering.

A hot loop of K rng.rand ops (offsets i*K + j, their sum carried: nothing
folds or is dead) is lowered twice: by `rng-to-llvm` as it is (outlined,
since the module holds more than `outline-above` = 256 ops) and with
`convert-rng-to-arith{outline-above=<huge>}` first (inline). Each goes
through mlir-translate, `opt -O3` and `llc -O3 -mcpu=native` into a shared
library; the loop runs N iterations, timed from Python (best of REPS).
Prints, per K, the rng-opt time, the opt time and the run time of both,
side by side (docs/Benchmarks.md, "Outlined code runs as fast as inline").

Usage: bench/outline_runtime.py [--rng-opt PATH] [--ops 100,300,1000]
                                [--iterations 20000] [--reps 7]

A benchmark, not a test: nothing is asserted; the two results must be equal
(the same bits), which is checked.
"""

import argparse
import ctypes
import os
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LLVM_BIN = "/usr/lib/llvm-22/bin"


def program(k):
    lines = ["func.func @hot(%n: index, %seed: i32) -> f32 attributes {llvm.emit_c_interface} {",
             "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
             "  %z = arith.constant 0.0 : f32", "  %%kk = arith.constant %d : i32" % k,
             "  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {",
             "    %b = arith.index_cast %i : index to i32",
             "    %base = arith.muli %b, %kk : i32"]
    prev = "%acc"
    for j in range(k):
        lines += ["    %%cj%d = arith.constant %d : i32" % (j, j),
                  "    %%o%d = arith.addi %%base, %%cj%d : i32" % (j, j),
                  "    %%u%d = rng.rand %%seed, %%o%d : i32, i32" % (j, j),
                  "    %%s%d = arith.addf %s, %%u%d : f32" % (j, prev, j)]
        prev = "%%s%d" % j
    lines += ["    scf.yield %s : f32" % prev, "  }", "  return %r : f32", "}"]
    return "\n".join(lines) + "\n"


def timed(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, check=True)
    return time.perf_counter() - start


def build(rng_opt, src, tmp, name, pipeline):
    base = os.path.join(tmp, name)
    t_mlir = timed([rng_opt, src, "--pass-pipeline=" + pipeline, "-o", base + ".mlir"])
    subprocess.run([os.path.join(LLVM_BIN, "mlir-translate"), "--mlir-to-llvmir",
                    base + ".mlir", "-o", base + ".ll"], check=True)
    t_opt = timed([os.path.join(LLVM_BIN, "opt"), "-O3", base + ".ll", "-o", base + ".bc"])
    subprocess.run([os.path.join(LLVM_BIN, "llc"), "-O3", "-mcpu=native", "-filetype=obj",
                    "-relocation-model=pic", base + ".bc", "-o", base + ".o"], check=True)
    subprocess.run(["gcc", "-shared", base + ".o", "-o", base + ".so"], check=True)
    return t_mlir, t_opt, base + ".so"


def run(so, iterations, reps):
    f = ctypes.CDLL(so)._mlir_ciface_hot
    f.restype, f.argtypes = ctypes.c_float, [ctypes.c_int64, ctypes.c_int32]
    best, value = float("inf"), None
    for _ in range(reps):
        start = time.perf_counter()
        value = f(iterations, 7)
        best = min(best, time.perf_counter() - start)
    return best, value


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rng-opt", default=os.path.join(ROOT, "build", "bin", "rng-opt"))
    ap.add_argument("--ops", default="100,300,1000")
    ap.add_argument("--iterations", type=int, default=20000)
    ap.add_argument("--reps", type=int, default=7)
    args = ap.parse_args()
    print("| rng.rand ops in the loop | lowering | rng-opt s | opt -O3 s | run ms "
          "(%d iterations, best of %d) |" % (args.iterations, args.reps))
    print("|---:|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for k in (int(x) for x in args.ops.split(",")):
            src = os.path.join(tmp, "hot%d.mlir" % k)
            open(src, "w").write(program(k))
            results = {}
            for name, pipeline in [
                    ("outlined (default)", "builtin.module(rng-to-llvm)"),
                    ("inline", "builtin.module(convert-rng-to-arith{outline-above=4294967295},"
                               "rng-to-llvm)")]:
                t_mlir, t_opt, so = build(args.rng_opt, src, tmp,
                                          "k%d_%s" % (k, name.split()[0]), pipeline)
                t_run, value = run(so, args.iterations, args.reps)
                results[name] = value
                print("| %d | %s | %.2f | %.2f | %.2f |" % (k, name, t_mlir, t_opt, t_run * 1e3))
            if len(set(results.values())) != 1:
                raise SystemExit("the two lowerings computed different sums: %s" % results)


if __name__ == "__main__":
    main()
