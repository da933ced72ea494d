#!/usr/bin/env python3
"""Counts the instructions matching a regular expression in an assembly file.

Usage: count_isa.py REGEX FILE

Prints `name: count` for every distinct match, sorted by name, then
`total: N`, so that a FileCheck test can pin exact instruction counts
independently of the order the scheduler chose.
"""

import re
import sys
from collections import Counter

pattern, path = sys.argv[1], sys.argv[2]
counts = Counter(re.findall(pattern, open(path).read()))
for name in sorted(counts):
    print(f"{name}: {counts[name]}")
print(f"total: {sum(counts.values())}")
