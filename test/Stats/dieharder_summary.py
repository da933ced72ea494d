#!/usr/bin/env python3
"""Tabulates the result files of dieharder-battery.sh.

  dieharder_summary.py DIR [DIR...]

For each DIR (one stream and seed), prints a Markdown table of every test
line (test, ntuple, tsamples, psamples, p-value, assessment), then a
count of PASSED / WEAK / FAILED and the tests that did not finish (or
did not start).
"""

import os
import re
import sys

# The result files dieharder-battery.sh writes (its job list).
EXPECTED = ([f"d{t}" for t in [*range(0, 14), 15, 16, 17, 100, 101, 102,
                                *range(204, 210)]] +
            [f"d200-n{n}" for n in range(1, 13)] +
            [f"d{t}-n{n}" for t in (201, 202) for n in range(2, 6)] +
            [f"d203-n{n}" for n in range(0, 33)])
LINE = re.compile(r"^\s*(\w+)\|\s*(\d+)\|\s*(\d+)\|\s*(\d+)\|([0-9.]+)\|\s*(\w+)")


def summarize(directory):
    rows, unfinished = [], []
    for name in sorted(os.listdir(directory),
                       key=lambda n: [int(x) for x in re.findall(r"\d+", n)]):
        with open(os.path.join(directory, name), errors="replace") as f:
            found = [LINE.match(line) for line in f]
        found = [m for m in found if m]
        if not found:
            unfinished.append(name[:-4])
        rows.extend(m.groups() for m in found)
    print(f"### {os.path.basename(directory.rstrip('/'))}\n")
    print("| test | ntup | tsamples | psamples | p-value | assessment |")
    print("|------|------|----------|----------|---------|------------|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    present = {n[:-4] for n in os.listdir(directory)}
    unfinished += [n for n in EXPECTED if n not in present]
    counts = {k: sum(r[5] == k for r in rows)
              for k in ("PASSED", "WEAK", "FAILED")}
    print(f"\n{len(rows)} results: {counts['PASSED']} PASSED, "
          f"{counts['WEAK']} WEAK, {counts['FAILED']} FAILED"
          + (f"; not finished: {', '.join(unfinished)}" if unfinished
             else "") + "\n")


def main():
    for d in sys.argv[1:]:
        summarize(d)


if __name__ == "__main__":
    main()
