"""Checks test/Integration/CPU/Rng/jax-bit-generator-loop.mlir's output: five
rng.bit_generator philox steps of a 3x1 i64 output, each from the previous
step's new state, then the final state, against jax_random_model.

Usage: check_bitgen_loop.py OUTPUT
"""
import re
import sys

import jax_random_model as model

STATE = [81985529216486895, 2**64 - 3, 9]
STEPS = 5


def signed(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def main():
    lines = [l for l in open(sys.argv[1]).read().splitlines() if l.strip()]
    numbers = [[int(x) for x in re.findall(r"-?\d+", l)] for l in lines]
    state, failures = list(STATE), []
    for step in range(STEPS):
        state, out = model.bit_generator("philox", state, (3, 1), 64)
        if numbers[step] != [signed(v) for v in out]:
            failures.append("step %d: %s, expected %s" % (step, numbers[step],
                                                          [signed(v) for v in out]))
    if numbers[STEPS] != [signed(v) for v in state]:
        failures.append("final state %s, expected %s" % (numbers[STEPS], state))
    for f in failures:
        print("FAIL", f)
    print("steps checked: %d, final state %s: %s" % (STEPS, state,
                                                     "FAILED" if failures else "OK"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
