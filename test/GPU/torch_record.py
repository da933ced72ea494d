"""Records PyTorch's CUDA random numbers (torch 2.11 on an H200) for
test/vectors/torch_recorded.json and compares them, whole, with the
independent model test/lib/torch_random_model.py (SPEC 9.2). Not part of
check-rng.

    torch_record.py record OUT.json [NAME|FAMILY ...]
                                          record on the GPU (every case, or
                                          those named), then compare every
                                          element of every output with the
                                          model and print a summary
    torch_record.py merge OUT.json A.json B.json
                                          A's cases with those of B put in
                                          place of A's of the same name
    torch_record.py curand JSON BULK N    compare curand_record.cu's grid
                                          (JSON) and its bulk normals (BULK:
                                          N float pairs then N double pairs
                                          of subsequences 0..N-1, seed 42,
                                          offset 0) with the model

Each case sets the default CUDA generator to (seed, offset) with
manual_seed and set_offset, reads the offset before and after the call
(get_offset), and stores: the parameters, the launch width S the SPEC's
rule gives for this device, 64 first, 64 last and 64 random elements with
their row-major indices (bit patterns in hex, integers in decimal), the
sha256 of the whole output's bit patterns with every NaN made the dtype's
canonical quiet NaN (torch_random_model.canonical_bits), and for dropout the
vector width the SPEC's rule picks (from the data pointer's alignment), the
sampled mask and the mask's sha256.
"""

import json
import os
import sys
import time
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import torch_random_model as model  # noqa: E402

SEEDS = [42, 0, 2**32 + 7, 0xDEADBEEFCAFEF00D]
OFFSETS = [0, 4, 1236, 2**40 + 8]
SIZES = [1, 255, 1000, 65537, 300000, (1 << 20) + 3]
FLOATS = ["f32", "f16", "bf16", "f64"]


def cases():
    """The recorded calls: dicts with name, family, dtype, n and the
    family's parameters (seed and offset rotate through SEEDS x OFFSETS)."""
    out = []
    k = [0]

    def add(**c):
        i = k[0]
        k[0] += 1
        c.setdefault("seed", SEEDS[i % 4])
        c.setdefault("offset", OFFSETS[(i // 4 + i) % 4])
        c.setdefault("shape", [c["n"]])
        c["name"] = "%s_%s_%d_%d" % (c["family"], c["dtype"], c["n"], i)
        out.append(c)

    for dt in FLOATS:
        for n in SIZES:
            add(family="uniform", dtype=dt, n=n, **{"from": 0.0, "to": 1.0})
        for lo, hi in [(-2.0, 3.0), (10.0, 10.5), (0.1, 0.7), (-3.0, -1.0)]:
            add(family="uniform", dtype=dt, n=65537, **{"from": lo, "to": hi})
    add(family="uniform", dtype="bf16", n=300000, **{"from": -1.0, "to": 1.0})
    add(family="uniform", dtype="f32", n=999, shape=[3, 333], **{"from": 0.0, "to": 1.0})
    add(family="uniform", dtype="f32", n=2500001, seed=0, offset=2**40 + 8, **{"from": 0.0, "to": 1.0})
    add(family="uniform", dtype="f64", n=1200001, **{"from": 0.0, "to": 1.0})
    for dt in ("f32", "f64"):
        for n in SIZES:
            add(family="normal", dtype=dt, n=n, mean=0.0, std=1.0)
        add(family="normal", dtype=dt, n=65537, mean=2.0, std=0.5)
    add(family="normal", dtype="f16", n=65537, mean=0.0, std=1.0)
    add(family="normal", dtype="bf16", n=65537, mean=0.0, std=1.0)
    add(family="normal", dtype="bf16", n=1000, mean=-1.0, std=3.0)
    add(family="normal", dtype="f32", n=2500001, mean=0.0, std=1.0)
    for dt, n, p in [("f32", 300000, 0.3), ("f64", 300000, 0.3), ("f64", (1 << 20) + 3, 0.3),
                     ("f16", 65537, 0.7), ("bf16", 1000, 0.5), ("f32", (1 << 20) + 3, 0.5)]:
        add(family="bernoulli", dtype=dt, n=n, p=p)
    # random_(): from/to None -> PyTorch's defaults (torch_random_model.random_range)
    for dt, n in [("i32", 300000), ("i64", 300000), ("f32", 65537), ("f64", 65537),
                  ("f16", 1000), ("bf16", 1000)]:
        add(family="random", dtype=dt, n=n, bounds=None)
    for dt, n, lo, hi in [("i32", (1 << 20) + 3, -5, 1000), ("i64", 300000, 0, 2**30),
                          ("i64", 65537, -2**40, 2**40), ("i64", 1000, 0, 2**28),
                          ("i64", 1000, 0, 2**28 - 1), ("i32", 300000, 0, 2**30),
                          ("f32", 1000, -10, 10), ("f64", 1000, 0, 2**40),
                          ("i64", 1000, -2**63, None), ("i64", 65537, 0, 10)]:
        add(family="random", dtype=dt, n=n, bounds=[lo, hi], randint=(hi == 10))
    # dropout: (dtype, n, p, element offset of the data pointer, dense)
    for dt, n, p, shift, dense in [
            ("f32", 1 << 20, 0.2, 0, True), ("f32", 300002, 0.2, 0, True),
            ("f32", 65536, 0.2, 2, True), ("f32", 65536, 0.2, 1, True),
            ("f32", 1000, 0.2, 0, True), ("f32", 1001, 0.2, 0, False),
            ("f32", 2500000, 0.3, 0, True), ("f32", 65536, 0.0, 0, True),
            ("f16", 1 << 20, 0.5, 0, True), ("f16", 300004, 0.5, 0, True),
            ("f16", 65538, 0.5, 0, True), ("f16", 65537, 0.5, 0, True),
            ("f16", 65536, 0.5, 4, True), ("f16", 2500001, 0.5, 0, True),
            ("bf16", 1 << 20, 0.1, 0, True), ("bf16", 2500000, 0.1, 0, True),
            ("bf16", 4000, 0.1, 0, False),
            ("f64", 1 << 20, 0.25, 0, True), ("f64", 300001, 0.25, 0, True),
            ("f64", 300000, 0.25, 1, True)]:
        add(family="dropout", dtype=dt, n=n, p=p, shift=shift, dense=dense)
    return out


def sample_indices(name, n):
    rs = np.random.RandomState(zlib.crc32(name.encode()))
    idx = set(range(min(64, n))) | set(range(max(0, n - 64), n))
    idx |= set(int(i) for i in rs.randint(0, n, size=min(64, n)))
    return sorted(idx)


def record(out_path, only=None):
    import torch
    t0 = time.time()
    dev = torch.device("cuda")
    props = torch.cuda.get_device_properties(0)
    M = props.multi_processor_count
    T = getattr(props, "max_threads_per_multi_processor", None)
    if T is None:
        import cupy
        T = cupy.cuda.runtime.getDeviceProperties(0)["maxThreadsPerMultiProcessor"]
    gen = torch.cuda.default_generators[0]
    TD = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
          "f64": torch.float64, "i32": torch.int32, "i64": torch.int64}

    def get_offset():
        if hasattr(gen, "get_offset"):
            return gen.get_offset()
        # the CUDA generator's state: seed (u64) then offset (i64)
        return int(gen.get_state().numpy().view(np.int64)[1])

    def set_state(seed, offset):
        torch.cuda.manual_seed(seed)
        if hasattr(gen, "set_offset"):
            gen.set_offset(offset)
        else:
            st = gen.get_state().clone()
            st.numpy().view(np.int64)[1] = offset
            gen.set_state(st)
        return get_offset()

    def bits_of(t, dt):
        """numpy arrays of the output for the model comparison: bf16 as
        float32 holding the values, others in their dtype."""
        t = t.contiguous().cpu()
        if dt == "bf16":
            b = t.view(torch.int16).numpy().view(np.uint16).astype(np.uint32)
            return (b << np.uint32(16)).view(np.float32)
        if dt == "bool":
            return t.numpy().astype(bool)
        return t.numpy()

    notes = {}
    # Is an offset that is not a multiple of 4 accepted?
    try:
        set_state(7, 6)
        notes["set_offset_6"] = "accepted, get_offset() = %d" % get_offset()
    except Exception as ex:  # noqa: BLE001
        notes["set_offset_6"] = "refused: %s" % str(ex).splitlines()[0][:200]

    recorded, full = [], []
    for c in cases():
        if only and c["name"] not in only and c["family"] not in only:
            continue
        case = {k: v for k, v in c.items() if k not in ("offset", "bounds", "randint", "shift")}
        n, dt, fam = c["n"], c["dtype"], c["family"]
        out_dt = dt
        try:
            before = set_state(c["seed"], c["offset"])
            extra = None
            if fam == "uniform":
                if c["from"] == 0.0 and c["to"] == 1.0 and dt == "f32":
                    y = torch.rand(c["shape"], device=dev, dtype=TD[dt])
                    case["call"] = "torch.rand"
                else:
                    y = torch.empty(c["shape"], device=dev, dtype=TD[dt]).uniform_(c["from"], c["to"])
                    case["call"] = "uniform_"
            elif fam == "normal":
                if c["mean"] == 0.0 and c["std"] == 1.0 and dt == "f32":
                    y = torch.randn(c["shape"], device=dev, dtype=TD[dt])
                    case["call"] = "torch.randn"
                else:
                    y = torch.empty(c["shape"], device=dev, dtype=TD[dt]).normal_(c["mean"], c["std"])
                    case["call"] = "normal_"
            elif fam == "bernoulli":
                y = torch.empty(c["shape"], device=dev, dtype=TD[dt]).bernoulli_(c["p"])
                case["call"] = "bernoulli_(p)"
            elif fam == "random":
                b = c["bounds"]
                if b is None:
                    y = torch.empty(c["shape"], device=dev, dtype=TD[dt]).random_()
                    case["call"] = "random_()"
                elif c.get("randint"):
                    y = torch.randint(b[0], b[1], c["shape"], device=dev, dtype=TD[dt])
                    case["call"] = "torch.randint"
                else:
                    y = torch.empty(c["shape"], device=dev, dtype=TD[dt]).random_(b[0], b[1])
                    case["call"] = "random_(from, to)"
                frm, rng, wide = model.random_range(dt, *(b or (None, None)))
                case.update({"from": frm, "range": rng, "wide": bool(wide)})
            elif fam == "dropout":
                xs = torch.from_numpy(np.asarray(model.dropout_input(n, dt), np.float64)).to(dev)
                if c["dense"]:
                    buf = torch.empty(n + 8, device=dev, dtype=TD[dt])
                    x = buf[c["shift"]:c["shift"] + n]
                else:
                    buf = torch.empty((n, 2), device=dev, dtype=TD[dt])
                    x = buf[:, 0]
                # bf16/f16 rounding as the model: f64 -> f32 -> dtype
                x.copy_(xs.to(torch.float32).to(TD[dt]) if dt != "f64" else xs)
                assert x.is_contiguous() == c["dense"]
                case["address"] = x.data_ptr() % 256
                case["vec"] = model.dropout_vec(dt, x.data_ptr(), n, c["dense"])
                before = set_state(c["seed"], c["offset"])
                y, mask = torch.native_dropout(x, c["p"], True)
                extra = mask
                case["call"] = "torch.native_dropout(x, p, True)"
            torch.cuda.synchronize()
            case["offset_before"] = before
            case["offset_after"] = get_offset()
        except Exception as ex:  # noqa: BLE001
            case["error"] = str(ex).splitlines()[0][:300]
            recorded.append(case)
            print("ERROR %s: %s" % (c["name"], case["error"]), flush=True)
            continue
        case["threads"] = model.torch_threads(n, M, T)
        case["out_dtype"] = out_dt
        arr = bits_of(y.reshape(-1), dt)
        idx = sample_indices(c["name"], n)
        case["indices"] = idx
        cb = model.canonical_bits(arr, dt)
        if dt in ("i32", "i64"):
            case["values"] = [str(int(v)) for v in cb[idx]]
        else:
            case["values"] = model.hex_of(cb[idx])
        case["sha256"] = model.sha256_of(arr, dt)
        case["nan_count"] = int(np.isnan(arr).sum()) if dt not in ("i32", "i64") else 0
        m = None
        if extra is not None:
            m = bits_of(extra.reshape(-1), "bool")
            case["mask"] = "".join("1" if v else "0" for v in m[idx])
            case["mask_sha256"] = model.sha256_of(m, "bool")
        recorded.append(case)
        full.append((case, arr, m))
    data = {"generator": "test/GPU/torch_record.py",
            "torch": torch.__version__, "cuda": torch.version.cuda,
            "device": {"name": props.name, "multiProcessorCount": M,
                       "maxThreadsPerMultiProcessor": T,
                       "capability": "%d.%d" % (props.major, props.minor)},
            "numpy": np.__version__, "notes": notes, "cases": recorded}
    with open(out_path, "w") as f:
        json.dump(data, f, separators=(",", ":"))
    print("recorded %d cases in %.1f s (M %d, T %d, torch %s, CUDA %s); notes %s" % (
        len(recorded), time.time() - t0, M, T, torch.__version__, torch.version.cuda, notes), flush=True)
    return data, full


def compare_full(data, full):
    """Every element of every output against the model."""
    M = data["device"]["multiProcessorCount"]
    T = data["device"]["maxThreadsPerMultiProcessor"]
    total_bad = 0
    worst = {}
    for case, arr, mask in full:
        t0 = time.time()
        fam, dt, n = case["family"], case["dtype"], case["n"]
        e = np.arange(n, dtype=np.int64)
        inc = model.offset_increment_of(case, M, T)
        off_ok = case["offset_after"] - case["offset_before"] == inc
        line = "%-28s n=%-8d offset %d->%d (model +%d %s)" % (
            case["name"], n, case["offset_before"], case["offset_after"], inc, "ok" if off_ok else "DIFFERS")
        if not off_ok:
            total_bad += 1
        try:
            if fam == "dropout":
                res = {}
                for vec in (1, 2, 4, 8):
                    c2 = dict(case, vec=vec)
                    v, keep = model.case_values(c2, M, T, e)
                    bad = int(np.sum(model.canonical_bits(v, dt) != model.canonical_bits(arr, dt)))
                    badm = int(np.sum(keep != mask))
                    res[vec] = (bad, badm)
                matching = [v for v, r in res.items() if r == (0, 0)]
                b, bm = res[case["vec"]]
                line += " vec(rule)=%d: %d values, %d mask bits differ; vec matching: %s" % (
                    case["vec"], b, bm, matching)
                total_bad += (b + bm) > 0
            else:
                v, extra = model.case_values(case, M, T, e)
                if fam == "normal":
                    nn, s, std = extra
                    equal = int(np.sum(model.canonical_bits(v, dt) == model.canonical_bits(arr, dt)))
                    if dt == "f64":
                        ul = model.ulp_distance_numpy(arr, v, "f64")
                        hist = {int(k): int(c) for k, c in zip(*np.unique(ul.astype(np.int64), return_counts=True))}
                        line += " f64 normals: %d/%d equal, ulp histogram %s" % (equal, n, hist)
                        worst["f64"] = max(worst.get("f64", 0), int(ul.max()))
                    else:
                        g = np.asarray(arr, np.float32).astype(np.float64)
                        w = np.asarray(v, np.float32).astype(np.float64)
                        dev = np.abs(g - w) / (np.asarray(s, np.float64) * abs(std))
                        ok = model.normal_within_bound(arr, v, nn, s, std, dt)
                        # the component itself (before fma and rounding to dtype), f32 only
                        line += " %s normals: %d/%d equal, max |diff|/(s std) %.3g (2^-20 = %.3g), %d beyond bound" % (
                            dt, equal, n, float(dev.max()), 2.0 ** -20, int(np.sum(~ok)))
                        worst[dt] = max(worst.get(dt, 0.0), float(dev.max()))
                        total_bad += int(np.sum(~ok)) > 0
                else:
                    bad = int(np.sum(model.canonical_bits(v, case["out_dtype"]) !=
                                     model.canonical_bits(arr, case["out_dtype"])))
                    line += " %d differ" % bad
                    if bad:
                        i = np.nonzero(model.canonical_bits(v, case["out_dtype"]) !=
                                       model.canonical_bits(arr, case["out_dtype"]))[0][:3]
                        line += " e.g. at %s: torch %s model %s" % (i.tolist(), arr[i].tolist(), np.asarray(v)[i].tolist())
                    total_bad += bad > 0
        except Exception as ex:  # noqa: BLE001
            line += " MODEL ERROR %r" % ex
            total_bad += 1
        print(line + " [%.1f s]" % (time.time() - t0), flush=True)
    print("whole-output comparison: %d cases, %d with differences; worst normals %s" % (
        len(full), total_bad, worst), flush=True)
    return total_bad


def compare_curand(json_path, bulk_path, n):
    lines, fails = model.check_curand_recording(json_path)
    print("\n".join(lines))
    for f in fails[:40]:
        print("CURAND DIFF: " + f)
    raw = np.fromfile(bulk_path, dtype=np.uint8)
    fl = raw[:8 * n].view(np.float32).reshape(n, 2)
    db = raw[8 * n:8 * n + 16 * n].view(np.float64).reshape(n, 2)
    sub = np.arange(n, dtype=np.uint64)
    x, y, a, v, s = model.curand_normal2(42, sub, np.zeros(n, np.uint64))
    dev = np.maximum(np.abs(fl[:, 0].astype(np.float64) - x), np.abs(fl[:, 1].astype(np.float64) - y)) / s
    differ = int(np.sum(fl[:, 0] != x) + np.sum(fl[:, 1] != y))
    print("curand_normal2 bulk: %d pairs, %d of %d values differ from the model (%.1f %%), "
          "max |diff|/s %.3g (SPEC bound 2^-20 = %.3g)" % (n, differ, 2 * n, 100.0 * differ / (2 * n),
                                                          float(dev.max()), 2.0 ** -20))
    xd, yd, _, _, _ = model.curand_normal2_double(42, sub, np.zeros(n, np.uint64))
    ul = np.concatenate([model.ulp_distance_numpy(db[:, 0], xd, "f64"),
                         model.ulp_distance_numpy(db[:, 1], yd, "f64")]).astype(np.int64)
    hist = {int(k): int(c) for k, c in zip(*np.unique(ul, return_counts=True))}
    print("curand_normal2_double bulk: %d pairs, ulp histogram %s (%.1f %% differ)" % (
        n, hist, 100.0 * float(np.sum(ul > 0)) / (2 * n)))
    return len(fails)


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "record":
        print("model self-test: %s" % (model.self_test() or "OK"), flush=True)
        data, full = record(sys.argv[2], set(sys.argv[3:]))
        bad = compare_full(data, full)
        lines, fails = model.check_torch_recording(sys.argv[2], 0)
        print("\n".join(lines))
        for f in fails[:40]:
            print("SAMPLE DIFF: " + f)
        sys.exit(1 if bad or fails else 0)
    elif len(sys.argv) == 5 and sys.argv[1] == "merge":
        with open(sys.argv[3]) as f:
            a = json.load(f)
        with open(sys.argv[4]) as f:
            b = json.load(f)
        new = {c["name"]: c for c in b["cases"]}
        a["cases"] = [new.get(c["name"], c) for c in a["cases"]]
        with open(sys.argv[2], "w") as f:
            json.dump(a, f, separators=(",", ":"))
    elif len(sys.argv) == 5 and sys.argv[1] == "curand":
        sys.exit(1 if compare_curand(sys.argv[2], sys.argv[3], int(sys.argv[4])) else 0)
    else:
        sys.exit(__doc__)
