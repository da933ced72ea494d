#!/usr/bin/env python3
"""Partitioned kernels on an NVIDIA GPU, one rank at a time (SPEC §10).

  shard_kernels.py build OUTDIR   (here: build/bin/rng-opt, LLVM 22, libdevice)
  shard_kernels.py run OUTDIR     (on the GPU machine: numpy + cupy)

build: Inputs/shard-kernels.mlir on grids 1 (the unpartitioned program), 4
(rows split) and 2x2 (rows and columns) goes through the route docs/
Sharding.md gives for GPUs: rng-shard-partition, convert-shard-to-mpi (each
shard's offsets from the process's rank), rng-elementwise-to-linalg,
bufferization, linalg to parallel loops, GPU mapping and kernel outlining.
The gpu.modules are lowered with rng-to-nvvm (sm_90) to one PTX per grid.
For each rank R the host function, with mpi.comm_rank replaced by R and
canonicalized, is written out: its gpu.launch_func ops then take constant
offsets (OUTDIR/<grid>-rank<R>.host.mlir).

run: replays every rank's host function on the GPU (allocations, launches
with their constant arguments, the returned buffers), joins the ranks'
shards in grid order and checks that they equal the unpartitioned run bit
for bit, and that rng.rand's values equal the model of test/lib.
"""

import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test", "lib"))
from shard_rank import with_rank  # noqa: E402
LLVM_BIN = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
CHIP = os.environ.get("CHIP", "sm_90")
SHAPE = (64, 1024)
GRIDS = [("1", "[[0]]", 1), ("4", "[[0]]", 4), ("2x2", "[[0], [1]]", 4)]
# @draws's scalar arguments: seed, seed64, k0, k1, p.
ARGS = [("i32", 123), ("i64", 81985529216486895), ("i32", 0), ("i32", 42),
        ("f32", 0.25)]
PIPELINE = [
    "--rng-shard-partition", "--convert-shard-to-mpi",
    "--rng-elementwise-to-linalg", "--linalg-fuse-elementwise-ops",
    "--canonicalize",
    "--one-shot-bufferize=bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map",
    "--convert-linalg-to-parallel-loops", "--gpu-map-parallel-loops",
    "--convert-parallel-loops-to-gpu", "--gpu-kernel-outlining", "--canonicalize"]


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, check=True, capture_output=True,
                          text=True).stdout


def gpu_modules(text):
    """The gpu.module blocks of a module: (name, text)."""
    lines = text.splitlines()
    out = []
    i = 0
    while i < len(lines):
        m = re.match(r"(\s*)gpu\.module @(\w+)", lines[i])
        if not m:
            i += 1
            continue
        indent = m.group(1)
        j = i + 1
        while lines[j] != indent + "}":
            j += 1
        out.append((m.group(2), "\n".join(lines[i:j + 1])))
        i = j + 1
    return out


def build(outdir):
    rng_opt = os.path.join(ROOT, "build", "bin", "rng-opt")
    os.makedirs(outdir, exist_ok=True)
    template = open(os.path.join(HERE, "Inputs", "shard-kernels.mlir")).read()
    libdevice = os.environ.get("LIBDEVICE", "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc")
    for grid, split, ranks in GRIDS:
        src = template.replace("GRID", grid).replace("SPLIT", split)
        host = run([rng_opt] + PIPELINE + ["--mlir-print-local-scope"], src)
        # One gpu.module holding every outlined kernel, each named after its
        # module (draws_kernel_k), for one PTX.
        funcs = []
        for name, body in gpu_modules(host):
            inner = body.split("\n", 1)[1].rsplit("\n", 1)[0]
            funcs.append(re.sub(r"gpu\.func @\w+", "gpu.func @" + name, inner, count=1))
        kernels = "gpu.module @kernels {\n" + "\n".join(funcs) + "\n}\n"
        llvm = run([rng_opt, "--rng-to-nvvm=chip=" + CHIP], kernels)
        base = os.path.join(outdir, grid)
        open(base + ".kernels.mlir", "w").write(kernels)
        open(base + ".ll", "w").write(run([os.path.join(LLVM_BIN, "mlir-translate"),
                                           "--mlir-to-llvmir"], llvm))
        run([os.path.join(LLVM_BIN, "llvm-link"), base + ".ll", libdevice,
             "--only-needed", "--internalize", "-o", base + ".bc"])
        run([os.path.join(LLVM_BIN, "opt"), "-O3", "-mtriple=nvptx64-nvidia-cuda",
             "-mcpu=" + CHIP, base + ".bc", "-o", base + ".opt.bc"])
        run([os.path.join(LLVM_BIN, "llc"), "-O3", "-mcpu=" + CHIP, base + ".opt.bc",
             "-o", base + ".ptx"])
        for r in range(ranks):
            fixed = with_rank(host, r)
            fixed = run([rng_opt, "--canonicalize"], fixed)
            # Only @draws (the kernels are in the PTX).
            lines = fixed.splitlines()
            start = next(i for i, l in enumerate(lines) if "func.func @draws" in l)
            end = next(i for i in range(start, len(lines)) if lines[i] == "  }")
            open("%s-rank%d.host.mlir" % (base, r), "w").write(
                "\n".join(lines[start:end + 1]) + "\n")
    json.dump({"grids": [[g, s, n] for g, s, n in GRIDS], "shape": SHAPE},
              open(os.path.join(outdir, "shard.json"), "w"))
    print("wrote %s/{1,4,2x2}.ptx and the host functions of every rank" % outdir)


# --- run (GPU machine) --------------------------------------------------------

DTYPES = {"f32": "float32", "i32": "uint32", "bf16": "uint16", "i64": "uint64",
          "f64": "float64"}


def parse_host(text):
    """The ops of @draws we replay: constants, allocations, launches, return."""
    body = text.split("func.func @draws", 1)[1]
    sig = body.split("{", 1)[0]
    params = re.findall(r"(%arg\d+): (\w+)", sig)
    consts, ops = {}, []
    for line in body.splitlines():
        line = line.strip()
        m = re.match(r"(%\w+) = arith\.constant (-?[\d.e+]+|true|false) : (\w+)", line)
        if m:
            consts[m.group(1)] = float(m.group(2)) if m.group(3).startswith("f") else int(m.group(2))
            continue
        m = re.match(r"(%\w+) = memref\.alloc\(\) .*: memref<([\dx]+)x(\w+)>", line)
        if m:
            ops.append(("alloc", m.group(1), tuple(int(d) for d in m.group(2).split("x")),
                        m.group(3)))
            continue
        m = re.match(r"gpu\.launch_func\s+@(\w+)::@\w+ blocks in \(([^)]*)\) threads in \(([^)]*)\)\s+args\((.*)\)$", line)
        if m:
            args = [tuple(a.strip().split(" : ")) for a in m.group(4).split(", %")]
            args = [(n if n.startswith("%") else "%" + n, t) for n, t in args]
            ops.append(("launch", m.group(1), [v.strip() for v in m.group(2).split(",")],
                        [v.strip() for v in m.group(3).split(",")], args))
            continue
        m = re.match(r"return (.*) :", line)
        if m:
            ops.append(("return", [v.strip() for v in m.group(1).split(",")]))
        if line.startswith(("mpi.", "%") ) and "mpi.comm_rank" in line:
            raise SystemExit("host function still asks MPI for its rank")
    return params, consts, ops


def replay(cp, np, module, host_text, scalars):
    params, consts, ops = parse_host(host_text)
    values = dict(consts)
    for (name, _), value in zip(params, scalars):
        values[name] = value
    for op in ops:
        if op[0] == "alloc":
            _, name, shape, elt = op
            values[name] = cp.zeros(shape, dtype=DTYPES[elt])
        elif op[0] == "launch":
            _, kernel, blocks, threads, args = op
            packed = ()
            for name, typ in args:
                v = values[name]
                if typ.startswith("memref"):
                    p = np.uint64(v.data.ptr)
                    packed += (p, p, np.int64(0)) + tuple(np.int64(d) for d in v.shape) + tuple(
                        np.int64(s // v.itemsize) for s in v.strides)
                elif typ == "index" or typ == "i64":
                    packed += (np.int64(v),)
                elif typ == "i32":
                    packed += (np.int32(np.uint32(v & 0xFFFFFFFF).view(np.int32)),)
                elif typ == "f32":
                    packed += (np.float32(v),)
                else:
                    raise SystemExit("unhandled kernel argument type " + typ)
            module.get_function(kernel)(tuple(int(values[b]) for b in blocks),
                                        tuple(int(values[t]) for t in threads), packed)
        elif op[0] == "return":
            cp.cuda.runtime.deviceSynchronize()
            return [values[v].get() for v in op[1]]
    raise SystemExit("no return")


def main_run(outdir):
    import cupy as cp
    import numpy as np
    sys.path.insert(0, os.path.join(ROOT, "test", "lib"))
    import triton_random_model as trm
    meta = json.load(open(os.path.join(outdir, "shard.json")))
    print("device:", cp.cuda.runtime.getDeviceProperties(0)["name"].decode())
    scalars = [v for _, v in ARGS]
    results = {}
    for grid, split, ranks in meta["grids"]:
        module = cp.RawModule(path=os.path.join(outdir, grid + ".ptx"))
        shape = [int(d) for d in grid.split("x")]
        joined = None
        for r in range(ranks):
            host = open(os.path.join(outdir, "%s-rank%d.host.mlir" % (grid, r))).read()
            local = replay(cp, np, module, host, scalars)
            if joined is None:
                joined = [np.zeros(SHAPE, dtype=a.dtype) for a in local]
            # The process's index along each grid axis (row-major ranks), and
            # its shard's offsets: a split dimension's offset is the index
            # along the axis that splits it times the local size.
            index = np.unravel_index(r, shape)
            axes = [int(a) if a else None for a in re.findall(r"\[(\d*)\]", split[1:-1])]
            off = [0, 0]
            for d, axis in enumerate(axes):
                if axis is not None:
                    off[d] = index[axis] * local[0].shape[d]
            for k, a in enumerate(local):
                joined[k][off[0]:off[0] + a.shape[0], off[1]:off[1] + a.shape[1]] = a
        results[grid] = joined
        print("grid %s: %d ranks, local shards of %s" % (grid, ranks, "x".join(map(str, local[0].shape))))
    names = ["rng.rand", "rng.dropout", "rng.jax_uniform", "round.stochastic", "rng.randn"]
    failures = 0
    for grid in ("4", "2x2"):
        for name, a, b in zip(names, results[grid], results["1"]):
            same = np.array_equal(a.view(np.uint8), b.view(np.uint8))
            failures += not same
            print("grid %s %-17s joined shards %s the unpartitioned kernel's %d values"
                  % (grid, name, "equal" if same else "DIFFER FROM", b.size))
    words = trm.randint4x_numpy(123, 32, np.arange(SHAPE[0] * SHAPE[1]), 32)[0]
    want = trm.u2f_numpy(words).view(np.uint32).reshape(SHAPE)
    same = np.array_equal(results["1"][0].view(np.uint32), want)
    failures += not same
    print("unpartitioned rng.rand %s the model" % ("equals" if same else "DIFFERS FROM"))
    print("FAILED" if failures else "PASSED: every partitioned kernel's joined shards are bit-exact")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "build":
        build(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "run":
        main_run(sys.argv[2])
    else:
        sys.exit(__doc__)
