#!/usr/bin/env python3
"""Static SASS instruction counts per kernel of a cubin, without a
disassembler (standard library only).

    python3 bench/mxfp4/sass_count.py out/mxfp4.cubin

On sm_70 and later every SASS instruction is 16 bytes, so a kernel's count is
the size of its `.text.<kernel>` section over 16, less the trailing
self-branch and NOP padding (the last repeated 16-byte pattern and the
instruction before it). Prints one line per kernel: name, instructions, and
a histogram of the main opcodes (low 9 bits of the encoding; names for the
common ones, hex for the rest). `cuobjdump -sass` on the GPU machine lists
the same instructions (its count has the final self-branch too). run.py
imports kernel_counts() for its table.
"""

import struct
import sys
from collections import Counter

# Low 9 bits of the first encoding word, as cuobjdump -sass names them on
# sm_90 (read off one of its listings); hex for anything else. FFMA and
# FMNMX are not in that listing: 0x023 and 0x009 by the same scheme.
OPCODES = {
    0x007: "SEL", 0x008: "FSEL", 0x009: "FMNMX", 0x00C: "ISETP",
    0x00F: "VIMNMX3", 0x010: "IADD3", 0x011: "LEA", 0x012: "LOP3",
    0x016: "PRMT", 0x019: "SHF", 0x01A: "SGXT", 0x020: "FMUL", 0x023: "FFMA",
    0x024: "IMAD", 0x025: "IMAD.WIDE", 0x027: "IMAD.HI", 0x036: "VIADD",
    0x046: "VIADDMNMX", 0x048: "VIMNMX", 0x090: "UIADD3", 0x099: "USHF",
    0x0B9: "ULDC", 0x118: "NOP", 0x119: "S2R", 0x141: "BSYNC", 0x145: "BSSY",
    0x147: "BRA", 0x14D: "EXIT", 0x181: "LDG", 0x182: "LDC", 0x186: "STG",
    0x189: "SHFL", 0x1C3: "S2UR",
}


def sections(blob):
    (shoff,) = struct.unpack_from("<Q", blob, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", blob, 0x3A)

    def header(i):
        return struct.unpack_from("<IIQQQQIIQQ", blob, shoff + i * shentsize)

    strtab = header(shstrndx)
    names = blob[strtab[4]:strtab[4] + strtab[5]]
    for i in range(shnum):
        h = header(i)
        end = names.index(b"\0", h[0])
        yield names[h[0]:end].decode(), blob[h[4]:h[4] + h[5]]


def count(text):
    words = [text[i:i + 16] for i in range(0, len(text), 16)]
    # Trailing padding: NOPs (all identical), preceded by the BRA-to-self.
    n = len(words)
    while n > 1 and words[n - 1] == words[-1]:
        n -= 1
    n -= 1  # the self-branch
    hist = Counter()
    for w in words[:n]:
        (lo,) = struct.unpack_from("<Q", w, 0)
        op = lo & 0x1FF
        hist[OPCODES.get(op, f"0x{op:03x}")] += 1
    return n, hist


def kernel_counts(blob):
    """{kernel name: (instructions, opcode histogram)} of a cubin's bytes."""
    return {name[6:]: count(text) for name, text in sections(blob)
            if name.startswith(".text.")}


def main():
    with open(sys.argv[1], "rb") as f:
        counts = kernel_counts(f.read())
    for name, (n, hist) in counts.items():
        top = ", ".join(f"{k} {v}" for k, v in hist.most_common(12))
        print(f"{name}: {n} instructions ({top})")


if __name__ == "__main__":
    main()
