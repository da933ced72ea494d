"""Runs the conformance matrix's GPU kernels on an NVIDIA GPU and compares
every value with the independent host models (see conformance-h200.sh).

    conformance_device.py PTX [THREADS]

PTX is the lowering of `conformance.py gen-gpu-run` (every op that a kernel
can hold, per free result type, as a scalar, a vector<4> with the seed, key,
p or scale a scalar beside it, a vector<2x3> and a vector<0-D>, each lane
its own operands). Each kernel runs on THREADS threads (default 4096; 256
per block) with inputs drawn like the host matrix's (conformance.Inputs:
random bits mixed with the edge values, other draws per thread and lane),
and each result element is checked against the model of its op (bit for
bit; the normals within their SPEC bound on GPU targets: randn and randn4x
3 ulp (SPEC §2; the host matrix holds the CPU's 2), hash_randn 3,
jax_normal 4). Prints one line per kernel and a summary; exit status 1 on any
mismatch or missing kernel.

    conformance_device.py PTX THREADS REGEX   only the kernels whose name
                                              matches REGEX (re.search)
    conformance_device.py bit-generator PTX   the kernels of
                                              `conformance.py gen-gpu-bit-generator`
                                              (rng.bit_generator's elements
                                              through buildBitGeneratorElement),
                                              each on several states, against
                                              jax_random_model.bit_generator"""

import multiprocessing
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import conformance as C  # noqa: E402

BLOCK = 256
CASES = {case.tag: case for case in C.CASES}
# SPEC §2: Triton's normals within 3 ulp on GPU targets (their sqrt, log,
# cos); the host matrix holds the CPU's 2.
GPU_ULP = {"rng.randn": 3, "rng.randn4x": 3}


def inputs(case, shape, threads):
    """{operand: uint64 array}: per thread (a scalar beside a vector) or per
    thread and lane."""
    gen = C.Inputs("%s/%s/gpu" % (case.tag, shape))
    per_thread = C.gpu_run_lanes(shape)
    values = {}
    for o in case.operands:
        scalar = C.operand_type(case, o, shape) == o.elem
        n = threads * (1 if scalar else per_thread)
        values[o.name] = np.array([gen.value(o.kind, o.elem) for _ in range(n)],
                                  dtype=np.uint64)
    return values


def expected(job):
    """(inputs, the models' results [k][element]) for one (case, shape)."""
    tag, shape, threads = job
    case = CASES[tag]
    ins = inputs(case, shape, threads)
    per_thread = C.gpu_run_lanes(shape)
    out = [[] for _ in case.results]
    for t in range(threads):
        for j in range(per_thread):
            v = {}
            for o in case.operands:
                a = ins[o.name]
                v[o.name] = int(a[t] if len(a) == threads else a[t * per_thread + j])
            for k, r in enumerate(case.model(v)):
                out[k].append(r & ((1 << C.width(case.results[k])) - 1))
    return ins, out


def mref(a):
    """The 5 kernel parameters of a 1-D memref over the cupy array `a`."""
    p = np.uint64(a.data.ptr)
    return (p, p, np.int64(0), np.int64(a.size), np.int64(1))


def entries(ptx):
    """The kernel names of a PTX file."""
    return set(re.findall(r"^\.visible \.entry (\w+)\(", open(ptx).read(), flags=re.M))


def run_bit_generators(ptx):
    import random

    import cupy as cp
    module = cp.RawModule(path=ptx)
    names = entries(ptx)
    rng = random.Random("bit-generator/gpu")
    failures, checked = [], 0
    for index, (algorithm, words, dims, width) in enumerate(C.GPU_BIT_GENERATORS):
        name = C.bit_generator_kernel_name(index, algorithm, words, dims, width)
        if name not in names:
            failures.append("%s: no kernel in %s" % (name, ptx))
            continue
        n = int(np.prod(dims)) if dims else 1
        dtype = np.uint64 if width == 64 else np.uint32
        size = max(n, BLOCK)
        bad = 0
        states = C.bit_generator_test_states(words, rng)
        for state in states:
            st = cp.asarray(np.array(state, dtype=np.uint64))
            out = cp.full(size, 0xA5A5A5A5, dtype)
            module.get_function(name)(((size + BLOCK - 1) // BLOCK,), (BLOCK,),
                                      mref(st) + mref(out))
            cp.cuda.runtime.deviceSynchronize()
            got = [int(v) for v in out.get()]
            _, want = C.jax_model.bit_generator(algorithm, state, tuple(dims), width)
            # Elements past n stay unwritten.
            want = list(want) + [0xA5A5A5A5] * (size - n)
            checked += n
            for e, (g, w) in enumerate(zip(got, want)):
                if g != w:
                    bad += 1
                    if bad <= 3:
                        failures.append("%s state %s element %d: got 0x%X, expected 0x%X"
                                        % (name, [hex(x) for x in state], e, g, w))
        print("%-45s %d states x %6d elements %s"
              % (name, len(states), n,
                 "ok" if not bad else "%d MISMATCHES" % bad))
    for f in failures[:40]:
        print("FAIL " + f)
    print("rng.bit_generator elements on the GPU: %d layouts, %d values: %s"
          % (len(C.GPU_BIT_GENERATORS), checked,
             "ok" if not failures else "%d failures" % len(failures)))
    return 1 if failures else 0


def main(argv):
    if argv and argv[0] == "bit-generator":
        return run_bit_generators(argv[1])
    import cupy as cp
    ptx = argv[0]
    threads = int(argv[1]) if len(argv) > 1 else 4096
    only = re.compile(argv[2]) if len(argv) > 2 else None
    assert threads % BLOCK == 0, "THREADS must be a multiple of %d" % BLOCK
    module = cp.RawModule(path=ptx)
    names = entries(ptx)
    print("device:", cp.cuda.runtime.getDeviceProperties(0)["name"].decode())
    jobs = [(case.tag, shape, threads) for shape in C.GPU_SHAPES
            for case in C.cases_for(shape, gpu=True)
            if not only or only.search(C.fname(case, shape)[1:])]
    with multiprocessing.Pool(min(16, os.cpu_count() or 1)) as pool:
        results = pool.map(expected, jobs)

    failures, tally = [], C.Tally()
    for (tag, shape, _), (ins, want) in zip(jobs, results):
        case = CASES[tag]
        name = C.fname(case, shape)[1:]
        if name not in names:
            failures.append("%s: no kernel in %s" % (name, ptx))
            continue
        args, keep = (), []
        for o in case.operands:
            dtype = np.uint64 if C.printed(o.elem) == "i64" else np.uint32
            a = cp.asarray(ins[o.name].astype(dtype))
            keep.append(a)
            args += mref(a)
        n = len(want[0])
        outs = []
        for elem in case.results:
            dtype = np.uint64 if C.printed(elem) == "i64" else np.uint32
            a = cp.full(n, 0xA5A5A5A5, dtype)  # poison: every element must be written
            outs.append(a)
            args += mref(a)
        module.get_function(name)((threads // BLOCK,), (BLOCK,), args)
        cp.cuda.runtime.deviceSynchronize()
        bad = 0
        for k, elem in enumerate(case.results):
            got = outs[k].get().astype(np.uint64) & np.uint64((1 << C.width(elem)) - 1)
            for e in range(n):
                # Element e = thread t, lane j (as `expected` reads them).
                t, j = divmod(e, C.gpu_run_lanes(shape))
                inputs = ({o.name: int(ins[o.name][t] if len(ins[o.name]) == threads
                                       else ins[o.name][e]) for o in case.operands}
                          if case.check else None)
                if not tally.add(case, k, int(got[e]), want[k][e], GPU_ULP.get(case.op), inputs=inputs):
                    bad += 1
                    if bad <= 3:
                        failures.append("%s result %d element %d: got 0x%X, expected 0x%X"
                                        % (name, k, e, int(got[e]), want[k][e]))
        print("%-50s %7d values %s" % (name, n * len(case.results),
                                       "ok" if not bad else "%d MISMATCHES" % bad))
    for f in failures[:40]:
        print("FAIL " + f)
    print("conformance on the GPU: %d kernels, %s: %s"
          % (len(jobs), tally,
             "ok" if not failures else "%d failures" % len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
