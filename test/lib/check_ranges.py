"""Checks named statistics printed by a test program against ranges.

    program | check_ranges.py NAME:LOW:HIGH ...

Reads lines `NAME VALUE` from stdin (other lines are ignored) and checks
that every NAME given on the command line was printed exactly once with
LOW <= VALUE <= HIGH. Prints one line per statistic and a summary; exits
with status 1 if any check fails.
"""

import sys


def main(specs):
    ranges = {}
    for spec in specs:
        name, low, high = spec.split(":")
        ranges[name] = (float(low), float(high))
    values = {}
    for line in sys.stdin:
        parts = line.split()
        if len(parts) == 2 and parts[0] in ranges:
            if parts[0] in values:
                print("FAIL: %s printed twice" % parts[0])
                return 1
            values[parts[0]] = float(parts[1])
    failures = 0
    for name, (low, high) in ranges.items():
        if name not in values:
            print("FAIL: %s not printed" % name)
            failures += 1
            continue
        ok = low <= values[name] <= high
        failures += not ok
        print("%s: %s = %r, expected in [%r, %r]" % ("ok" if ok else "FAIL", name, values[name], low, high))
    print("%d of %d statistics in range" % (len(ranges) - failures, len(ranges)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
