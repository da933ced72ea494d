#!/usr/bin/env python3
"""Checks the outputs of the sharded programs of gather-1d.mlir and
gather-2d.mlir run under MPI (test/Shard/run-*.test).

    check_mpi_run.py {1d,2d} ONE_PROCESS_OUTPUT RANK_OUTPUT...

Each output holds the printMemrefI32 prints of one process. The 1-process
run's values must equal the Python reference, and every rank of every
multi-process run must print them bit for bit: the results are replicated,
each the join of all processes' shards. Prints one line per check; exits 1
on a mismatch.
"""

import re
import sys

MASK = 0xFFFFFFFF


def lowbias32(c):
    """The kernels' hash of counter c (lowbias32 of c ^ 0x5bd1e995)."""
    x = (c ^ 0x5BD1E995) & MASK
    x ^= x >> 16
    x = (x * 0x7FEB352D) & MASK
    x ^= x >> 15
    x = (x * 0x846CA68B) & MASK
    x ^= x >> 16
    return x


def signed(x):
    return x - (1 << 32) if x & 0x80000000 else x


def reference(kind):
    """The arrays each process prints, in order, as printed (signed i32)."""
    if kind == "1d":
        hashes = [lowbias32(c) for c in range(16)]
        bits = list(hashes)
        bits[3] = 0x80000000  # -0.0
        bits[10] = 0x7FC00001  # quiet NaN, payload 1
        return [[signed(x) for x in hashes], [signed(x) for x in bits]]
    # 2d: @rows and @cols, both the 4x6 row-major counter hashed.
    hashes = [signed(lowbias32(c)) for c in range(24)]
    return [hashes, hashes]


def parse(path):
    with open(path) as f:
        text = f.read()
    arrays = []
    for chunk in text.split("Unranked Memref")[1:]:
        data = chunk.split("data =", 1)[1]
        arrays.append([int(v) for v in re.findall(r"-?\d+", data)])
    return arrays


def main():
    kind, one, ranks = sys.argv[1], sys.argv[2], sys.argv[3:]
    expected = reference(kind)
    failures = 0
    for path, label in [(one, "1-process run")] + [(r, r) for r in ranks]:
        got = parse(path)
        if got != expected:
            print("FAIL %s: %s differs from the Python reference:\n  got %s\n"
                  "  expected %s" % (kind, label, got, expected))
            failures += 1
    if failures:
        sys.exit(1)
    print("%s: the 1-process run and %d ranks print %d arrays of %d values, "
          "equal to the Python reference" % (kind, len(ranks), len(expected),
                                             len(expected[0])))


if __name__ == "__main__":
    main()
