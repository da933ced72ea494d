"""Records reference values from JAX itself (jax.random and
lax.rng_bit_generator, on XLA:CPU and XLA:GPU) and compares them with the
independent host model test/lib/jax_random_model.py (SPEC §8).

    jax_record.py all OUT.json       record on every backend JAX has
                                     (cpu, and cuda where a GPU is present),
                                     write OUT.json, then compare
    jax_record.py compare FILE.json  compare a recording with the model
    jax_record.py worker OUT.json    one backend and one x64 setting, as
                                     chosen by JAX_PLATFORMS and
                                     JAX_ENABLE_X64 (used by `all`)

Run on the GPU machine (JAX 0.11.2 with CUDA, numpy); the result is
committed as test/vectors/jax_recorded.json. Not part of check-rng.

Flags. `all` runs one worker per (backend, x64) pair in a fresh process with
JAX_PLATFORMS=cpu or cuda, JAX_ENABLE_X64=0 or 1 and
XLA_PYTHON_CLIENT_PREALLOCATE=false, no XLA_FLAGS, and
jax_threefry_partitionable and jax_default_prng_impl at their defaults
(True and threefry2x32 in JAX 0.11; each worker records the values it saw).
x64 is needed for 64-bit seeds, uint64 bits, float64 uniforms, int64
randint and the u64 states of rng_bit_generator; the 32-bit families are
recorded in both settings (they must not change).

lax.rng_bit_generator takes a u32[4] or u64[2] state; a 3-word u64 state
(PHILOX's 128-bit counter) is reached by lowering the same primitive with a
u64[3] state straight to stablehlo.rng_bit_generator (three_word_lowering).

Layout of the JSON: {"jax": versions and flags per worker, "cases": [...]};
a case has "family", its inputs, "x64", "backends" (the backends that
produced these values) and "values" (hex strings: bit patterns; floats as
their bit patterns) or "error". Cases whose values agree on every backend
are stored once with all backends listed.
"""

import json
import math
import os
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import jax_random_model as model  # noqa: E402
from triton_random_model import f32, ulp_distance  # noqa: E402

BITS_SHAPES = [(), (1,), (2,), (7,), (2, 3), (3, 5), (2, 3, 4), (3, 1, 5)]
SEEDS32 = [0, 1, 42, 2**31 - 1, -1, -2**31, 2**32 - 1, 2**32 + 5]
SEEDS64 = [0, 42, -1, 2**32, 2**32 + 5, 2**63 - 1, -2**63, 0x0123456789ABCDEF]
FOLD_DATA = [0, 1, 2, 12345, 2**31 - 1, 2**31, 2**32 - 1, 0xDEADBEEF, -1]
SPLIT_N = [1, 2, 3, 5, 8]
UNIFORM_RANGES = [(0.0, 1.0), (-2.0, 3.0), (10.0, 10.5), (-1e-3, 1e3), (0.1, 0.7),
                  (1e-30, 1.0), (-3.0, -1.0), (5.0, 2.0)]
RANDINT32 = [(0, 1), (0, 2), (0, 10), (-5, 5), (-100, -50), (0, 2**31 - 1),
             (-2**31, 2**31 - 1), (-2**31, 0), (5, 5), (7, 3), (-3, -7), (0, 65537),
             (0, 100000), (1000, 70000)]
RANDINT64 = [(0, 10), (-5, 5), (0, 2**33 + 1), (-2**63, 2**63 - 1), (0, 2**32),
             (5, 5), (9, 3), (-2**40, 2**40), (0, 3**30), (-2**63, 0)]
RANDINT_LANES = ([0, -5, 3, 7, -2**31, 100], [10, 5, 3, 2, 2**31 - 1, -100])
# randint with a Python maxval above the type's maximum (JAX clips it and
# widens the span by one; docs/JaxRandom.md writes it with the ops).
RANDINT_ABOVE32 = ([0, -5, 1000, -2**31, -2**31 + 1, 2**31 - 2, 2**31 - 1], [2**31, 2**40])
RANDINT_ABOVE64 = ([0, -5, -2**63, -2**63 + 1, 2**63 - 2, 2**63 - 1], [2**63, 2**64 + 3])
RBG_ALGS = ["THREE_FRY", "PHILOX", "DEFAULT"]
RBG_DTYPES = ["uint8", "uint16", "uint32", "uint64"]
RBG_STATE = [0x0123456789ABCDEF, 0xFEDCBA9876543210]
# (algorithm, dtypes, shapes) under RBG_STATE: every shape rule for
# THREE_FRY (rank 0..3, odd sizes, no even dimension, ties of the largest
# size); PHILOX's block layout; DEFAULT = PHILOX.
RBG_GRID = [
    ("THREE_FRY", RBG_DTYPES, [(), (1,), (4,), (5,), (7,), (2, 3), (3, 5), (5, 3), (3, 1, 5),
                               (1, 3, 3), (2, 3, 5), (3, 3, 3)]),
    ("PHILOX", RBG_DTYPES, [(), (1,), (5,), (7,), (3, 5), (2, 3, 5)]),
    ("DEFAULT", ["uint32", "uint64"], [(), (5,), (3, 5)])]
# Counters near 2^64 (the carry into the high counter word), and the
# StableHLO example's state.
RBG_WRAP_STATES = [[42, 2**64 - 1], [42, 2**64 - 3], [2**64 - 1, 2**64 - 2], [1, 2]]
RBG_WRAP_CASES = [("uint32", (1,)), ("uint32", (5,)), ("uint32", (2, 2)), ("uint64", (1,)),
                  ("uint64", (5,)), ("uint64", (2, 2)), ("uint8", (5,))]
RBG_STATES3 = [[42, 2**64 - 1, 7], [42, 2**64 - 3, 2**64 - 1], [0xDEADBEEF, 5, 0],
               [RBG_STATE[0], RBG_STATE[1], 0x1111222233334444]]
NORMAL_N = 1 << 20
NORMAL_SAMPLE = 512
NORMAL_TAIL = 256


def hexs(values):
    return ["%x" % int(v) for v in values]


# --- recording (runs under JAX) -------------------------------------------------


def three_word_lowering():
    """Lets lax.rng_bit_generator take a u64[3] state: the primitive is
    lowered to stablehlo.rng_bit_generator with that state unchanged (JAX's
    own lowering accepts only u32[4] and u64[2])."""
    from jax._src.interpreters import mlir
    from jax._src.lax import lax as lax_internal
    from jax._src.lib.mlir import ir
    from jax._src.lib.mlir.dialects import hlo
    original = lax_internal._rng_bit_generator_lowering

    def lowering(ctx, key, *, shape, dtype, algorithm, out_sharding):
        if list(ir.RankedTensorType(key.type).shape) != [3]:
            return original(ctx, key, shape=shape, dtype=dtype, algorithm=algorithm,
                            out_sharding=out_sharding)
        etype = mlir.dtype_to_ir_type(np.dtype(dtype))
        out_key, out_vals = hlo.RngBitGeneratorOp(
            key.type, ir.RankedTensorType.get(shape, etype),
            lax_internal._rng_algorithm(algorithm), key).results
        return [out_key, out_vals]

    mlir.register_lowering(lax_internal.rng_bit_generator_p, lowering)


def read_flag(jax, name):
    try:
        return getattr(jax.config, name)
    except Exception:  # noqa: BLE001
        return jax.config._read(name)


def worker(out_path):
    import traceback

    import jax
    import jax.numpy as jnp
    from jax import lax
    x64 = bool(read_flag(jax, "jax_enable_x64"))
    device = jax.devices()[0]
    backend = device.platform
    info = {"jax": jax.__version__, "backend": backend, "device": str(device.device_kind),
            "x64": x64, "failed_sections": []}
    for flag in ("jax_threefry_partitionable", "jax_default_prng_impl", "jax_enable_x64"):
        try:
            info[flag] = str(read_flag(jax, flag))
        except Exception as e:  # noqa: BLE001
            info[flag] = "unreadable: %s" % e
    try:
        import jaxlib
        info["jaxlib"] = jaxlib.__version__
    except Exception:  # noqa: BLE001
        pass
    print("worker %s x64=%s: %s" % (backend, x64, json.dumps(info)), flush=True)
    cases = []

    def add(case, thunk):
        case = dict(case, x64=x64, backend=backend)
        try:
            case["values"] = thunk()
        except Exception as e:  # noqa: BLE001
            case["error"] = "%s: %s" % (type(e).__name__, (str(e).splitlines() or [""])[0][:300])
        cases.append(case)

    def section(name, fn):
        try:
            fn()
        except Exception:  # noqa: BLE001
            info["failed_sections"].append(name)
            print("worker %s x64=%s: section %s failed:\n%s" % (
                backend, x64, name, traceback.format_exc()), flush=True)

    def kd(key):
        return [int(v) for v in np.asarray(jax.random.key_data(key)).ravel()]

    def keys_section():
        for s in (SEEDS64 if x64 else SEEDS32):
            add({"family": "key", "seed": s}, lambda s=s: hexs(kd(jax.random.key(s))))
            add({"family": "prngkey", "seed": s},
                lambda s=s: hexs(np.asarray(jax.random.PRNGKey(s)).ravel()))
        if x64:
            add({"family": "key", "seed": 2**64 - 1, "seed_dtype": "uint64"},
                lambda: hexs(kd(jax.random.key(np.uint64(2**64 - 1)))))

    def fold_split_section():
        for s in [0, 42] + ([2**32 + 5] if x64 else []):
            key = jax.random.key(s)
            for d in FOLD_DATA:
                add({"family": "fold_in", "seed": s, "key": kd(key), "data": d},
                    lambda key=key, d=d: hexs(kd(jax.random.fold_in(key, d))))
            for shape in [(n,) for n in SPLIT_N] + [(2, 3)]:
                add({"family": "split", "seed": s, "key": kd(key), "shape": list(shape)},
                    lambda key=key, shape=shape: hexs(np.asarray(
                        jax.random.key_data(jax.random.split(key, shape))).ravel()))

    def bits_section():
        for s in ([0, 42, 2**32 + 5] if x64 else [0, 42]):
            key = jax.random.key(s)
            for w in ([8, 16, 32, 64] if x64 else [8, 16, 32]):
                for shape in BITS_SHAPES:
                    add({"family": "bits", "seed": s, "key": kd(key), "width": w,
                         "shape": list(shape)},
                        lambda key=key, w=w, shape=shape: hexs(np.asarray(
                            jax.random.bits(key, shape, dtype="uint%d" % w)).ravel()))

    def uniform_section():
        for s in [0, 42]:
            key = jax.random.key(s)
            for dt in (["float32", "float64"] if x64 else ["float32"]):
                udt = np.uint32 if dt == "float32" else np.uint64
                for shape in [(), (5,), (3, 4)]:
                    add({"family": "uniform", "seed": s, "key": kd(key), "dtype": dt,
                         "shape": list(shape), "minval": 0.0, "maxval": 1.0},
                        lambda key=key, dt=dt, shape=shape, udt=udt: hexs(np.asarray(
                            jax.random.uniform(key, shape, dtype=dt)).view(udt).ravel()))
                for lo, hi in UNIFORM_RANGES[1:] if s == 42 else []:
                    add({"family": "uniform", "seed": s, "key": kd(key), "dtype": dt,
                         "shape": [32], "minval": lo, "maxval": hi},
                        lambda key=key, dt=dt, lo=lo, hi=hi, udt=udt: hexs(np.asarray(
                            jax.random.uniform(key, (32,), dtype=dt, minval=lo,
                                               maxval=hi)).view(udt).ravel()))

    def normal_section():
        # A recorded sample, a 2-D shape and tail draws of 2^20 normals of
        # key(0); all 2^20 are compared with the model here (normal_stats).
        key0 = jax.random.key(0)
        big = np.asarray(jax.random.normal(key0, (NORMAL_N,), dtype="float32")).view(np.uint32)
        add({"family": "normal", "seed": 0, "key": [0, 0], "shape": [NORMAL_SAMPLE],
             "indices": "range"}, lambda: hexs(big[:NORMAL_SAMPLE]))
        key42 = jax.random.key(42)
        add({"family": "normal", "seed": 42, "key": kd(key42), "shape": [3, 5],
             "indices": "range"},
            lambda: hexs(np.asarray(jax.random.normal(key42, (3, 5), dtype="float32"))
                         .view(np.uint32).ravel()))
        idx = np.arange(NORMAL_N)
        want = model.normal_f32_numpy((0, 0), idx).view(np.uint32)
        ulps = np.abs(_ordinal(big) - _ordinal(want))
        u = model.normal_input_numpy(model.uniform_f32_numpy((0, 0), idx)).astype(np.float64)
        tail = np.abs(u) > 0.999
        large_w = -np.log1p(-(u * u)) >= 5
        info["normal_stats"] = {
            "n": NORMAL_N, "max_ulp": int(ulps.max()), "differing": int((ulps > 0).sum()),
            "histogram": {str(k): int(v) for k, v in enumerate(np.bincount(ulps)) if v},
            "tail_n": int(tail.sum()), "tail_max_ulp": int(ulps[tail].max()),
            "tail_differing": int((ulps[tail] > 0).sum()),
            "w_ge_5_n": int(large_w.sum()), "w_ge_5_max_ulp": int(ulps[large_w].max()),
            "w_ge_5_differing": int((ulps[large_w] > 0).sum())}
        tail_idx = sorted(set(
            [int(i) for i in np.flatnonzero(large_w & ~tail)[:NORMAL_TAIL // 2]] +
            [int(i) for i in np.flatnonzero(tail)[:NORMAL_TAIL // 2]]))
        add({"family": "normal", "seed": 0, "key": [0, 0], "shape": [NORMAL_N],
             "indices": tail_idx}, lambda: hexs(big[tail_idx]))

    def randint_section():
        for s in [0, 42]:
            key = jax.random.key(s)
            for dt in (["int32", "int64"] if x64 else ["int32"]):
                nbits = int(dt[3:])
                mask = (1 << nbits) - 1
                for lo, hi in (RANDINT32 if dt == "int32" else RANDINT64):
                    add({"family": "randint", "seed": s, "key": kd(key), "dtype": dt,
                         "shape": [8], "minval": lo, "maxval": hi},
                        lambda key=key, dt=dt, lo=lo, hi=hi, mask=mask: hexs(
                            v & mask for v in np.asarray(jax.random.randint(
                                key, (8,), lo, hi, dtype=dt)).astype(np.int64).tolist()))
                lo_a, hi_a = (np.array(v, dt) for v in RANDINT_LANES)
                add({"family": "randint", "seed": s, "key": kd(key), "dtype": dt, "shape": [6],
                     "minval": RANDINT_LANES[0], "maxval": RANDINT_LANES[1]},
                    lambda key=key, dt=dt, lo_a=lo_a, hi_a=hi_a, mask=mask: hexs(
                        v & mask for v in np.asarray(jax.random.randint(
                            key, (6,), lo_a, hi_a, dtype=dt)).astype(np.int64).tolist()))
                los, his = RANDINT_ABOVE32 if dt == "int32" else RANDINT_ABOVE64
                for lo in los:
                    for hi in his:
                        add({"family": "randint_above", "seed": s, "key": kd(key), "dtype": dt,
                             "shape": [8], "minval": lo, "maxval": hi},
                            lambda key=key, dt=dt, lo=lo, hi=hi, mask=mask: hexs(
                                v & mask for v in np.asarray(jax.random.randint(
                                    key, (8,), lo, hi, dtype=dt)).astype(np.int64).tolist()))

    alg = {"THREE_FRY": lax.RandomAlgorithm.RNG_THREE_FRY,
           "PHILOX": lax.RandomAlgorithm.RNG_PHILOX,
           "DEFAULT": lax.RandomAlgorithm.RNG_DEFAULT}

    def rbg(state, shape, dtype, algorithm):
        st = jnp.asarray(np.array(state, np.uint64 if x64 else np.uint32))
        new, out = lax.rng_bit_generator(st, shape, dtype=dtype, algorithm=alg[algorithm])
        return {"state": hexs(np.asarray(new).ravel()), "out": hexs(np.asarray(out).ravel())}

    def rbg_section():
        if not x64:
            # The usual x32 form: a u32[4] state, bitcast to u64[2] (little-endian).
            for a in RBG_ALGS:
                for words in ([1, 0, 2, 0], [0x89ABCDEF, 0x01234567, 0x76543210, 0xFEDCBA98]):
                    add({"family": "rbg_u32", "algorithm": a, "state": hexs(words),
                         "dtype": "uint32", "shape": [3, 5]},
                        lambda words=words, a=a: rbg(words, (3, 5), "uint32", a))
            return
        grid = [(RBG_STATE, a, dt, shape) for a, dts, shapes in RBG_GRID
                for dt in dts for shape in shapes]
        grid += [(st, a, dt, shape) for st in RBG_WRAP_STATES for a in RBG_ALGS
                 for dt, shape in RBG_WRAP_CASES]
        for state, a, dt, shape in grid:
            add({"family": "rbg", "algorithm": a, "state": hexs(state), "dtype": dt,
                 "shape": list(shape)},
                lambda state=state, shape=shape, dt=dt, a=a: rbg(state, shape, dt, a))

    def rbg3_section():
        three_word_lowering()
        grid = [(st, "PHILOX", dt, shape) for st in RBG_STATES3
                for dt, shape in RBG_WRAP_CASES]
        grid += [(st, "DEFAULT", "uint32", (5,)) for st in RBG_STATES3]
        grid += [([5, 6, 7], "THREE_FRY", "uint32", (2,))]  # XLA should reject this
        for state, a, dt, shape in grid:
            add({"family": "rbg", "algorithm": a, "state": hexs(state), "dtype": dt,
                 "shape": list(shape)},
                lambda state=state, shape=shape, dt=dt, a=a: rbg(state, shape, dt, a))

    def legacy_section():
        # JAX's older scheme, recorded for the documentation (not SPEC §8).
        jax.config.update("jax_threefry_partitionable", False)
        key = jax.random.key(42)
        for w in ([8, 16, 32, 64] if x64 else [8, 16, 32]):
            for shape in [(5,), (2, 3), (7,)]:
                add({"family": "bits_legacy", "seed": 42, "key": kd(key), "width": w,
                     "shape": list(shape)},
                    lambda w=w, shape=shape: hexs(np.asarray(
                        jax.random.bits(key, shape, dtype="uint%d" % w)).ravel()))
        for n in (3, 4):
            add({"family": "split_legacy", "seed": 42, "key": kd(key), "shape": [n]},
                lambda n=n: hexs(np.asarray(jax.random.key_data(jax.random.split(key, n))).ravel()))
        jax.config.update("jax_threefry_partitionable", True)

    for name, fn in [("keys", keys_section), ("fold_in/split", fold_split_section),
                     ("bits", bits_section), ("uniform", uniform_section),
                     ("normal", normal_section), ("randint", randint_section),
                     ("rng_bit_generator", rbg_section)] + (
                         [("rng_bit_generator 3-word", rbg3_section)] if x64 else []) + [
                             ("older threefry scheme", legacy_section)]:
        t = time.time()
        section(name, fn)
        print("worker %s x64=%s: %s done in %.1f s" % (backend, x64, name, time.time() - t),
              flush=True)
        # Written after every section, so that a worker stopped by the time
        # limit still leaves what it recorded.
        with open(out_path + ".tmp", "w") as f:
            json.dump({"info": info, "cases": cases}, f)
        os.replace(out_path + ".tmp", out_path)
    print("worker %s x64=%s: %d cases, %d errors" % (
        backend, x64, len(cases), sum("error" in c for c in cases)), flush=True)


def _ordinal(bits):
    b = bits.astype(np.int64)
    return np.where(b >> 31 != 0, -(b & 0x7FFFFFFF), b)


def case_id(case):
    return json.dumps({k: v for k, v in case.items()
                       if k not in ("values", "error", "backend")}, sort_keys=True)


def record_all(out_path, time_limit=230):
    """Runs the four workers (cpu/cuda x x64 off/on) side by side, each in
    its own process, stops any still running after `time_limit` seconds
    (keeping the sections it finished), and merges their cases."""
    started = time.time()
    procs = []
    for backend in ("cpu", "cuda"):
        for x64 in (0, 1):
            env = dict(os.environ, JAX_PLATFORMS=backend, JAX_ENABLE_X64=str(x64),
                       XLA_PYTHON_CLIENT_PREALLOCATE="false", PYTHONUNBUFFERED="1")
            env.pop("XLA_FLAGS", None)
            part = "%s.%s.%d.part" % (out_path, backend, x64)
            procs.append((backend, x64, part, subprocess.Popen(
                [sys.executable, os.path.abspath(__file__), "worker", part], env=env)))
    parts, infos = [], []
    for backend, x64, part, proc in procs:
        try:
            rc = proc.wait(timeout=max(1, time_limit - (time.time() - started)))
        except subprocess.TimeoutExpired:
            proc.kill()
            rc = "stopped at the time limit"
        if not os.path.exists(part):
            print("worker %s x64=%d: no results (status %s)" % (backend, x64, rc), flush=True)
            continue
        with open(part) as f:
            data = json.load(f)
        os.remove(part)
        if rc != 0:
            data["info"]["failed_sections"].append("worker status %s" % rc)
        infos.append(data["info"])
        parts.append(data["cases"])
    merged, order = {}, []
    for cases in parts:
        for c in cases:
            cid = case_id(c)
            result = json.dumps(c.get("values", c.get("error")), sort_keys=True)
            if cid not in merged:
                merged[cid] = {}
                order.append(cid)
            merged[cid].setdefault(result, []).append(c)
    out = []
    for cid in order:
        for group in merged[cid].values():
            c = dict(group[0])
            del c["backend"]
            c["backends"] = [g["backend"] for g in group]
            out.append(c)
    with open(out_path, "w") as f:
        json.dump({"generator": "test/GPU/jax_record.py", "workers": infos, "cases": out},
                  f, separators=(",", ":"))
        f.write("\n")
    print("recorded %d cases in %.0f s -> %s (%d bytes)" % (
        len(out), time.time() - started, out_path, os.path.getsize(out_path)), flush=True)


# --- comparison with the model (no JAX needed) ----------------------------------


def model_key(seed, x64, seed_dtype=None):
    return model.jax_key(seed, 64 if x64 else 32)


def expected(case):
    """The model's values for a case, in the recording's format, or a dict
    of alternatives for the uniform's [minval, maxval) (fused / unfused)."""
    fam = case["family"]
    x64 = case["x64"]
    if fam in ("key", "prngkey"):
        return hexs(model_key(case["seed"], x64))
    key = tuple(case.get("key", ()))
    if fam == "fold_in":
        return hexs(model.fold_in(key, case["data"] & 0xFFFFFFFF))
    if fam == "split":
        n = math.prod(case["shape"])
        return hexs(v for k in model.split(key, n) for v in k)
    if fam == "split_legacy":
        return hexs(v for k in model.split_legacy(key, case["shape"][0]) for v in k)
    if fam == "bits_legacy":
        return hexs(model.bits_legacy(key, case["width"], math.prod(case["shape"])))
    shape = case.get("shape", [])
    n = math.prod(shape)
    if fam == "bits":
        return hexs(model.bits(key, i, case["width"]) for i in range(n))
    if fam == "uniform":
        f32t = case["dtype"] == "float32"
        base = [model.uniform_f32(key, i) if f32t else model.uniform_f64(key, i) for i in range(n)]
        if (case["minval"], case["maxval"]) == (0.0, 1.0):
            return hexs(base)
        lo, hi = case["minval"], case["maxval"]
        if f32t:
            lo, hi = f32(lo), f32(hi)
            fn = model.uniform_range_f32
        else:
            fn = model.uniform_range_f64
        return {"fused": hexs(fn(b, lo, hi, True) for b in base),
                "unfused": hexs(fn(b, lo, hi, False) for b in base)}
    if fam == "normal":
        idx = range(n) if case["indices"] == "range" else case["indices"]
        return hexs(model.normal_f32(key, i) for i in idx)
    if fam == "randint":
        nbits = int(case["dtype"][3:])
        lo, hi = case["minval"], case["maxval"]
        if not isinstance(lo, list):
            lo, hi = [lo] * n, [hi] * n
        return hexs(model.randint(key, i, lo[i], hi[i], nbits) for i in range(n))
    if fam == "randint_above":
        nbits = int(case["dtype"][3:])
        return hexs(model.randint_above_max(key, i, case["minval"], nbits) for i in range(n))
    if fam in ("rbg", "rbg_u32"):
        words = [int(v, 16) for v in case["state"]]
        if fam == "rbg_u32":
            words = [words[0] | (words[1] << 32), words[2] | (words[3] << 32)]
        width = int(case["dtype"][4:])
        st, out = model.bit_generator(case["algorithm"].lower(), words, tuple(shape), width)
        if fam == "rbg_u32":
            st = [st[0] & 0xFFFFFFFF, st[0] >> 32, st[1] & 0xFFFFFFFF, st[1] >> 32]
        return {"state": hexs(st), "out": hexs(out)}
    raise ValueError(fam)


def outside_spec(case):
    """Cases that SPEC §8 does not cover, recorded to document JAX's
    behaviour: a Python seed outside int32 without x64, a negative fold_in
    datum, a 3-word state for THREE_FRY, the older threefry scheme; and JAX's
    OverflowError for a randint maxval above the type's maximum that its
    argument parsing cannot hold (any int64 one; an int32 one without x64)."""
    fam = case["family"]
    if fam.endswith("_legacy"):
        return True
    if fam == "randint_above":
        return "error" in case
    if fam in ("key", "prngkey") and not case["x64"]:
        return not -2**31 <= case["seed"] < 2**31
    if fam == "fold_in":
        return case["data"] < 0
    return fam == "rbg" and case["algorithm"] == "THREE_FRY" and len(case["state"]) == 3


def describe(case):
    return ", ".join("%s=%s" % (k, v) for k, v in case.items()
                     if k not in ("values", "backends", "family", "key"))


def compare(path, verbose=True):
    """Compares every recorded case with the model. Returns (summary lines,
    disagreement lines)."""
    with open(path) as f:
        data = json.load(f)
    stats, problems, notes = {}, [], []
    for case in data["cases"]:
        fam = case["family"]
        for backend in case["backends"]:
            st = stats.setdefault((fam, backend), {"cases": 0, "equal": 0, "errors": 0,
                                                   "values": 0, "max_ulp": 0, "differing": 0,
                                                   "fused": 0, "unfused": 0})
            st["cases"] += 1
        outside = outside_spec(case)
        if "error" in case:
            for backend in case["backends"]:
                stats[(fam, backend)]["errors"] += 1
            (notes if outside else problems).append(
                "%s [%s] (%s): JAX raised %s" % (fam, "/".join(case["backends"]),
                                                describe(case), case["error"]))
            continue
        if fam == "rbg" and case["algorithm"] == "THREE_FRY" and len(case["state"]) == 3:
            problems.append("rbg THREE_FRY with a 3-word state was accepted by XLA (%s)" % describe(case))
            continue
        want = expected(case)
        got = case["values"]
        for backend in case["backends"]:
            st = stats[(fam, backend)]
            if fam == "normal":
                d = [ulp_distance(int(a, 16), int(b, 16)) for a, b in zip(got, want)]
                st["values"] += len(d)
                st["max_ulp"] = max([st["max_ulp"]] + d)
                st["differing"] += sum(x > 0 for x in d)
                if len(got) == len(want) and max(d) <= 4:
                    st["equal"] += 1
                else:
                    problems.append("normal [%s] (%s): beyond 4 ulp (max %d)" % (backend, describe(case), max(d)))
                continue
            if isinstance(want, dict) and "fused" in want:
                fused, unfused = got == want["fused"], got == want["unfused"]
                st["fused"] += fused
                st["unfused"] += unfused
                st["equal"] += fused or unfused
                st["values"] += len(got)
                if not (fused or unfused):
                    problems.append("uniform [%s] (%s): neither the fused nor the unfused affine map; "
                                    "first differences %s" % (backend, describe(case),
                                                              _first_diffs(got, want["fused"])))
                continue
            st["values"] += len(got) if isinstance(got, list) else len(got["out"])
            if got == want:
                st["equal"] += 1
            elif outside:
                notes.append("%s [%s] (%s): %s, model (SPEC's rule) %s" % (
                    fam, backend, describe(case), got, want))
            else:
                if isinstance(want, dict):
                    detail = "state %s vs model %s; output %s" % (
                        got["state"], want["state"], _first_diffs(got["out"], want["out"]))
                else:
                    detail = _first_diffs(got, want)
                problems.append("%s [%s] (%s): %s" % (fam, backend, describe(case), detail))
    lines = []
    for (fam, backend), st in sorted(stats.items()):
        line = "%-8s %-5s %4d cases, %5d values: %d equal to the model, %d JAX errors" % (
            fam, backend, st["cases"], st["values"], st["equal"], st["errors"])
        if fam == "normal":
            line += "; max %d ulp, %d values differ" % (st["max_ulp"], st["differing"])
        if fam == "uniform":
            line += " (ranged: %d fused, %d unfused; [0,1) cases match both)" % (st["fused"], st["unfused"])
        lines.append(line)
    for w in data.get("workers", []):
        if "normal_stats" in w:
            ns = w["normal_stats"]
            lines.append("normal %s x64=%s, %d draws of key(0): max %d ulp, %d differ (%.3f %%); "
                         "|u| > 0.999: %d draws, max %d ulp, %d differ; w >= 5: %d draws, max %d ulp, "
                         "%d differ; ulp histogram %s" % (
                             w["backend"], w["x64"], ns["n"], ns["max_ulp"], ns["differing"],
                             100.0 * ns["differing"] / ns["n"], ns["tail_n"], ns["tail_max_ulp"],
                             ns["tail_differing"], ns["w_ge_5_n"], ns["w_ge_5_max_ulp"],
                             ns["w_ge_5_differing"], ns["histogram"]))
            if ns["max_ulp"] > 4:
                problems.append("normal %s x64=%s: %d ulp, beyond SPEC's 4" % (
                    w["backend"], w["x64"], ns["max_ulp"]))
    for w in data.get("workers", []):
        for name in w.get("failed_sections", []):
            problems.append("worker %s x64=%s: section %s failed" % (w["backend"], w["x64"], name))
    if verbose:
        for w in data.get("workers", []):
            print("worker: " + json.dumps({k: v for k, v in w.items() if k != "normal_stats"}))
        print("\n".join(lines))
        for n in notes:
            print("expected rejection: " + n)
        for p in problems[:60]:
            print("DISAGREEMENT: " + p)
        print("disagreements with the model: %d" % len(problems))
    return lines, problems


def _first_diffs(got, want, limit=4):
    if len(got) != len(want):
        return "%d values vs model %d" % (len(got), len(want))
    diffs = ["[%d] %s vs model %s" % (i, a, b) for i, (a, b) in enumerate(zip(got, want)) if a != b]
    return "; ".join(diffs[:limit]) + (" (%d differ)" % len(diffs) if len(diffs) > limit else "")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "worker":
        worker(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "all":
        print("model self-test: %s" % ("OK" if not model.self_test() else model.self_test()), flush=True)
        record_all(sys.argv[2])
        _, problems = compare(sys.argv[2])
        sys.exit(1 if problems else 0)
    elif len(sys.argv) == 3 and sys.argv[1] == "compare":
        _, problems = compare(sys.argv[2])
        sys.exit(1 if problems else 0)
    else:
        sys.exit(__doc__)
