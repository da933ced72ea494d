"""Reads how ptxas expands `sqrt.rn.f32` and checks that its fast path is
the instruction sequence convert-rng-to-nvvm emits for cuRAND's float
Box-Muller square root (rng::buildCurandStepNVVM; docs/Targets.md, "Other
NVVM-only choices"):

    y = MUFU.RSQ(s); r = FMUL(s, y); h = FMUL(y, 0.5);
    e = FFMA(-r, r, s); sqrt = FFMA(e, h, r)

taken where bits(s) - 0x0d000000 <= 0x727fffff (unsigned), that is for s in
[2^-101, 2^128). The lowering's inputs (-0.0 and [2^-23, 45.8]) then give
the same bits as `sqrt.rn.f32` wherever this holds.

    python3 bench/sqrt_rn_expansion.py [--arch sm_90 ...]

Here (ptxas 13, CUDA 11.8's disassembler from scripts/get-sass-tools.sh)
sm_75 to sm_90 can be read; on a machine whose own cuobjdump knows later
chips (`--cuobjdump cuobjdump`), sm_100 and sm_120 too. Exit status 1 if
any chip's expansion differs.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sass_local  # noqa: E402

PTX = """.version 8.0
.target %s
.address_size 64
.visible .entry k(.param .u64 p) {
  .reg .b64 %%rd<3>;
  .reg .f32 %%f<3>;
  ld.param.u64 %%rd1, [p];
  cvta.to.global.u64 %%rd2, %%rd1;
  ld.global.f32 %%f1, [%%rd2];
  sqrt.rn.f32 %%f2, %%f1;
  st.global.f32 [%%rd2], %%f2;
  ret;
}
"""

# The fast path, register names abstracted: (opcode, operand pattern).
FAST_PATH = [
    ("MUFU.RSQ", r"(?P<y>R\d+), (?P<s>R\d+)"),
    ("FMUL.FTZ", r"(?P<r>R\d+), (?P=s), (?P=y)"),
    ("FMUL.FTZ", r"(?P<h>R\d+), (?P=y), 0\.5"),
    ("FFMA", r"(?P<e>R\d+), -(?P=r), (?P=r), (?P=s)"),
    ("FFMA", r"R\d+, (?P=e), (?P=h), (?P=r)"),
]
# The slow path returns +-0 as they are (the lowering's select).
ZERO = [
    ("LOP3.LUT", r"(?P<p>P\d), RZ, (?P<x>R\d+), 0x7fffffff, RZ, 0xc0, !PT"),
    ("@!(?P=p) MOV", r"R\d+, (?P=x)"),
]
# bits(s) - 0x0d000000 > 0x727fffff (unsigned) takes the slow path; the
# subtraction may be an IADD3 or (newer chips) a VIADD of 0xf3000000.
RANGE_CHECK = [
    ("", r"(?:IADD3 (?P<d>R\d+), (?P<s>R\d+), -0xd000000, RZ"
         r"|VIADD (?P<d2>R\d+), (?P<s2>R\d+), 0xf3000000)"),
    ("ISETP.GT.U32.AND", r"P\d, PT, (?P<dd>R\d+), 0x727fffff, PT"),
]


def sass_text(arch, cuobjdump):
    """The kernel's SASS as `OPCODE operands` lines."""
    with tempfile.TemporaryDirectory() as tmp:
        ptx = os.path.join(tmp, "k.ptx")
        with open(ptx, "w") as f:
            f.write(PTX % arch)
        if cuobjdump:
            cubin = os.path.join(tmp, "k.cubin")
            subprocess.run([sass_local.PTXAS, "-arch=" + arch, ptx, "-o", cubin], check=True)
            sass = subprocess.run([cuobjdump, "-sass", cubin], capture_output=True, text=True,
                                  check=True).stdout
        else:
            sass, _ = sass_local.compile_ptx(ptx, arch, os.path.join(sass_local.ROOT, "build",
                                                                       "sass-tools"))
    return [re.sub(r"\s+", " ", text.strip()) for _, _, text in sass_local.instructions(sass)]


def matches(lines, steps):
    """The registers bound if the instructions of `steps` (opcode, operand
    regex with named registers) appear in order in `lines`, each register
    name standing for one register throughout; else None."""
    bound = {}
    i = 0
    for opcode, operands in steps:
        pattern = operands
        for name, value in bound.items():
            pattern = pattern.replace("(?P=%s)" % name, re.escape(value))
        op = opcode
        for name, value in bound.items():
            op = op.replace("(?P=%s)" % name, value)
        regex = re.compile((re.escape(op) + " " if op else "") + pattern)
        while i < len(lines) and not regex.fullmatch(lines[i]):
            i += 1
        if i == len(lines):
            return None
        bound.update({k: v for k, v in regex.fullmatch(lines[i]).groupdict().items() if v})
        i += 1
    return bound


def check(lines):
    """(fast path as emitted, range as assumed, zeros returned as they are)."""
    fast = matches(lines, FAST_PATH)
    # The range check tests the fast path's own operand.
    checked = matches(lines, RANGE_CHECK)
    range_ok = bool(fast and checked and checked.get("d", checked.get("d2")) == checked["dd"]
                    and checked.get("s", checked.get("s2")) == fast["s"])
    return fast is not None, range_ok, matches(lines, ZERO) is not None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--arch", action="append",
                    help="chips to read (default sm_75 sm_80 sm_86 sm_89 sm_90)")
    ap.add_argument("--cuobjdump", help="a disassembler that reads ptxas's cubins as they are")
    args = ap.parse_args()
    failed = False
    for arch in args.arch or ["sm_75", "sm_80", "sm_86", "sm_89", "sm_90"]:
        lines = sass_text(arch, args.cuobjdump)
        fast, range_ok, zero = check(lines)
        print("%-7s fast path %s, range check [2^-101, 2^128) %s, zeros %s" % (
            arch, "as emitted" if fast else "DIFFERS", "as assumed" if range_ok else "DIFFERS",
            "kept" if zero else "DIFFER"))
        if not (fast and range_ok and zero):
            failed = True
            print("\n".join("    " + line for line in lines))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
