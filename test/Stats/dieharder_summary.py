#!/usr/bin/env python3
"""Tabulates the result files of dieharder-battery.sh.

  dieharder_summary.py DIR [DIR...]

For each DIR (one stream and seed), prints a Markdown table of every test
line (test, ntuple, tsamples, psamples, p-value, assessment), then a
count of PASSED / WEAK / FAILED and the tests that did not finish.
"""

import os
import re
import sys

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
