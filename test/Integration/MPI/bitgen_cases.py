#!/usr/bin/env python3
"""The cases of bitgen.test.

  bitgen_cases.py SRC_DIR OUT_DIR   prints the run_sharded.sh commands
  bitgen_cases.py --check OUT_DIR   checks every case (check_mpi_outputs.py)

A case: algorithm, state words, output shape and width, and the runs
(implementation, processes, grid, split axes, the gather's middle split).
Each case also runs on one process (grid 1), the reference run.
"""

import os
import subprocess
import sys

CASES = [
    ("philox", [81985529216486895, -2], "8x16", 32,
     [("OpenMPI", 4, "4", "[[0]]", "[[]]"), ("OpenMPI", 2, "2", "[[], [0]]", "[[]]")]),
    ("philox", [42, -4, 7], "8x16", 64,
     [("OpenMPI", 4, "2x2", "[[0], [1]]", "[[0]]"), ("MPICH", 4, "2x2", "[[0], [1]]", "[[0]]")]),
    ("three_fry", [5, 4294967293], "8x16", 64,
     [("OpenMPI", 4, "4", "[[], [0]]", "[[]]")]),
    ("three_fry", [5, 4294967293], "4x6", 32,
     [("OpenMPI", 4, "4", "[[0]]", "[[]]")]),
    ("three_fry", [-1, 12345], "3x8", 32,
     [("OpenMPI", 2, "2", "[[], [0]]", "[[]]")]),
]


def runs(case):
    algorithm, state, shape, width, configs = case
    yield ("OpenMPI", 1, "1", "[[0]]", "[[]]")
    yield from configs


def commands(src, out):
    for c, case in enumerate(CASES):
        algorithm, state, shape, width, _ = case
        outdecl = ("" if width == 64 else
                   "func.func private @printMemrefI%d(memref<*xi%d>)" % (width, width))
        for r, (impl, n, grid, split, mid) in enumerate(runs(case)):
            args = [impl, str(n), os.path.join(out, "c%d-r%d" % (c, r)),
                    os.path.join(src, "Inputs", "bitgen.mlir"),
                    "GRID=" + grid, "SPLIT=" + split, "MID=" + mid, "ALGO=" + algorithm,
                    "NS=%d" % len(state), "STATE=" + ", ".join(map(str, state)),
                    "SHAPE=" + shape, "xiW=xi%d" % width,
                    "MemrefIW=MemrefI%d" % width, "OUTDECL=" + outdecl]
            print("bash " + os.path.join(src, "run_sharded.sh") + " " +
                  " ".join("'%s'" % a for a in args))


def check(out):
    here = os.path.dirname(os.path.abspath(__file__))
    for c, case in enumerate(CASES):
        algorithm, state, shape, width, _ = case
        paths = []
        for r, (impl, n, grid, split, mid) in enumerate(runs(case)):
            paths += [os.path.join(out, "c%d-r%d" % (c, r), "rank.%d" % k) for k in range(n)]
        result = subprocess.run(
            [sys.executable, os.path.join(here, "check_mpi_outputs.py"), "bitgen",
             algorithm, ",".join(map(str, state)), shape, str(width)] + paths,
            capture_output=True, text=True)
        sys.stdout.write(result.stdout + result.stderr)
        if result.returncode:
            sys.exit(1)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        check(sys.argv[2])
    elif len(sys.argv) == 3:
        commands(sys.argv[1], sys.argv[2])
    else:
        sys.exit(__doc__)
