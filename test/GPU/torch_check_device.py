"""The cuRAND and PyTorch ops (SPEC §9) on an NVIDIA GPU against torch and
cuRAND themselves, bit for bit (test/GPU/torch-h200.sh drives it).

    torch_check_device.py gen > torch-kernels.mlir     (here)
    torch_check_device.py gen-host-hand                (here: the hand-written normals on the host)
    torch_check_device.py run torch.ptx [--quick|--bench]  (GPU machine: torch, cupy)
    torch_check_device.py probes torch.ptx             (GPU machine: the probes' times alone)
    torch_check_device.py profile torch.ptx KERNEL...  (each bench kernel once, for ncu)

`gen` writes a gpu.module with one kernel per op and dtype (one element per
thread, index = the global thread id): rng.torch_uniform, rng.torch_normal
(f32, f16, bf16, f64), rng.torch_bernoulli (f32 and f64 p), rng.torch_random
(narrow, wide), rng.torch_dropout (every dtype, vec 1, 2, 4, 8) and the
cuRAND ops over an array of positions; plus `uniform_4x`, `normal_4x` and
`dropout_4x`: the bench kernels (each thread draws the four elements of one
PyTorch draw, or four contiguous dropout elements with vec = 4), the
16- and 8-value forms `uniform_16x*`, `normal_16x*`, `*_8xf`, and
`dropout_16x` and `dropout_8x` (four and two vec-4 dropout groups per
thread) and `dropout_4xl` (a grid-stride loop); the probes `NAME_p` (each
16- and 8-value fill with its stores behind a flag the compiler cannot
see: launched with the flag off, its instruction-bound time); and two
experiments: `normal_16xf_d`, `normal_8xf_d` (the odd warps sleep first)
and the hand-written normals HAND, `normal_16xh`/`_16xs`/`_16xq`/`_16xhe`/
`_16xqe`, `normal_8xh`/`_8xs` (plain, software-pipelined, half so, and
log's exponent without I2F; each with its probe; `gen-host-hand` writes
them for the host). docs/PyTorchRandom.md, "On the H200", has their
results.

`run` sets torch's CUDA generator to (seed, offset), calls torch (rand,
uniform_, randn, normal_, bernoulli_, random_, randint, native_dropout),
launches our kernel with the same seed, offset and S (SPEC §9.2: S from the
device's multiprocessor count and threads per multiprocessor), and compares
every element bit for bit (NaNs canonicalized), masks too, and the offset
increment; sizes 1000, 270,335, 270,337, 1,081,345 (across the launch cap
270,336 on an H200 and a multiple of it) and 2^24 + 3. cuRAND: a CUDA kernel
calling curand_init / curand / curand4 / curand_uniform / curand_normal2 /
curand_uniform_double / curand_uniform2_double / curand_normal2_double
(compiled by CuPy's NVRTC from cuRAND's headers) against our kernel at
2^20 positions: every value bit for bit, normals included.
"""

import itertools
import sys

DTYPES = ("f32", "f16", "bf16", "f64")
ACC = {"f32": "f32", "f16": "f32", "bf16": "f32", "f64": "f64"}
STORE = {"f32": "f32", "f16": "i16", "bf16": "i16", "f64": "f64"}
# The bench kernels' S, a constant as a compiler that knows the shape folds
# rng.torch_threads: 2^28 elements on a GPU of 132 multiprocessors with 2048
# threads each (H200, H100 SXM). The runner times them only where its
# device gives this S.
BENCH_N = 1 << 28
BENCH_THREADS = 270336
# The 16- and 8-value bench kernels: (name suffix, split, gpu.func
# attributes, W): thread g draws for W
# subsequences (4: 16 values per iteration, 2: 8) on split * S / W threads.
SIXTEEN_SPLITS = (("_16x", 1, "", 4), ("_16x2", 2, "", 4), ("_16xf", 4, "", 4),
                  ("_16xr", 4, "nvvm.maxnreg = 32 : i32", 4), ("_16xm", 4, "nvvm.maxnreg = 40 : i32", 4),
                  ("_16xg", (BENCH_N + 4 * BENCH_THREADS - 1) // (4 * BENCH_THREADS), "", 4),
                  ("_8xf", 2, "", 2))
# The hand-written forms of normal_16xf and normal_8xf (an experiment;
# gen): plain (h), software-pipelined (s) and half so (q: two of the four
# subsequences' blocks carried), as SIXTEEN_SPLITS entries; a trailing `e`
# converts log's exponent without I2F (hand_mode).
HAND = (("_16xh", 4, "", 4), ("_16xs", 4, "", 4), ("_16xq", 4, "", 4), ("_16xhe", 4, "", 4),
        ("_16xqe", 4, "", 4), ("_8xh", 2, "", 2), ("_8xs", 2, "", 2))


def hand_mode(suffix, W):
    """A HAND suffix's carried subsequences (h: none, s: all W, q: W / 2)
    and whether log's exponent is converted without I2F (a trailing e)."""
    letter = suffix.split("x")[1][0]
    return {"h": 0, "s": W, "q": W // 2}[letter], suffix.endswith("e")
# The kernels that get a desynchronized form (NAME_d, an experiment).
DESYNC = ("normal_16xf", "normal_8xf")
DESYNC_HEAD = """    %tid = gpu.thread_id x
    %c32x = arith.constant 32 : index
    %wid = arith.divui %tid, %c32x : index
    %c2x = arith.constant 2 : index
    %par = arith.remui %wid, %c2x : index
    %pari = arith.index_cast %par : index to i32
    %nap = arith.muli %sleep, %pari : i32
    nvvm.nanosleep %nap
"""
BENCH_LAUNCH = ["%seed: i64", "%offset: i64", "%unused_threads: i64", "%n: i64"]


def kernel(name, params, body, attributes=""):
    if attributes:
        attributes = " attributes {%s}" % attributes
    return "  gpu.func @%s(%s) kernel%s {\n%s    gpu.return\n  }\n" % (
        name, ", ".join(params), attributes, body)


HEAD = """    %i = gpu.global_id x
    %e = arith.index_cast %i : index to i64
    %in = arith.cmpi ult, %e, %n : i64
    scf.if %in {
"""


def guarded(body):
    return HEAD + body + "    }\n"


def store_t(value, dt, out="%out", idx="%i"):
    if STORE[dt] != dt:
        return ("      %%sb = arith.bitcast %s : %s to i16\n      memref.store %%sb, %s[%s] : memref<?xi16>\n"
                % (value, dt, out, idx))
    return "      memref.store %s, %s[%s] : memref<?x%s>\n" % (value, out, idx, dt)


def dropout_group(tag, base, xv, xi):
    """One vec-4 dropout group: the four elements base | j of the loaded
    vector `xv`, stored at `xi` (values and mask); `tag` keeps the SSA
    names of several groups apart."""
    b = ""
    for j in range(4):
        b += """      %cj@T@J = arith.constant @J : i64
      %e@T@J = arith.ori @B, %cj@T@J : i64
      %x@T@J = vector.extract @X[@J] : f32 from vector<4xf32>
      %y@T@J, %k@T@J = rng.torch_dropout %x@T@J, %p, %seed, %offset, %threads, %e@T@J {vec = 4 : i32} : (f32, f64, i64, i64, i64, i64) -> (f32, i1)
      %k8@T@J = arith.extui %k@T@J : i1 to i8
""".replace("@J", str(j))
    b += """      %yv@T = vector.from_elements %y@T0, %y@T1, %y@T2, %y@T3 : vector<4xf32>
      vector.store %yv@T, %yout[@I] {alignment = 16} : memref<?xf32>, vector<4xf32>
      %kv@T = vector.from_elements %k8@T0, %k8@T1, %k8@T2, %k8@T3 : vector<4xi8>
      vector.store %kv@T, %mask[@I] {alignment = 4} : memref<?xi8>, vector<4xi8>
"""
    return b.replace("@T", tag).replace("@B", base).replace("@X", xv).replace("@I", xi)


# The hand-written kernels' key and counter base (after the thread's
# prologue): the seed's words, offset / 4 and a zero word.
HAND_KEYS = """    %k0w = arith.trunci %seed : i64 to i32
    %c32s = arith.constant 32 : i64
    %seedhi = arith.shrui %seed, %c32s : i64
    %k1w = arith.trunci %seedhi : i64 to i32
    %c2s = arith.constant 2 : i64
    %off4 = arith.shrui %offset, %c2s : i64
    %zw = arith.constant 0 : i32
"""


def philox_words(k, subsequences):
    """The Philox blocks of iteration `k` (an i64) for the thread's
    subsequences %twJ, J in `subsequences`: counter (offset / 4 + k,
    subsequence), key the seed (SPEC 9.1); words %wJ_0 .. %wJ_3."""
    b = ("    %%ctr = arith.addi %%off4, %s : i64\n    %%ctr_lo = arith.trunci %%ctr : i64 to i32\n"
         "    %%ctr_sh = arith.shrui %%ctr, %%c32s : i64\n    %%ctr_hi = arith.trunci %%ctr_sh : i64 to i32\n" % k)
    for j in subsequences:
        b += ("    %%w%d_0, %%w%d_1, %%w%d_2, %%w%d_3 = rng.philox_4x32 %%ctr_lo, %%ctr_hi, %%tw%d, %%zw key %%k0w, %%k1w"
              " : i32, i32\n" % ((j,) * 5))
    return b


# libdevice's logf polynomial (f32 bits, C_0 .. C_8) and -fl(ln 2): the
# hand-written normals' inline -2 logf takes them scaled as the NVVM
# lowering does (C_k 2^(k-9), -ln 2 2^-22; RngToNVVM.cpp), and so does
# the runner's exhaustive check of that sequence (torch_check_run.py).
LOGF_POLY = (0xBE055027, 0x3E1039F6, 0xBDF8CDCC, 0x3E0F2955, 0xBE2AD8B9,
             0x3E4CED0B, 0xBE7FFF22, 0x3EAAAA78, 0xBF000000)
MINUS_LN2 = 0xBF317218


def scaled_f32(bits, exponent):
    """The f32 with bits `bits` times 2^exponent (a normal result), as bits."""
    e = (bits >> 23) & 0xFF
    return (bits & ~(0xFF << 23)) | ((e + exponent) << 23)


# log's exponent as a float: I2F of e * 2^23 (the NVVM lowering's), or
# f32(0x4B400000 + e) - 1.5 * 2^23 (box_muller's integer_exponent).
EXPONENT_I2F = """    %fi@T = arith.sitofp %ie@T : i32 to f32
    %cln@T = arith.constant @LN : f32
"""
EXPONENT_INT = """    %c23@T = arith.constant 23 : i32
    %ee@T = arith.shrsi %ie@T, %c23@T : i32
    %cmagic@T = arith.constant 0x4B400000 : i32
    %em@T = arith.addi %ee@T, %cmagic@T : i32
    %ef@T = arith.bitcast %em@T : i32 to f32
    %cmagicf@T = arith.constant 0x4B400000 : f32
    %fi@T = arith.subf %ef@T, %cmagicf@T : f32
    %cln@T = arith.constant @LN : f32
"""


def box_muller(j, words, host=False, integer_exponent=False):
    """cuRAND's float Box-Muller (SPEC 9.1) of subsequence j's words
    (`words`_0 ..) as the NVVM lowering computes it: -2 logf inline, the
    square root's fast path and PTX's sin.approx / cos.approx (with `host`:
    -2 * math.log, math.sqrt, math.sin, math.cos, the host lowering's
    formula); then torch's fma(n, std, mean) (mean %lo, std %hi): the
    values %vJ0 .. %vJ3 of components 0 .. 3. With `integer_exponent`
    (NVVM form only) log's exponent e becomes a float as
    f32(0x4B400000 + e) - 1.5 * 2^23 (an integer add and an exact FADD
    instead of I2F) and takes -2 fl(ln 2) unscaled: the same exact
    product, so the same bits."""
    b = ""
    for pair in range(2):
        x, y = "%s_%d" % (words, 2 * pair), "%s_%d" % (words, 2 * pair + 1)
        t = "%d_%d" % (j, pair)
        b += """    %fx@T = arith.uitofp @X : i32 to f32
    %fy@T = arith.uitofp @Y : i32 to f32
    %c2m32@T = arith.constant 0x2F800000 : f32
    %c2m33@T = arith.constant 0x2F000000 : f32
    %ca@T = arith.constant 0x30C90FDB : f32
    %cb@T = arith.constant 0x30490FDB : f32
    %a@T = math.fma %fx@T, %c2m32@T, %c2m33@T : f32
    %v@T = math.fma %fy@T, %ca@T, %cb@T : f32
"""
        if host:
            b += """    %l@T = math.log %a@T : f32
    %cm2@T = arith.constant -2.0 : f32
    %m@T = arith.mulf %cm2@T, %l@T : f32
    %s@T = math.sqrt %m@T : f32
    %sn@T = math.sin %v@T : f32
    %cs@T = math.cos %v@T : f32
"""
        else:
            b += """    %ab@T = arith.bitcast %a@T : f32 to i32
    %cbias@T = arith.constant 0x3f2aaaab : i32
    %cmask@T = arith.constant 0xff800000 : i32
    %ib@T = arith.subi %ab@T, %cbias@T : i32
    %ie@T = arith.andi %ib@T, %cmask@T : i32
    %mb@T = arith.subi %ab@T, %ie@T : i32
    %mf@T = arith.bitcast %mb@T : i32 to f32
    %c2f@T = arith.constant 2.0 : f32
    %cm2f@T = arith.constant -2.0 : f32
    %g@T = math.fma %mf@T, %c2f@T, %cm2f@T : f32
"""
            coefficients = ["0x%08X" % scaled_f32(c, k - 9) for k, c in enumerate(LOGF_POLY)]
            b += "    %%p0@T = arith.constant %s : f32\n    %%h1@T = arith.constant %s : f32\n" % (
                coefficients[0], coefficients[1])
            b += "    %h1x@T = math.fma %p0@T, %g@T, %h1@T : f32\n"
            prev = "%h1x@T"
            for k in range(2, 9):
                b += "    %%p%d@T = arith.constant %s : f32\n    %%h%dx@T = math.fma %s, %%g@T, %%p%d@T : f32\n" % (
                    k, coefficients[k], k, prev, k)
                prev = "%%h%dx@T" % k
            b += """    %tt@T = arith.mulf @H, %g@T : f32
    %q@T = math.fma %tt@T, %g@T, %g@T : f32
    %nq@T = arith.negf %q@T : f32
@EXP@    %m@T = math.fma %fi@T, %cln@T, %nq@T : f32
    %ry@T = llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"(%m@T) : (f32) -> f32
    %rr@T = arith.mulf %m@T, %ry@T : f32
    %chalf@T = arith.constant 0.5 : f32
    %rh@T = arith.mulf %ry@T, %chalf@T : f32
    %nr@T = arith.negf %rr@T : f32
    %re@T = math.fma %nr@T, %rr@T, %m@T : f32
    %root@T = math.fma %re@T, %rh@T, %rr@T : f32
    %czero@T = arith.constant 0.0 : f32
    %isz@T = arith.cmpf oeq, %m@T, %czero@T : f32
    %s@T = arith.select %isz@T, %m@T, %root@T : f32
    %sn@T = llvm.call_intrinsic "llvm.nvvm.sin.approx.f"(%v@T) : (f32) -> f32
    %cs@T = llvm.call_intrinsic "llvm.nvvm.cos.approx.f"(%v@T) : (f32) -> f32
""".replace("@H", prev).replace("@EXP@", EXPONENT_INT if integer_exponent else EXPONENT_I2F).replace(
                "@LN", "0x%08X" % scaled_f32(MINUS_LN2, 1 if integer_exponent else -22))
        b += """    %ns@T = arith.mulf %sn@T, %s@T : f32
    %nc@T = arith.mulf %cs@T, %s@T : f32
""".replace("@T", t)
        b = b.replace("@T", t).replace("@X", x).replace("@Y", y)
        b += "    %%v%d%d = math.fma %%ns%s, %%hi, %%lo : f32\n" % (j, 2 * pair, t)
        b += "    %%v%d%d = math.fma %%nc%s, %%hi, %%lo : f32\n" % (j, 2 * pair + 1, t)
    return b


def gen(host=False):
    launch = ["%seed: i64", "%offset: i64", "%threads: i64", "%n: i64"]
    ks = []
    for dt in DTYPES:
        acc = ACC[dt]
        conv = "" if dt in ("f32", "f64") else (
            "      %%from = arith.truncf %%fromw : f32 to %s\n      %%to = arith.truncf %%tow : f32 to %s\n" % (dt, dt))
        fr, to = ("%fromw", "%tow") if dt in ("f32", "f64") else ("%from", "%to")
        body = conv + ("      %%u = rng.torch_uniform %%seed, %%offset, %%threads, %%e, %s, %s"
                       " : (i64, i64, i64, i64, %s, %s) -> %s\n" % (fr, to, dt, dt, dt)) + store_t("%u", dt)
        ks.append(kernel("uniform_" + dt, launch + ["%%fromw: %s" % acc, "%%tow: %s" % acc,
                                                    "%%out: memref<?x%s>" % STORE[dt]], guarded(body)))
        body = ("      %%g = rng.torch_normal %%seed, %%offset, %%threads, %%e, %%mean, %%std"
                " : (i64, i64, i64, i64, %s, %s) -> %s\n" % (acc, acc, dt)) + store_t("%g", dt)
        ks.append(kernel("normal_" + dt, launch + ["%%mean: %s" % acc, "%%std: %s" % acc,
                                                   "%%out: memref<?x%s>" % STORE[dt]], guarded(body)))
        for vec in (1, 2, 4, 8):
            load = "      %%x0 = memref.load %%x[%%i] : memref<?x%s>\n" % STORE[dt]
            load += ("      %%xv = arith.bitcast %%x0 : i16 to %s\n" % dt) if STORE[dt] != dt else \
                "      %xv = arith.addf %x0, %mz : %s\n".replace("%s", dt)
            body = load + ("      %%y, %%keep = rng.torch_dropout %%xv, %%p, %%seed, %%offset, %%threads, %%e"
                           " {vec = %d : i32} : (%s, f64, i64, i64, i64, i64) -> (%s, i1)\n"
                           "      %%k8 = arith.extui %%keep : i1 to i8\n"
                           "      memref.store %%k8, %%mask[%%i] : memref<?xi8>\n" % (vec, dt, dt)) + \
                store_t("%y", dt, "%yout")
            pre = "    %%mz = arith.constant -0.0 : %s\n" % dt if STORE[dt] == dt else ""
            ks.append(kernel("dropout_%s_vec%d" % (dt, vec), launch + [
                "%p: f64", "%%x: memref<?x%s>" % STORE[dt], "%%yout: memref<?x%s>" % STORE[dt],
                "%mask: memref<?xi8>"], pre + guarded(body)))
    for pt in ("f32", "f64"):
        body = ("      %%b = rng.torch_bernoulli %%seed, %%offset, %%threads, %%e, %%p"
                " : (i64, i64, i64, i64, %s) -> i1\n      %%b8 = arith.extui %%b : i1 to i8\n"
                "      memref.store %%b8, %%out[%%i] : memref<?xi8>\n" % pt)
        ks.append(kernel("bernoulli_" + pt, launch + ["%%p: %s" % pt, "%out: memref<?xi8>"], guarded(body)))
    for wide in (False, True):
        body = ("      %%r = rng.torch_random %%seed, %%offset, %%threads, %%e, %%from, %%range %s"
                ": (i64, i64, i64, i64, i64, i64) -> i64\n"
                "      memref.store %%r, %%out[%%i] : memref<?xi64>\n" % ("{wide} " if wide else ""))
        ks.append(kernel("random_" + ("wide" if wide else "narrow"),
                         launch + ["%from: i64", "%range: i64", "%out: memref<?xi64>"], guarded(body)))
    # cuRAND over positions.
    outs = [("w", "i32"), ("q0", "i32"), ("q1", "i32"), ("q2", "i32"), ("q3", "i32"), ("u", "f32"),
            ("g0", "f32"), ("g1", "f32"), ("d", "f64"), ("d0", "f64"), ("d1", "f64"),
            ("h0", "f64"), ("h1", "f64")]
    body = """      %p = memref.load %pos[%i] : memref<?xi64>
      %w = rng.curand %seed, %sub, %p : i64, i64, i64
      %q:4 = rng.curand4 %seed, %sub, %p : i64, i64, i64
      %u = rng.curand_uniform %seed, %sub, %p : i64, i64, i64
      %g:2 = rng.curand_normal2 %seed, %sub, %p : i64, i64, i64
      %d = rng.curand_uniform_double %seed, %sub, %p : i64, i64, i64
      %d2:2 = rng.curand_uniform2_double %seed, %sub, %p : i64, i64, i64
      %h:2 = rng.curand_normal2_double %seed, %sub, %p : i64, i64, i64
"""
    vals = {"w": "%w", "q0": "%q#0", "q1": "%q#1", "q2": "%q#2", "q3": "%q#3", "u": "%u", "g0": "%g#0",
            "g1": "%g#1", "d": "%d", "d0": "%d2#0", "d1": "%d2#1", "h0": "%h#0", "h1": "%h#1"}
    for name, t in outs:
        body += "      memref.store %s, %%o_%s[%%i] : memref<?x%s>\n" % (vals[name], name, t)
    ks.append(kernel("curand_ops", ["%seed: i64", "%sub: i64", "%n: i64", "%pos: memref<?xi64>"]
                     + ["%%o_%s: memref<?x%s>" % (name, t) for name, t in outs], guarded(body)))
    body = """      %g:2 = rng.curand_normal2 %seed, %e, %pos : i64, i64, i64
      %h:2 = rng.curand_normal2_double %seed, %e, %pos : i64, i64, i64
      memref.store %g#0, %o_g0[%i] : memref<?xf32>
      memref.store %g#1, %o_g1[%i] : memref<?xf32>
      memref.store %h#0, %o_h0[%i] : memref<?xf64>
      memref.store %h#1, %o_h1[%i] : memref<?xf64>
"""
    ks.append(kernel("curand_normals_bulk", ["%seed: i64", "%pos: i64", "%n: i64", "%o_g0: memref<?xf32>",
                                             "%o_g1: memref<?xf32>", "%o_h0: memref<?xf64>",
                                             "%o_h1: memref<?xf64>"], guarded(body)))
    # A draw group at every component: thread g draws g + c S (c < 4) into
    # out_c[g] (the scf.if of the next block taken where g's component + c
    # passes 4).
    b = """    %i = gpu.global_id x
    %e0 = arith.index_cast %i : index to i64
"""
    for j in range(1, 4):
        b += """    %cc@J = arith.constant @J : i64
    %d@J = arith.muli %threads, %cc@J overflow<nuw> : i64
    %e@J = arith.addi %e0, %d@J overflow<nuw> : i64
""".replace("@J", str(j))
    for j in range(4):
        b += """    %v@J = rng.torch_uniform %seed, %offset, %threads, %e@J, %lo, %hi : (i64, i64, i64, i64, f32, f32) -> f32
    %in@J = arith.cmpi ult, %e@J, %n : i64
    scf.if %in@J {
      memref.store %v@J, %out@J[%i] : memref<?xf32>
    }
""".replace("@J", str(j))
    ks.append(kernel("uniform_group", launch + ["%lo: f32", "%hi: f32"] +
                     ["%%out%d: memref<?xf32>" % j for j in range(4)], b))
    # Bench kernels: thread (t, k) of a grid of S threads x K iterations
    # draws the four elements e0 + j S, e0 = t + 4 k S (the ops group them:
    # one Philox block and one index decomposition per thread); dropout:
    # four contiguous elements 4m + j with vec = 4. Every op is computed and
    # only the stores are guarded, so the four share their IR.
    # uniform_4x, normal_4x: PyTorch's own structure, a grid of S threads
    # looping over the iterations k (K = ceil(n / 4S)).
    def iteration_loop(thread, first, base, start="%z", step="%o", bound=None):
        """The loop over the iterations k (K = ceil(n / 4S)) of thread %g
        whose first subsequence is `first` (defined by the ops `thread`), up
        to %`base` = first + 4kS; the caller writes the body and closes it.
        `start` and `step` (index values; `thread` may define them) take
        every step-th iteration from start; `bound`: the grid's size, if
        fixed. The index arithmetic is `nuw` and first < S provably (the
        bound, or arith.remui), so the lowering knows every draw group
        starts at component 0 (no branch, no next block)."""
        return """    %threads = arith.constant {S} : i64
    %c1 = arith.constant 1 : i64
    %c4 = arith.constant 4 : i64
    %i = gpu.global_id x{B}
    %g = arith.index_cast %i : index to i64
{thread}    %s4 = arith.muli %threads, %c4 : i64
    %nm = arith.addi %n, %s4 : i64
    %nm1 = arith.subi %nm, %c1 : i64
    %kk = arith.divui %nm1, %s4 : i64
    %kn = arith.index_cast %kk : i64 to index
    %z = arith.constant 0 : index
    %o = arith.constant 1 : index
    scf.for %kx = {start} to %kn step {step} {
    %k = arith.index_cast %kx : index to i64
    %k4 = arith.muli %k, %c4 overflow<nuw> : i64
    %s0 = arith.muli %k4, %threads overflow<nuw> : i64
    %{base} = arith.addi %s0, {first} overflow<nuw> : i64
""".replace("{S}", str(BENCH_THREADS)).replace("{thread}", thread).replace(
            "{first}", first).replace("{base}", base).replace(
            "{start}", start).replace("{step}", step).replace(
            "{B}", "" if bound is None else " upper_bound %d" % bound)

    for name, op in (("uniform_4x", "rng.torch_uniform %seed, %offset, %threads, %e@J, %lo, %hi"
                      " : (i64, i64, i64, i64, f32, f32) -> f32"),
                     ("normal_4x", "rng.torch_normal %seed, %offset, %threads, %e@J, %lo, %hi"
                      " : (i64, i64, i64, i64, f32, f32) -> f32")):
        b = iteration_loop("", "%g", "e0", bound=BENCH_THREADS)
        for j in range(1, 4):
            b += """    %cc@J = arith.constant @J : i64
    %d@J = arith.muli %threads, %cc@J overflow<nuw> : i64
    %e@J = arith.addi %e0, %d@J overflow<nuw> : i64
""".replace("@J", str(j))
        # One bounds check where all four are in range (every iteration but
        # the last), one per element elsewhere.
        for j in range(4):
            b += "    %%v%d = %s\n" % (j, op.replace("@J", str(j)))
        b += "    %full = arith.cmpi ult, %e3, %n : i64\n    scf.if %full {\n"
        for j in range(4):
            b += ("      %%xf%d = arith.index_cast %%e%d : i64 to index\n"
                  "      memref.store %%v%d, %%out[%%xf%d] : memref<?xf32>\n" % (j, j, j, j))
        b += "    } else {\n"
        for j in range(4):
            b += """    %in@J = arith.cmpi ult, %e@J, %n : i64
    scf.if %in@J {
      %x@J = arith.index_cast %e@J : i64 to index
      memref.store %v@J, %out[%x@J] : memref<?xf32>
    }
""".replace("@J", str(j))
        b += "    }\n    }\n"
        ks.append(kernel(name, BENCH_LAUNCH + ["%lo: f32", "%hi: f32", "%out: memref<?xf32>"], b))
    # uniform_16x, normal_16x: a grid of S / 4 threads; thread g draws for
    # the four subsequences t0 .. t0 + 3 (t0 = 4g) in each iteration k, so
    # each component's four values are contiguous: one 128-bit store each.
    # The same work on more threads (SIXTEEN_SPLITS): _16x2 on S / 2
    # threads, _16xf, _16xr (capped at 32 registers) and _16xm (at 40) on
    # S, _16xg on K S / 4 (one iteration each): thread g takes the
    # subsequences t0 = 4 (g mod S/4) .. + 3 in the iterations
    # k = floor(g / (S/4)), + P, + 2P, ... (P = split). With W = 2 (_8xf)
    # the same with two subsequences and 64-bit stores.
    sixteen = "    %cw = arith.constant {W} : i64\n    %t0 = arith.muli %g, %cw : i64\n"
    sixteen_split = """    %cw = arith.constant {W} : i64
    %quarter = arith.constant {Q} : i64
    %q = arith.remui %g, %quarter : i64
    %t0 = arith.muli %q, %cw : i64
    %k0 = arith.divui %g, %quarter : i64
    %kstart = arith.index_cast %k0 : i64 to index
    %kstep = arith.constant {P} : index
"""
    sixteen_ops = (("uniform", "rng.torch_uniform %seed, %offset, %threads, %e@J@C, %lo, %hi"
                    " : (i64, i64, i64, i64, f32, f32) -> f32"),
                   ("normal", "rng.torch_normal %seed, %offset, %threads, %e@J@C, %lo, %hi"
                    " : (i64, i64, i64, i64, f32, f32) -> f32"))
    # The experiment (HAND) normal_16xh / _16xs, normal_8xh / _8xs:
    # normal_16xf's and normal_8xf's work written by hand from
    # rng.philox_4x32 and cuRAND's Box-Muller as the NVVM lowering computes
    # it (box_muller), once as they are (each iteration's Philox blocks,
    # then their pairs) and once software-pipelined (s: an iteration
    # computes the next one's blocks beside its own pairs, the words carried
    # in the loop): what overlapping Philox with Box-Muller is worth.
    kernels = [(family_op, split) for family_op, split in itertools.product(sixteen_ops, SIXTEEN_SPLITS)]
    kernels += [(("normal", None), hand) for hand in HAND]
    for (family, op), (suffix, split, attributes, W) in kernels:
        name = family + suffix
        vt = "vector<%dxf32>" % W
        if split == 1:
            b = iteration_loop(sixteen.replace("{W}", str(W)), "%t0", "b0", bound=BENCH_THREADS // W)
        else:
            b = iteration_loop(sixteen_split.replace("{P}", str(split)).replace("{W}", str(W)).replace(
                "{Q}", str(BENCH_THREADS // W)) + (HAND_KEYS if op is None else ""), "%t0", "b0", "%kstart",
                "%kstep")
        if op is None:
            for j in range(W):
                b = b.replace("    scf.for %kx", "    %%cs%d = arith.constant %d : i64\n"
                              "    %%ts%d = arith.addi %%t0, %%cs%d : i64\n"
                              "    %%tw%d = arith.trunci %%ts%d : i64 to i32\n    scf.for %%kx" % ((j,) * 6), 1)
            # h: no subsequence's blocks carried; s: all; q: half.
            carry, integer_exponent = hand_mode(suffix, W)
            if carry < W:
                b += philox_words("%k", range(carry, W))
            if carry:
                # The prologue draws iteration kstart's blocks; the loop
                # carries them and draws iteration k + P's.
                carried = ["%%w%d_%d" % (j, m) for j in range(carry) for m in range(4)]
                first = ["%%f%d_%d" % (j, m) for j in range(carry) for m in range(4)]
                head = ("    %kf = arith.index_cast %kstart : index to i64\n"
                        + philox_words("%kf", range(carry)).replace("%w", "%f").replace("%ctr", "%fctr"))
                b = b.replace("    scf.for %kx", head + "    scf.for %kx", 1)
                b = b.replace("step %kstep {", "step %%kstep iter_args(%s) -> (%s) {" % (
                    ", ".join("%s = %s" % cf for cf in zip(carried, first)), ", ".join(["i32"] * 4 * carry)), 1)
                b += ("    %kp = arith.index_cast %kstep : index to i64\n"
                      "    %kq = arith.addi %k, %kp : i64\n"
                      + philox_words("%kq", range(carry)).replace("%w", "%n").replace("%ctr", "%nctr"))
        for c in range(1, 4):
            b += "    %%cc%d = arith.constant %d : i64\n    %%d%d = arith.muli %%threads, %%cc%d overflow<nuw> : i64\n" % (c, c, c, c)
        for j in range(W):
            b += "    %%cj%d = arith.constant %d : i64\n    %%e%d0 = arith.addi %%b0, %%cj%d overflow<nuw> : i64\n" % (j, j, j, j)
            for c in range(1, 4):
                b += "    %%e%d%d = arith.addi %%e%d0, %%d%d overflow<nuw> : i64\n" % (j, c, j, c)
            if op is None:
                b += box_muller(j, "%%w%d" % j, host, integer_exponent)
            else:
                for c in range(4):
                    b += "    %%v%d%d = %s\n" % (j, c, op.replace("@J", str(j)).replace("@C", str(c)))
        # One bounds check per iteration where its 4W elements are all in
        # range (every iteration but the last): four unguarded W-wide
        # stores; elsewhere each component and element is checked.
        for c in range(4):
            b += "    %%vec%d = vector.from_elements %s : %s\n" % (
                c, ", ".join("%%v%d%d" % (j, c) for j in range(W)), vt)
        b += "    %%full = arith.cmpi ult, %%e%d3, %%n : i64\n    scf.if %%full {\n" % (W - 1)
        full = ""
        for c in range(4):
            full += ("      %%xf%d = arith.index_cast %%e0%d : i64 to index\n"
                     "      vector.store %%vec%d, %%out[%%xf%d] {alignment = %d} : memref<?xf32>, %s\n"
                     % (c, c, c, c, 4 * W, vt))
        b += "@FULL@    } else {\n"
        for c in range(4):
            b += """    %cl@C = arith.constant @L : i64
    %last@C = arith.addi %e0@C, %cl@C : i64
    %in@C = arith.cmpi ult, %last@C, %n : i64
    scf.if %in@C {
      %x@C = arith.index_cast %e0@C : i64 to index
      vector.store %vec@C, %out[%x@C] {alignment = @A} : memref<?xf32>, @V
    } else {
""".replace("@C", str(c)).replace("@L", str(W - 1)).replace("@A", str(4 * W)).replace("@V", vt)
            for j in range(W):
                b += """      %in@J@C = arith.cmpi ult, %e@J@C, %n : i64
      scf.if %in@J@C {
        %x@J@C = arith.index_cast %e@J@C : i64 to index
        memref.store %v@J@C, %out[%x@J@C] : memref<?xf32>
      }
""".replace("@J", str(j)).replace("@C", str(c))
            b += "    }\n"
        b += "    }\n"
        if op is None and carry:
            b += "    scf.yield %s : %s\n" % (", ".join("%%n%d_%d" % (j, m) for j in range(carry) for m in range(4)),
                                            ", ".join(["i32"] * 4 * carry))
        b += "    }\n"
        params = BENCH_LAUNCH + ["%lo: f32", "%hi: f32", "%out: memref<?xf32>"]
        ks.append(kernel(name, params, b.replace("@FULL@", full), attributes))
        # The probe (NAME_p): the same kernel whose full iterations store
        # only where %store != 0, which the compiler cannot know; launched
        # with 0 it executes the same instructions without writing memory,
        # so its time is the kernel's instruction-bound time on any GPU of
        # the same multiprocessors and clocks (the H100 for the H200).
        probe = ("    %zero32 = arith.constant 0 : i32\n    %live = arith.cmpi ne, %store, %zero32 : i32\n"
                 + b.replace("@FULL@", "      scf.if %live {\n" + full + "      }\n"))
        ks.append(kernel(name + "_p", params + ["%store: i32"], probe, attributes))
        if name in DESYNC:
            # An experiment (NAME_d): the odd warps first sleep %sleep ns,
            # so that their Philox phase may fall on the even warps'
            # Box-Muller phase; the values are the kernel's.
            ks.append(kernel(name + "_d", params + ["%sleep: i32"], DESYNC_HEAD + b.replace("@FULL@", full),
                             attributes))
    # dropout_4x: thread g takes the four contiguous elements from m = 4g
    # (one vec-4 group), where all of them are below n.
    b = """    %threads = arith.constant {S} : i64
    %i = gpu.global_id x
    %g = arith.index_cast %i : index to i64
    %c2 = arith.constant 2 : i64
    %c3 = arith.constant 3 : i64
    %m = arith.shli %g, %c2 : i64
    %last = arith.ori %m, %c3 : i64
    %in = arith.cmpi ult, %last, %n : i64
    scf.if %in {
""".replace("{S}", str(BENCH_THREADS)) + """      %xi = arith.index_cast %m : i64 to index
      %xv = vector.load %x[%xi] {alignment = 16} : memref<?xf32>, vector<4xf32>
"""
    b += dropout_group("", "%m", "%xv", "%xi") + "    }\n"
    ks.append(kernel("dropout_4x", BENCH_LAUNCH + ["%p: f64", "%x: memref<?xf32>", "%yout: memref<?xf32>",
                                                   "%mask: memref<?xi8>"], b))
    # dropout_16x (Q = 4), dropout_8x (Q = 2): a grid of G = n / 4Q threads
    # (n a multiple of 4Q, the runner's 2^28); thread g takes the Q vec-4
    # groups m = g + q G (q < Q), so that each of its 128-bit loads and
    # stores is contiguous across the warp, as in dropout_4x; they share
    # the thread's prologue and their loads are in flight together.
    for groups in (4, 2):
        b = """    %threads = arith.constant {S} : i64
    %i = gpu.global_id x
    %g = arith.index_cast %i : index to i64
    %cw = arith.constant {W} : i64
    %cg = arith.divui %n, %cw : i64
    %in = arith.cmpi ult, %g, %cg : i64
    scf.if %in {
""".replace("{S}", str(BENCH_THREADS)).replace("{W}", str(4 * groups))
        for q in range(groups):
            b += """      %cq@Q = arith.constant @Q : i64
      %qg@Q = arith.muli %cg, %cq@Q : i64
      %mq@Q = arith.addi %g, %qg@Q : i64
      %c2_@Q = arith.constant 2 : i64
      %base@Q = arith.shli %mq@Q, %c2_@Q : i64
      %xi@Q = arith.index_cast %base@Q : i64 to index
      %xv@Q = vector.load %x[%xi@Q] {alignment = 16} : memref<?xf32>, vector<4xf32>
""".replace("@Q", str(q))
        for q in range(groups):
            b += dropout_group("@Q", "%base@Q", "%xv@Q", "%xi@Q").replace("@Q", str(q))
        b += "    }\n"
        ks.append(kernel("dropout_%dx" % (4 * groups), BENCH_LAUNCH + [
            "%p: f64", "%x: memref<?xf32>", "%yout: memref<?xf32>", "%mask: memref<?xi8>"], b))
    # dropout_4xl: dropout_4x's work in a grid-stride loop (the runner
    # launches S threads): thread g takes the groups g, g + T, g + 2T, ...
    # (T the grid's threads) below n / 4 (n a multiple of 4, the runner's
    # 2^28).
    b = """    %threads = arith.constant {S} : i64
    %i = gpu.global_id x
    %gd = gpu.grid_dim x
    %bd = gpu.block_dim x
    %total = arith.muli %gd, %bd : index
    %c4 = arith.constant 4 : i64
    %ng = arith.divui %n, %c4 : i64
    %ngi = arith.index_cast %ng : i64 to index
    scf.for %gi = %i to %ngi step %total {
      %g = arith.index_cast %gi : index to i64
      %c2 = arith.constant 2 : i64
      %m = arith.shli %g, %c2 : i64
      %xi = arith.index_cast %m : i64 to index
      %xv = vector.load %x[%xi] {alignment = 16} : memref<?xf32>, vector<4xf32>
""".replace("{S}", str(BENCH_THREADS)) + dropout_group("", "%m", "%xv", "%xi") + "    }\n"
    ks.append(kernel("dropout_4xl", BENCH_LAUNCH + ["%p: f64", "%x: memref<?xf32>", "%yout: memref<?xf32>",
                                                    "%mask: memref<?xi8>"], b))
    return "// Generated by test/GPU/torch_check_device.py gen; do not edit.\n" \
        "gpu.module @torch_kernels {\n" + "\n".join(ks) + "}\n"


def gen_host_hand(n=3244077):
    """The hand-written normals (HAND) and the rng.torch_normal kernels of
    the same work (_16xf, _8xf) as host functions over their grids, with
    the target's accurate sin, cos and sqrt in place of PTX's, and a main
    that runs each at n elements and prints, per hand-written kernel, how
    many of its values differ from the op's (the CPU lowering of
    rng.torch_normal computes the same formula; test/Bench): the
    hand-written kernels with `host`, math.log, math.sqrt, math.sin and
    math.cos in place of the NVVM forms."""
    src = gen(host=True)
    funcs = []

    def host(name, grid):
        i = src.index("  gpu.func @%s(" % name)
        body = src[src.index("{\n", i) + 2:src.index("    gpu.return\n  }\n", i)]
        body = body.replace("    %i = gpu.global_id x\n", "")
        funcs.append("  func.func @%s(%s) {\n    %%ga = arith.constant 0 : index\n"
                     "    %%gb = arith.constant %d : index\n    %%gs = arith.constant 1 : index\n"
                     "    scf.for %%i = %%ga to %%gb step %%gs {\n%s    }\n    return\n  }\n"
                     % (name, ", ".join(BENCH_LAUNCH + ["%lo: f32", "%hi: f32", "%out: memref<?xf32>"]), grid, body))
    types = "(i64, i64, i64, i64, f32, f32, memref<?xf32>) -> ()"
    main = """  func.func @main() {
    %n = arith.constant @N : i64
    %ni = arith.constant @N : index
    %seed = arith.constant 81985529216486895 : i64
    %off = arith.constant 36 : i64
    %z = arith.constant 0 : i64
    %mean = arith.constant 0.25 : f32
    %std = arith.constant 1.5 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
""".replace("@N", str(n))
    for ref in ("_16xf", "_8xf"):
        split, w = [(sp, w) for sf, sp, _, w in SIXTEEN_SPLITS if sf == ref][0]
        host("normal" + ref, split * BENCH_THREADS // w)
        main += ("    %%r%s = memref.alloc(%%ni) : memref<?xf32>\n"
                 "    call @normal%s(%%seed, %%off, %%z, %%n, %%mean, %%std, %%r%s) : %s\n" % (ref, ref, ref, types))
    for suffix, split, _, w in HAND:
        ref = "_16xf" if suffix.startswith("_16") else "_8xf"
        host("normal" + suffix, split * BENCH_THREADS // w)
        main += """    %h@S = memref.alloc(%ni) : memref<?xf32>
    call @normal@S(%seed, %off, %z, %n, %mean, %std, %h@S) : @T
    %d@S = scf.for %k = %c0 to %ni step %c1 iter_args(%acc = %zero) -> (i64) {
      %x = memref.load %h@S[%k] : memref<?xf32>
      %y = memref.load %r@R[%k] : memref<?xf32>
      %xi = arith.bitcast %x : f32 to i32
      %yi = arith.bitcast %y : f32 to i32
      %ne = arith.cmpi ne, %xi, %yi : i32
      %one = arith.extui %ne : i1 to i64
      %next = arith.addi %acc, %one : i64
      scf.yield %next : i64
    }
    vector.print str "normal@S differs from normal@R at "
    vector.print %d@S : i64
""".replace("@S", suffix).replace("@R", ref).replace("@T", types)
    main += "    vector.print str \"elements: \"\n    vector.print %n : i64\n    return\n  }\n"
    return "// Generated by test/GPU/torch_check_device.py gen-host-hand; do not edit.\nmodule {\n" + \
        "".join(funcs) + main + "}\n"


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "gen-host-hand":
        sys.stdout.write(gen_host_hand())
        sys.exit(0)
    if len(sys.argv) > 1 and sys.argv[1] == "gen":
        sys.stdout.write(gen())
        sys.exit(0)
    if len(sys.argv) > 2 and sys.argv[1] == "run":
        import torch_check_run
        sys.exit(torch_check_run.main(sys.argv[2], "--quick" in sys.argv, "--bench" in sys.argv))
    if len(sys.argv) > 2 and sys.argv[1] == "probes":
        import torch_check_run
        sys.exit(torch_check_run.probes_only(sys.argv[2]))
    if len(sys.argv) > 2 and sys.argv[1] == "profile":
        import torch_check_run
        sys.exit(torch_check_run.profile(sys.argv[2], sys.argv[3:]))
    sys.exit(__doc__)
