#!/usr/bin/env python3
"""Checks the outputs of the sharded programs of test/Integration/MPI.

  check_mpi_outputs.py draws STDOUT...
  check_mpi_outputs.py bitgen ALGORITHM STATE SHAPE WIDTH STDOUT...
  check_mpi_outputs.py example STDOUT...   (examples/sharded.mlir)

Every STDOUT is one process's output (the first: the 1-process run); each
prints the arrays of its program with printMemref. Every process must print
exactly the 1-process run's arrays, and those must equal the independent
models of test/lib (SPEC §2, §6, §3, §8, §10) bit for bit. Prints one
summary line; exits 1 on any difference.
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "lib"))
import numpy as np  # noqa: E402

import hash_random_model as hrm  # noqa: E402
import jax_random_model as jrm  # noqa: E402
import stochastic_rounding_model as srm  # noqa: E402
import triton_random_model as trm  # noqa: E402

MASK32 = (1 << 32) - 1
MASK64 = (1 << 64) - 1


def parse(path):
    """The arrays a process printed, each a flat list of ints."""
    text = open(path).read()
    arrays = []
    for block in text.split("Unranked Memref")[1:]:
        data = block.split("data =", 1)[1]
        arrays.append([int(v) for v in re.findall(r"-?\d+", data)])
    return arrays


def same_everywhere(paths):
    runs = [parse(p) for p in paths]
    for path, run in zip(paths[1:], runs[1:]):
        if run != runs[0]:
            sys.exit("FAIL: %s differs from the 1-process run %s" % (path, paths[0]))
    if not runs[0]:
        sys.exit("FAIL: %s printed no arrays" % paths[0])
    return runs[0]


def fail_unless(name, got, want):
    got = [g & MASK64 for g in got]
    want = [w & MASK64 for w in want]
    if got != want:
        bad = next(i for i, (g, w) in enumerate(zip(got, want)) if g != w) \
            if len(got) == len(want) else "length"
        sys.exit("FAIL: %s differs from the model (first at %s)" % (name, bad))


def check_draws(paths):
    # The constants of Inputs/draws.mlir's @main.
    seed, seed64, key, p, base = 123, 81985529216486895, (0, 42), 0.25, 4294967290
    n = 8 * 16
    ctr, u, y, j, q, w = same_everywhere(paths)
    idx = list(range(n))
    fail_unless("rng.linear_index", ctr, idx)
    words = [trm.randint4x(seed, 32, i, 32)[0] for i in idx]
    u_model = [trm.u2f(x) for x in words]
    fail_unless("rng.rand", u, u_model)
    p_bits = trm.f32_to_bits(p)
    fail_unless("rng.dropout", y,
                [hrm.triton_dropout(ub, p_bits, seed64, 64, i, 32)
                 for ub, i in zip(u_model, idx)])
    j_model = [jrm.uniform_f32(key, i) for i in idx]
    fail_unless("rng.jax_uniform", j, j_model)
    q_model = srm.stochastic_round(srm.FORMATS["bf16"], np.array(j_model, dtype=np.uint32),
                                   np.array(words, dtype=np.uint64), 32, False)
    fail_unless("round.stochastic", [v & 0xFFFF for v in q],
                [int(v) & 0xFFFF for v in q_model])
    fail_unless("rng.rand (i64 linear_index with base)", w,
                [trm.u2f(trm.randint4x(seed, 32, (base + i) & MASK64, 64)[0]) for i in idx])
    print("draws: %d processes print the 1-process run's 6 arrays of %d values, "
          "equal to the models" % (len(paths) - 1, n))


def check_bitgen(algorithm, state, shape, width, paths):
    state = [int(s) for s in state.split(",")]
    shape = tuple(int(d) for d in shape.split("x"))
    width = int(width)
    arrays = same_everywhere(paths)
    new_state, output = arrays
    want_state, want_output = jrm.bit_generator(algorithm, state, shape, width)
    # printMemref prints signed values; compare bit patterns.
    mask = (1 << width) - 1
    output = [v & mask for v in output]
    fail_unless("new state", new_state, want_state)
    fail_unless("output", output, want_output)
    state = [(s & MASK64) - (1 << 64) if (s & MASK64) >> 63 else s & MASK64 for s in state]
    print("bitgen %s %s %s i%d: %d processes print the 1-process run's state "
          "and output, equal to the model" % (algorithm, state, "x".join(map(str, shape)),
                                              width, len(paths) - 1))


def check_example(paths):
    """examples/sharded.mlir: every process prints the 1-process run's lines
    (but its rank); the kept count, y's first values and the generator's
    state and rows equal the models."""
    runs = []
    for path in paths:
        lines = [l.split(">:", 1)[-1] for l in open(path).read().splitlines()]
        runs.append([l for l in lines if not l.startswith("rank ")])
    for path, run in zip(paths[1:], runs[1:]):
        if run != runs[0]:
            sys.exit("FAIL: %s differs from the 1-process run %s" % (path, paths[0]))
    text = "\n".join(runs[0])
    n = 1024 * 512
    u = trm.u2f_numpy(trm.randint4x_numpy(123, 32, np.arange(n), 32)[0])
    kept = int((u > np.float32(0.2)).sum())
    got = int(re.search(r"kept (\d+)", text).group(1))
    if got != kept:
        sys.exit("FAIL: kept %d, the model %d" % (got, kept))
    first = [1.25 if v > np.float32(0.2) else 0.0 for v in u[:4]]
    shown = [float(v) for v in re.search(r"y\[0, 0:4\] \(([^)]*)\)", text).group(1).split(",")]
    if shown != first:
        sys.exit("FAIL: y[0, 0:4] %s, the model %s" % (shown, first))
    state, out = jrm.bit_generator("three_fry", [1, 2], (4, 8), 32)
    got_state = [int(v) for v in re.search(r"new state \(([^)]*)\)", text).group(1).split(",")]
    rows = [[int(v) for v in r.split(",")] for r in re.findall(r"^\(([\d, ]+)\)$", text, re.M)]
    if got_state != state or sum(rows, []) != out:
        sys.exit("FAIL: the bit generator's state or output differs from the model")
    print("example: %d processes print the 1-process run's lines; kept %d of %d, "
          "y and the generator equal the models" % (len(paths) - 1, kept, n))


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "draws":
        check_draws(sys.argv[2:])
    elif len(sys.argv) >= 3 and sys.argv[1] == "example":
        check_example(sys.argv[2:])
    elif len(sys.argv) >= 7 and sys.argv[1] == "bitgen":
        check_bitgen(*sys.argv[2:6], sys.argv[6:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
