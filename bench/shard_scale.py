#!/usr/bin/env python3
"""Scale of sharded programs on the CPU: ours against JAX/XLA (SPEC §10).

  shard_scale.py build OUTDIR   (here: build/bin/rng-opt, LLVM 22, gcc)
  shard_scale.py run OUTDIR     (the GPU machine's 16 cores: numpy, JAX)

Two sharded programs of N = 2^24 elements, split along their one dimension
over a grid of P = 1, 2 or 4 processes:
  fill:   rng.jax_uniform(key, rng.linear_index) -> f32 (jax.random.uniform)
  bitgen: rng.bit_generator philox, u32 output (jax.lax.rng_bit_generator)

build partitions each program for each P with rng-shard-partition and
convert-shard-to-mpi, gives each rank its index (mpi.comm_rank replaced by
the rank, as MPI would answer it), lowers every rank's function with
rng-to-llvm (the same code mpirun runs, without the MPI library, which the
GPU machine lacks) and links them into OUTDIR/shard_scale.so.

run starts P processes per P (one per rank, each on its own core); each
calls its rank's function REPS times and reports the median time and the
number of elements its function computed (the size of its result). The
ranks' results, joined, must equal the P = 1 result bit for bit. Then JAX
on P virtual CPU devices (XLA_FLAGS=--xla_force_host_platform_device_count)
runs the same two computations with the output sharded P ways: the median
time per call and, from the compiled per-device HLO, the number of
elements each device's generator computes.
"""

import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "test", "lib"))
from shard_rank import with_rank  # noqa: E402
LLVM_BIN = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
N = 1 << 24
PS = [1, 2, 4]
REPS = 15
KEY = (0, 42)            # jax.random.key(42)'s data
STATE = (42, 7)           # the bit generator's state

PROGRAM = """
shard.grid @grid(shape = P) {sym_visibility = "private"}
func.func @fill_PP_rR(%k0: i32, %k1: i32) -> tensor<NNxf32> attributes {llvm.emit_c_interface} {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %ctr0 = rng.linear_index : tensor<NNxi32>
  %ctr = shard.shard %ctr0 to %split : tensor<NNxi32>
  %u0 = rng.jax_uniform %k0, %k1, %ctr : i32, tensor<NNxi32> -> tensor<NNxf32>
  %u = shard.shard %u0 to %split : tensor<NNxf32>
  return %u : tensor<NNxf32>
}
func.func @bitgen_PP_rR(%state: tensor<2xi64>) -> (tensor<2xi64>, tensor<NNxi32>) attributes {llvm.emit_c_interface} {
  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %new, %out0 = rng.bit_generator philox %state : tensor<2xi64> -> tensor<NNxi32>
  %out = shard.shard %out0 to %split : tensor<NNxi32>
  return %new, %out : tensor<2xi64>, tensor<NNxi32>
}
"""


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, check=True, capture_output=True,
                          text=True).stdout


def build(outdir):
    rng_opt = os.path.join(ROOT, "build", "bin", "rng-opt")
    os.makedirs(outdir, exist_ok=True)
    objects = []
    for p in PS:
        for r in range(p):
            src = PROGRAM.replace("NN", str(N)).replace("PP", str(p)).replace(
                "shape = P", "shape = %d" % p).replace("rR", "r%d" % r)
            part = run([rng_opt, "--rng-shard-partition", "--convert-shard-to-mpi",
                        "--canonicalize"], src)
            part = with_rank(part, r)
            llvm = run([rng_opt, "--canonicalize", "--rng-to-llvm", "--symbol-dce"], part)
            base = os.path.join(outdir, "p%d_r%d" % (p, r))
            open(base + ".ll", "w").write(run([os.path.join(LLVM_BIN, "mlir-translate"),
                                               "--mlir-to-llvmir"], llvm))
            run([os.path.join(LLVM_BIN, "llc"), "-O3", "-filetype=obj",
                 "-relocation-model=pic", "-mcpu=x86-64-v3", base + ".ll", "-o", base + ".o"])
            objects.append(base + ".o")
    run(["gcc", "-shared", "-o", os.path.join(outdir, "shard_scale.so")] + objects)
    print("wrote %s/shard_scale.so (fill and bitgen for P = %s, every rank)" % (outdir, PS))


# --- run (GPU machine) --------------------------------------------------------


def rank_worker(so, kind, p, r, core, queue, outdir):
    import ctypes
    import numpy as np
    os.sched_setaffinity(0, {core})
    lib = ctypes.CDLL(so)
    libc = ctypes.CDLL(None)
    libc.free.argtypes = [ctypes.c_void_p]

    class Desc1(ctypes.Structure):
        _fields_ = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
                    ("offset", ctypes.c_int64), ("size", ctypes.c_int64),
                    ("stride", ctypes.c_int64)]

    class Two(ctypes.Structure):
        _fields_ = [("state", Desc1), ("out", Desc1)]

    times = []
    for rep in range(REPS):
        if kind == "fill":
            res = Desc1()
            f = getattr(lib, "_mlir_ciface_fill_%d_r%d" % (p, r))
            t0 = time.perf_counter()
            f(ctypes.byref(res), ctypes.c_int32(KEY[0]), ctypes.c_int32(KEY[1]))
            times.append(time.perf_counter() - t0)
            out, dtype = res, np.float32
        else:
            state = (ctypes.c_int64 * 2)(*STATE)
            arg = Desc1(ctypes.cast(state, ctypes.c_void_p), ctypes.cast(state, ctypes.c_void_p),
                        0, 2, 1)
            res = Two()
            f = getattr(lib, "_mlir_ciface_bitgen_%d_r%d" % (p, r))
            t0 = time.perf_counter()
            f(ctypes.byref(res), ctypes.byref(arg))
            times.append(time.perf_counter() - t0)
            out, dtype = res.out, np.uint32
            new_state = list((ctypes.c_int64 * 2).from_address(res.state.aligned))
        size = out.size
        if rep == REPS - 1:
            buf = (ctypes.c_char * (size * 4)).from_address(out.aligned)
            np.frombuffer(bytes(buf), dtype=dtype).tofile(
                os.path.join(outdir, "%s_p%d_r%d.bin" % (kind, p, r)))
        libc.free(out.allocated)
        if kind == "bitgen":
            libc.free(res.state.allocated)
    times.sort()
    queue.put((r, times[len(times) // 2], size, new_state if kind == "bitgen" else None))


def ours(outdir):
    import multiprocessing as mp
    import numpy as np
    so = os.path.join(os.path.abspath(outdir), "shard_scale.so")
    rows = []
    reference = {}
    for kind in ("fill", "bitgen"):
        for p in PS:
            queue = mp.Queue()
            procs = [mp.Process(target=rank_worker, args=(so, kind, p, r, (1 + r) % os.cpu_count(), queue, outdir))
                     for r in range(p)]
            for proc in procs:
                proc.start()
            for proc in procs:
                proc.join()
            results = sorted(queue.get() for _ in procs)
            joined = np.concatenate([
                np.fromfile(os.path.join(outdir, "%s_p%d_r%d.bin" % (kind, p, r)), dtype=np.uint32)
                for r in range(p)])
            if p == 1:
                reference[kind] = joined
            equal = np.array_equal(joined, reference[kind])
            states = {tuple(s) for _, _, _, s in results if s is not None}
            rows.append({"impl": "ours", "kind": kind, "P": p,
                         "time_ms": max(t for _, t, _, _ in results) * 1e3,
                         "elements_per_process": results[0][2],
                         "joined_equals_P1": bool(equal),
                         "same_state_everywhere": len(states) <= 1})
            print(rows[-1], flush=True)
    return rows


JAX_SCRIPT = r"""
import json, re, sys, time
import jax, jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as Spec
import numpy as np
P, N, REPS = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
mesh = Mesh(np.array(jax.devices()[:P]), ("x",))
out = NamedSharding(mesh, Spec("x"))
key = jax.random.key(42)
fill = jax.jit(lambda k: jax.random.uniform(k, (N,), jnp.float32), out_shardings=out)
def bitgen(s):
    return jax.lax.rng_bit_generator(s, (N,), jnp.uint32,
                                     algorithm=jax.lax.RandomAlgorithm.RNG_PHILOX)
bg = jax.jit(bitgen, out_shardings=(NamedSharding(mesh, Spec()), out))
state = jnp.array([42, 7], dtype=jnp.uint64)
rows = []
for name, f, arg in (("fill", fill, key), ("bitgen", bg, state)):
    hlo = f.lower(arg).compile().as_text()
    open(sys.argv[4] + "/jax_%s_P%d.hlo" % (name, P), "w").write(hlo)
    # The elements each device's generator computes, from the compiled
    # per-device module: the largest iota feeding the generator counts its
    # counters (Philox blocks of 4 words for bitgen, one Threefry counter per
    # element for fill); the module's output is what the device keeps.
    iotas = [int(np.prod([int(d) for d in m.split(",")]))
             for m in re.findall(r"= [us]\d+\[([\d,]+)\]\{[\d,]*\} iota\(", hlo)]
    shapes = [max(iotas) * (4 if name == "bitgen" else 1)] if iotas else []
    if P == 1:
        value = f(arg)
        value = value[1] if name == "bitgen" else value
        np.asarray(value).view(np.uint32).tofile(sys.argv[4] + "/jax_%s.bin" % name)
    jax.block_until_ready(f(arg))
    times = []
    for _ in range(REPS):
        t0 = time.perf_counter(); jax.block_until_ready(f(arg)); times.append(time.perf_counter() - t0)
    times.sort()
    rows.append({"impl": "jax", "kind": name, "P": P, "time_ms": times[len(times)//2] * 1e3,
                 "elements_per_process": max(shapes) if shapes else None,
                 "jax": jax.__version__})
print("ROWS " + json.dumps(rows))
"""


def jax_rows(outdir):
    rows = []
    for p in PS:
        env = dict(os.environ)
        # One core per device, as ours runs one core per process: XLA:CPU's
        # Eigen pool off, the process pinned to P cores.
        env["XLA_FLAGS"] = ("--xla_force_host_platform_device_count=%d "
                            "--xla_cpu_multi_thread_eigen=false" % p)
        env["JAX_PLATFORMS"] = "cpu"
        env["JAX_ENABLE_X64"] = "1"
        out = subprocess.run(["taskset", "-c", "1-%d" % p, sys.executable, "-c", JAX_SCRIPT,
                              str(p), str(N), str(REPS), outdir],
                             env=env, capture_output=True, text=True)
        line = [l for l in out.stdout.splitlines() if l.startswith("ROWS ")]
        if not line:
            print(out.stdout[-3000:], out.stderr[-3000:])
            continue
        for row in json.loads(line[0][5:]):
            rows.append(row)
            print(row, flush=True)
    return rows


def main_run(outdir):
    import numpy as np
    rows = ours(outdir) + jax_rows(outdir)
    # Ours at P = 1 against JAX's own values (jax.random.uniform and
    # rng_bit_generator are what the two programs reproduce, SPEC §8).
    for kind in ("fill", "bitgen"):
        path = os.path.join(outdir, "jax_%s.bin" % kind)
        if os.path.exists(path):
            same = np.array_equal(np.fromfile(path, dtype=np.uint32),
                                  np.fromfile(os.path.join(outdir, "%s_p1_r0.bin" % kind),
                                              dtype=np.uint32))
            print("%s: ours (P = 1) %s JAX's values" % (kind, "equals" if same else "DIFFERS FROM"))
            rows.append({"impl": "check", "kind": kind, "equals_jax": bool(same)})
    json.dump(rows, open(os.path.join(outdir, "shard_scale.json"), "w"), indent=1)
    print("\n| computation | P | ours: ms per process | ours: elements per process | "
          "JAX/XLA: ms | XLA: elements its generator computes per device |")
    print("|---|---|---|---|---|---|")
    for kind in ("fill", "bitgen"):
        for p in PS:
            o = next(r for r in rows if r["impl"] == "ours" and r["kind"] == kind and r["P"] == p)
            j = next((r for r in rows if r["impl"] == "jax" and r["kind"] == kind and r["P"] == p), {})
            print("| %s | %d | %.2f | %d | %s | %s |" % (
                kind, p, o["time_ms"], o["elements_per_process"],
                "%.2f" % j["time_ms"] if j else "-", j.get("elements_per_process", "-")))
    bad = [r for r in rows if (r["impl"] == "ours" and not (
        r["joined_equals_P1"] and r["same_state_everywhere"])) or (
        r["impl"] == "check" and not r["equals_jax"])]
    print("bits: " + ("every P's joined output equals P = 1's" if not bad else "MISMATCH %s" % bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "build":
        build(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "run":
        main_run(sys.argv[2])
    else:
        sys.exit(__doc__)
