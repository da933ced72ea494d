#!/usr/bin/env python3
"""Reads the output of `gpu-module-to-binary{format=isa}` (MLIR text holding
`gpu.binary @name [#gpu.object<..., assembly = "...">]`) and writes each
module's PTX to DIR/<name>.ptx.

Usage: extract_ptx.py IN.mlir DIR
"""
import re
import sys


def unescape(s):
    # MLIR prints strings with llvm::printEscapedString: `\\` for a backslash,
    # `\XX` (two hex digits) for '"' and non-printable bytes.
    out = bytearray()
    i = 0
    while i < len(s):
        c = s[i]
        if c == "\\":
            if s[i + 1] == "\\":
                out.append(0x5C)
                i += 2
            else:
                out.append(int(s[i + 1:i + 3], 16))
                i += 3
        else:
            out += c.encode()
            i += 1
    return out.decode()


def main():
    text = open(sys.argv[1]).read()
    found = 0
    for m in re.finditer(r'gpu\.binary @(\w+)[^\n]*?(?:assembly|object) = "((?:[^"\\]|\\.)*)"', text):
        name, body = m.group(1), unescape(m.group(2))
        with open(f"{sys.argv[2]}/{name}.ptx", "w") as f:
            f.write(body)
        found += 1
    if not found:
        sys.exit(f"extract_ptx.py: no gpu.binary with PTX in {sys.argv[1]}")


if __name__ == "__main__":
    main()
