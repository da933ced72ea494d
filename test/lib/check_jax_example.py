"""Checks the output of examples/jax.mlir against the independent host model
(jax_random_model.py, written from SPEC §8):

    check_jax_example.py runner-output.txt

Prints one line per checked item and `failures: N`; a mismatch prints
MISMATCH with the expected and printed values.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jax_random_model as model  # noqa: E402

MAX_NORMAL_ULP = 4


def vectors(text):
    """Every integer vector printed by vector.print, flattened, in order."""
    found = []
    for line in text.splitlines():
        match = re.search(r"(?:^|: )(\(.*\))$", line)
        if match and "." not in match.group(1):
            found.append([int(v) for v in re.findall(r"-?\d+", match.group(1))])
    return found


def main():
    text = open(sys.argv[1]).read()
    printed = vectors(text)
    failures = 0

    def check(name, expected, got, ulp=0):
        nonlocal failures
        if ulp:
            ok = len(expected) == len(got) and all(
                model.ulp_distance_f32(e, g) <= ulp for e, g in zip(expected, got))
        else:
            ok = expected == got
        if not ok:
            failures += 1
        print("%s: %s" % (name, "ok" if ok else "MISMATCH expected %s, printed %s"
                          % (expected, got)))

    key = model.jax_key(0)
    u64 = lambda values: [v & model.MASK64 for v in values]  # noqa: E731
    rows = [model.fold_in(key, 0), model.fold_in(key, 1)]
    check("split(key(0), 2)", [w for row in rows for w in row], printed[0])
    check("split rows = fold_in", [w for row in model.split(key, 2) for w in row],
          printed[0])
    check("uniform bits", [model.uniform_f32(key, i) for i in range(4)], printed[1])
    check("normal bits", [model.normal_f32(key, i) for i in range(4)], printed[2],
          ulp=MAX_NORMAL_ULP)
    check("randint [0, 10)", [model.randint(key, i, 0, 10, 32) for i in range(4)],
          printed[3])
    new_state, output = model.bit_generator("three_fry", [1, 2], (2, 2), 64)
    check("three_fry new state", list(new_state), u64(printed[4]))
    check("three_fry output", list(output), u64(printed[5]))
    check("three_fry = StableHLO example",
          [9236835810183407956, 16087790271692313299, 18212823393184779219,
           2658481902456610144], u64(printed[5]))
    new_state, output = model.bit_generator(
        "philox", [7, (1 << 64) - 2, 5], (3, 3), 32)
    check("philox 3-word new state", list(new_state), u64(printed[6]))
    check("philox 3-word output", list(output), printed[7])
    print("failures: %d" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
