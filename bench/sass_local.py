#!/usr/bin/env python3
"""SASS of our PTX without a GPU: ptxas (CUDA 13, here) compiles, an older
cuobjdump (scripts/get-sass-tools.sh) disassembles, and the census of
bench/sassstats.py counts. For choosing what to time before a GPU lease, not
for timing.

    bench/sass_local.py PTX [KERNEL...]         census, registers, loops
    bench/sass_local.py PTX --listing KERNEL    that kernel's SASS
    bench/sass_local.py PTX --blocks KERNEL     its basic blocks

Options: --arch sm_90 (default), --tools DIR (default build/sass-tools).

The census is static: every instruction of the kernel once, cold paths
(libdevice's slow paths, the tails of a grid-stride loop) included. `loop`
is the census of the largest backward branch's range, the body of the
kernel's main loop where it has one.

cuobjdump 11.8 reads only the ELF header of CUDA 12 and earlier: ptxas 13
writes ABI version 8 with the SM number in bits 8-15 of e_flags, CUDA 11.8
expects version 7 with it in bits 0-7 (and the virtual SM in bits 16-23).
The header is rewritten on a copy; the code sections are not touched, so
the SASS is ptxas 13's (sm_90 was in CUDA 11.8's instruction set already).
"""
import argparse
import bisect
import collections
import os
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ptxstats  # noqa: E402
import sassstats  # noqa: E402

ROOT = os.path.dirname(HERE)
PTXAS = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")


def legacy_header(cubin):
    """The cubin with its ELF header in CUDA 11's form (see the module doc)."""
    b = bytearray(cubin)
    if b[:4] != b"\x7fELF" or b[4] != 2:
        raise SystemExit("sass_local.py: not a 64-bit ELF cubin")
    if b[8] == 8:
        flags = struct.unpack_from("<I", b, 0x30)[0]
        sm = (flags >> 8) & 0xFF
        b[8] = 7
        # EF_CUDA_TEXMODE_UNIFIED | EF_CUDA_64BIT_ADDRESS, SM, virtual SM.
        struct.pack_into("<I", b, 0x30, sm | (sm << 16) | 0x500)
    return bytes(b)


def compile_ptx(ptx, arch, tools):
    """(SASS text of cuobjdump, {kernel: (registers, spill bytes)})."""
    cuobjdump = os.path.join(tools, "bin", "cuobjdump")
    if not os.access(cuobjdump, os.X_OK):
        raise SystemExit("sass_local.py: no %s; run scripts/get-sass-tools.sh" % cuobjdump)
    with tempfile.TemporaryDirectory() as tmp:
        cubin = os.path.join(tmp, "k.cubin")
        log = subprocess.run([PTXAS, "-arch=" + arch, "-v", ptx, "-o", cubin],
                             capture_output=True, text=True)
        if log.returncode:
            raise SystemExit("sass_local.py: ptxas failed:\n" + log.stderr)
        with open(cubin, "rb") as f:
            data = legacy_header(f.read())
        with open(cubin, "wb") as f:
            f.write(data)
        sass = subprocess.run([cuobjdump, "-sass", cubin], capture_output=True, text=True,
                              check=True).stdout
    resources = {name: (int(r.get("regs", 0)), r.get("spill", 0))
                 for name, r in ptxstats.resources(log.stderr).items()}
    return sass, resources


def instructions(body):
    """[(address, opcode, text)] of one function's SASS, NOPs left out."""
    out = []
    for m in re.finditer(r"/\*([0-9a-f]{4,})\*/\s+((?:@!?U?P[T0-9]\s+)?([A-Z0-9_]+(?:\.[A-Z0-9_]+)*)[^;]*);",
                         body):
        if m.group(3) != "NOP":
            out.append((int(m.group(1), 16), m.group(3), m.group(2)))
    return out


def main_loop(insts):
    """The instructions of the largest backward branch's range, or []."""
    best = (0, 0)
    for addr, op, text in insts:
        m = re.match(r"(?:@!?P\S+\s+)?BRA\s+(?:`\(\.L_x_\d+\)|0x([0-9a-f]+))", text)
        if op.startswith("BRA") and m and m.group(1):
            target = int(m.group(1), 16)
            if target < addr and addr - target > best[1] - best[0]:
                best = (target, addr)
    return [i for i in insts if best[0] <= i[0] <= best[1]] if best[1] else []


def branch_target(text):
    """The target address of a BRA/BSSY/CALL text, or None."""
    m = re.search(r"\b(?:BRA|CALL\.REL\.NOINC|BSSY\s+B\d+,)\s*(?:`\(\.L_x_\d+\)|0x([0-9a-f]+))", text)
    return int(m.group(1), 16) if m and m.group(1) else None


def basic_blocks(insts):
    """[(first address, [instructions], successor addresses)] in address
    order: a block ends at a branch, EXIT or RET, or before a branch target."""
    addresses = [addr for addr, _, _ in insts]

    def at_or_after(target):
        """The first listed instruction at or after `target` (NOPs are not
        listed, and a branch may land on one)."""
        i = bisect.bisect_left(addresses, target)
        return addresses[i] if i < len(addresses) else target

    leaders = {insts[0][0]} if insts else set()
    for i, (addr, op, text) in enumerate(insts):
        target = branch_target(text) if op.startswith(("BRA", "CALL")) else None
        if target is not None:
            leaders.add(at_or_after(target))
        if op.startswith(("BRA", "EXIT", "RET", "CALL")) and i + 1 < len(insts):
            leaders.add(insts[i + 1][0])
    blocks, current = [], []
    for inst in insts:
        if inst[0] in leaders and current:
            blocks.append(current)
            current = []
        current.append(inst)
    if current:
        blocks.append(current)
    out = []
    for i, block in enumerate(blocks):
        addr, op, text = block[-1]
        successors = []
        target = branch_target(text) if op.startswith("BRA") else None
        if target is not None:
            successors.append(at_or_after(target))
        conditional = text.startswith("@")
        falls = not op.startswith(("BRA", "EXIT", "RET")) or conditional
        if falls and i + 1 < len(blocks):
            successors.append(blocks[i + 1][0][0])
        out.append((block[0][0], block, successors))
    return out


def census(insts):
    c = collections.Counter(sassstats.classify(op) for _, op, _ in insts)
    return len(insts), c


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ptx")
    ap.add_argument("kernels", nargs="*")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--tools", default=os.path.join(ROOT, "build", "sass-tools"))
    ap.add_argument("--listing", metavar="KERNEL")
    ap.add_argument("--blocks", metavar="KERNEL",
                    help="that kernel's basic blocks: address, size, successors")
    args = ap.parse_args()
    sass, resources = compile_ptx(args.ptx, args.arch, args.tools)
    functions = sassstats.functions(sass)
    if args.listing:
        if args.listing not in functions:
            raise SystemExit("sass_local.py: no kernel %s (have: %s)"
                             % (args.listing, ", ".join(sorted(functions))))
        for addr, _, text in instructions(functions[args.listing]):
            print("%05x  %s" % (addr, text))
        return 0
    if args.blocks:
        if args.blocks not in functions:
            raise SystemExit("sass_local.py: no kernel %s" % args.blocks)
        for addr, block, successors in basic_blocks(instructions(functions[args.blocks])):
            print("%05x %4d  -> %s   %s" % (addr, len(block), " ".join("%05x" % a for a in successors),
                                          block[-1][2]))
        return 0
    missing = [k for k in args.kernels if k not in functions]
    if missing:
        raise SystemExit("sass_local.py: no kernel %s (have: %s)"
                         % (", ".join(missing), ", ".join(sorted(functions))))
    classes = sassstats.CLASSES
    print("| kernel | regs | spill | SASS | loop | " + " | ".join(classes) + " |")
    print("|---" * (len(classes) + 5) + "|")
    for name in sorted(args.kernels or functions):
        insts = instructions(functions[name])
        n, _ = census(insts)
        loop = main_loop(insts)
        ln, lc = census(loop)
        regs, spill = resources.get(name, (0, 0))
        print("| %s | %d | %d | %d | %s | %s |" % (
            name, regs, spill, n, ln if loop else "-",
            " | ".join(str(lc.get(k, 0)) for k in classes)))
    print("\n(class columns count the main loop; arch %s, ptxas %s)" % (
        args.arch, subprocess.run([PTXAS, "--version"], capture_output=True,
                                  text=True).stdout.strip().splitlines()[-1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
