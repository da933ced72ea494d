"""Checks bench/sass_local.py's own logic without the disassembler:

    sass_local_test.py blocks            parsing and basic blocks of a listing
    sass_local_test.py header CUBIN      the ELF header rewrite of a real cubin

`blocks` feeds a hand-written listing in cuobjdump's format (a loop with a
conditional branch around a call, predicated instructions, NOPs) and prints
what instructions(), basic_blocks() and main_loop() make of it. `header`
rewrites the header of a cubin that ptxas 13 wrote and prints the fields:
ABI version 8 -> 7, the SM from bits 8-15 of e_flags to bits 0-7 and 16-23,
every other byte unchanged.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
import sass_local  # noqa: E402

LISTING = """
        /*0000*/                   LDC R1, c[0x0][0x28] ;                 /* 0x00000a00ff017b82 */
        /*0010*/                   ISETP.GE.AND P0, PT, R0, 0x10, PT ;    /* 0x0000001000007c0c */
        /*0020*/               @P0 EXIT ;                                 /* 0x000000000000094d */
        /*0030*/                   IADD3 R2, R0, 0x1, RZ ;                /* 0x0000000100027810 */
        /*0040*/              @!P1 BRA 0x70 ;                             /* 0x0000000000089947 */
        /*0050*/                   CALL.REL.NOINC 0xc0 ;                  /* 0x0000006000007944 */
        /*0060*/                   BRA 0x80 ;                             /* 0x0000000000047947 */
        /*0070*/                   FFMA R3, R2, R2, R3 ;                  /* 0x0000000202037223 */
        /*0080*/                   NOP ;                                  /* 0x0000000000007918 */
        /*0090*/                   STG.E [R4.64], R3 ;                    /* 0x0000000304007986 */
        /*00a0*/                   ISETP.NE.AND P0, PT, R2, RZ, PT ;      /* 0x000000ff0200720c */
        /*00b0*/               @P0 BRA 0x30 ;                             /* 0x0000000000f00947 */
        /*00c0*/                   RET.REL.NODEC R20 0x0 ;                /* 0x0000000014007950 */
"""


def blocks():
    insts = sass_local.instructions(LISTING)
    print("instructions: %d (NOPs left out)" % len(insts))
    for addr, block, successors in sass_local.basic_blocks(insts):
        print("block %03x: %d -> %s" % (addr, len(block), " ".join("%03x" % s for s in successors)))
    loop = sass_local.main_loop(insts)
    print("main loop: %03x..%03x, %d instructions" % (loop[0][0], loop[-1][0], len(loop)))


def header(path):
    with open(path, "rb") as f:
        before = f.read()
    after = sass_local.legacy_header(before)
    flags_before = struct.unpack_from("<I", before, 0x30)[0]
    flags_after = struct.unpack_from("<I", after, 0x30)[0]
    others = sum(1 for i, (a, b) in enumerate(zip(before, after)) if a != b and not (i == 8 or 0x30 <= i < 0x34))
    print("ABI version %d -> %d; SM %d -> %d (virtual %d); e_flags 0x%x -> 0x%x; other bytes changed: %d; "
          "length %s" % (before[8], after[8], (flags_before >> 8) & 0xFF, flags_after & 0xFF,
                         (flags_after >> 16) & 0xFF, flags_before, flags_after, others,
                         "equal" if len(before) == len(after) else "DIFFERS"))
    try:
        sass_local.legacy_header(b"not an elf file")
    except SystemExit as e:
        print("not a cubin: %s" % e)


if __name__ == "__main__":
    if sys.argv[1:2] == ["blocks"]:
        blocks()
    elif sys.argv[1:2] == ["header"]:
        header(sys.argv[2])
    else:
        sys.exit(__doc__)
