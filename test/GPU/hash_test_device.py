"""Runs test/GPU/Output/hash.ptx (see hash-h200.sh) on the GPU with cupy and
compares every value with the independent host model (hash_random_model.py):
integers, uniforms, dropouts and tr_dropout_sample (scalar and vector<4>
forms) exactly, hash_randn within SPEC §5's 3 ulp, and the backward masks
(the op applied to the gradient) with the forward masks. Prints a summary;
exit status 1 on any mismatch."""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import hash_random_model as model  # noqa: E402
from triton_random_model import MASK32, MASK64, f32, f32_to_bits, ulp_distance  # noqa: E402

N = 1 << 16
SEEDS = [(1, 1), (-1, -1), (-2**31, 0xDEADBEEF), (123, 123), (0, 0)]
# rng.tr_dropout_sample: seed_lo, seed_hi = lo32, hi32 of seed64 (SPEC §7's
# example convention), offsets from tr_base (wrapping through 0, across
# 2^63, and, under zero seeds, over offset 2377230, whose sample is 1.0).
TR_BASES = {1: -4096, -1: 2**63 - 1000, -2**31: 0, 123: 2**64 - 4096 * 4,
            0: 2377230 - 100}
P = 0.25


def main(ptx):
    import cupy as cp
    kernel = cp.RawModule(path=ptx).get_function("hash_all")
    print("device:", cp.cuda.runtime.getDeviceProperties(0)["name"].decode())
    bufs = {name: cp.zeros(N, dtype) for name, dtype in [
        ("h", np.uint32), ("u", np.uint32), ("n", np.uint32), ("hd", np.uint32),
        ("hg", np.uint32), ("d", np.uint32), ("dg", np.uint32), ("sm", np.uint64),
        ("tr", np.uint32)]}
    bufs["tr4"] = cp.zeros(4 * N, np.uint32)

    def mref(a):
        p = np.uint64(a.data.ptr)
        return (p, p, np.int64(0), np.int64(a.size), np.int64(1))

    failures = 0
    checked = 0
    max_ulp = 0
    pb = f32_to_bits(f32(P))
    ones = 0
    for seed, seed64 in SEEDS:
        args = ()
        for name in ("h", "u", "n", "hd", "hg", "d", "dg", "sm", "tr", "tr4"):
            args += mref(bufs[name])
        lo, hi = model.tr_seed_halves(seed64)
        base = TR_BASES[seed] & MASK64
        args += (np.int32(seed), np.int64(seed64), np.float32(P), np.int64(N),
                 np.int64(lo), np.int64(hi), np.int64(base - 2**64 if base >= 2**63 else base))
        kernel(((N + 255) // 256,), (256,), args)
        cp.cuda.runtime.deviceSynchronize()
        got = {k: v.get() for k, v in bufs.items()}
        s = seed & MASK32
        for i in range(N):
            c = (i - 4096) & MASK32
            x = f32_to_bits(f32(i * 0.125 - 3.0))
            g = f32_to_bits(f32(f32(f32(i * 0.125 - 3.0) * -0.5) + 0.75))
            want = {
                "h": model.lowbias32(c), "u": model.hash_rand(s, c),
                "hd": model.hash_dropout(x, pb, s, c), "hg": model.hash_dropout(g, pb, s, c),
                "d": model.triton_dropout(x, pb, seed64, 64, c, 32),
                "dg": model.triton_dropout(g, pb, seed64, 64, c, 32),
                "sm": model.splitmix64((i - 4096) & MASK64)}
            for k, w in want.items():
                if int(got[k][i]) != w:
                    failures += 1
                    if failures < 20:
                        print("MISMATCH %s seed %d i %d: %x vs model %x" % (k, seed, i, int(got[k][i]), w))
            for k, offset, index in [("tr", base + i, i)] + [
                    ("tr4", base + 4 * i + lane, 4 * i + lane) for lane in range(4)]:
                w = model.tr_dropout_sample(lo, hi, offset & MASK64)
                ones += w == 0x3F800000
                if int(got[k][index]) != w:
                    failures += 1
                    if failures < 20:
                        print("MISMATCH %s seed %d index %d: %x vs model %x"
                              % (k, seed, index, int(got[k][index]), w))
                checked += 1
            d = ulp_distance(int(got["n"][i]), model.hash_randn(s, c))
            max_ulp = max(max_ulp, d)
            if d > 3:
                failures += 1
                print("MISMATCH hash_randn seed %d i %d: %d ulp" % (seed, i, d))
            checked += 8
        # Masks: forward and backward agree where both inputs are nonzero.
        xs = np.array([f32(i * 0.125 - 3.0) for i in range(N)], np.float32)
        gs = (xs * np.float32(-0.5) + np.float32(0.75)).astype(np.float32)
        nz = (xs != 0) & (gs != 0)
        for fwd, bwd in (("hd", "hg"), ("d", "dg")):
            a = got[fwd].view(np.float32) != 0
            b = got[bwd].view(np.float32) != 0
            if not np.array_equal(a[nz], b[nz]):
                failures += 1
                print("MISMATCH backward mask of %s, seed %d" % (fwd, seed))
        print("seed %d: done" % seed)
    print("tr_dropout_sample values of exactly 1.0: %d" % ones)
    print("values checked: %d; hash_randn max %d ulp; failures: %d" % (checked, max_ulp, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "Output", "hash.ptx")))
