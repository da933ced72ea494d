#!/usr/bin/env python3
"""Static SASS census per kernel from `cuobjdump -sass` output (bench/device.sh
writes it to $OUT/sass.txt): total instructions and the main classes.

Usage: sassstats.py SASS.txt [KERNEL...]     (prints a markdown table)
"""
import collections
import re
import sys

CLASSES = ["IMAD.WIDE", "IMAD.HI", "IMAD", "LOP3", "IADD3/VIADD", "UIADD3", "SHF",
           "FFMA/FMUL/FADD", "DFMA/DADD/DMUL", "MUFU", "I2F", "SEL/FSEL/PRMT", "LDG", "STG",
           "LDL/STL", "BRA"]


def classify(op):
    if op.startswith("IMAD.WIDE"):
        return "IMAD.WIDE"
    if op.startswith("IMAD.HI"):
        return "IMAD.HI"
    base = op.split(".")[0]
    if base in ("IMAD",):
        return "IMAD"
    if base in ("IADD3", "VIADD"):
        return "IADD3/VIADD"
    if base in ("FFMA", "FMUL", "FADD"):
        return "FFMA/FMUL/FADD"
    if base in ("DFMA", "DMUL", "DADD"):
        return "DFMA/DADD/DMUL"
    if base in ("I2F", "I2FP"):
        return "I2F"
    if base in ("SEL", "FSEL", "PRMT"):
        return "SEL/FSEL/PRMT"
    if base in ("LDL", "STL"):
        return "LDL/STL"
    return base


def main():
    text = open(sys.argv[1]).read()
    want = set(sys.argv[2:])
    print("| kernel | SASS | " + " | ".join(CLASSES) + " |")
    print("|---" * (len(CLASSES) + 2) + "|")
    rows = {}
    # device.sh writes "==== ptx/<mode>/<module>.ptx" before each module
    for section in re.split(r"^==== ", text, flags=re.M)[1:]:
        # "<mode>/<module>.ptx", possibly behind a path ending in ptx/
        m = re.match(r"(?:\S*/)?([^/\s]+)/[^/\s]+\.ptx", section)
        mode = m.group(1) if m else "?"
        for kname, body in functions(section).items():
            name = f"{mode}:{kname}"
            if want and kname not in want and name not in want:
                continue
            rows[name] = count(name, body)
    for name in sorted(rows):
        print(rows[name])


def sass_ops(body):
    """The opcodes (with modifiers) of one function's `cuobjdump -sass` text,
    NOPs left out."""
    ops = re.findall(r"/\*[0-9a-f]{4}\*/\s+(?:@!?U?P[T0-9]\s+)?([A-Z0-9_]+(?:\.[A-Z0-9_]+)*)", body)
    return [o for o in ops if o != "NOP"]


def functions(text):
    """{function name: its SASS text} of one `cuobjdump -sass` output."""
    parts = re.split(r"\n\s+Function : (\w+)\n", text)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def census(body):
    """(instruction count, Counter of CLASSES) of one function's SASS."""
    ops = sass_ops(body)
    return len(ops), collections.Counter(classify(o) for o in ops)


def count(name, body):
    n, c = census(body)
    return f"| {name} | {n} | " + " | ".join(str(c.get(k, 0)) for k in CLASSES) + " |"


if __name__ == "__main__":
    main()
