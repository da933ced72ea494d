"""Checks bench/sqrt_rn_expansion.py's matcher without ptxas: the SASS that
ptxas 13 wrote for `sqrt.rn.f32` on sm_90 (recorded below as
sass_text() lists it: the kernel, then the called slow path's start) must
match the fast path, range and zero handling the NVVM lowering assumes;
each mutation of a register, constant or order must not (the range check
on the fast path's operand: it fails with the fast path), and the range
check's subtraction written as a VIADD must. Prints one line per case."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
import sqrt_rn_expansion  # noqa: E402

SM90 = """LDC R1, c[0x0][0x28]
LDC.64 R2, c[0x0][0x210]
ULDC.64 UR4, c[0x0][0x208]
LDG.E R0, [R2.64]
IADD3 R4, R0, -0xd000000, RZ
MUFU.RSQ R5, R0
ISETP.GT.U32.AND P0, PT, R4, 0x727fffff, PT
@!P0 BRA 0xb0
MOV R4, 0xa0
CALL.REL.NOINC 0x120
BRA 0xf0
FMUL.FTZ R3, R0, R5
FMUL.FTZ R5, R5, 0.5
FFMA R0, -R3, R3, R0
FFMA R5, R0, R5, R3
LDC.64 R2, c[0x0][0x210]
STG.E [R2.64], R5
EXIT
LOP3.LUT P0, RZ, R0, 0x7fffffff, RZ, 0xc0, !PT
@!P0 MOV R2, R0
@!P0 BRA 0x260
FSETP.GEU.FTZ.AND P0, PT, R0, RZ, PT""".splitlines()

MUTATIONS = [
    ("recorded sm_90", lambda ls: ls),
    ("r from another register", lambda ls: [l.replace("FMUL.FTZ R3, R0, R5", "FMUL.FTZ R3, R0, R6") for l in ls]),
    ("h = y * 0.25", lambda ls: [l.replace("R5, 0.5", "R5, 0.25") for l in ls]),
    ("residual without the negation", lambda ls: [l.replace("-R3, R3", "R3, R3") for l in ls]),
    ("last fma before the residual", lambda ls: ls[:13] + [ls[14], ls[13]] + ls[15:]),
    ("another range start", lambda ls: [l.replace("-0xd000000", "-0xc800000") for l in ls]),
    ("another range width", lambda ls: [l.replace("0x727fffff", "0x72ffffff") for l in ls]),
    ("zeros replaced", lambda ls: [l.replace("@!P0 MOV R2, R0", "@!P0 MOV R2, RZ") for l in ls]),
    ("range of another register", lambda ls: [l.replace("IADD3 R4, R0,", "IADD3 R4, R1,") for l in ls]),
    ("range tested on another register", lambda ls: [l.replace("PT, R4, 0x727fffff", "PT, R6, 0x727fffff")
                                                     for l in ls]),
    ("range as a VIADD (newer chips)", lambda ls: [l.replace("IADD3 R4, R0, -0xd000000, RZ",
                                                             "VIADD R4, R0, 0xf3000000") for l in ls]),
]

for name, mutate in MUTATIONS:
    fast, range_ok, zero = sqrt_rn_expansion.check(mutate(list(SM90)))
    print("%s: fast path %s, range %s, zeros %s" % (name, fast, range_ok, zero))
