"""The seeds' generators in the device runner (bench/run.py --modes hash).

Checks and times the kernels of bench/build.sh's mode `hash` (gen.py's
generate_hash: the ops themselves, element i = counter i, four elements per
128-bit store):

  hashrand     out[i] = rng.hash_rand(seed, i)        (SPEC section 5)
  hashrandn    out[i] = rng.hash_randn(seed, i)       (two hashes, Box-Muller)
  hashdropout  y[i] = rng.hash_dropout(x[i], p, seed, i)   (section 6)
  dropoutop    y[i] = rng.dropout(x[i], p, seed, i)        (Triton's lesson)

against

  - an independent numpy model written here from SPEC sections 2, 5 and 6
    (lowbias32, the 2^-23 uniform, the per-step correctly rounded normal in
    float64, Triton's u2f over Philox, x / (1 - p) as one f32 division),
    itself cross-checked against the test suite's scalar model
    (test/lib/hash_random_model.py) on a few hundred counters, on a sample of
    indices: bit for bit, hash_randn within SPEC's 3 ulp;
  - Triton kernels of the same formulas, written here, on all N elements:
    bit for bit, hash_randn within 3 ulp of ours;

and times ours and Triton in the same rounds as the device copy.
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "lib"))
import hash_random_model as scalar_model  # noqa: E402
import triton_random_model as triton_model  # noqa: E402

# module -> (group, what, bytes per element: fill 4, dropout 8)
FAMILIES = {
    "hashrand": ("hash fill", "rng.hash_rand per element", 4),
    "hashrandn": ("hash normal", "rng.hash_randn per element", 4),
    "hashdropout": ("hash dropout", "rng.hash_dropout per element", 8),
    "dropoutop": ("dropout (op)", "rng.dropout per element (1 Philox/elem)", 8),
}
GROUPS = [g for g, _, _ in FAMILIES.values()]
U32 = np.uint32


# --- numpy model (SPEC sections 5, 6) ------------------------------------------

def np_lowbias32(x):
    x = np.atleast_1d(np.asarray(x, dtype=U32))
    x = x ^ (x >> U32(16))
    x = x * U32(0x7FEB352D)  # uint32 products wrap
    x = x ^ (x >> U32(15))
    x = x * U32(0x846CA68B)
    return x ^ (x >> U32(16))


def np_hash_rand(seed, counter):
    h = np_lowbias32(np.asarray(counter, dtype=U32) ^ np_lowbias32(U32(seed & 0xFFFFFFFF)))
    return (h & U32(0x7FFFFF)).astype(np.float32) * np.float32(2.0 ** -23)


def np_hash_randn(seed, counter):
    """Every f32 step correctly rounded: each step in float64, rounded once."""
    c = np.asarray(counter, dtype=U32) * U32(2)
    u1 = np_hash_rand(seed, c)
    u2 = np_hash_rand(seed, c + U32(1))
    f32, f64 = np.float32, np.float64
    one_minus = (f32(1) - u1).astype(f32)
    log = np.log(one_minus.astype(f64)).astype(f32)
    radius = np.sqrt((f32(-2) * log).astype(f32).astype(f64)).astype(f32)
    angle = (f32(6.283185307179586) * u2).astype(f32)
    cos = np.cos(angle.astype(f64)).astype(f32)
    return (radius * cos).astype(f32)


def np_dropout(x, p, keep):
    """keep ? x / (1 - p) : 0, 1 - p rounded once, one f32 division."""
    scale = np.float32(np.float32(1) - np.float32(p))
    with np.errstate(all="ignore"):
        return np.where(keep, (x / scale).astype(np.float32), np.float32(0))


def np_triton_rand(seed, counter):
    w = triton_model.randint4x_numpy(seed, 32, np.asarray(counter, dtype=U32), 32)
    return triton_model.u2f_numpy(w[0])


def self_check():
    """The numpy model against the test suite's scalar model on a few hundred
    counters (a wrong model would otherwise pass everything below)."""
    problems = []
    counters = np.array(list(range(64)) + [0x7FFFFFFF, 0x80000000, 0xFFFFFFFF] +
                        [(i * 0x9E3779B1) & 0xFFFFFFFF for i in range(200)], dtype=U32)
    for seed in (1, -1, 0x2F6B1C3, -(2 ** 31)):
        s = seed & 0xFFFFFFFF
        got = np_hash_rand(seed, counters).view(U32)
        want = [scalar_model.hash_rand(s, int(c)) for c in counters]
        if list(map(int, got)) != want:
            problems.append(f"hash_rand model differs for seed {seed}")
        got = np_hash_randn(seed, counters).view(U32)
        want = [scalar_model.hash_randn(s, int(c)) for c in counters]
        if list(map(int, got)) != want:
            problems.append(f"hash_randn model differs for seed {seed}")
    return problems


# --- Triton peers ----------------------------------------------------------------

def triton_kernels():
    import triton
    import triton.language as tl

    @triton.jit
    def lowbias32(x):
        x = x ^ (x >> 16)
        x = x * 0x7FEB352D
        x = x ^ (x >> 15)
        x = x * 0x846CA68B
        return x ^ (x >> 16)

    @triton.jit
    def hash_uniform(hs, c):
        h = lowbias32(c ^ hs)
        return (h & 0x7FFFFF).to(tl.float32) * 1.1920928955078125e-07

    @triton.jit
    def k_hashrand(out, seed, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        hs = lowbias32(seed.to(tl.uint32))
        u = hash_uniform(hs, offs.to(tl.uint32))
        tl.store(out + offs, u, mask=offs < n)

    @triton.jit
    def k_hashrandn(out, seed, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        hs = lowbias32(seed.to(tl.uint32))
        c = offs.to(tl.uint32) * 2
        u1 = hash_uniform(hs, c)
        u2 = hash_uniform(hs, c + 1)
        r = tl.sqrt_rn(-2.0 * tl.log(1.0 - u1))
        tl.store(out + offs, r * tl.cos(6.283185307179586 * u2), mask=offs < n)

    @triton.jit
    def k_hashdropout(xp, yp, seed, p, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        xv = tl.load(xp + offs, mask=m)
        hs = lowbias32(seed.to(tl.uint32))
        u = hash_uniform(hs, offs.to(tl.uint32))
        y = tl.where(u >= p, tl.math.div_rn(xv, 1.0 - p), 0.0)
        tl.store(yp + offs, y, mask=m)

    @triton.jit
    def k_dropoutop(xp, yp, seed, p, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        xv = tl.load(xp + offs, mask=m)
        y = tl.where(tl.rand(seed, offs) > p, tl.math.div_rn(xv, 1.0 - p), 0.0)
        tl.store(yp + offs, y, mask=m)

    return {"hashrand": k_hashrand, "hashrandn": k_hashrandn,
            "hashdropout": k_hashdropout, "dropoutop": k_dropoutop}


def run(ctx):
    """ctx: bench/run.py's state (args, N, dev, bench, record, check, log,
    notes, failures, mref, ulp_diff, tri_best, tri_launcher, poison,
    variant_times, x). Returns a dict for results.json."""
    import re
    import torch
    import cupy as cp

    log, check, notes = ctx.log, ctx.check, ctx.notes
    N, dev, args = ctx.N, ctx.dev, ctx.args
    SEED, P = 0x2F6B1C3, 0.5
    info = {"checks": []}

    for problem in self_check():
        ctx.failures.append(problem)
        log("  FAIL  " + problem)
    if not ctx.failures:
        log("  ok    numpy hash model == test/lib/hash_random_model.py on 267 counters x 4 seeds")

    mods, variants = {}, {}
    for mod in FAMILIES:
        path = os.path.join(args.ptx, "hash", f"{mod}.ptx")
        if not os.path.exists(path):
            notes.append(f"missing {path}")
            continue
        mods[mod] = cp.RawModule(path=path)
        for name in re.findall(r"^\.visible \.entry (\w+)\(", open(path).read(), flags=re.M):
            k = int(re.fullmatch(r"\w+_k(\d+)", name).group(1))
            variants.setdefault(mod, []).append((k, name))

    x = ctx.x
    y = torch.empty(N, device=dev, dtype=torch.float32)
    yr = torch.empty(N, device=dev, dtype=torch.float32)

    def ours(mod, kname, k, block, out, seed=SEED, n=N):
        f = mods[mod].get_function(kname)
        units = n // 4
        if FAMILIES[mod][2] == 4:
            a = ctx.mref(out, units) + (np.int32(seed), np.int64(units))
        else:
            a = ctx.mref(x, units) + ctx.mref(out, units) + (
                np.int32(seed), np.float32(P), np.int64(units))
        grid = ((units + block * k - 1) // (block * k),)
        return lambda: f(grid, (block,), a)

    tk = triton_kernels()

    def tri_args(mod, out, seed=SEED, n=N):
        return (out, seed, n) if FAMILIES[mod][2] == 4 else (x, out, seed, P, n)

    def launch(f, out):
        ctx.poison(out)
        f()
        torch.cuda.synchronize()

    rng_np = np.random.default_rng(2)
    sample = np.unique(np.concatenate([np.arange(1 << 16), rng_np.integers(0, N, 1 << 16),
                                       np.arange(N - 4096, N)])).astype(np.int64)
    sample_t = torch.from_numpy(sample).to(dev)
    xs = x[sample_t].cpu().numpy()
    ctr = sample.astype(U32)
    model = {
        "hashrand": np_hash_rand(SEED, ctr),
        "hashrandn": np_hash_randn(SEED, ctr),
        "hashdropout": np_dropout(xs, P, np_hash_rand(SEED, ctr) >= np.float32(P)),
        "dropoutop": np_dropout(xs, P, np_triton_rand(SEED, ctr) > np.float32(P)),
    }

    log("-- hash kernels")
    for mod, vs in sorted(variants.items()):
        group = FAMILIES[mod][0]
        launch(ctx.tri_launcher(tk[mod], 1, 1024, 4, *tri_args(mod, yr)), yr)
        for vi, (k, kname) in enumerate(sorted(vs)):
            tag = f"[hash] {kname}"
            launch(ours(mod, kname, k, 256, y), y)
            got = y[sample_t].cpu().numpy()
            if mod == "hashrandn":
                d = ctx.ulp_diff(y, yr)
                mx = int(d.max())
                check(mx <= 3 and bool(torch.isfinite(y).all()),
                      f"{tag} within 3 ulp of Triton's same formula on all {N} "
                      f"(max {mx}, {int((d != 0).sum())} differ)")
                dm = int(ctx.ulp_diff(torch.from_numpy(got), torch.from_numpy(model[mod])).max())
                dt = int(ctx.ulp_diff(torch.from_numpy(yr[sample_t].cpu().numpy()),
                                      torch.from_numpy(model[mod])).max())
                check(dm <= 3, f"{tag} within SPEC's 3 ulp of the per-step correctly rounded "
                      f"formula on {sample.size} indices (max {dm}; Triton {dt})")
                info["checks"].append(dict(kernel=kname, max_ulp_triton=mx, max_ulp_model=dm,
                                           triton_max_ulp_model=dt))
            else:
                same = torch.equal(y.view(torch.int32), yr.view(torch.int32))
                check(same, f"{tag} == Triton's same formula, bit for bit, on all {N}"
                      + ("" if same else f" ({int((y.view(torch.int32) != yr.view(torch.int32)).sum())} differ)"))
                ok = np.array_equal(got.view(U32), model[mod].view(U32))
                check(ok, f"{tag} == numpy model (SPEC sections 5, 6) on {sample.size} indices"
                      + ("" if ok else f" ({int((got.view(U32) != model[mod].view(U32)).sum())} differ)"))
        if mod in ("hashrand", "hashdropout"):
            # a negative seed at a small size (the seed is hashed as its bits);
            # after the variants: it overwrites the start of the reference
            k, kname = sorted(vs)[0]
            ns = 1 << 20
            o, r = y[:ns], yr[:ns]
            launch(ours(mod, kname, k, 256, o, seed=-123456789, n=ns), o)
            launch(ctx.tri_launcher(tk[mod], 1, 1024, 4, *tri_args(mod, r, -123456789, ns), n=ns), r)
            check(torch.equal(o.view(torch.int32), r.view(torch.int32)),
                  f"[hash] {kname} == Triton with seed -123456789 (N=2^20)")
        if mod in ("hashdropout", "dropoutop"):
            kept = float((yr != 0)[x != 0].float().mean())
            check(abs(kept - (1 - P)) < 1e-3, f"[hash] {mod}: kept fraction {kept:.5f} ~ {1 - P}")

    # ---- timing entries (timed in run.py's rounds, beside the copy)
    EL = [(1024, 4), (2048, 8), (4096, 8)]
    for mod, vs in sorted(variants.items()):
        group, what, per = FAMILIES[mod]
        nbytes = per * N
        best = None
        for k, kname in sorted(vs):
            for blk in [int(b) for b in args.blocks.split(",")]:
                f = ours(mod, kname, k, blk, y)
                t = ctx.bench(f)[0]
                ctx.variant_times.append(dict(mode="hash", kernel=kname, block=blk, ms=t))
                if best is None or t < best[0]:
                    best = (t, f, f"{kname}, block={blk}")
        ctx.record(group, f"ours [hash] {mod} ({what})", "ours", best[1], nbytes, best[2])
        tb = ctx.tri_best(f"Triton {mod}", tk[mod], 1, EL, tri_args(mod, yr))
        if tb:
            ctx.record(group, f"Triton {mod} (same formula)", "peer", tb[1], nbytes, tb[2])
    return info
