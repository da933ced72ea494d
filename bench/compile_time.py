#!/usr/bin/env python3
"""Compile-time and memory benchmark of rng-mlir's lowerings and folders.

Prints three tables (docs/Benchmarks.md, "Compile time", records a run):

1. scaling: modules of 1k, 10k and 100k rng/round ops that share one seed
   (per offset i: rng.randn4x, rng.randint and round.stochastic of the first
   normal with the integer as random bits, as in a dropout/quantization
   kernel), through `convert-rng-to-arith` and through `rng-to-llvm`: CPU time
   (user + system) of the whole rng-opt run, its time per op and peak RSS.
   Linear lowering keeps the time per op flat. The `torch` module: per
   element e, rng.torch_uniform at index e (PyTorch's layout: the ops of
   one draw group share a Philox block) with every result stored.
2. folding: every op that folds, with one operand a 1M-element non-splat
   constant (the others scalar constants), through `canonicalize`, against
   the same run without a pass (parsing and printing): extra time and extra
   peak RSS, and whether the op was folded (above the folders' element limit
   it is not).
3. unrolling: rng.randn4x on vector<1024xi32> and round.stochastic on
   vector<1024xf32> through `rng-to-nvvm{chip=sm_100a}` (in a gpu.module)
   against the host route `rng-to-llvm`.

Usage: bench/compile_time.py [--rng-opt PATH] [--sizes 1000,10000,100000]
                             [--sections scaling,folding,unrolling]
                             [--outline-above N]

This is a benchmark, not a test: nothing is asserted. The numbers depend on
the machine and its load; CPU time is steadier than wall time on a shared
machine.
"""

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The number of elements of the folding section's non-splat constants.
FOLD_ELEMENTS = 1 << 20
# The vector size of the unrolling section.
UNROLL_ELEMENTS = 1024


def find_rng_opt(path):
    if path:
        return path
    built = os.path.join(ROOT, "build", "bin", "rng-opt")
    if os.path.exists(built):
        return built
    found = shutil.which("rng-opt")
    if not found:
        sys.exit("compile_time.py: no rng-opt; pass --rng-opt PATH")
    return found


def measure(command, stderr_path=None):
    """(CPU seconds, wall seconds, peak RSS in MiB, stdout) of one run of
    `command`, from os.wait4's rusage of exactly that process. Its stderr
    goes to `stderr_path` if given. Exits on failure."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        errors = err.read().decode(errors="replace")
        if returncode != 0:
            sys.exit("compile_time.py: failed (exit %d): %s\n%s" %
                     (returncode, " ".join(command), errors))
        if stderr_path:
            with open(stderr_path, "w") as f:
                f.write(errors)
        out.seek(0)
        stdout = out.read().decode(errors="replace")
    cpu = usage.ru_utime + usage.ru_stime
    return cpu, wall, usage.ru_maxrss / 1024.0, stdout


# --------------------------------------------------------------------------
# 1. Scaling with the number of ops (one shared seed)
# --------------------------------------------------------------------------


def scaling_module(num_ops, variant):
    """A function with num_ops rng/round ops sharing one seed, with distinct
    offsets; returns its text. Variants: `stored` and `unused`, num_ops / 3
    groups of rng.randn4x, rng.randint (one Philox block for both) and
    round.stochastic of the first normal with the integer as random bits,
    every rounded value stored to memory or the results unused (the rng
    passes erase the unused ops instead of lowering them); `randint`,
    num_ops rng.randint with unused results (each its own Philox block);
    `torch`, num_ops rng.torch_uniform of consecutive indices (S = 1024,
    so groups of four share a draw), every result stored."""
    if variant == "torch":
        lines = ["func.func @kernel(%%seed: i64, %%out: memref<%dxf32>) {" %
                 num_ops,
                 "  %off = arith.constant 0 : i64",
                 "  %S = arith.constant 1024 : i64",
                 "  %f0 = arith.constant 0.0 : f32",
                 "  %f1 = arith.constant 1.0 : f32"]
        for i in range(num_ops):
            e = (i % 4) * 1024 + i // 4  # components of a draw side by side
            lines += [
                "  %%e%d = arith.constant %d : i64" % (i, e),
                "  %%u%d = rng.torch_uniform %%seed, %%off, %%S, %%e%d, %%f0, "
                "%%f1 : (i64, i64, i64, i64, f32, f32) -> f32" % (i, i),
                "  %%i%d = arith.constant %d : index" % (i, i),
                "  memref.store %%u%d, %%out[%%i%d] : memref<%dxf32>" %
                (i, i, num_ops),
            ]
        lines += ["  return", "}"]
        return "\n".join(lines) + "\n"
    if variant == "randint":
        lines = ["func.func @kernel(%seed: i32) {"]
        for i in range(num_ops):
            lines += [
                "  %%o%d = arith.constant %d : i32" % (i, i),
                "  %%r%d = rng.randint %%seed, %%o%d : i32, i32" % (i, i),
            ]
        lines += ["  return", "}"]
        return "\n".join(lines) + "\n"
    groups = num_ops // 3
    lines = [
        "func.func @kernel(%%seed: i32, %%out: memref<%dxbf16>) {" % groups,
    ]
    for i in range(groups):
        lines += [
            "  %%o%d = arith.constant %d : i32" % (i, i),
            "  %%n%d:4 = rng.randn4x %%seed, %%o%d : i32, i32" % (i, i),
            "  %%r%d = rng.randint %%seed, %%o%d : i32, i32" % (i, i),
            "  %%s%d = round.stochastic %%n%d#0, %%r%d : f32, i32 -> bf16" %
            (i, i, i),
        ]
        if variant == "stored":
            lines += [
                "  %%i%d = arith.constant %d : index" % (i, i),
                "  memref.store %%s%d, %%out[%%i%d] : memref<%dxbf16>" %
                (i, i, groups),
            ]
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def pass_times(timing_report):
    """{pass name: wall seconds} from an --mlir-timing report: lines
    "W ( P%) Name" or, where the report has a user-time column too,
    "U ( P%) W ( P%) Name" (the wall time is the last number)."""
    times = {}
    for line in timing_report.splitlines():
        fields = line.split()
        if len(fields) not in (4, 7) or not fields[-1].endswith("Pass"):
            continue
        if fields[-3] != "(":
            continue
        wall = float(fields[-4])
        times[fields[-1]] = times.get(fields[-1], 0.0) + wall
    return times


def section_scaling(rng_opt, sizes, tmp, pipelines, variants,
                    outline_above=None):
    print("## Scaling: ops sharing one seed, distinct offsets\n")
    print("module: `stored` or `unused`, groups of randn4x, randint and "
          "round.stochastic whose results are stored or unused; `randint`, "
          "rng.randint only; `torch`, rng.torch_uniform of a PyTorch "
          "layout, stored. "
          "CPU s: the whole rng-opt run (parsing, all passes, verification, "
          "printing). rng passes: wall time of convert-rng-to-arith and "
          "convert-round-to-arith (--mlir-timing, verification included), "
          "and per op.\n")
    print("| ops | module | pipeline | CPU s | rng passes s "
          "| rng passes us/op | peak RSS MiB |")
    print("|---:|---|---|---:|---:|---:|---:|")
    for size in sizes:
        for variant in variants:
            num_ops = (size if variant in ("randint", "torch") else
                       size - size % 3)
            path = os.path.join(tmp, "scaling.mlir")
            with open(path, "w") as f:
                f.write(scaling_module(num_ops, variant))
            for pipeline in pipelines:
                report = os.path.join(tmp, "timing.txt")
                # With --outline-above, both lowerings run first with that
                # threshold (the pipeline's own are then no-ops).
                first = [] if outline_above is None else [
                    "--convert-round-to-arith=outline-above=%d" % outline_above,
                    "--convert-rng-to-arith=outline-above=%d" % outline_above]
                cpu, _, rss, _ = measure(
                    [rng_opt, path] + first +
                    ["--" + pipeline, "-o", os.devnull,
                     "--mlir-timing", "--mlir-output-format=text"],
                    stderr_path=report)
                with open(report) as f:
                    times = pass_times(f.read())
                ours = times.get("ConvertRngToArithPass", 0.0) + times.get(
                    "ConvertRoundToArithPass", 0.0)
                print("| %d | %s | `%s` | %.2f | %.2f | %.1f | %.0f |" %
                      (num_ops, variant, pipeline, cpu, ours,
                       ours / num_ops * 1e6, rss))
                sys.stdout.flush()
    print()


# --------------------------------------------------------------------------
# 2. Folding a 1M-element non-splat constant
# --------------------------------------------------------------------------


def dense_hex(element_bits, count, value):
    """A dense<"0x..."> literal of `count` little-endian elements of
    `element_bits` bits, element i holding value(i)."""
    nbytes = element_bits // 8
    data = bytearray()
    mask = (1 << element_bits) - 1
    for i in range(count):
        data += (value(i) & mask).to_bytes(nbytes, "little")
    return 'dense<"0x%s">' % data.hex().upper()


def fold_cases():
    """(op name, the big constant's type and element bits, the op's line
    with {v} for the big constant, the value to return and its type). The
    scalar constants %s32, %s32b, %s64, %p, %pd, %off, %S, %f0, %f1, %scale
    and the splats %rs and %Sv are defined in the module."""
    n = FOLD_ELEMENTS
    i32, i64 = "tensor<%dxi32>" % n, "tensor<%dxi64>" % n
    f32, f64 = "tensor<%dxf32>" % n, "tensor<%dxf64>" % n
    i1 = "tensor<%dxi1>" % n
    bf16, e4m3 = "tensor<%dxbf16>" % n, "tensor<%dxf8E4M3FN>" % n
    # Dropout's width as PyTorch picks it: halved from 4 until it divides n.
    vec = next(w for w in (4, 2, 1) if n % w == 0)
    return [
        ("rng.philox_4x32", i32, 32, "%r:4 = rng.philox_4x32 {v}, {v}, "
         "{v}, {v} key %s32, %s32 : " + i32 + ", i32", "%r#0", i32),
        ("rng.randint", i32, 32, "%r = rng.randint %s32, {v} : i32, " + i32,
         "%r", i32),
        ("rng.randint4x", i32, 32,
         "%r:4 = rng.randint4x %s32, {v} : i32, " + i32, "%r#0", i32),
        ("rng.rand", i32, 32, "%r = rng.rand %s32, {v} : i32, " + i32, "%r",
         f32),
        ("rng.rand4x", i32, 32, "%r:4 = rng.rand4x %s32, {v} : i32, " + i32,
         "%r#0", f32),
        ("rng.lowbias32", i32, 32, "%r = rng.lowbias32 {v} : " + i32, "%r",
         i32),
        ("rng.hash_rand", i32, 32,
         "%r = rng.hash_rand %s32, {v} : i32, " + i32, "%r", f32),
        ("rng.hash_dropout", f32, 32, "%r = rng.hash_dropout {v}, %p, %s32, "
         "%s32 : " + f32 + ", f32, i32, i32", "%r", f32),
        ("rng.dropout", f32, 32, "%r = rng.dropout {v}, %p, %s32, %s32 : "
         + f32 + ", f32, i32, i32", "%r", f32),
        ("rng.splitmix64", i64, 64, "%r = rng.splitmix64 {v} : " + i64, "%r",
         i64),
        ("rng.tr_dropout_sample", i64, 64, "%r = rng.tr_dropout_sample %s64, "
         "%s64, {v} : i64, i64, " + i64, "%r", f32),
        ("rng.threefry_2x32", i32, 32, "%r:2 = rng.threefry_2x32 {v}, {v} "
         "key %s32, %s32 : " + i32 + ", i32", "%r#0", i32),
        ("rng.jax_fold_in", i32, 32,
         "%r:2 = rng.jax_fold_in %s32, %s32, {v} : i32, " + i32, "%r#0",
         i32),
        ("rng.jax_bits", i64, 64, "%r = rng.jax_bits %s32, %s32, {v} : i32, "
         + i64 + " -> " + i32, "%r", i32),
        ("rng.jax_uniform", i64, 64, "%r = rng.jax_uniform %s32, %s32, {v} : "
         "i32, " + i64 + " -> " + f32, "%r", f32),
        ("rng.jax_randint", i64, 64, "%r = rng.jax_randint %s32, %s32, {v}, "
         "%s32, %s32b : i32, " + i64 + ", i32", "%r", i32),
        ("rng.curand", i64, 64, "%r = rng.curand %s64, %s64, {v} : i64, "
         "i64, " + i64, "%r", i32),
        ("rng.curand4", i64, 64, "%r:4 = rng.curand4 %s64, %s64, {v} : i64, "
         "i64, " + i64, "%r#3", i32),
        ("rng.curand_uniform", i64, 64, "%r = rng.curand_uniform %s64, "
         "{v}, %s64 : i64, " + i64 + ", i64", "%r", f32),
        ("rng.curand_uniform_double", i64, 64, "%r = "
         "rng.curand_uniform_double %s64, %s64, {v} : i64, i64, " + i64, "%r",
         f64),
        ("rng.curand_uniform2_double", i64, 64, "%r:2 = "
         "rng.curand_uniform2_double %s64, %s64, {v} : i64, i64, " + i64,
         "%r#1", f64),
        ("rng.torch_uniform", i64, 64, "%r = rng.torch_uniform %s64, %off, "
         "%S, {v}, %f0, %f1 : (i64, i64, i64, " + i64 + ", f32, f32) -> " +
         f32, "%r", f32),
        ("rng.torch_bernoulli", i64, 64, "%r = rng.torch_bernoulli %s64, "
         "%off, %S, {v}, %p : (i64, i64, i64, " + i64 + ", f32) -> " + i1,
         "%r", i1),
        ("rng.torch_random", i64, 64, "%r = rng.torch_random %s64, %off, "
         "%S, {v}, %s64, %s64 {wide} : (i64, i64, i64, " + i64 + ", i64, "
         "i64) -> " + i64, "%r", i64),
        ("rng.torch_dropout", i64, 64, "%r:2 = rng.torch_dropout %p, %pd, "
         "%s64, %off, %S, {v} {vec = " + str(vec) + " : i32} : (f32, f64, i64, i64, i64, " +
         i64 + ") -> (" + f32 + ", " + i1 + ")", "%r#0", f32),
        ("rng.torch_threads", i64, 64, "%r = rng.torch_threads {v} "
         "{multiprocessors = 132 : i64, threads_per_multiprocessor = 2048 : "
         "i64} : " + i64, "%r", i64),
        ("rng.torch_offset_increment", i64, 64, "%r = "
         "rng.torch_offset_increment {v}, %Sv {unroll = 4 : i32} : " + i64,
         "%r", i64),
        ("round.stochastic", f32, 32, "%r = round.stochastic {v}, %rs : "
         + f32 + ", " + i32 + " -> " + bf16, "%r", bf16),
        ("round.scaling_stochastic", f32, 32, "%r = round.scaling_stochastic "
         "{v}, %scale, %s32 : " + f32 + ", f8E8M0FNU, i32 -> " + e4m3, "%r",
         e4m3),
    ]


def write_fold_module(path, case):
    name, big_type, bits, line, result, result_type = case
    if big_type.endswith("xf32>"):
        # f32 values 0.3 + 0.001 i, as bit patterns.
        value = lambda i: struct.unpack("<I", struct.pack(
            "<f", 0.3 + 0.001 * i))[0]
    else:
        value = lambda i: i * 2654435761
    with open(path, "w") as f:
        f.write("func.func @fold() -> %s {\n" % result_type)
        f.write("  %s32 = arith.constant 7 : i32\n"
                "  %s32b = arith.constant 1000 : i32\n"
                "  %s64 = arith.constant 7 : i64\n"
                "  %p = arith.constant 0.25 : f32\n"
                "  %pd = arith.constant 0.25 : f64\n"
                "  %off = arith.constant 8 : i64\n"
                "  %S = arith.constant 270336 : i64\n"
                "  %f0 = arith.constant 0.0 : f32\n"
                "  %f1 = arith.constant 1.0 : f32\n"
                "  %scale = arith.constant 1.0 : f8E8M0FNU\n")
        f.write("  %%rs = arith.constant dense<12345> : tensor<%dxi32>\n" %
                FOLD_ELEMENTS)
        f.write("  %%Sv = arith.constant dense<270336> : tensor<%dxi64>\n" %
                FOLD_ELEMENTS)
        f.write("  %%big = arith.constant %s : %s\n" %
                (dense_hex(bits, FOLD_ELEMENTS, value), big_type))
        f.write("  " + line.replace("{v}", "%big") + "\n")
        f.write("  return %s : %s\n}\n" % (result, result_type))


def section_folding(rng_opt, tmp):
    print("## Folding: one operand a %d-element non-splat constant\n" %
          FOLD_ELEMENTS)
    print("`canonicalize` against the same module without a pass (both parse "
          "and print, constants elided).\n")
    print("| op | folded | extra CPU s | extra peak RSS MiB |")
    print("|---|---|---:|---:|")
    elide = "--mlir-elide-elementsattrs-if-larger=16"
    for case in fold_cases():
        name = case[0]
        path = os.path.join(tmp, "fold.mlir")
        write_fold_module(path, case)
        base_cpu, _, base_rss, _ = measure([rng_opt, path, elide])
        cpu, _, rss, out = measure([rng_opt, path, "--canonicalize", elide])
        folded = name not in out
        print("| `%s` | %s | %.2f | %.0f |" %
              (name, "yes" if folded else "no", max(cpu - base_cpu, 0.0),
               max(rss - base_rss, 0.0)))
        sys.stdout.flush()
    print()


# --------------------------------------------------------------------------
# 3. Target unrolling of a large vector
# --------------------------------------------------------------------------


def unroll_modules(kind, n=UNROLL_ELEMENTS):
    """(GPU module, host module) applying `kind` to vector<n> operands and
    storing the result."""
    if kind == "randn4x":
        args = "%%seed: i32, %%offset: vector<%dxi32>" % n
        body = ("%%n:4 = rng.randn4x %%seed, %%offset : i32, vector<%dxi32>\n"
                "    %%s = arith.addf %%n#0, %%n#3 : vector<%dxf32>\n" % (n, n))
        element = "f32"
    else:
        args = "%%x: vector<%dxf32>, %%rbits: vector<%dxi32>" % (n, n)
        body = ("%%s = round.stochastic %%x, %%rbits : vector<%dxf32>, "
                "vector<%dxi32> -> vector<%dxbf16>\n" % (n, n, n))
        element = "bf16"
    store = ("    %%c0 = arith.constant 0 : index\n"
             "    vector.store %%s, %%out[%%c0] : memref<%dx%s>, vector<%dx%s>\n"
             % (n, element, n, element))
    gpu = ("gpu.module @kernels {\n"
           "  gpu.func @k(%%out: memref<%dx%s>, %s) kernel {\n"
           "    %s%s"
           "    gpu.return\n"
           "  }\n"
           "}\n" % (n, element, args, body, store))
    host = ("func.func @k(%%out: memref<%dx%s>, %s) {\n"
            "    %s%s"
            "    return\n"
            "}\n" % (n, element, args, body, store))
    return gpu, host


def section_unrolling(rng_opt, tmp):
    n = UNROLL_ELEMENTS
    print("## Target lowering of a vector<%d> op\n" % n)
    print("| op | pipeline | CPU s | peak RSS MiB |")
    print("|---|---|---:|---:|")
    for kind in ("randn4x", "round.stochastic"):
        gpu, host = unroll_modules(kind)
        for label, text, pipeline in (
                ("rng-to-nvvm{chip=sm_100a}", gpu,
                 "--rng-to-nvvm=chip=sm_100a"),
                ("rng-to-llvm", host, "--rng-to-llvm")):
            path = os.path.join(tmp, "unroll.mlir")
            with open(path, "w") as f:
                f.write(text)
            cpu, _, rss, _ = measure([rng_opt, path, pipeline, "-o",
                                      os.devnull])
            print("| `%s` | `%s` | %.2f | %.0f |" % (kind, label, cpu, rss))
            sys.stdout.flush()
    print()


def main():
    global FOLD_ELEMENTS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rng-opt", help="the rng-opt to measure "
                        "(default: build/bin/rng-opt, else PATH)")
    parser.add_argument("--sizes", default="1000,10000,100000",
                        help="op counts of the scaling section")
    parser.add_argument("--pipelines",
                        default="convert-rng-to-arith,rng-to-llvm",
                        help="pipelines of the scaling section")
    parser.add_argument("--modules", default="stored,unused,randint,torch",
                        help="module variants of the scaling section")
    parser.add_argument("--outline-above", type=int,
                        help="lower with this outline-above threshold first "
                        "(default: the passes' own, 256; 4294967295 keeps "
                        "every op inline)")
    parser.add_argument("--fold-elements", type=int, default=FOLD_ELEMENTS,
                        help="elements of the folding section's constants "
                        "(65536 shows the most a folder evaluates)")
    parser.add_argument("--sections", default="scaling,folding,unrolling")
    args = parser.parse_args()
    rng_opt = find_rng_opt(args.rng_opt)
    FOLD_ELEMENTS = args.fold_elements
    sections = args.sections.split(",")
    print("rng-opt: %s\n" % rng_opt)
    with tempfile.TemporaryDirectory() as tmp:
        if "scaling" in sections:
            section_scaling(rng_opt, [int(s) for s in args.sizes.split(",")],
                            tmp, args.pipelines.split(","),
                            args.modules.split(","), args.outline_above)
        if "folding" in sections:
            section_folding(rng_opt, tmp)
        if "unrolling" in sections:
            section_unrolling(rng_opt, tmp)


if __name__ == "__main__":
    main()
