"""The JAX/XLA part of the device runner (bench/run.py --modes jax).

Checks and times the kernels of bench/build.sh's mode `jax` (gen.py's
generate_jax: rng.jax_uniform, rng.jax_normal, rng.jax_bits fills, one
Threefry-2x32-20 per element; rng.bit_generator u32 fills with Philox
(2- and 3-word states, one Philox4x32-10 block per 4 outputs) and Threefry
(1-D, block h -> outputs 2h, 2h+1)) against

  - the independent numpy model test/lib/jax_random_model.py (SPEC section 8)
    on the first 2^24 outputs: bit for bit, normals within 4 ulp;
  - JAX itself on its GPU backend (jax.random.uniform / normal / bits with a
    key, lax.rng_bit_generator PHILOX and THREE_FRY with a u32[4] state,
    u32 output of 1-D shape) on all N outputs: bit for bit except normals
    (max ulp and fraction reported; JAX's GPU normals differ from SPEC's
    formula in a few percent of draws by up to 3 ulp);
  - Triton kernels of the same Threefry-2x32-20 / Philox4x32-10 rules,
    written here, whose bits are checked too;

and times ours, JAX (jax.jit, compile excluded: pipelined launches with one
block_until_ready at the end, and each call synchronized) and Triton in the
same rounds as the device copy. SASS per kernel (ptxas + cuobjdump of our
PTX, the cubins Triton built, and the PTX XLA dumped) gives instructions per
element. The 3-word Philox state is compared with JAX at the end of the run
(it needs jax_enable_x64 and a lowering of a u64[3] state; test/GPU/
jax_record.py's three_word_lowering).
"""

import glob
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import traceback

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "lib"))
sys.path.insert(0, HERE)
import jax_random_model as jm  # noqa: E402
import triton_random_model as tm  # noqa: E402
import sassstats  # noqa: E402

M32 = 0xFFFFFFFF
M64 = (1 << 64) - 1
SEED = 0x2F6B1C3
FOLD = 7                       # key = fold_in(key(SEED), FOLD): both key words nonzero
S0 = 0x9E3779B97F4A7C15        # state word 0: key (lo32, hi32); Philox's high half (2 words)
S1 = (1 << 64) - (1 << 20)     # the counter wraps inside the output: carry into the high half
S2 = 0x0123456789ABCDEF        # 3-word Philox: the high half
MODEL_LOG2 = 24                # outputs compared with the numpy model

# family -> (module, kernel base, description, target x copy or None)
FAMILIES = {
    "jax_uniform": ("jaxuniform", "jaxuniform", "rng.jax_uniform f32, 1 Threefry/elem", 0.35),
    "jax_normal": ("jaxnormal", "jaxnormal", "rng.jax_normal f32, 1 Threefry/elem", 0.25),
    "jax_bits": ("jaxbits", "jaxbits", "rng.jax_bits u32, 1 Threefry/elem", None),
    "bitgen_philox": ("bitgen", "bitgen_philox2", "rng.bit_generator philox u32, 2-word state", 1.0),
    "bitgen_philox3": ("bitgen", "bitgen_philox3", "rng.bit_generator philox u32, 3-word state", 1.0),
    "bitgen_threefry": ("bitgen", "bitgen_threefry", "rng.bit_generator three_fry u32", 0.5),
}
GROUPS = list(FAMILIES)


def sgn32(w):
    w &= M32
    return w - (1 << 32) if w >> 31 else w


# ----------------------------------------------------------------------------
# numpy model of the bit generators over many outputs (the model's scalar
# bit_generator is the reference; these are checked against it first)
# ----------------------------------------------------------------------------

def np_bitgen_philox(state, n):
    s = [np.uint64(x & M64) for x in state]
    hw = s[2] if len(s) == 3 else s[0]
    b = np.arange((n + 3) // 4, dtype=np.uint64)
    with np.errstate(over="ignore"):
        low = s[1] + b
        high = hw + (low < b).astype(np.uint64)
    m = np.uint64(M32)
    w = tm.philox4x32_numpy([low & m, low >> np.uint64(32), high & m, high >> np.uint64(32)],
                            [int(state[0]) & M32, (int(state[0]) & M64) >> 32], 10)
    return np.stack(w, axis=1).ravel()[:n].view(np.int32)


def np_bitgen_threefry(state, n):
    """1-D output of even size n (split dimension 0, block h -> 2h, 2h+1)."""
    h = np.arange(n // 2, dtype=np.uint64)
    with np.errstate(over="ignore"):
        c = np.uint64(state[1] & M64) + h
    y0, y1 = jm.threefry_2x32_numpy(c & np.uint64(M32), c >> np.uint64(32),
                                    state[0] & M32, (state[0] & M64) >> 32)
    return np.stack([y0, y1], axis=1).ravel().view(np.int32)


# ----------------------------------------------------------------------------
# Triton peers: the same Threefry-2x32-20 and Philox4x32-10 rules
# ----------------------------------------------------------------------------

def triton_kernels():
    # module globals: Triton resolves a called @jit function's annotations
    # (tl.constexpr) in its globals, not in an enclosing function's locals
    global triton, tl, libdevice
    import triton
    import triton.language as tl
    try:
        from triton.language.extra import libdevice
    except ImportError:  # older layout
        from triton.language.extra.cuda import libdevice

    @triton.jit
    def tf_round(a, b, R: tl.constexpr):
        a = a + b
        b = ((b << R) | (b >> (32 - R))) ^ a
        return a, b

    @triton.jit
    def threefry20(x0, x1, k0, k1):
        # Random123 Threefry-2x32-20 (SPEC section 8); all uint32
        k2 = k0 ^ k1 ^ 0x1BD11BDA
        a = x0 + k0
        b = x1 + k1
        a, b = tf_round(a, b, 13)
        a, b = tf_round(a, b, 15)
        a, b = tf_round(a, b, 26)
        a, b = tf_round(a, b, 6)
        a = a + k1
        b = b + k2 + 1
        a, b = tf_round(a, b, 17)
        a, b = tf_round(a, b, 29)
        a, b = tf_round(a, b, 16)
        a, b = tf_round(a, b, 24)
        a = a + k2
        b = b + k0 + 2
        a, b = tf_round(a, b, 13)
        a, b = tf_round(a, b, 15)
        a, b = tf_round(a, b, 26)
        a, b = tf_round(a, b, 6)
        a = a + k0
        b = b + k1 + 3
        a, b = tf_round(a, b, 17)
        a, b = tf_round(a, b, 29)
        a, b = tf_round(a, b, 16)
        a, b = tf_round(a, b, 24)
        a = a + k1
        b = b + k2 + 4
        a, b = tf_round(a, b, 13)
        a, b = tf_round(a, b, 15)
        a, b = tf_round(a, b, 26)
        a, b = tf_round(a, b, 6)
        a = a + k2
        b = b + k0 + 5
        return a, b

    @triton.jit
    def philox10(c0, c1, c2, c3, k0, k1):
        for _ in tl.static_range(10):
            _c0, _c2 = c0, c2
            c0 = tl.umulhi(0xCD9E8D57, _c2) ^ c1 ^ k0
            c2 = tl.umulhi(0xD2511F53, _c0) ^ c3 ^ k1
            c1 = 0xCD9E8D57 * _c2
            c3 = 0xD2511F53 * _c0
            k0 = k0 + 0x9E3779B9
            k1 = k1 + 0xBB67AE85
        return c0, c1, c2, c3

    @triton.jit
    def jax_bits32(k0, k1, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        lo = offs.to(tl.uint32)
        y0, y1 = threefry20(tl.zeros_like(lo), lo,
                            k0.to(tl.uint32, bitcast=True), k1.to(tl.uint32, bitcast=True))
        return offs, y0 ^ y1

    @triton.jit
    def bits_to_uniform(w):
        return ((w >> 9) | 0x3F800000).to(tl.float32, bitcast=True) - 1.0

    @triton.jit
    def k_tf_bits(out, k0, k1, n, BLOCK: tl.constexpr):
        offs, w = jax_bits32(k0, k1, n, BLOCK)
        tl.store(out + offs, w.to(tl.int32, bitcast=True), mask=offs < n)

    @triton.jit
    def k_tf_uniform(out, k0, k1, n, BLOCK: tl.constexpr):
        offs, w = jax_bits32(k0, k1, n, BLOCK)
        tl.store(out + offs, bits_to_uniform(w), mask=offs < n)

    @triton.jit
    def k_tf_normal(out, k0, k1, n, BLOCK: tl.constexpr):
        # SPEC section 8's jax_normal: XLA's f32 ErfInv, fused polynomial
        offs, w = jax_bits32(k0, k1, n, BLOCK)
        f = bits_to_uniform(w)
        lo = -0.9999999403953552  # bitcast<f32>(0xBF7FFFFF)
        v = 2.0 * f + lo
        u = tl.where(v > lo, v, lo)
        x = -libdevice.log1p(-(u * u))
        small = x < 5.0
        x = tl.where(small, x - 2.5, tl.sqrt_rn(x) - 3.0)
        p = tl.where(small, 2.81022636e-08, -0.000200214257)
        p = tl.fma(p, x, tl.where(small, 3.43273939e-07, 0.000100950558))
        p = tl.fma(p, x, tl.where(small, -3.5233877e-06, 0.00134934322))
        p = tl.fma(p, x, tl.where(small, -4.39150654e-06, -0.00367342844))
        p = tl.fma(p, x, tl.where(small, 0.00021858087, 0.00573950773))
        p = tl.fma(p, x, tl.where(small, -0.00125372503, -0.0076224613))
        p = tl.fma(p, x, tl.where(small, -0.00417768164, 0.00943887047))
        p = tl.fma(p, x, tl.where(small, 0.246640727, 1.00167406))
        p = tl.fma(p, x, tl.where(small, 1.50140941, 2.83297682))
        tl.store(out + offs, 1.4142135381698608 * (p * u), mask=offs < n)

    @triton.jit
    def word64(lo, hi):
        return ((hi.to(tl.uint32, bitcast=True).to(tl.uint64) << 32)
                | lo.to(tl.uint32, bitcast=True).to(tl.uint64))

    @triton.jit
    def k_bg_philox(out, s0lo, s0hi, s1lo, s1hi, hwlo, hwhi, n, BLOCK: tl.constexpr):
        # block b -> outputs 4b..4b+3 = words 0..3 of Philox at C + b (128-bit)
        b = (tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)).to(tl.uint64)
        low = word64(s1lo, s1hi) + b
        high = word64(hwlo, hwhi) + (low < b).to(tl.uint64)
        w0, w1, w2, w3 = philox10(low.to(tl.uint32), (low >> 32).to(tl.uint32),
                                  high.to(tl.uint32), (high >> 32).to(tl.uint32),
                                  s0lo.to(tl.uint32, bitcast=True), s0hi.to(tl.uint32, bitcast=True))
        v = tl.interleave(tl.interleave(w0, w2), tl.interleave(w1, w3))
        offs = tl.program_id(0) * (4 * BLOCK) + tl.arange(0, 4 * BLOCK)
        tl.store(out + offs, v.to(tl.int32, bitcast=True), mask=offs < n)

    @triton.jit
    def k_bg_threefry(out, s0lo, s0hi, s1lo, s1hi, n, BLOCK: tl.constexpr):
        # block h -> outputs 2h, 2h+1 = y0, y1 of Threefry at s1 + h (u64)
        h = (tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)).to(tl.uint64)
        c = word64(s1lo, s1hi) + h
        y0, y1 = threefry20(c.to(tl.uint32), (c >> 32).to(tl.uint32),
                            s0lo.to(tl.uint32, bitcast=True), s0hi.to(tl.uint32, bitcast=True))
        v = tl.interleave(y0, y1)
        offs = tl.program_id(0) * (2 * BLOCK) + tl.arange(0, 2 * BLOCK)
        tl.store(out + offs, v.to(tl.int32, bitcast=True), mask=offs < n)

    return dict(k_tf_bits=k_tf_bits, k_tf_uniform=k_tf_uniform, k_tf_normal=k_tf_normal,
                k_bg_philox=k_bg_philox, k_bg_threefry=k_bg_threefry)


# ----------------------------------------------------------------------------
# SASS census
# ----------------------------------------------------------------------------

def tool(name):
    return shutil.which(name) or f"/usr/local/cuda/bin/{name}"


def sass_census_cubin(path):
    """{function: instruction count} of a cubin (cuobjdump -sass)."""
    text = subprocess.run([tool("cuobjdump"), "-sass", path], capture_output=True,
                          text=True, check=True).stdout
    return {f: sassstats.census(body)[0] for f, body in sassstats.functions(text).items()}


def sass_census_ptx(path, tmpdir):
    """ptxas for the PTX's own .target (XLA may write sm_90a), then the census."""
    cubin = os.path.join(tmpdir, os.path.basename(path) + ".cubin")
    m = re.search(r"^\.target\s+(sm_\w+)", open(path).read(), flags=re.M)
    subprocess.run([tool("ptxas"), f"-arch={m.group(1) if m else 'sm_90'}", path, "-o", cubin],
                   check=True, capture_output=True)
    return sass_census_cubin(cubin)


# ----------------------------------------------------------------------------
# the run
# ----------------------------------------------------------------------------

def run(ctx):
    """ctx: bench/run.py's state (SimpleNamespace): args, N, dev, bench, record,
    check, log, notes, failures, mref, ulp_diff, tri_best, tri_launcher, poison.
    Returns a dict for results.json."""
    import torch
    import cupy as cp

    log, check, notes, failures = ctx.log, ctx.check, ctx.notes, ctx.failures
    N, dev, args = ctx.N, ctx.dev, ctx.args
    info = {"sass": {}, "jax": {}, "checks": []}
    tmpdir = os.path.join("/tmp", "bench_jax")
    os.makedirs(tmpdir, exist_ok=True)
    dump = os.path.join(tmpdir, "xla_dump")
    shutil.rmtree(dump, ignore_errors=True)
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + f" --xla_dump_to={dump}").strip()
    import jax
    import jax.numpy as jnp
    from jax import lax

    def flag(name):
        try:
            return getattr(jax.config, name)
        except Exception:  # noqa: BLE001
            try:
                return jax.config._read(name)
            except Exception:  # noqa: BLE001
                return "?"

    jdev = jax.devices()[0]
    info["jax"] = dict(version=jax.__version__, device=str(jdev), platform=jdev.platform,
                       kind=getattr(jdev, "device_kind", "?"),
                       partitionable=str(flag("jax_threefry_partitionable")),
                       prng_impl=str(flag("jax_default_prng_impl")),
                       x64=str(flag("jax_enable_x64")))
    log(f"\n== JAX/XLA ({info['jax']})")
    check(jdev.platform == "gpu", f"JAX runs on its GPU backend ({jdev.platform}, {jdev})")

    # ---------------- keys and states ----------------
    key = jax.random.fold_in(jax.random.key(SEED), FOLD)
    kd = [int(v) for v in np.asarray(jax.random.key_data(key)).ravel()]
    k0, k1 = kd
    mkey = jm.fold_in(jm.jax_key(SEED), FOLD)
    check(tuple(kd) == tuple(mkey), f"JAX fold_in(key({SEED:#x}), {FOLD}) = ({k0:#x}, {k1:#x}) "
          f"== model ({mkey[0]:#x}, {mkey[1]:#x})")
    st2 = (S0, S1)
    st3 = (S0, S1, S2)
    st_u32 = np.array([S0 & M32, S0 >> 32, S1 & M32, S1 >> 32], np.uint32)

    # the numpy bit generators against the model's scalar rule (near the wrap)
    for state, shape in (((S0, M64 - 5), (64,)), ((S0, M64 - 5, M64), (64,)), ((S0, M64 - 5, S2), (30,))):
        _, want = jm.bit_generator("philox", list(state), shape, 32)
        got = np_bitgen_philox(state, shape[0]).view(np.uint32).tolist()
        check(got == want, f"numpy philox bit generator == model's scalar rule (state words "
              f"{len(state)}, n={shape[0]}, across the 2^64 wrap)")
    _, want = jm.bit_generator("three_fry", [S0, M64 - 5], (64,), 32)
    check(np_bitgen_threefry((S0, M64 - 5), 64).view(np.uint32).tolist() == want,
          "numpy three_fry bit generator == model's scalar rule (n=64, across the 2^64 wrap)")

    # ---------------- our kernels ----------------
    mods, variants = {}, {}
    for mod in sorted({f[0] for f in FAMILIES.values()}):
        path = os.path.join(args.ptx, "jax", f"{mod}.ptx")
        if not os.path.exists(path):
            failures.append(f"missing {path}")
            continue
        mods[mod] = cp.RawModule(path=path)
        for name in re.findall(r"^\.visible \.entry (\w+)\(", open(path).read(), flags=re.M):
            mm = re.fullmatch(r"(\w+)_k(\d+)", name)
            variants.setdefault(mm.group(1), []).append((int(mm.group(2)), name))
        try:
            info["sass"].update({f"ours:{k}": v for k, v in sass_census_ptx(path, tmpdir).items()})
        except Exception as e:  # noqa: BLE001
            traceback.print_exc()
            notes.append(f"SASS census of {path}: {e!r}")

    def kargs(fam, state=None):
        if fam.startswith("jax_"):
            return (np.uint32(k0), np.uint32(k1))
        state = state or (st3 if fam == "bitgen_philox3" else st2)
        return tuple(np.uint64(s) for s in state)

    def ours(fam, kname, k, block, out, n=N, state=None):
        mod = FAMILIES[fam][0]
        f = mods[mod].get_function(kname)
        units = n // 4
        a = ctx.mref(out, units) + kargs(fam, state) + (np.int64(units),)
        grid = ((units + block * k - 1) // (block * k),)
        return lambda: f(grid, (block,), a)

    out = torch.empty(N, device=dev, dtype=torch.int32)
    ref = torch.empty(N, device=dev, dtype=torch.int32)

    def run_into(f, t):
        ctx.poison(t)
        f()
        torch.cuda.synchronize()

    def first_diff(a, b):
        d = (a != b).nonzero()
        i = int(d[0])
        return (f"first mismatch at {i}: {int(a[i]) & M32:#010x} vs {int(b[i]) & M32:#010x}, "
                f"{d.numel()} of {a.numel()} differ")

    def same_bits(a, b, what):
        eq = torch.equal(a, b)
        check(eq, what + ("" if eq else f" ({first_diff(a, b)})"))
        return eq

    def ulp_report(a, b):
        d = ctx.ulp_diff(a.view(torch.float32), b.view(torch.float32))
        return int(d.max()), int((d != 0).sum())

    def to_torch_i32(x):
        x = lax.bitcast_convert_type(x, jnp.int32) if x.dtype != jnp.int32 else x
        x.block_until_ready()
        try:
            return torch.from_dlpack(x)
        except Exception:  # noqa: BLE001
            return torch.from_numpy(np.asarray(x)).to(dev)

    M = min(N, 1 << MODEL_LOG2)
    idx = np.arange(M, dtype=np.uint32)
    log(f"-- model values on the first 2^{M.bit_length() - 1} outputs")
    t0 = time.time()
    model = {
        "jax_uniform": jm.uniform_f32_numpy(mkey, idx).view(np.int32),
        "jax_normal": jm.normal_f32_numpy(mkey, idx).view(np.int32),
        "jax_bits": jm.bits_numpy(mkey, idx, 32).view(np.int32),
        "bitgen_philox": np_bitgen_philox(st2, M),
        "bitgen_philox3": np_bitgen_philox(st3, M),
        "bitgen_threefry": np_bitgen_threefry(st2, M),
    }
    model = {k: torch.from_numpy(np.ascontiguousarray(v)).to(dev) for k, v in model.items()}
    log(f"   ({time.time() - t0:.1f} s)")

    # JAX functions (named, so XLA's dumped PTX can be found)
    def jax_uniform_fill(k):
        return jax.random.uniform(k, (N,), jnp.float32)

    def jax_normal_fill(k):
        return jax.random.normal(k, (N,), jnp.float32)

    def jax_bits_fill(k):
        return jax.random.bits(k, (N,), jnp.uint32)

    def rbg_philox_fill(st):
        return lax.rng_bit_generator(st, (N,), dtype=jnp.uint32,
                                     algorithm=lax.RandomAlgorithm.RNG_PHILOX)

    def rbg_threefry_fill(st):
        return lax.rng_bit_generator(st, (N,), dtype=jnp.uint32,
                                     algorithm=lax.RandomAlgorithm.RNG_THREE_FRY)

    jst = jnp.asarray(st_u32)
    jfns = {
        "jax_uniform": (jax.jit(jax_uniform_fill), key, "jax.random.uniform", False),
        "jax_normal": (jax.jit(jax_normal_fill), key, "jax.random.normal", False),
        "jax_bits": (jax.jit(jax_bits_fill), key, "jax.random.bits uint32", False),
        "bitgen_philox": (jax.jit(rbg_philox_fill), jst, "lax.rng_bit_generator PHILOX u32", True),
        "bitgen_threefry": (jax.jit(rbg_threefry_fill), jst, "lax.rng_bit_generator THREE_FRY u32", True),
    }
    tk = triton_kernels()
    # family -> (Triton kernel, outputs per BLOCK unit, configs, extra args)
    s0w = (sgn32(S0), sgn32(S0 >> 32))
    s1w = (sgn32(S1), sgn32(S1 >> 32))
    # As many configurations as ours get (4 variants x 5 CTA sizes is 20;
    # BLOCK x num_warps covers outputs per thread 4..32 and CTAs of 64..256
    # threads, which is where Triton's best lie).
    EL = [(512, 2), (512, 4), (1024, 2), (1024, 4), (1024, 8), (2048, 4), (2048, 8),
          (4096, 4), (4096, 8)]
    BG = [(128, 2), (256, 2), (256, 4), (512, 4), (512, 8), (1024, 4), (1024, 8)]
    tri = {
        "jax_uniform": (tk["k_tf_uniform"], 1, EL, (sgn32(k0), sgn32(k1))),
        "jax_normal": (tk["k_tf_normal"], 1, EL, (sgn32(k0), sgn32(k1))),
        "jax_bits": (tk["k_tf_bits"], 1, EL, (sgn32(k0), sgn32(k1))),
        "bitgen_philox": (tk["k_bg_philox"], 4, BG, s0w + s1w + s0w),
        "bitgen_philox3": (tk["k_bg_philox"], 4, BG,
                           s0w + s1w + (sgn32(S2), sgn32(S2 >> 32))),
        "bitgen_threefry": (tk["k_bg_threefry"], 2, EL[:7], s0w + s1w),
    }

    def tbuf(fam, t):
        """The buffer as the Triton kernel stores it (f32 values into f32)."""
        return t.view(torch.float32) if fam in ("jax_uniform", "jax_normal") else t

    def tri_fn(fam, block, warps, t, n=N):
        kern, per, _, extra = tri[fam]
        return ctx.tri_launcher(kern, per, block, warps, tbuf(fam, t), *extra, n, n=n)

    # ---------------- correctness ----------------
    log(f"\n-- JAX/XLA correctness (N = 2^{args.n_log2}; key ({k0:#x}, {k1:#x}); "
        f"state ({S0:#x}, {S1:#x}[, {S2:#x}]))")
    for fam, (mod, base, what, _) in FAMILIES.items():
        if base not in variants:
            failures.append(f"{fam}: no kernels {base}_k* in the PTX")
            continue
        normal = fam == "jax_normal"
        vs = sorted(variants[base])
        k, kname = vs[0]
        run_into(ours(fam, kname, k, 256, out), out)
        mine = out.clone()
        # numpy model on the first M outputs
        if normal:
            mx, neq = ulp_report(mine[:M], model[fam])
            check(mx <= 4, f"[jax] {kname} within 4 ulp of the numpy model on {M} outputs "
                  f"(max {mx} ulp, {neq} differ)")
            fin = bool(torch.isfinite(mine.view(torch.float32)).all())
            check(fin, f"[jax] {kname}: all {N} normals finite")
        else:
            same_bits(mine[:M], model[fam], f"[jax] {kname} == numpy model on {M} outputs")
        if fam == "jax_uniform":
            u = mine.view(torch.float32)
            check(bool(((u >= 0) & (u < 1)).all()), f"[jax] {kname}: all {N} uniforms in [0, 1)")
        # every variant the same bits
        for kk, kn in vs[1:]:
            run_into(ours(fam, kn, kk, 256, out), out)
            same_bits(out, mine, f"[jax] {kn} == {kname} on all {N} outputs")
        # JAX on its GPU backend
        if fam in jfns:
            fn, arg, jname, is_rbg = jfns[fam]
            try:
                r = fn(arg)
                jout = r[1] if is_rbg else r
                jt = to_torch_i32(jout)
                if normal:
                    mx, neq = ulp_report(mine, jt)
                    mxm, neqm = ulp_report(jt[:M], model[fam])
                    msg = (f"[jax] {kname} vs JAX {jname} (GPU) on all {N}: max {mx} ulp, "
                           f"{neq} differ ({100.0 * neq / N:.3f} %); JAX vs the numpy model on {M}: "
                           f"max {mxm} ulp, {neqm} differ ({100.0 * neqm / M:.3f} %)")
                    info["checks"].append(dict(family=fam, max_ulp_vs_jax=mx, differ_vs_jax=neq,
                                               jax_max_ulp_vs_model=mxm, jax_differ_vs_model=neqm))
                    check(mxm <= 4 and mx <= 8, msg)
                else:
                    same_bits(mine, jt, f"[jax] {kname} == JAX {jname} (GPU) on all {N} outputs")
                if is_rbg:
                    ns = [int(v) for v in np.asarray(r[0]).ravel()]
                    # the new state of an N-output call: counter advanced by the blocks
                    blocks = N // 4 if "philox" in fam else N // 2
                    new1 = (S1 + blocks) & M64
                    want = [S0 & M32, S0 >> 32, new1 & M32, new1 >> 32]
                    check(ns == want, f"[jax] JAX {jname} new state {[hex(v) for v in ns]} == "
                          f"SPEC's (s0, s1 + {blocks})")
                del r, jout, jt
            except Exception as e:  # noqa: BLE001
                traceback.print_exc()
                failures.append(f"{fam}: JAX check failed to run: {e!r}")
        # the Triton peer
        try:
            run_into(tri_fn(fam, tri[fam][2][0][0], tri[fam][2][0][1], ref), ref)
            if normal:
                mx, neq = ulp_report(ref, mine)
                mxm, _ = ulp_report(ref[:M], model[fam])
                check(mxm <= 4, f"[jax] Triton peer of {fam} "
                      f"within 4 ulp of the numpy model on {M} (max {mxm}); vs ours on all {N}: "
                      f"max {mx} ulp, {neq} differ")
            else:
                same_bits(ref, mine, f"[jax] Triton peer of {fam} == ours on all {N} outputs")
        except Exception as e:  # noqa: BLE001
            traceback.print_exc()
            failures.append(f"{fam}: Triton peer failed: {e!r}")
        torch.cuda.synchronize()

    # small sizes: a short output (tail CTAs), another key/state
    ns_ = (1 << 20) + 4 * 37
    for fam in ("jax_uniform", "bitgen_philox", "bitgen_threefry"):
        base = FAMILIES[fam][1]
        if base not in variants:
            continue
        k, kname = sorted(variants[base])[-1]
        state = (0xFFFFFFFF00000001, M64 - 1000) if fam.startswith("bitgen") else None
        o = out[:ns_]
        run_into(ours(fam, kname, k, 256, o, n=ns_, state=state), o)
        if fam == "jax_uniform":
            want = jm.uniform_f32_numpy(mkey, np.arange(ns_, dtype=np.uint32)).view(np.int32)
        elif fam == "bitgen_philox":
            want = np_bitgen_philox(state, ns_)
        else:
            want = np_bitgen_threefry(state, ns_)
        same_bits(o, torch.from_numpy(np.ascontiguousarray(want)).to(dev),
                  f"[jax] {kname} == numpy model at N = {ns_} (tail CTAs)"
                  + (f", state ({state[0]:#x}, {state[1]:#x})" if state else ""))

    # ---------------- timing ----------------
    log("\n-- JAX/XLA: tuning ours and the Triton peers")
    F = 4 * N
    # The Threefry kernels' best CTA size lies outside run.py's default
    # blocks for some variants (k8: 64 for jax_uniform), so this mode also
    # tries 64 and 1024.
    blocks = sorted({int(b) for b in args.blocks.split(",")} | {64, 1024})
    best_variant = {}
    for fam, (mod, base, what, _) in FAMILIES.items():
        if base not in variants:
            continue
        best = None
        for k, kname in sorted(variants[base]):
            for blk in blocks:
                f = ours(fam, kname, k, blk, out)
                t = ctx.bench(f)[0]
                ctx.variant_times.append(dict(mode="jax", kernel=kname, block=blk, ms=t))
                if best is None or t < best[0]:
                    best = (t, f, kname, blk)
        best_variant[fam] = best[2:]
        ctx.record(fam, f"ours [jax] {base} ({what})", "ours", best[1], F,
                   f"{best[2]}, block={best[3]}")
        kern, per, cfgs, extra = tri[fam]
        tb = ctx.tri_best(f"Triton {fam}", kern, per, cfgs, (tbuf(fam, out), *extra, N))
        if tb:
            ctx.record(fam, f"Triton {fam} (same rule)", "peer", tb[1], F, tb[2])
            info.setdefault("triton_best", {})[fam] = tb[2]

    def jax_pipelined(fn, reps):
        """JAX without its dispatch gaps: `reps` calls, one block_until_ready."""
        for _ in range(args.warmup):
            fn().block_until_ready()
        t0 = time.perf_counter()
        for _ in range(reps):
            r = fn()
        r.block_until_ready()
        ms = (time.perf_counter() - t0) * 1e3 / reps
        return ms, ms, ms

    def jax_synced(fn, reps):
        """Each call synchronized (dispatch + launch + wait)."""
        for _ in range(args.warmup):
            fn().block_until_ready()
        ts = []
        for _ in range(reps):
            t0 = time.perf_counter()
            fn().block_until_ready()
            ts.append((time.perf_counter() - t0) * 1e3)
        return statistics.median(ts), min(ts), max(ts)

    for fam, (fn, arg, jname, is_rbg) in jfns.items():
        call = (lambda fn=fn, arg=arg: fn(arg)[1]) if is_rbg else (lambda fn=fn, arg=arg: fn(arg))
        call().block_until_ready()  # compiled outside the timing
        ctx.record(fam, f"JAX {jname} (jit, pipelined)", "peer", call, F,
                   "calls back to back, one block_until_ready", timer=jax_pipelined)
        ctx.record(fam, f"JAX {jname} (jit, each call synchronized)", "peer", call, F,
                   "block_until_ready per call", timer=jax_synced)

    # ---------------- SASS of the peers ----------------
    for fam, (kern, per, cfgs, extra) in tri.items():
        cfg = info.get("triton_best", {}).get(fam)
        if not cfg:
            continue
        try:
            mm = re.match(r"BLOCK=(\d+), num_warps=(\d+)", cfg)
            block, warps = int(mm.group(1)), int(mm.group(2))
            grid = ((N + block * per - 1) // (block * per),)
            ck = kern[grid](tbuf(fam, out), *extra, N, BLOCK=block, num_warps=warps)
            path = os.path.join(tmpdir, f"triton_{fam}.cubin")
            with open(path, "wb") as fh:
                fh.write(ck.asm["cubin"])
            cnt = sum(sass_census_cubin(path).values())
            info["sass"][f"triton:{fam}"] = cnt
            info["sass"][f"triton:{fam}:elems_per_thread"] = block * per // (32 * warps)
        except Exception as e:  # noqa: BLE001
            traceback.print_exc()
            notes.append(f"SASS of Triton {fam}: {e!r}")
    torch.cuda.synchronize()
    try:
        dumped = sorted(glob.glob(os.path.join(dump, "**", "*"), recursive=True))
        for fname in ("jax_uniform_fill", "jax_normal_fill", "jax_bits_fill", "rbg_philox_fill",
                      "rbg_threefry_fill"):
            ptxs = [p for p in dumped if fname in p and p.endswith(".ptx")]
            if not ptxs:
                mine_ = [os.path.basename(p) for p in dumped if fname in p]
                notes.append(f"no XLA-dumped PTX for {fname} ({len(dumped)} files dumped; "
                             f"its: {mine_[:12]})")
                continue
            census = {}
            for p in ptxs[-1:]:
                census.update(sass_census_ptx(p, tmpdir))
            info["sass"][f"xla:{fname}"] = census
    except Exception as e:  # noqa: BLE001
        traceback.print_exc()
        notes.append(f"SASS of XLA's kernels: {e!r}")
    info["best_variant"] = best_variant
    info["model_outputs"] = M
    ctx.jax_after_timing = lambda: three_word_check(ctx, info, jax, jnp, lax, ours, variants,
                                                    out, same_bits, run_into, to_torch_i32)
    return info


def three_word_check(ctx, info, jax, jnp, lax, ours, variants, out, same_bits, run_into, to_torch_i32):
    """JAX with a u64[3] Philox state (jax_enable_x64 and a lowering of the
    primitive straight to stablehlo.rng_bit_generator): after the timing,
    since it switches JAX to x64."""
    if "bitgen_philox3" not in variants:
        return
    n = 1 << 20
    state = (S0, M64 - (1 << 10), S2)
    try:
        sys.path.insert(0, os.path.join(HERE, "..", "test", "GPU"))
        import jax_record
        jax.config.update("jax_enable_x64", True)
        jax_record.three_word_lowering()
        st = jnp.asarray(np.array(state, np.uint64))
        new, jo = jax.jit(lambda s: lax.rng_bit_generator(
            s, (n,), dtype=jnp.uint32, algorithm=lax.RandomAlgorithm.RNG_PHILOX))(st)
        k, kname = sorted(variants["bitgen_philox3"])[0]
        o = out[:n]
        run_into(ours("bitgen_philox3", kname, k, 256, o, n=n, state=state), o)
        same_bits(o, to_torch_i32(jo), f"[jax] {kname} == JAX rng_bit_generator PHILOX with "
                  f"the u64[3] state ({state[0]:#x}, {state[1]:#x}, {state[2]:#x}) on {n} outputs "
                  f"(carry into the third word)")
        want, _ = jm.bit_generator("philox", list(state), (n,), 32)
        got = [int(v) for v in np.asarray(new).ravel()]
        ctx.check(got == want, f"[jax] JAX's new 3-word state {[hex(v) for v in got]} == model "
                  f"{[hex(v) for v in want]}")
    except Exception as e:  # noqa: BLE001
        traceback.print_exc()
        ctx.notes.append(f"3-word Philox against JAX (x64) not run: {e!r}")
    finally:
        try:
            jax.config.update("jax_enable_x64", False)
        except Exception:  # noqa: BLE001
            pass


def summary(results, copy_bw, info):
    """Markdown lines: per family ours vs peers (x copy), the target, SASS
    instructions per element."""
    sass = info.get("sass", {})
    lines = ["", "### JAX/XLA kernels: targets and peers (x the same run's copy)", "",
             "| family | ours x copy | JAX x copy (pipelined / synced) | Triton x copy | target | "
             "met | beats peers | SASS instr/elem: ours (k1) / Triton |",
             "|---|---|---|---|---|---|---|---|"]
    for fam, (mod, base, what, target) in FAMILIES.items():
        rs = [r for r in results if r["group"] == fam]
        if not rs:
            continue
        o = max((r["gbps"] for r in rs if r["who"] == "ours"), default=float("nan"))
        jp = [r["gbps"] for r in rs if r["name"].startswith("JAX") and "pipelined" in r["name"]]
        js = [r["gbps"] for r in rs if r["name"].startswith("JAX") and "synchronized" in r["name"]]
        tr = [r["gbps"] for r in rs if r["name"].startswith("Triton")]
        peers = jp + js + tr
        x = o / copy_bw
        ours_ipe = sass.get(f"ours:{base}_k1")
        ours_ipe = f"{ours_ipe / 4:.1f}" if ours_ipe else "?"
        t = sass.get(f"triton:{fam}")
        tpe = sass.get(f"triton:{fam}:elems_per_thread")
        tri_ipe = f"{t / tpe:.1f}" if t and tpe else "?"
        lines.append(
            f"| {fam} | {x:.3f} | "
            + (f"{jp[0] / copy_bw:.3f} / {js[0] / copy_bw:.3f}" if jp and js else "-") + " | "
            + (f"{tr[0] / copy_bw:.3f}" if tr else "-") + " | "
            + (f"{target:.2f}" if target else "-") + " | "
            + ("-" if not target else ("yes" if x >= target else "NO")) + " | "
            + (("yes" if o > max(peers) else "NO") if peers else "-") + " | "
            + f"{ours_ipe} / {tri_ipe} |")
    lines.append("")
    lines.append("SASS (static instruction counts, cuobjdump -sass):")
    for k in sorted(sass):
        lines.append(f"- {k}: {sass[k]}")
    return lines
