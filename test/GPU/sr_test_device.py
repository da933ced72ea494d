"""Runs test/GPU/Output/sr-{fma,universal}.ptx (see sr-h200.sh) on the GPU
with cupy: for every kernel of sr_kernels.py, both lowerings on all 2^32
f32 bit patterns (16 launches of 2^28, rbits from lowbias32(i ^ salt)),
compared bit for bit; then 2^20 elements (a random stride over the f32
patterns) of each compared with the independent host model of SPEC
section 3 (any NaN of T matches a NaN result). Prints one line per kernel; exit status 1 on any mismatch."""

import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import stochastic_rounding_model as model  # noqa: E402
import hash_random_model as hash_model  # noqa: E402

CHUNK = 1 << 28
SALT = 0x2545F491
SAMPLE = 1 << 20
SAMPLE_STRIDE = 0x9E3779B1


def kernels():
    out = subprocess.run([sys.executable, os.path.join(HERE, "sr_kernels.py"), "list"],
                         check=True, capture_output=True, text=True).stdout
    for line in out.split("\n"):
        if line:
            name, fmt, w, sat, scaling = line.split()
            yield name, fmt, int(w), bool(int(sat)), bool(int(scaling))


def lowbias32(values):
    return np.array([hash_model.lowbias32(int(v)) for v in values], dtype=np.uint64)


def main(fma_ptx, universal_ptx):
    import cupy as cp
    fma = cp.RawModule(path=fma_ptx)
    universal = cp.RawModule(path=universal_ptx)
    print("device:", cp.cuda.runtime.getDeviceProperties(0)["name"].decode())

    def mref(a):
        p = np.uint64(a.data.ptr)
        return (p, p, np.int64(0), np.int64(a.size), np.int64(1))

    def launch(function, out, base, stride, n):
        function(((n + 255) // 256,), (256,),
                 mref(out) + (np.int32(np.uint32(base).view(np.int32)),
                              np.int32(np.uint32(stride).view(np.int32)),
                              np.int32(SALT), np.int64(n)))

    failures = 0
    i = np.arange(SAMPLE, dtype=np.uint64)
    sample_x = ((i * SAMPLE_STRIDE) & 0xFFFFFFFF).astype(np.uint32)
    sample_h = lowbias32(i ^ SALT)
    sample_scale = (lowbias32(i ^ SALT ^ 0x5555) >> 8) & 0xFF
    for name, fmt_name, w, saturate, scaling in kernels():
        fmt = model.ALL_FORMATS[fmt_name]
        dtype = np.uint16 if fmt_name == "f16" else np.uint8
        a = cp.zeros(CHUNK, dtype)
        b = cp.zeros(CHUNK, dtype)
        mismatches = 0
        first = None
        for chunk in range(1 << 32 >> 28):
            base = chunk * CHUNK
            launch(fma.get_function(name), a, base, 1, CHUNK)
            launch(universal.get_function(name), b, base, 1, CHUNK)
            diff = a != b
            count = int(diff.sum())
            if count and first is None:
                j = int(cp.argmax(diff))
                first = (base + j, int(a[j]), int(b[j]))
            mismatches += count
        # The independent model on a sample of both.
        launch(fma.get_function(name), a, 0, SAMPLE_STRIDE, SAMPLE)
        launch(universal.get_function(name), b, 0, SAMPLE_STRIDE, SAMPLE)
        x = sample_x
        if scaling:
            x = model.scaled_quotient(x, sample_scale)
        rbits = sample_h & np.uint64((1 << w) - 1)
        want = model.stochastic_round(fmt, x, rbits, w, saturate).astype(np.int64)

        def off(got):
            # Any NaN of T is right for a NaN result (SPEC section 3).
            got = got[:SAMPLE].get().astype(np.int64)
            same = (got == want) | (fmt.is_nan[got] & fmt.is_nan[want])
            return int((~same).sum())

        off_model = off(a) + off(b)
        print(f"{name}: 2^32 inputs, {mismatches} fma.rz/universal mismatches; "
              f"{SAMPLE} sampled, {off_model} off the model")
        if first:
            print("    first: x=0x%08x fma.rz 0x%x universal 0x%x" % first)
        failures += mismatches + off_model
    print("FAILED" if failures else "PASSED")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
