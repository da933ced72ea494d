"""One function of CUDA's libdevice as LLVM IR for the host CPU.

    libdevice_host.py LIBDEVICE.bc NAME > name.ll     (llc compiles it)

libdevice's functions are IEEE arithmetic plus a few NVVM intrinsics: its
fma.rn (with and without .ftz) and __nvvm_reflect, which selects the
flush-to-zero path. The output keeps the function's own IR and maps those:
fma.rn.f/.d to llvm.fma (the same single rounding), __nvvm_reflect to 0
(no flush to zero: what PyTorch's CUDA build and the rng-to-nvvm pipeline
use). Any other NVVM intrinsic is an error: its meaning is not IEEE's. The
tests run a libdevice function so against our NVVM lowering's inline form
of it (test/Conversion/RngToNVVM/curand-log.test).
"""

import os
import re
import subprocess
import sys

FMA = {"@llvm.nvvm.fma.rn.f(": "@llvm.fma.f32(", "@llvm.nvvm.fma.rn.ftz.f(": "@llvm.fma.f32(",
       "@llvm.nvvm.fma.rn.d(": "@llvm.fma.f64("}


def tool(name):
    """An LLVM tool from LLVM_TOOLS_DIR or PATH."""
    directory = os.environ.get("LLVM_TOOLS_DIR")
    return os.path.join(directory, name) if directory else name


def host_ir(libdevice, name):
    bitcode = subprocess.run([tool("llvm-extract"), "--func=" + name, libdevice, "-o", "-"],
                             check=True, capture_output=True).stdout
    text = subprocess.run([tool("llvm-dis"), "-o", "-"], input=bitcode, check=True,
                          capture_output=True).stdout.decode()
    lines = []
    for line in text.splitlines():
        if line.startswith(("target datalayout", "target triple", "declare")):
            continue
        # The flag names __nvvm_reflect reads, defined so the module links.
        line = re.sub(r"^(@\S+) = external hidden unnamed_addr constant (\[(\d+) x i8\])",
                      lambda m: '%s = internal unnamed_addr constant %s zeroinitializer'
                      % (m.group(1), m.group(2)), line)
        for nvvm, generic in FMA.items():
            line = line.replace(nvvm, generic)
        lines.append(line)
    out = "\n".join(lines)
    left = sorted(set(re.findall(r"@llvm\.nvvm\.[\w.]+", out)))
    if left:
        sys.exit("libdevice_host.py: %s uses %s, which has no host meaning here" % (name, ", ".join(left)))
    if "define" not in out:
        sys.exit("libdevice_host.py: no function %s in %s" % (name, libdevice))
    return out + """
define internal i32 @__nvvm_reflect(ptr %flag) {
  ret i32 0
}
declare float @llvm.fma.f32(float, float, float)
declare double @llvm.fma.f64(double, double, double)
"""


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.stdout.write(host_ir(sys.argv[1], sys.argv[2]))
