"""The GPU side of test/GPU/torch_check_device.py (see there): our §9 kernels
against torch and cuRAND on the same GPU, bit for bit, then the three
torch-layout fills timed next to torch's own kernels and a copy."""

import json
import os
import subprocess
import sys
import tempfile

import cupy as cp
import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import torch_random_model as model  # noqa: E402

TORCH_DTYPE = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16, "f64": torch.float64}
INT_VIEW = {"f32": torch.int32, "f16": torch.int16, "bf16": torch.int16, "f64": torch.int64}
STORE = {"f32": cp.float32, "f16": cp.int16, "bf16": cp.int16, "f64": cp.float64}
NAN = {"f32": 0x7FC00000, "f16": 0x7E00, "bf16": 0x7FC0, "f64": 0x7FF8000000000000}


def memref(a):
    return [a.data.ptr, a.data.ptr, np.int64(0), np.int64(a.size), np.int64(1)]


def bits_np(a, dt):
    """Bit patterns of a float array (torch tensor or cupy array), NaNs
    canonicalized, as a numpy unsigned array."""
    if isinstance(a, torch.Tensor):
        isnan = torch.isnan(a).cpu().numpy()
        b = a.view(INT_VIEW[dt]).cpu().numpy()
    else:
        b = cp.asnumpy(a)
        if dt in ("f16", "bf16"):
            b = b.view(np.int16)
        f = b.view({"f32": np.float32, "f64": np.float64}[dt]) if dt in ("f32", "f64") else None
        if f is not None:
            isnan = np.isnan(f)
        else:
            u = b.view(np.uint16)
            exp = 0x7C00 if dt == "f16" else 0x7F80
            isnan = ((u & exp) == exp) & ((u & ~np.uint16(exp | 0x8000)) != 0)
    ut = {"f32": np.uint32, "f64": np.uint64, "f16": np.uint16, "bf16": np.uint16}[dt]
    b = b.view(ut)
    return np.where(isnan, ut(NAN[dt]), b)


class Check:
    def __init__(self, ptx):
        self.mod = cp.RawModule(path=ptx)
        props = torch.cuda.get_device_properties(0)
        self.M = props.multi_processor_count
        self.T = props.max_threads_per_multi_processor
        torch.cuda.init()
        self.gen = torch.cuda.default_generators[0]
        self.failures = []
        self.lines = []
        self.values = 0

    def S(self, n):
        return model.torch_threads(n, self.M, self.T)

    def set_state(self, seed, offset):
        torch.cuda.manual_seed(seed)
        self.gen.set_offset(offset)
        return self.gen.get_offset()

    def launch(self, name, n, args, block=256):
        f = self.mod.get_function(name)
        flat = []
        for a in args:
            flat += memref(a) if isinstance(a, cp.ndarray) else [a]
        f(((n + block - 1) // block,), (block,), tuple(flat))

    def compare(self, tag, ours, theirs, inc=None, want_inc=None):
        differ = int(np.sum(ours != theirs))
        self.values += ours.size
        ok = differ == 0 and (inc is None or inc == want_inc)
        line = "%-40s %9d values: %s" % (tag, ours.size, "bit-equal" if differ == 0 else "%d DIFFER" % differ)
        if inc is not None:
            line += "; offset +%d (rng.torch_offset_increment rule +%d)" % (inc, want_inc)
        self.lines.append(line)
        if not ok:
            i = int(np.nonzero(ours != theirs)[0][0]) if differ else -1
            self.failures.append(line + (" first at %d: ours %x torch %x" % (i, int(ours[i]), int(theirs[i]))
                                         if differ else ""))
        print(line, flush=True)

    def common(self, seed, offset, n):
        return [np.int64(seed), np.int64(offset), np.int64(self.S(n)), np.int64(n)]

    def run_torch(self, seed, offset, fn):
        before = self.set_state(seed, offset)
        t = fn()
        torch.cuda.synchronize()
        return t, self.gen.get_offset() - before

    def uniform(self, dt, n, seed, offset, lo, hi):
        def fn():
            t = torch.empty(n, dtype=TORCH_DTYPE[dt], device="cuda")
            return t.uniform_(lo, hi)
        t, inc = self.run_torch(seed, offset, fn)
        out = cp.empty(n, STORE[dt])
        acc = np.float64 if dt == "f64" else np.float32
        self.launch("uniform_" + dt, n, self.common(seed, offset, n) + [acc(lo), acc(hi), out])
        U = 2 if dt == "f64" else 4
        self.compare("uniform_(%g, %g) %s n=%d" % (lo, hi, dt, n), bits_np(out, dt), bits_np(t, dt), inc,
                     model.torch_offset_increment(n, self.S(n), U))

    def normal(self, dt, n, seed, offset, mean, std):
        def fn():
            t = torch.empty(n, dtype=TORCH_DTYPE[dt], device="cuda")
            return t.normal_(mean, std)
        t, inc = self.run_torch(seed, offset, fn)
        out = cp.empty(n, STORE[dt])
        acc = np.float64 if dt == "f64" else np.float32
        self.launch("normal_" + dt, n, self.common(seed, offset, n) + [acc(mean), acc(std), out])
        U = 2 if dt == "f64" else 4
        self.compare("normal_(%g, %g) %s n=%d" % (mean, std, dt, n), bits_np(out, dt), bits_np(t, dt), inc,
                     model.torch_offset_increment(n, self.S(n), U))

    def group(self, n, seed, offset):
        """rng.torch_uniform at g + c S for c < 4 in one thread g (the ops
        share g's draw and, past its end, the next) against torch.rand."""
        t, _ = self.run_torch(seed, offset, lambda: torch.rand(n, device="cuda"))
        S = self.S(n)
        outs = [cp.zeros(n, cp.float32) for _ in range(4)]
        self.launch("uniform_group", n, self.common(seed, offset, n) + [np.float32(0), np.float32(1)] + outs)
        want = bits_np(t, "f32")
        ours = np.concatenate([bits_np(o, "f32")[:max(n - c * S, 0)] for c, o in enumerate(outs)])
        theirs = np.concatenate([want[c * S:] for c in range(4)])
        self.compare("draw group (uniform at g + c S) n=%d" % n, ours, theirs)

    def bernoulli(self, dt, n, seed, offset, p):
        def fn():
            t = torch.empty(n, dtype=TORCH_DTYPE[dt], device="cuda")
            return t.bernoulli_(p)
        t, inc = self.run_torch(seed, offset, fn)
        out = cp.empty(n, cp.int8)
        f64 = dt == "f64"
        self.launch("bernoulli_" + ("f64" if f64 else "f32"), n,
                    self.common(seed, offset, n) + [np.float64(p) if f64 else np.float32(p), out])
        self.compare("bernoulli_(%g) %s n=%d" % (p, dt, n), cp.asnumpy(out).astype(np.uint8),
                     (t != 0).cpu().numpy().astype(np.uint8), inc,
                     model.torch_offset_increment(n, self.S(n), 2 if f64 else 4))

    def random(self, n, seed, offset, lo, hi):
        def fn():
            return torch.randint(lo, hi, (n,), dtype=torch.int64, device="cuda")
        t, inc = self.run_torch(seed, offset, fn)
        out = cp.empty(n, cp.int64)
        rng = hi - lo
        wide = rng >= 1 << 28
        self.launch("random_" + ("wide" if wide else "narrow"), n,
                    self.common(seed, offset, n) + [np.int64(lo), np.int64(rng), out])
        self.compare("randint(%d, %d) n=%d%s" % (lo, hi, n, " wide" if wide else ""),
                     cp.asnumpy(out), t.cpu().numpy(), inc,
                     model.torch_offset_increment(n, self.S(n), 2 if wide else 4))

    def dropout(self, dt, n, seed, offset, p):
        x = torch.randn(n, dtype=torch.float32, device="cuda").to(TORCH_DTYPE[dt])
        x[5] = float("nan")
        x[6] = float("inf")
        x[7] = -0.0
        vec = model.dropout_vec(dt, x.data_ptr(), n)
        t, inc = self.run_torch(seed, offset, lambda: torch.native_dropout(x, p, True))
        y, mask = t
        xs = cp.asarray(x.view(INT_VIEW[dt]) if dt in ("f16", "bf16") else x)
        out = cp.empty(n, STORE[dt])
        m = cp.empty(n, cp.int8)
        self.launch("dropout_%s_vec%d" % (dt, vec), n, self.common(seed, offset, n) + [np.float64(p), xs, out, m])
        self.compare("native_dropout(p=%g) %s vec=%d n=%d" % (p, dt, vec, n), bits_np(out, dt), bits_np(y, dt),
                     inc, model.torch_offset_increment(n, self.S(n), 4))
        self.compare("  its mask", cp.asnumpy(m).astype(np.uint8), mask.cpu().numpy().astype(np.uint8))

    def curand(self):
        """Our cuRAND ops at the recorded positions (below 2^64) against
        the recording (cuRAND on an H200), and the normals at 2^20
        subsequences against cuRAND run now (curand_record.cu bulk)."""
        with open(os.path.join(HERE, "..", "vectors", "curand_recorded.json")) as f:
            cases = [c for c in json.load(f)["cases"] if int(c["position"]) < 1 << 64]
        names = ["w", "q0", "q1", "q2", "q3", "u", "g0", "g1", "d", "d0", "d1", "h0", "h1"]
        types = [cp.uint32] * 5 + [cp.float32] * 3 + [cp.float64] * 5
        groups = {}
        for c in cases:
            groups.setdefault((int(c["seed"]), int(c["subsequence"])), []).append(c)
        differ, count = 0, 0
        for (seed, sub), cs in groups.items():
            pos = cp.asarray(np.array([int(c["position"]) for c in cs], np.uint64).view(np.int64))
            outs = [cp.empty(len(cs), t) for t in types]
            self.launch("curand_ops", len(cs), [np.uint64(seed).view(np.int64), np.uint64(sub).view(np.int64),
                                                 np.int64(len(cs)), pos] + outs)
            r = {k: cp.asnumpy(o) for k, o in zip(names, outs)}
            for i, c in enumerate(cs):
                got = ["%08x" % r["w"][i], ["%08x" % r["q%d" % j][i] for j in range(4)],
                       "%08x" % r["u"][i:i + 1].view(np.uint32)[0],
                       ["%08x" % r[k][i:i + 1].view(np.uint32)[0] for k in ("g0", "g1")],
                       "%016x" % r["d"][i:i + 1].view(np.uint64)[0],
                       ["%016x" % r[k][i:i + 1].view(np.uint64)[0] for k in ("d0", "d1")],
                       ["%016x" % r[k][i:i + 1].view(np.uint64)[0] for k in ("h0", "h1")]]
                want = [c["curand_seq"][0], c["curand4"], c["uniform"], c["normal2"], c["uniform_double"],
                        c["uniform2_double"], c["normal2_double"]]
                for g, w in zip(got, want):
                    count += 1
                    if g != w:
                        differ += 1
                        if differ <= 5:
                            print("curand DIFF seed %d sub %d pos %s: ours %s cuRAND %s" % (seed, sub, c["position"], g, w))
        line = "cuRAND ops at %d recorded positions: %d results, %s" % (len(cases), count,
                                                                        "all bit-equal" if not differ else "%d DIFFER" % differ)
        print(line, flush=True)
        self.lines.append(line)
        if differ:
            self.failures.append(line)
        # Normals at 2^20 subsequences against cuRAND itself.
        n, seed, off = 1 << 20, 42, 8
        with tempfile.TemporaryDirectory() as tmp:
            exe = os.path.join(tmp, "curand_record")
            subprocess.run(["nvcc", "-O3", "-arch=sm_90", os.path.join(HERE, "curand_record.cu"), "-o", exe],
                           check=True)
            raw_path = os.path.join(tmp, "bulk.bin")
            subprocess.run([exe, "bulk", raw_path, str(n), str(seed), str(off)], check=True)
            raw = np.fromfile(raw_path, dtype=np.uint8)
        fl = raw[:8 * n].view(np.uint32).reshape(n, 2)
        db = raw[8 * n:24 * n].view(np.uint64).reshape(n, 2)
        outs = [cp.empty(n, cp.float32), cp.empty(n, cp.float32), cp.empty(n, cp.float64), cp.empty(n, cp.float64)]
        self.launch("curand_normals_bulk", n, [np.int64(seed), np.int64(off), np.int64(n)] + outs)
        ours_f = np.stack([cp.asnumpy(outs[0]).view(np.uint32), cp.asnumpy(outs[1]).view(np.uint32)], 1)
        ours_d = np.stack([cp.asnumpy(outs[2]).view(np.uint64), cp.asnumpy(outs[3]).view(np.uint64)], 1)
        self.compare("curand_normal2 at 2^20 subsequences", ours_f.ravel(), fl.ravel())
        self.compare("curand_normal2_double at 2^20 subsequences", ours_d.ravel(), db.ravel())


# The square root of the float Box-Muller as convert-rng-to-nvvm emits it
# (rng::buildCurandStepNVVM; test/Conversion/RngToNVVM/curand.mlir pins the
# instructions) against sqrt.rn.f32 on every non-negative finite float: equal
# from 2^-101 up (the inputs of ptxas's own fast path, the same
# instructions), and at +-0; the Box-Muller gives -0 and [2^-23, 45.8].
SQRT_FAST_PATH = r"""
extern "C" __global__ void sqrt_fast_path(unsigned long long *counts, unsigned *first) {
  unsigned stride = gridDim.x * blockDim.x;
  unsigned long long in_range = 0, below = 0;
  for (unsigned b = blockIdx.x * blockDim.x + threadIdx.x; b < 0x7f800000u; b += stride) {
    for (unsigned sign = 0; sign < 2; ++sign) {
      unsigned bits = b | (sign && b == 0 ? 0x80000000u : 0u);
      if (sign && b != 0) break;
      float s = __uint_as_float(bits), y, r, h, e, root, ref;
      asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(s));
      asm("mul.rn.f32 %0, %1, %2;" : "=f"(r) : "f"(s), "f"(y));
      asm("mul.rn.f32 %0, %1, 0f3F000000;" : "=f"(h) : "f"(y));
      asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(e) : "f"(-r), "f"(r), "f"(s));
      asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(root) : "f"(e), "f"(h), "f"(r));
      if (s == 0.0f) root = s;
      asm("sqrt.rn.f32 %0, %1;" : "=f"(ref) : "f"(s));
      if (__float_as_uint(root) != __float_as_uint(ref)) {
        if (b >= 0x0d000000u || b == 0) { ++in_range; atomicMin(first, bits); }
        else ++below;
      }
    }
  }
  atomicAdd(&counts[0], in_range);
  atomicAdd(&counts[1], below);
}
"""


def sqrt_fast_path(check):
    """SQRT_FAST_PATH on every float: no difference from 2^-101 up."""
    kernel = cp.RawKernel(SQRT_FAST_PATH, "sqrt_fast_path")
    counts = cp.zeros(2, cp.uint64)
    first = cp.full(1, 0xFFFFFFFF, cp.uint32)
    kernel((check.M * 8,), (256,), (counts, first))
    in_range, below = (int(c) for c in cp.asnumpy(counts))
    line = ("sqrt fast path on every finite float >= +0 and on -0 (%d values): %s from 2^-101 up, "
            "%d differ below" % (0x7F800001, "all equal to sqrt.rn" if not in_range else
                                 "%d DIFFER (first %08x)" % (in_range, int(first[0])), below))
    print(line, flush=True)
    check.lines.append(line)
    check.values += 0x7F800001
    if in_range:
        check.failures.append(line)


# cuRAND's -2.0f * logf(u) as convert-rng-to-nvvm emits it (libdevice's
# logf with its coefficients scaled by powers of two, the exponent's scaling
# and the product by -2 folded: rng::buildCurandStepNVVM,
# test/Conversion/RngToNVVM/curand.mlir pins the instructions) against
# -2.0f * logf(u) compiled by NVRTC on every float u in [2^-33, 1], the
# range of the float Box-Muller's u.
LOG_SEQUENCE = r"""
extern "C" __global__ void minus_two_log(unsigned long long *count, unsigned *first) {
  const float c[9] = {%s};
  unsigned stride = gridDim.x * blockDim.x;
  unsigned long long differ = 0;
  for (unsigned b = 0x2f000000u + blockIdx.x * blockDim.x + threadIdx.x; b <= 0x3f800000u; b += stride) {
    float u = __uint_as_float(b);
    unsigned e = (b - 0x3f2aaaabu) & 0xff800000u;
    float g = __fmaf_rn(__uint_as_float(b - e), 2.0f, -2.0f);
    float h = __fmaf_rn(c[0], g, c[1]);
    for (int k = 2; k <= 8; ++k) h = __fmaf_rn(h, g, c[k]);
    float t = __fmul_rn(h, g);
    float q = __fmaf_rn(t, g, g);
    float s = __fmaf_rn((float)(int)e, __uint_as_float(%s), -q);
    float ref = -2.0f * logf(u);
    if (__float_as_uint(s) != __float_as_uint(ref)) { ++differ; atomicMin(first, b); }
  }
  atomicAdd(count, differ);
}
"""


def minus_two_log(check):
    """LOG_SEQUENCE on every float in [2^-33, 1]: no difference."""
    import torch_check_device as device
    coefficients = ", ".join("__uint_as_float(0x%08xu)" % device.scaled_f32(c, k - 9)
                             for k, c in enumerate(device.LOGF_POLY))
    source = LOG_SEQUENCE % (coefficients, "0x%08xu" % device.scaled_f32(device.MINUS_LN2, -22))
    kernel = cp.RawKernel(source, "minus_two_log")
    count = cp.zeros(1, cp.uint64)
    first = cp.full(1, 0xFFFFFFFF, cp.uint32)
    kernel((check.M * 8,), (256,), (count, first))
    differ = int(count[0])
    values = 0x3F800000 - 0x2F000000 + 1
    line = "-2 logf sequence on every float in [2^-33, 1] (%d values): %s" % (
        values, "all equal to -2.0f * logf" if not differ else "%d DIFFER (first %08x)" % (differ, int(first[0])))
    print(line, flush=True)
    check.lines.append(line)
    check.values += values
    if differ:
        check.failures.append(line)


def timed(fn, reps=20):
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    fn()
    cp.cuda.Device().synchronize()
    times = []
    for _ in range(5):
        start.record()
        for _ in range(reps):
            fn()
        stop.record()
        stop.synchronize()
        times.append(cp.cuda.get_elapsed_time(start, stop) / reps)
    return float(np.median(times))


def copy_ms(n):
    """torch's copy_ of n f32 (ms): the bench's reference, 8n bytes moved."""
    src = torch.empty(n, dtype=torch.float32, device="cuda").uniform_()
    dst = torch.empty_like(src)
    return timed(lambda: dst.copy_(src))


def timed_best(launch, blocks=(128, 256, 512)):
    """The fastest of the CTA sizes `blocks` (ms, block)."""
    return min((timed(lambda: launch(block)), block) for block in blocks)


def bench(check, n=1 << 28):
    """The three torch-layout fills (f32): ours (each thread the four
    elements of one draw; dropout: four contiguous elements, vec = 4) bit
    checked against torch in this run, then timed with torch's kernels and
    a copy (bytes: fill 4n, dropout 9n with the mask, copy 8n)."""
    import torch_check_device as device
    seed, offset = 7, 16
    S = check.S(n)
    if n != device.BENCH_N or S != device.BENCH_THREADS:
        print("bench: skipped (the kernels are built for S = %d at n = 2^28; this device gives S = %d)"
              % (device.BENCH_THREADS, S))
        return
    copy_time = copy_ms(n)
    copy_gbs = 8 * n / copy_time / 1e6
    rows = [("copy", "torch copy_", copy_time, 8 * n)]
    out = cp.empty(n, cp.float32)
    common = [np.int64(seed), np.int64(offset), np.int64(S), np.int64(n)]
    fills = {"uniform": lambda t: t.uniform_(0.0, 1.0),
             "normal": lambda t: t.normal_(0.0, 1.0)}
    # _4x: S threads; the 16- and 8-value kernels: split * S / W (SIXTEEN_SPLITS).
    kernels = [(family + "_4x", S) for family in fills]
    kernels += [(family + suffix, split * S // w) for family in fills
                for suffix, split, _, w in device.SIXTEEN_SPLITS]
    for name, grid in sorted(kernels, key=lambda k: k[0].split("_")[0] != "uniform"):
        lo, hi, torch_fn = 0.0, 1.0, fills[name.split("_")[0]]
        t = torch.empty(n, dtype=torch.float32, device="cuda")
        check.set_state(seed, offset)
        torch_fn(t)
        out[:] = 0
        check.launch(name, grid, common + [np.float32(lo), np.float32(hi), out])
        check.compare("bench %s (rng.torch_%s) vs torch" % (name, name.split("_")[0]),
                      bits_np(out, "f32"), bits_np(t, "f32"))
        if name.endswith("_4x"):
            rows.append((name, "torch " + name.split("_")[0] + "_", timed(lambda: torch_fn(t)), 4 * n))
        ms, block = timed_best(lambda b: check.launch(name, grid, common + [np.float32(lo), np.float32(hi), out],
                                                      block=b))
        rows.append((name, "ours rng.torch_%s (%s, block %d)" % (name.split("_")[0], name, block), ms, 4 * n))
    x = torch.randn(n, dtype=torch.float32, device="cuda")
    check.set_state(seed, offset)
    y, mask = torch.native_dropout(x, 0.1, True)
    yo, mo = cp.empty(n, cp.float32), cp.empty(n, cp.int8)
    args = common + [np.float64(0.1), cp.asarray(x), yo, mo]
    # dropout_4x: one vec-4 group per thread; dropout_8x, dropout_16x: two
    # and four groups n / 8 and n / 16 apart; dropout_4xl: dropout_4x in a
    # grid-stride loop over S threads.
    for name, threads in (("dropout_4x", (n + 3) // 4), ("dropout_8x", n // 8), ("dropout_16x", n // 16),
                          ("dropout_4xl", S)):
        yo[:] = 0
        mo[:] = 0
        check.launch(name, threads, args)
        check.compare("bench %s (rng.torch_dropout vec 4) vs torch" % name, bits_np(yo, "f32"), bits_np(y, "f32"))
        check.compare("  its mask", cp.asnumpy(mo).astype(np.uint8), mask.cpu().numpy().astype(np.uint8))
        if name == "dropout_4x":
            rows.append(("dropout", "torch native_dropout", timed(lambda: torch.native_dropout(x, 0.1, True)), 9 * n))
        ms, block = timed_best(lambda b: check.launch(name, threads, args, block=b), (64, 128, 256, 512, 1024))
        rows.append(("dropout", "ours rng.torch_dropout (%s, block %d)" % (name, block), ms, 9 * n))
    print("\nN = 2^%d f32, median of 5 rounds of 20 launches (ours: the fastest CTA size of 128, 256, 512; dropout 64 to 1024); x copy = GB/s / copy's %.0f GB/s" % (
        int(np.log2(n)), copy_gbs))
    print("| kernel | ms | GB/s | x copy |\n|---|---|---|---|")
    for group, name, ms, nbytes in rows:
        gbs = nbytes / ms / 1e6
        print("| %s | %.4f | %.0f | %.3f |" % (name, ms, gbs, gbs / copy_gbs))
    probes(check, copy_gbs, n)
    # The experiment NAME_d: the odd warps sleep first (ns), bit-checked.
    print("\nDesynchronized warps (the odd warps sleep first)\n| kernel | sleep ns | ms | x copy |\n|---|---|---|---|")
    for base in device.DESYNC:
        suffix = "_" + base.split("_")[1]
        split, w = [(sp, w) for sf, sp, _, w in device.SIXTEEN_SPLITS if sf == suffix][0]
        t = torch.empty(n, dtype=torch.float32, device="cuda")
        check.set_state(seed, offset)
        fills[base.split("_")[0]](t)
        for sleep in (0, 100, 200, 400, 1000):
            out[:] = 0
            args = common + [np.float32(0.0), np.float32(1.0), out, np.int32(sleep)]
            check.launch(base + "_d", split * S // w, args)
            check.compare("bench %s_d sleep %d vs torch" % (base, sleep), bits_np(out, "f32"), bits_np(t, "f32"))
            ms, block = timed_best(lambda b: check.launch(base + "_d", split * S // w, args, block=b))
            print("| %s_d (block %d) | %d | %.4f | %.3f |" % (base, block, sleep, ms, 4 * n / ms / 1e6 / copy_gbs))
    # The experiment normal_*h / normal_*s: normal_16xf's and _8xf's work
    # written by hand (rng.philox_4x32 and cuRAND's Box-Muller in arith and
    # math), plain (h), software-pipelined (s) and half so (q), bit-checked.
    print("\nHand-written normals: plain (h), software-pipelined (s), half so (q)\n| kernel | ms | x copy |\n|---|---|---|")
    t = torch.empty(n, dtype=torch.float32, device="cuda")
    check.set_state(seed, offset)
    fills["normal"](t)
    for suffix, split, _, w in device.HAND:
        name = "normal" + suffix
        out[:] = 0
        args = common + [np.float32(0.0), np.float32(1.0), out]
        check.launch(name, split * S // w, args)
        check.compare("bench %s vs torch" % name, bits_np(out, "f32"), bits_np(t, "f32"))
        ms, block = timed_best(lambda b: check.launch(name, split * S // w, args, block=b))
        print("| %s (block %d) | %.4f | %.3f |" % (name, block, ms, 4 * n / ms / 1e6 / copy_gbs))
    # Each family's fastest kernel of ours (all bit-checked above) against
    # torch's and the target.
    print("\n| fill | torch x copy | ours, fastest | x copy | target | met |\n|---|---|---|---|---|---|")
    for family, target in TARGETS:
        def x_copy(row):
            return row[3] / row[2] / 1e6 / copy_gbs
        theirs = [r for r in rows if r[1].startswith("torch") and r[1].split()[1].startswith(
            "native_dropout" if family == "dropout" else family)]
        ours = [r for r in rows if r[1].startswith("ours rng.torch_" + family)]
        if not theirs or not ours:
            continue
        best = max(ours, key=x_copy)
        print("| %s | %.3f | %s | %.3f | %.2f | %s |" % (
            family, x_copy(theirs[0]), best[1].split("(")[1].split(",")[0], x_copy(best), target,
            "yes" if x_copy(best) >= target else "no"))


def probes(check, copy_gbs, n=1 << 28):
    """Times the probes (NAME_p, stores off) of every 16- and 8-value fill
    and hand-written normal: each kernel's instruction-bound time, which
    holds on any GPU of the same multiprocessors and clocks (an H100 SXM
    for an H200): a kernel cannot run faster than its probe, so "x copy at
    most" bounds it there."""
    import torch_check_device as device
    S = check.S(n)
    out = cp.empty(n, cp.float32)
    common = [np.int64(7), np.int64(16), np.int64(S), np.int64(n)]
    kernels = [(family + suffix, split * S // w) for family in ("uniform", "normal")
               for suffix, split, _, w in device.SIXTEEN_SPLITS]
    kernels += [("normal" + suffix, split * S // w) for suffix, split, _, w in device.HAND]
    print("\nProbes: the same kernels with their stores off (instruction-bound time); x copy at most = 4n bytes at that time / copy")
    print("| kernel | ms | x copy at most |\n|---|---|---|")
    for name, grid in kernels:
        ms, block = timed_best(lambda b: check.launch(
            name + "_p", grid, common + [np.float32(0.0), np.float32(1.0), out, np.int32(0)], block=b))
        print("| %s_p (block %d) | %.4f | %.3f |" % (name, block, ms, 4 * n / ms / 1e6 / copy_gbs))


def probes_only(ptx, n=1 << 28):
    """The probe table alone, against this run's copy (no comparison)."""
    import torch_check_device as device
    check = Check(ptx)
    if n != device.BENCH_N or check.S(n) != device.BENCH_THREADS:
        sys.exit("probes: the kernels are built for S = %d at n = 2^28" % device.BENCH_THREADS)
    copy_gbs = 8 * n / copy_ms(n) / 1e6
    print("device: %s; copy %.0f GB/s" % (torch.cuda.get_device_name(0), copy_gbs))
    probes(check, copy_gbs, n)
    return 0


# The targets for the PyTorch-layout fills (x copy).
TARGETS = (("uniform", 1.0), ("normal", 0.90), ("dropout", 0.99))


def profile(ptx, names, n=1 << 28):
    """Launches each named bench kernel once with the bench's arguments
    (for Nsight Compute: ncu -k regex:NAME ... torch_check_device.py
    profile PTX NAME...); no comparison."""
    import torch_check_device as device
    check = Check(ptx)
    S = check.S(n)
    common = [np.int64(7), np.int64(16), np.int64(S), np.int64(n)]
    grids = {family + "_4x": S for family in ("uniform", "normal")}
    grids.update({family + suffix: split * S // w for family in ("uniform", "normal")
                  for suffix, split, _, w in device.SIXTEEN_SPLITS})
    grids.update({"normal" + suffix: split * S // w for suffix, split, _, w in device.HAND})
    out = cp.empty(n, cp.float32)
    x, yo, mo = cp.ones(n, cp.float32), cp.empty(n, cp.float32), cp.empty(n, cp.int8)
    for name in names:
        if name in grids:
            check.launch(name, grids[name], common + [np.float32(0.0), np.float32(1.0), out], block=512)
        elif name.endswith("_p") and name[:-2] in grids:
            check.launch(name, grids[name[:-2]], common + [np.float32(0.0), np.float32(1.0), out, np.int32(0)],
                         block=512)
        elif name in ("dropout_4x", "dropout_8x", "dropout_16x", "dropout_4xl"):
            threads = S if name == "dropout_4xl" else n // int(name.split("_")[1][:-1])
            check.launch(name, threads, common + [np.float64(0.1), x, yo, mo], block=128)
        else:
            sys.exit("profile: no bench kernel %r" % name)
    cp.cuda.Device().synchronize()
    return 0


def main(ptx, quick=False, bench_only=False):
    check = Check(ptx)
    print("device: %s, %d SMs, %d threads/SM; torch %s" % (
        torch.cuda.get_device_name(0), check.M, check.T, torch.__version__), flush=True)
    if bench_only:
        bench(check)
        return 1 if check.failures else 0
    sizes = [1000, 270335, 270337, 1081345, (1 << 24) + 3] if not quick else [1000, 270337]
    for i, n in enumerate(sizes):
        seed, offset = 1000 + i, 4 * (i * 7 + 1)
        for dt in ("f32", "f16", "bf16", "f64"):
            check.uniform(dt, n, seed, offset, 0.0, 1.0)
            check.normal(dt, n, seed + 1, offset, 0.0, 1.0)
        check.uniform("f32", n, seed, offset + 8, -2.0, 3.0)
        check.normal("f32", n, seed, offset + 8, 1.5, 0.5)
        check.normal("f64", n, seed, offset + 8, -1.0, 2.0)
        for dt in ("f32", "f64", "f16"):
            check.bernoulli(dt, n, seed + 2, offset, 0.3)
        check.random(n, seed + 3, offset, 0, 10)
        check.random(n, seed + 3, offset, -(1 << 40), 1 << 40)
    for dt, n in (("f32", 1081344), ("f32", (1 << 24) + 2), ("f32", (1 << 24) + 3), ("f16", 1081344),
                  ("bf16", 1081346), ("f64", 1081344), ("f16", (1 << 24) + 4)):
        check.dropout(dt, n, 77, 12, 0.2)
    for n in (1081345, (1 << 24) + 3):
        check.group(n, 99, 20)
    check.curand()
    sqrt_fast_path(check)
    minus_two_log(check)
    if not quick:
        bench(check)
    print("\n%d values compared; failures: %d" % (check.values, len(check.failures)))
    for f in check.failures:
        print("FAIL: " + f)
    return 1 if check.failures else 0
