#!/usr/bin/env python3
"""Per-kernel instruction census of PTX files, plus ptxas -v resources.

For each .entry: counts of 32-bit high/low multiplies, 64-bit and wide
multiplies, special functions (MUFU-class: lg2/ex2/sin/cos/rsqrt/rcp
approximations, sqrt), local-memory traffic, global loads/stores and their
widths, and total instructions; appends registers / stack / spills read
from `ptxas -v` (without --ptxas: "?").

Usage: ptxstats.py [--ptxas PATH [--arch sm_90] [--ptxas-flag=-c]] FILE.ptx...
(prints a markdown table)
"""
import argparse
import re
import subprocess

PATTERNS = [
    ("mul.hi.u32", r"\bmul\.hi\.u32\b"),
    ("mul.lo.32", r"\bmul\.lo\.(?:s|u|b)32\b"),
    ("mul.wide", r"\bmul\.wide\.\w+\b"),
    ("mul/mad 64", r"\b(?:mul|mad)\.lo\.(?:s|u)64\b"),
    ("mad 32", r"\bmad\.(?:lo|hi|wide)\.(?:s|u)32\b"),
    ("MUFU", r"\b(?:lg2|ex2|sin|cos|rsqrt|rcp|tanh)\.approx\b"),
    ("sqrt", r"\bsqrt\.\w+\.f32\b"),
    ("fma.f32", r"\bfma\.rn\w*\.f32\b"),
    ("ld.local/st.local", r"\b(?:ld|st)\.local\b"),
    ("ld.global", r"\bld\.global(?:\.nc)?(?:\.v\d)?\.\w+\b"),
    ("st.global", r"\bst\.global(?:\.v\d)?\.\w+\b"),
    ("branches", r"\bbra(?:\.uni)?\b"),
    ("calls", r"\bcall(?:\.uni)?\b"),
]


def entries(text):
    parts = re.split(r"^\.visible \.entry (\w+)\(", text, flags=re.M)
    for i in range(1, len(parts), 2):
        yield parts[i], parts[i + 1]


def ptxas(path, exe, arch, flags):
    if not exe:
        return {}, None
    try:
        r = subprocess.run([exe, "-v", f"-arch={arch}", *flags, "-o", "/dev/null", path],
                           capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        return {}, str(e)
    return resources(r.stderr), None


def resources(log):
    """{kernel: {"regs": "N", "stack": "frame/spill stores/spill loads",
    "spill": spill store bytes}} from the text of `ptxas -v`."""
    res = {}
    cur = None
    for line in log.splitlines():
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            cur = m.group(1)
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m and cur:
            res.setdefault(cur, {})["stack"] = f"{m.group(1)}/{m.group(2)}/{m.group(3)}"
            res[cur]["spill"] = int(m.group(2))
        m = re.search(r"Used (\d+) registers", line)
        if m and cur:
            res.setdefault(cur, {})["regs"] = m.group(1)
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ptxas", help="ptxas for registers and stack (else '?')")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--ptxas-flag", action="append", default=[],
                    help="extra ptxas flag (e.g. -c for unresolved __nv_* calls)")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    cols = [p[0] for p in PATTERNS]
    print("| kernel | instr | " + " | ".join(cols) + " | regs | stack/spill st/ld |")
    print("|---" * (len(cols) + 4) + "|")
    for path in a.files:
        text = open(path).read()
        res, err = ptxas(path, a.ptxas, a.arch, a.ptxas_flag)
        for name, body in entries(text):
            body = body.split("\n}\n")[0] if "\n}\n" in body else body
            # count instructions (lines ending in ';' that are not directives)
            instr = sum(1 for l in body.splitlines()
                        if l.strip().endswith(";") and not l.strip().startswith((".", "//", "{", "}")))
            counts = [len(re.findall(p, body)) for _, p in PATTERNS]
            r = res.get(name, {})
            print(f"| {name} | {instr} | " + " | ".join(map(str, counts)) +
                  f" | {r.get('regs', '?')} | {r.get('stack', '?')} |")
        if err:
            print(f"<!-- ptxas failed on {path}: {err} -->")


if __name__ == "__main__":
    main()
