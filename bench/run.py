#!/usr/bin/env python3
"""Device-side benchmark runner for rng-mlir's GPU kernels (NVIDIA, sm_90).

Loads the PTX that bench/build.sh built (build/bench/ptx/<mode>/<module>.ptx),
checks every kernel's bits on the device against Triton's tl.* with the same
counter mapping (computed in the same run) and against an independent numpy
model on a sample, then times our kernels and the peers (device copy,
torch.rand/randn/dropout, cuRAND Philox host API, Triton kernels, software SR)
with CUDA events: every kernel in several interleaved rounds of many launches
after warm-up; the time is the median of the round medians.

Usage (on the GPU machine, from the repository root):
    python3 bench/run.py [--n-log2 28] [--reps 40] [--rounds 5] [--out DIR]
                         [--ptx DIR] [--modes ops,expanded]

Mode `jax` (bench/build.sh jax) is the JAX/XLA part (bench/jaxbench.py): the
rng.jax_* and rng.bit_generator kernels checked against the numpy model,
JAX itself on its GPU backend and Triton kernels of the same rules, and timed
with JAX and Triton as peers. With only `jax` among the modes the torch /
cuRAND / Triton-Philox peers of the other modes are not timed.

Prints a markdown table (kernel, GB/s, x copy) and writes results.md /
results.json to --out (default $OUT or bench/out).  Exit status 1 when a
correctness check fails.
"""

import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time
import traceback

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------------------
# Independent numpy model (SPEC.md sections 1-3), used on a sample of indices.
# ----------------------------------------------------------------------------

# Philox and u2f: the test helpers' one model (test/lib/triton_random_model.py).
sys.path.insert(0, os.path.join(HERE, "..", "test", "lib"))
import triton_random_model as triton_model  # noqa: E402


def np_philox(c0, seed, rounds=10):
    """Philox4x32-`rounds` at counter (c0, 0, 0, 0) (c0: uint32 array),
    key from the i32 `seed` sign-extended to 64 bits: Triton's randint4x at
    32-bit offsets c0."""
    return triton_model.randint4x_numpy(seed, 32, c0, 32, rounds)


np_u2f = triton_model.u2f_numpy


def np_pair_f64(u1, u2):
    """A correctly rounded evaluation of SPEC's Box-Muller formula: u1's
    clamp and t = f32(6.283185307179586f * u2) as in f32, then
    sqrt(-2 log u1) * cos t (and sin t) in float64, rounded once to f32."""
    f32 = np.float32
    u1 = np.maximum(f32(1.0e-7), u1)
    t = (f32(6.283185307179586) * u2).astype(f32).astype(np.float64)
    r = np.sqrt(-2.0 * np.log(u1.astype(np.float64)))
    return (r * np.cos(t)).astype(f32), (r * np.sin(t)).astype(f32)


def np_sr_bf16(x, r16):
    """SPEC section 3 for f32 -> bf16, K = 16, not saturating; returns the
    bf16 bit patterns (uint16).  Written from the definition (binade, ulp,
    truncation, carry of t + r out of the K-bit field), not from the
    add-and-truncate trick."""
    x = x.astype(np.float32)
    out = np.empty(x.shape, np.uint16)
    for i, (xv, rv) in enumerate(zip(x.tolist(), r16.tolist())):
        if math.isnan(xv):
            out[i] = 0x7FC0
            continue
        a = abs(xv)
        if math.isinf(a):
            res = math.inf
        else:
            if a < 2.0 ** -126:
                ulp = 2.0 ** -133
            else:
                ulp = 2.0 ** (math.frexp(a)[1] - 1 - 7)
            q = math.floor(a / ulp) * ulp
            t = math.floor((a - q) / ulp * 65536.0)
            res = q + ulp if t + rv >= 65536 else q
        v = np.float32(res if res < 2.0 ** 128 else math.inf)
        if math.copysign(1.0, xv) < 0:
            v = -v
        out[i] = np.array([v], np.float32).view(np.uint32)[0] >> 16
    return out


def order_key(base):
    order = ["uniform_elem", "uniform_elem_mulhi", "uniform_4x", "uniform_4x_mulhi", "normal_elem", "normal_elem_fast", "normal_4x",
             "normal_4x_sincos", "normal_4x_fast", "dropout_elem", "dropout_4x", "sr_elem", "sr_8x"]
    return order.index(base) if base in order else len(order)


# ----------------------------------------------------------------------------
# Device side
# ----------------------------------------------------------------------------

def triton_kernels():
    """The Triton peers (same counter mappings as our kernels), by name."""
    import triton
    import triton.language as tl

    @triton.jit
    def k_rand(out, seed, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(out + offs, tl.rand(seed, offs), mask=offs < n)

    @triton.jit
    def k_randn(out, seed, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(out + offs, tl.randn(seed, offs), mask=offs < n)

    @triton.jit
    def k_rand4x(out, seed, n, BLOCK: tl.constexpr):
        # counter c -> elements 4c..4c+3 (word k -> 4c+k)
        c = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        r0, r1, r2, r3 = tl.rand4x(seed, c)
        v = tl.interleave(tl.interleave(r0, r2), tl.interleave(r1, r3))
        offs = tl.program_id(0) * (4 * BLOCK) + tl.arange(0, 4 * BLOCK)
        tl.store(out + offs, v, mask=offs < n)

    @triton.jit
    def k_rand4x_blocked(out, seed, n, BLOCK: tl.constexpr):
        # the common Triton idiom: word k of counter c -> element base + k*BLOCK + j
        j = tl.arange(0, BLOCK)
        c = tl.program_id(0) * BLOCK + j
        r0, r1, r2, r3 = tl.rand4x(seed, c)
        base = tl.program_id(0) * (4 * BLOCK)
        tl.store(out + base + j, r0)
        tl.store(out + base + BLOCK + j, r1)
        tl.store(out + base + 2 * BLOCK + j, r2)
        tl.store(out + base + 3 * BLOCK + j, r3)

    @triton.jit
    def k_randn4x(out, seed, n, BLOCK: tl.constexpr):
        c = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        r0, r1, r2, r3 = tl.randn4x(seed, c)
        v = tl.interleave(tl.interleave(r0, r2), tl.interleave(r1, r3))
        offs = tl.program_id(0) * (4 * BLOCK) + tl.arange(0, 4 * BLOCK)
        tl.store(out + offs, v, mask=offs < n)

    @triton.jit
    def k_dropout(xp, yp, seed, p, scale, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        xv = tl.load(xp + offs, mask=m)
        r = tl.rand(seed, offs)
        tl.store(yp + offs, tl.where(r > p, xv * scale, 0.0), mask=m)

    @triton.jit
    def k_dropout4x(xp, yp, seed, p, scale, n, BLOCK: tl.constexpr):
        c = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        r0, r1, r2, r3 = tl.rand4x(seed, c)
        r = tl.interleave(tl.interleave(r0, r2), tl.interleave(r1, r3))
        offs = tl.program_id(0) * (4 * BLOCK) + tl.arange(0, 4 * BLOCK)
        m = offs < n
        xv = tl.load(xp + offs, mask=m)
        tl.store(yp + offs, tl.where(r > p, xv * scale, 0.0), mask=m)

    @triton.jit
    def sr_bits(xv, r16):
        xb = xv.to(tl.uint32, bitcast=True)
        hb = ((xb + r16) >> 16).to(tl.uint16)
        hb = tl.where(xv != xv, 0x7FC0, hb).to(tl.uint16)
        return hb.to(tl.bfloat16, bitcast=True)

    @triton.jit
    def k_sr(xp, yp, seed, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        xv = tl.load(xp + offs, mask=m)
        r = tl.randint(seed, offs) & 0xFFFF
        tl.store(yp + offs, sr_bits(xv, r), mask=m)

    @triton.jit
    def k_sr8x(xp, yp, seed, n, BLOCK: tl.constexpr):
        # counter c -> elements 8c..8c+7; element 8c+2k+h uses bits [16h+15:16h] of word k
        c = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        w0, w1, w2, w3 = tl.randint4x(seed, c)
        t0, t1 = w0 & 0xFFFF, w0 >> 16
        t2, t3 = w1 & 0xFFFF, w1 >> 16
        t4, t5 = w2 & 0xFFFF, w2 >> 16
        t6, t7 = w3 & 0xFFFF, w3 >> 16
        r = tl.interleave(tl.interleave(tl.interleave(t0, t4), tl.interleave(t2, t6)),
                          tl.interleave(tl.interleave(t1, t5), tl.interleave(t3, t7)))
        offs = tl.program_id(0) * (8 * BLOCK) + tl.arange(0, 8 * BLOCK)
        m = offs < n
        xv = tl.load(xp + offs, mask=m)
        tl.store(yp + offs, sr_bits(xv, r), mask=m)

    @triton.jit
    def k_copy(xp, yp, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        tl.store(yp + offs, tl.load(xp + offs, mask=m), mask=m)

    return {name: obj for name, obj in locals().items()
            if name.startswith("k_") or name == "sr_bits"}


# The performance targets (x the same run's copy) of the kernels that have one:
# (group, name prefix of our entry, target, what).
TARGETS = [
    ("uniform", "ours [ops] uniform_4x", 1.0, "rng.rand4x (no regression)"),
    ("normal", "ours [ops] normal_4x", 0.70, "rng.randn4x"),
    ("normal", "ours [ops-fastmath] normal_4x", 0.95, "rng.randn4x, fast math"),
    ("normal", "ours [ops] normal_elem", 0.30, "rng.randn per element"),
    ("dropout", "ours [ops] dropout_4x", 0.99, "dropout over rng.rand4x (no regression)"),
    ("sr", "ours [ops] sr_8x", 1.0, "SR bf16, 1 Philox / 8 (no regression)"),
    ("hash fill", "ours [hash] hashrand", 1.0, "rng.hash_rand (no regression)"),
    ("hash dropout", "ours [hash] hashdropout", 0.99, "rng.hash_dropout (no regression)"),
    ("hash normal", "ours [hash] hashrandn", 0.55, "rng.hash_randn"),
    ("dropout (op)", "ours [hash] dropoutop", None, "rng.dropout per element"),
]


def targets_summary(results, copy_bw):
    """Markdown lines: each target kernel, ours x copy, the best peer of its
    group x copy, the target, met."""
    lines = ["", "### Targets (x the same run's copy)", "",
             "| kernel | ours x copy | best peer x copy (which) | target | met |",
             "|---|---|---|---|---|"]
    for group, prefix, target, what in TARGETS:
        mine = [r for r in results if r["group"] == group and r["name"].startswith(prefix + " ")]
        if not mine:
            continue
        o = mine[0]["gbps"] / copy_bw
        peers = [r for r in results if r["group"] == group and r["who"] == "peer"]
        best = max(peers, key=lambda r: r["gbps"], default=None)
        peer = f"{best['gbps'] / copy_bw:.3f} ({best['name']})" if best else "-"
        met = "-" if target is None else ("yes" if o >= target else "NO")
        lines.append(f"| {what} | {o:.3f} | {peer} | {target if target else '-'} | {met} |")
    return lines


def default_ptx_dir():
    """Where bench/build.sh puts the PTX: $BENCH_PTX, else build/bench/ptx."""
    return os.environ.get("BENCH_PTX") or os.path.join(
        os.path.dirname(HERE), "build", "bench", "ptx")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n-log2", type=int, default=28)
    ap.add_argument("--reps", type=int, default=40, help="launches per entry and round")
    ap.add_argument("--rounds", type=int, default=5, help="rounds over all timed entries")
    ap.add_argument("--tune-reps", type=int, default=30,
                    help="launches per variant when choosing variants and Triton configs")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--out", default=os.environ.get("OUT", os.path.join(HERE, "out")))
    ap.add_argument("--ptx", default=default_ptx_dir(),
                    help="bench/build.sh's output: <dir>/<mode>/<module>.ptx "
                         "(default $BENCH_PTX or build/bench/ptx)")
    ap.add_argument("--modes", default="ops,expanded")
    ap.add_argument("--blocks", default="128,256,512",
                    help="CTA sizes tried for our kernels (best reported)")
    ap.add_argument("--skip-peers", action="store_true")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    import torch
    import triton
    import triton.language as tl
    import cupy as cp

    dev = torch.device("cuda")
    N = 1 << args.n_log2
    SEED = 0x2F6B1C3        # a positive i32 seed (Triton specializes it as i32)
    SEED_NEG = -123456789   # checked at a small size: sign-extended key
    P = 0.5
    SCALE = float(np.float32(1.0) / np.float32(1.0 - P))
    failures = []
    notes = []
    results = []   # dicts: group, name, who, ms, bytes, gbps, note

    def log(*a):
        print(*a, flush=True)

    props = torch.cuda.get_device_properties(0)
    device_line = (f"{props.name}, {props.multi_processor_count} SMs, "
                   f"{props.total_memory / 2**30:.0f} GiB, torch {torch.__version__}, "
                   f"triton {triton.__version__}, cupy {cp.__version__}, "
                   f"CUDA runtime {cp.cuda.runtime.runtimeGetVersion()}, "
                   f"driver {cp.cuda.runtime.driverGetVersion()}")
    try:
        smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.limit",
                              "--format=csv,noheader"], capture_output=True, text=True).stdout.strip()
        device_line += f"; nvidia-smi: {smi}"
    except OSError:
        pass
    log("device:", device_line)

    # ---------------- timing ----------------
    def bench(fn, reps=None):
        for _ in range(args.warmup):
            fn()
        torch.cuda.synchronize()
        evs = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
               for _ in range(reps or args.tune_reps)]
        for s, e in evs:
            s.record()
            fn()
            e.record()
        torch.cuda.synchronize()
        ts = [s.elapsed_time(e) for s, e in evs]
        return statistics.median(ts), min(ts), max(ts)

    entries = []   # (group, name, who, fn, nbytes, note, timer): timed in rounds at the end

    def record(group, name, who, fn, nbytes, note="", timer=None):
        """timer(fn, reps) -> (median, min, max) ms; default: CUDA events (bench)."""
        entries.append((group, name, who, fn, nbytes, note, timer))

    def time_entries():
        """Times every entry in `args.rounds` rounds (each round: every entry,
        `args.reps` launches); an entry's time is the median of its round
        medians, its spread (max - min) / median of the round medians, so a
        transient slow phase of the machine hits one round, not one kernel."""
        per = {i: [] for i in range(len(entries))}
        for rnd in range(args.rounds):
            for i, (group, name, who, fn, nbytes, note, timer) in enumerate(entries):
                try:
                    per[i].append((timer or bench)(fn, args.reps))
                except Exception as e:  # keep going: one broken peer must not stop the run
                    traceback.print_exc()
                    notes.append(f"{name}: timing failed: {e!r}")
        for i, (group, name, who, fn, nbytes, note, timer) in enumerate(entries):
            if not per[i]:
                continue
            meds = [m for m, _, _ in per[i]]
            med = statistics.median(meds)
            spread = (max(meds) - min(meds)) / med
            gbps = nbytes / (med * 1e-3) / 1e9
            results.append(dict(group=group, name=name, who=who, ms=med,
                                ms_min=min(lo for _, lo, _ in per[i]),
                                round_medians=meds, spread=spread,
                                bytes=nbytes, gbps=gbps, note=note))
            log(f"  {name:60s} {med:8.4f} ms  {gbps:8.1f} GB/s  spread {100 * spread:4.1f}%  {note}")

    def check(cond, what):
        if cond:
            log(f"  ok    {what}")
        else:
            log(f"  FAIL  {what}")
            failures.append(what)

    # ---------------- buffers ----------------
    torch.manual_seed(0)
    x = torch.randn(N, device=dev, dtype=torch.float32)
    # Specials for the SR / dropout inputs at fixed places (not in the timed
    # data's statistics: a handful among 2^28).
    specials = torch.tensor([0.0, -0.0, float("inf"), float("-inf"), float("nan"),
                             3.3895314e38, -3.3895314e38, 1e-40, -1e-40, 1.1754944e-38,
                             2.0 ** -133, 1.0 + 2.0 ** -9, -(1.0 + 2.0 ** -9), 65504.0],
                            device=dev, dtype=torch.float32)
    x[:specials.numel()] = specials
    # a spread of magnitudes in the first 2^16 elements
    e = torch.randint(-140, 128, (1 << 16,), device=dev, generator=None).float()
    x[specials.numel():(1 << 16)] = (x[specials.numel():(1 << 16)] * torch.exp2(e[specials.numel():]))
    y = torch.empty(N, device=dev, dtype=torch.float32)
    yr = torch.empty(N, device=dev, dtype=torch.float32)
    h = torch.empty(N, device=dev, dtype=torch.bfloat16)
    hr = torch.empty(N, device=dev, dtype=torch.bfloat16)

    def poison(t):
        t.view(torch.uint8).fill_(0xFF)

    def bits(t):
        return t.view(torch.int32) if t.dtype == torch.float32 else t.view(torch.int16)

    # ---------------- Triton peers ----------------
    tk = triton_kernels()
    k_rand, k_randn, k_rand4x, k_rand4x_blocked = tk["k_rand"], tk["k_randn"], tk["k_rand4x"], tk["k_rand4x_blocked"]
    k_randn4x, k_dropout, k_dropout4x = tk["k_randn4x"], tk["k_dropout"], tk["k_dropout4x"]
    k_sr, k_sr8x, k_copy = tk["k_sr"], tk["k_sr8x"], tk["k_copy"]

    # (kernel, elements per program per BLOCK unit, configs (BLOCK, num_warps))
    EL = [(1024, 4), (2048, 8), (4096, 8)]
    CT = [(256, 4), (512, 4), (1024, 8)]

    def tri_launcher(kern, per, block, warps, *kargs, n=N):
        grid = (triton.cdiv(n, block * per),)
        return lambda: kern[grid](*kargs, BLOCK=block, num_warps=warps)

    def tri_best(name, kern, per, cfgs, kargs, n=N):
        """Compile each config, time it briefly, keep the fastest launcher."""
        best = None
        for block, warps in cfgs:
            try:
                f = tri_launcher(kern, per, block, warps, *kargs, n=n)
                f()
                torch.cuda.synchronize()
                t = bench(f)[0]
            except Exception as e:
                traceback.print_exc()
                notes.append(f"{name} BLOCK={block} num_warps={warps}: {e!r}")
                continue
            if best is None or t < best[0]:
                best = (t, f, f"BLOCK={block}, num_warps={warps}")
        return best

    # ---------------- our kernels ----------------
    # Each PTX module holds variants <base>_k<K> (K work units per thread);
    # the entries are read from the PTX text.
    modes = [m for m in args.modes.split(",") if m]
    jax_mode = "jax" in modes
    hash_mode = "hash" in modes
    modes = [m for m in modes if m not in ("jax", "hash")]
    mods = {}      # (mode, module) -> RawModule
    variants = {}  # (mode, base) -> [(K, kernel name)]
    for mode in modes:
        for mod in ("uniform", "normal", "dropout", "sr"):
            path = os.path.join(args.ptx, mode, f"{mod}.ptx")
            if not os.path.exists(path):
                notes.append(f"missing {path}")
                continue
            try:
                mods[(mode, mod)] = cp.RawModule(path=path)
            except Exception as e:
                traceback.print_exc()
                failures.append(f"load {path}: {e!r}")
                continue
            for name in re.findall(r"^\.visible \.entry (\w+)\(", open(path).read(), flags=re.M):
                m = re.fullmatch(r"(\w+)_k(\d+)", name)
                base, k = (m.group(1), int(m.group(2))) if m else (name, 1)
                variants.setdefault((mode, base), []).append((k, name))

    def mref(t, n_units):
        p = np.uint64(t.data_ptr())
        return (p, p, np.int64(0), np.int64(n_units), np.int64(1))

    def kind_of(base):
        return base.split("_")[0]

    def ours(mode, base, kname, k, block, out, inp=None, seed=SEED, n=N):
        """A launcher for one of our kernels."""
        mod = kind_of(base)
        f = mods[(mode, mod)].get_function(kname)
        if mod in ("uniform", "normal"):
            units = n // 4
            a = mref(out, units) + (np.int32(seed), np.int64(units))
        elif mod == "dropout":
            units = n // 4
            a = mref(inp, units) + mref(out, units) + (
                np.int32(seed), np.float32(P), np.float32(SCALE), np.int64(units))
        else:  # sr
            units = n // 8
            a = mref(inp, 2 * units) + mref(out, units) + (np.int32(seed), np.int64(units))
        grid = ((units + block * k - 1) // (block * k),)
        return lambda: f(grid, (block,), a)

    blocks = [int(b) for b in args.blocks.split(",")]

    # ======================================================================
    # 1. Correctness
    # ======================================================================
    log(f"\n== correctness (N = 2^{args.n_log2}, seed {SEED:#x}; small-N checks with seed {SEED_NEG})")
    rng_np = np.random.default_rng(1)
    sample = np.unique(np.concatenate([np.arange(4096), rng_np.integers(0, N, 4096),
                                       np.arange(N - 4096, N)])).astype(np.int64)
    sample_t = torch.from_numpy(sample).to(dev)

    def cmp_bits(a, b, what):
        eq = torch.equal(bits(a), bits(b))
        if not eq:
            d = (bits(a) != bits(b)).nonzero()
            i = int(d[0])
            what += (f" (first mismatch at {i}: {int(bits(a)[i]) & 0xFFFFFFFF:#x} vs "
                     f"{int(bits(b)[i]) & 0xFFFFFFFF:#x}, {d.numel()} differ)")
        check(eq, what)

    def ulp_diff(a, b):
        ia = a.view(torch.int32).to(torch.int64)
        ib = b.view(torch.int32).to(torch.int64)
        ia = torch.where(ia < 0, -(ia & 0x7FFFFFFF), ia)   # a monotonic integer line
        ib = torch.where(ib < 0, -(ib & 0x7FFFFFFF), ib)
        return (ia - ib).abs()

    def launch(f, out):
        poison(out)
        f()
        torch.cuda.synchronize()

    # numpy-model values on the sample
    w_el = np_philox(sample.astype(np.uint32), SEED)
    w_4x = np_philox((sample // 4).astype(np.uint32), SEED)
    w_8x = np_philox((sample // 8).astype(np.uint32), SEED)
    sel4 = (sample % 4).astype(np.int64)
    u4 = [np_u2f(w) for w in w_4x]
    n01, n23 = np_pair_f64(u4[0], u4[1]), np_pair_f64(u4[2], u4[3])
    oracle = {
        "uniform_elem": np_u2f(w_el[0]),
        "uniform_4x": np.choose(sel4, u4),
        "normal_elem": np_pair_f64(np_u2f(w_el[0]), np_u2f(w_el[1]))[0],
        "normal_4x": np.choose(sel4, [n01[0], n01[1], n23[0], n23[1]]),
        "sr_elem": (w_el[0] & np.uint32(0xFFFF)).astype(np.int64),
        "sr_8x": ((np.choose(((sample % 8) // 2).astype(np.int64), w_8x)
                   >> (16 * (sample % 2)).astype(np.uint32)) & np.uint32(0xFFFF)).astype(np.int64),
    }
    x_sample = x[sample_t].cpu().numpy()
    sr_oracle = {k: np_sr_bf16(x_sample, oracle[k]) for k in ("sr_elem", "sr_8x")}

    # base -> (Triton kernel, elements per BLOCK unit, BLOCK) with the same mapping
    TRI = {
        "uniform_elem": (k_rand, 1, 1024), "uniform_4x": (k_rand4x, 4, 256),
        "normal_elem": (k_randn, 1, 1024), "normal_4x": (k_randn4x, 4, 256),
        "dropout_elem": (k_dropout, 1, 1024), "dropout_4x": (k_dropout4x, 4, 256),
        "sr_elem": (k_sr, 1, 1024), "sr_8x": (k_sr8x, 8, 128),
    }

    def tname(tk):
        return getattr(tk, "__name__", None) or getattr(getattr(tk, "fn", None), "__name__", "?")

    def tri_base(base):
        for key in TRI:
            if base == key or base.startswith(key + "_"):
                return key
        return None

    for mode in modes:
        log(f"-- {mode} kernels")
        for (md, base), vs in sorted(variants.items()):
            if md != mode:
                continue
            key = tri_base(base)
            if key is None:
                notes.append(f"[{mode}] {base}: no Triton counterpart; not checked")
                continue
            tk, per, tb = TRI[key]
            kind = kind_of(base)
            fast = base.endswith("_fast") or "fastmath" in mode
            out, ref = (h, hr) if kind == "sr" else (y, yr)
            targs = ((yr, SEED, N) if kind in ("uniform", "normal") else
                     (x, yr, SEED, P, SCALE, N) if kind == "dropout" else (x, hr, SEED, N))
            launch(tri_launcher(tk, per, tb, 4, *targs), ref)
            for vi, (k, kname) in enumerate(sorted(vs)):
                tag = f"[{mode}] {kname}"
                launch(ours(mode, base, kname, k, 256, out, x), out)
                if kind == "uniform":
                    cmp_bits(out, ref, f"{tag} == Triton {tname(tk)} (same mapping)")
                    if vi == 0:
                        got = out[sample_t].cpu().numpy()
                        check(np.array_equal(got.view(np.uint32), oracle[key].view(np.uint32)),
                              f"{tag} == numpy model on {sample.size} indices")
                elif kind == "normal":
                    d = ulp_diff(out, ref)
                    mx, neq = int(d.max()), int((d != 0).sum())
                    fin = bool(torch.isfinite(out).all())
                    if fast:
                        ad = float((out - ref).abs().max())
                        log(f"  info  {tag} (fast math, outside the 2-ulp contract) vs Triton: "
                            f"{neq} of {N} differ, max {mx} ulp, max abs diff {ad:.3g}")
                        check(fin and ad < 1e-2, f"{tag}: finite, max abs diff to Triton {ad:.3g} < 1e-2")
                    else:
                        check(mx <= 4 and fin, f"{tag} within 4 ulp of Triton {tname(tk)} "
                              f"(max {mx}, {neq} of {N} differ)")
                    if vi == 0:
                        reft = torch.from_numpy(oracle[key].astype(np.float32))
                        du = int(ulp_diff(torch.from_numpy(out[sample_t].cpu().numpy()), reft).max())
                        dt = int(ulp_diff(torch.from_numpy(ref[sample_t].cpu().numpy()), reft).max())
                        msg = (f"{tag}: max ulp vs the correctly rounded formula on {sample.size} "
                               f"indices: ours {du}, Triton {dt}")
                        if fast:
                            log("  info  " + msg)
                        else:
                            # SPEC asks for 2 ulp; Triton's own values miss it, so
                            # require never worse than Triton and report.
                            check(du <= max(2, dt), msg)
                elif kind == "dropout":
                    cmp_bits(out, ref, f"{tag} == Triton {tname(tk)} (same mapping)")
                    y1 = out.clone()
                    launch(ours(mode, base, kname, k, 256, out, x), out)
                    cmp_bits(out, y1, f"{tag} reproducible (same seed, two launches)")
                    kept = out != 0
                    xs = x * np.float32(SCALE)
                    check(bool(((out == 0) | (bits(out) == bits(xs))).all()),
                          f"{tag}: every output is 0 or x*scale")
                    frac = float(kept.float().mean())
                    sd = math.sqrt(P * (1 - P) / N)
                    check(abs(frac - (1 - P)) < 6 * sd,
                          f"{tag}: kept fraction {frac:.6f} within 6 sigma of {1 - P}")
                    ub = "uniform_" + base.split("_")[1]
                    if (mode, ub) in variants:
                        uk, un = sorted(variants[(mode, ub)])[0]
                        launch(ours(mode, ub, un, uk, 256, ref), ref)
                        nz = x != 0
                        check(bool(((ref > P) == kept)[nz].all()),
                              f"{tag}: kept <=> {un}(seed, i) > p")
                    launch(ours(mode, base, kname, k, 256, ref, x, seed=SEED + 1), ref)
                    agree = float(((ref != 0) == kept).float().mean())
                    check(abs(agree - 0.5) < 0.01,
                          f"{tag}: seed+1 gives an independent mask (agreement {agree:.4f})")
                    # the Triton reference buffer was overwritten: recompute it
                    launch(tri_launcher(tk, per, tb, 4, *targs), ref)
                else:  # sr
                    hb, rb = bits(out), bits(ref)
                    nan_h = torch.isnan(out)
                    same = (hb == rb) | (nan_h & torch.isnan(ref))
                    check(bool(same.all()) and bool((nan_h == torch.isnan(x)).all()),
                          f"{tag} == Triton software SR (same mapping; NaN as a class) "
                          f"({int((~same).sum())} differ)")
                    if vi == 0:
                        got = out[sample_t].cpu().view(torch.int16).numpy().view(np.uint16)
                        want = sr_oracle[key]
                        isn = np.isnan(x_sample)
                        ok = (got == want) | (isn & ((got & 0x7F80) == 0x7F80) & ((got & 0x7F) != 0))
                        check(bool(ok.all()), f"{tag} == SPEC-model SR on {sample.size} indices "
                              f"incl. specials ({int((~ok).sum())} differ)")

        # small N, negative seed (the sign-extended key): first variant of each
        ns = 1 << 20
        for base in ("uniform_elem", "uniform_4x", "sr_8x"):
            if (mode, base) not in variants:
                continue
            k, kname = sorted(variants[(mode, base)])[0]
            tk, per, tb = TRI[base]
            if base == "sr_8x":
                o, r = h[:ns], hr[:ns]
                launch(ours(mode, base, kname, k, 256, o, x, seed=SEED_NEG, n=ns), o)
                launch(tri_launcher(tk, per, tb, 4, x, r, SEED_NEG, ns, n=ns), r)
                same = (bits(o) == bits(r)) | (torch.isnan(o) & torch.isnan(r))
                check(bool(same.all()), f"[{mode}] {kname} == Triton with seed {SEED_NEG} (N=2^20)")
            else:
                o, r = y[:ns], yr[:ns]
                launch(ours(mode, base, kname, k, 256, o, seed=SEED_NEG, n=ns), o)
                launch(tri_launcher(tk, per, tb, 4, r, SEED_NEG, ns, n=ns), r)
                cmp_bits(o, r, f"[{mode}] {kname} == Triton with seed {SEED_NEG} (N=2^20)")

    # ======================================================================
    # 2. Timing
    # ======================================================================
    log("\n== tuning (variants of ours, Triton configs; median of %d launches each)" % args.tune_reps)
    F, B = 4 * N, 2 * N  # bytes of f32 / bf16 arrays

    # copy bandwidth first (the yardstick), again at the end
    record("copy", "torch copy_ (device to device)", "peer", lambda: y.copy_(x), 2 * F)
    copy_tri = tri_best("triton copy", k_copy, 1, EL, (x, y, N))
    if copy_tri:
        record("copy", "Triton copy", "peer", copy_tri[1], 2 * F, copy_tri[2])

    if not args.skip_peers and modes:
        log("-- peers")
        record("uniform", "torch.rand", "peer", lambda: torch.rand(N, device=dev, out=y), F)
        record("normal", "torch.randn", "peer", lambda: torch.randn(N, device=dev, out=y), F)
        record("dropout", "torch.nn.functional.dropout (+ bool mask)", "peer",
               lambda: torch.nn.functional.dropout(x, P, training=True), 2 * F)
        record("sr", "torch .to(bfloat16) (round to nearest)", "peer", lambda: h.copy_(x), F + B)
        try:
            from cupy.cuda import curand
            gen = curand.createGenerator(getattr(curand, "CURAND_RNG_PSEUDO_PHILOX4_32_10", 24))
            curand.setPseudoRandomGeneratorSeed(gen, SEED)
            yp = y.data_ptr()
            record("uniform", "cuRAND Philox4_32_10 generateUniform", "peer",
                   lambda: curand.generateUniform(gen, yp, N), F)
            record("normal", "cuRAND Philox4_32_10 generateNormal", "peer",
                   lambda: curand.generateNormal(gen, yp, N, 0.0, 1.0), F)
        except Exception as e:
            traceback.print_exc()
            notes.append(f"cuRAND: {e!r}")
        tri = [
            ("uniform", "Triton tl.rand (1 Philox/elem)", k_rand, 1, EL, (y, SEED, N), F),
            ("uniform", "Triton tl.rand4x (interleaved, same mapping as ours)", k_rand4x, 4, CT, (y, SEED, N), F),
            ("uniform", "Triton tl.rand4x (blocked stores)", k_rand4x_blocked, 4, CT, (y, SEED, N), F),
            ("normal", "Triton tl.randn (1 Philox/elem)", k_randn, 1, EL, (y, SEED, N), F),
            ("normal", "Triton tl.randn4x (interleaved)", k_randn4x, 4, CT, (y, SEED, N), F),
            ("dropout", "Triton dropout, tl.rand per elem", k_dropout, 1, EL, (x, y, SEED, P, SCALE, N), 2 * F),
            ("dropout", "Triton dropout, tl.rand4x (interleaved)", k_dropout4x, 4, CT, (x, y, SEED, P, SCALE, N), 2 * F),
            ("sr", "Triton software SR, 1 Philox/elem", k_sr, 1, EL, (x, h, SEED, N), F + B),
            ("sr", "Triton software SR, 1 Philox/8 elem", k_sr8x, 8, [(128, 4), (256, 4), (512, 8)], (x, h, SEED, N), F + B),
        ]
        for group, name, kern, per, cfgs, kargs, nbytes in tri:
            best = tri_best(name, kern, per, cfgs, kargs)
            if best:
                record(group, name, "peer", best[1], nbytes, best[2])

    log("-- ours")
    WHAT = {
        "uniform_elem": "rng.rand, 1 Philox/elem", "uniform_4x": "rng.rand4x",
        "normal_elem": "rng.randn, 1 Philox/elem", "normal_4x": "rng.randn4x",
        "normal_4x_sincos": "randn4x with math.sincos", "normal_elem_fast": "randn, fast math",
        "normal_4x_fast": "randn4x, fast math",
        "uniform_elem_mulhi": "Philox by hand with nvvm mulhi", "uniform_4x_mulhi": "Philox by hand with nvvm mulhi",
        "dropout_elem": "rng.rand per elem", "dropout_4x": "rng.rand4x",
        "sr_elem": "rng.randint + round.stochastic, 1 Philox/elem",
        "sr_8x": "rng.randint4x + round.stochastic, 1 Philox/8 elem",
    }
    NBYTES = {"uniform": F, "normal": F, "dropout": 2 * F, "sr": F + B}
    variant_times = []
    for mode in modes:
        for (md, base), vs in sorted(variants.items(), key=lambda kv: (kv[0][0], order_key(kv[0][1]))):
            if md != mode:
                continue
            kind = kind_of(base)
            out, inp = (h, x) if kind == "sr" else (y, x)
            best = None
            for k, kname in sorted(vs):
                for blk in blocks:
                    f = ours(mode, base, kname, k, blk, out, inp)
                    t = bench(f)[0]
                    variant_times.append(dict(mode=mode, kernel=kname, block=blk, ms=t))
                    if best is None or t < best[0]:
                        best = (t, f, f"{kname}, block={blk}")
            record(kind, f"ours [{mode}] {base} ({WHAT.get(base, base)})", "ours", best[1],
                   NBYTES[kind], best[2])

    hash_info = None
    if hash_mode:
        import types
        import hashbench
        log("\n== the seeds' generators (mode hash)")
        hash_ctx = types.SimpleNamespace(
            args=args, N=N, dev=dev, bench=bench, record=record, check=check, log=log,
            notes=notes, failures=failures, mref=mref, ulp_diff=ulp_diff, tri_best=tri_best,
            tri_launcher=tri_launcher, poison=poison, variant_times=variant_times, x=x)
        try:
            hash_info = hashbench.run(hash_ctx)
        except Exception as e:
            traceback.print_exc()
            failures.append(f"hash section: {e!r}")

    jax_info, jax_ctx = None, None
    if jax_mode:
        import types
        import jaxbench
        jax_ctx = types.SimpleNamespace(
            args=args, N=N, dev=dev, bench=bench, record=record, check=check, log=log,
            notes=notes, failures=failures, mref=mref, ulp_diff=ulp_diff, tri_best=tri_best,
            tri_launcher=tri_launcher, poison=poison, variant_times=variant_times,
            jax_after_timing=None)
        try:
            jax_info = jaxbench.run(jax_ctx)
        except Exception as e:
            traceback.print_exc()
            failures.append(f"jax section: {e!r}")

    log(f"\n== timing ({args.rounds} rounds x {args.reps} launches after {args.warmup} warm-ups; "
        f"N = 2^{args.n_log2})")
    time_entries()
    if jax_ctx is not None and jax_ctx.jax_after_timing:
        log("\n== JAX with a 3-word state (x64; after the timing)")
        jax_ctx.jax_after_timing()

    # ======================================================================
    # 3. Table
    # ======================================================================
    copies = [r["gbps"] for r in results if r["group"] == "copy" and r["name"].startswith("torch copy_")]
    copy_bw = copies[0] if copies else float("nan")
    order = ["copy", "uniform", "normal", "dropout", "sr"]
    if hash_mode:
        import hashbench
        order += hashbench.GROUPS
    if jax_mode:
        import jaxbench
        order += jaxbench.GROUPS
    lines = [f"Device: {device_line}", "",
             f"N = 2^{args.n_log2} f32 elements; each time is the median over {args.rounds} rounds of the "
             f"median of {args.reps} launches (CUDA events, after {args.warmup} warm-ups); spread = "
             f"(max - min) / median of the round medians. Bytes counted: fill 4N, dropout 8N (x read, "
             f"y written), SR 6N, copy 8N. x copy = GB/s / {copy_bw:.0f} GB/s (torch copy_, same rounds).",
             "", "| group | kernel | ms | GB/s | x copy | spread | config |",
             "|---|---|---|---|---|---|---|"]
    for g in order:
        for r in results:
            if r["group"] == g:
                lines.append(f"| {g} | {r['name']} | {r['ms']:.4f} | {r['gbps']:.0f} | "
                             f"{r['gbps'] / copy_bw:.3f} | {100 * r['spread']:.1f}% | {r['note']} |")
    lines += targets_summary(results, copy_bw)
    if jax_info is not None:
        lines += jaxbench.summary(results, copy_bw, jax_info)
    lines.append("")
    lines.append(f"Correctness: {'all checks passed' if not failures else str(len(failures)) + ' FAILED'}")
    for f_ in failures:
        lines.append(f"- FAIL {f_}")
    for n_ in notes:
        lines.append(f"- note: {n_}")
    table = "\n".join(lines)
    print("\n" + table, flush=True)
    with open(os.path.join(args.out, "results.md"), "w") as fh:
        fh.write(table + "\n")
    with open(os.path.join(args.out, "results.json"), "w") as fh:
        json.dump(dict(device=device_line, n_log2=args.n_log2, reps=args.reps, rounds=args.rounds,
                       tune_reps=args.tune_reps, copy_gbps=copy_bw,
                       results=results, variant_times=variant_times, failures=failures,
                       notes=notes, jax=jax_info, hash=hash_info), fh, indent=1, default=str)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
