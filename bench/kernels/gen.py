#!/usr/bin/env python3
"""Writes the benchmark kernels (MLIR gpu.modules): bench/build.sh runs it.

Two spellings of the same eight kernels:

  ops       -- the real thing: "rng.rand", "rng.rand4x", "rng.randn",
               "rng.randn4x", "rng.randint", "rng.randint4x" and
               "round.stochastic" (generic form, the public names of SPEC.md
               section 4).  Lowered by `rng-to-nvvm{chip=sm_90}`.
  expanded  -- the same bits spelled with `rng.philox_4x32` plus hand-written
               arith/math (Triton's u2f, Box-Muller, and the bf16 "add 16
               random bits and truncate" stochastic rounding).  Used as a
               stopgap before the Triton-family ops existed and kept as a
               cross-check of the op lowerings.

Counter mappings (the runner's Triton peers use the same ones, so the bits
must agree):

  *_elem   element i uses Philox counter i (Triton `tl.rand(seed, i)` etc.);
           each thread handles 4 (f32 outputs) or 8 (bf16 outputs) adjacent
           elements so loads/stores are 128-bit.
  *_4x     uniform/normal/dropout: counter c gives elements 4c..4c+3
           (word k -> element 4c+k); one thread per counter.
  sr_8x    counter c gives elements 8c..8c+7: element 8c+2k+h is rounded
           with bits [16h+15 : 16h] of word k of randint4x(seed, c).

Kernel ABI (after convert-gpu-to-nvvm, each 1-D memref is five parameters:
allocated ptr, aligned ptr, offset, size, stride):
  uniform_*, normal_*:  (out: memref<?xvector<4xf32>>, seed: i32, n: index)
  dropout_*:            (x, y: memref<?xvector<4xf32>>, seed: i32, p: f32,
                         scale: f32, n: index)
  sr_*:                 (x: memref<?xvector<4xf32>>, y: memref<?xvector<8xbf16>>,
                         seed: i32, n: index)
`n` counts threads' work units (vector<4xf32> elements of `out`/`y`, or
vector<8xbf16> of `y` for SR); unit u is handled by thread
u = block_id.x * block_dim.x + thread_id.x.

Mode "jax" (DIR/jax/*.mlir, generate_jax): the JAX/XLA kernels of SPEC
section 8 -- rng.jax_uniform, rng.jax_normal and rng.jax_bits fills (one
Threefry per element) and rng.bit_generator u32 fills spelled with
rng.philox_4x32 / rng.threefry_2x32 + arith (the per-block rule of
lib/Conversion/RngToArith/BitGenerator.cpp); see generate_jax().

Mode "hash" (DIR/hash/*.mlir, generate_hash): the seeds' generators of SPEC
sections 5 and 6, the ops themselves per element (element i = counter i):
rng.hash_rand and rng.hash_randn fills, rng.hash_dropout and rng.dropout.

Usage: gen.py --out DIR    (writes DIR/ops/*.mlir, DIR/expanded/*.mlir,
                            DIR/jax/*.mlir and DIR/hash/*.mlir;
                            bench/build.sh: DIR = build/bench/kernels)
"""

import argparse
import os

U2F_SCALE = "0x2FFFFFFF"  # bit pattern of the f32 4.6566127e-10
TWO_PI = "0x40C90FDB"      # 6.283185307179586f
MIN_U = "1.000000e-07"


class Body:
    """Accumulates the lines of one kernel body with fresh SSA names."""

    def __init__(self):
        self.lines = []
        self.n = 0
        self.consts = {}

    def fresh(self, hint="v"):
        self.n += 1
        return f"%{hint}{self.n}"

    def op(self, text, hint="v", results=1):
        if results == 1:
            name = self.fresh(hint)
            self.lines.append(f"{name} = {text}")
            return name
        name = self.fresh(hint)
        self.lines.append(f"{name}:{results} = {text}")
        return [f"{name}#{i}" for i in range(results)]

    def stmt(self, text):
        self.lines.append(text)

    def const(self, value, ty):
        key = (value, ty)
        if key not in self.consts:
            self.consts[key] = self.op(f"arith.constant {value} : {ty}", "c")
        return self.consts[key]


# --- random-number spellings -------------------------------------------------


def philox(b, seed, off):
    """The four words of Philox4x32-10 at counter (off, 0, 0, 0), key from an
    i32 seed sign-extended to 64 bits (SPEC section 2)."""
    zero = b.const(0, "i32")
    k1 = b.op(f"arith.shrsi {seed}, {b.const(31, 'i32')} : i32", "k")
    return b.op(f"rng.philox_4x32 {off}, {zero}, {zero}, {zero} key {seed}, {k1} : i32, i32",
                "w", results=4)


def philox_mulhi(b, seed, off):
    """Philox4x32-10 written out by hand with the high products from the
    NVVM intrinsic llvm.nvvm.mulhi.ui and the low ones from arith.muli (a
    probe of the mul.hi lowering; counter words known to be zero are
    propagated so no product of zero is emitted)."""
    m0, m1 = b.const(0xD2511F53, "i32"), b.const(0xCD9E8D57, "i32")
    k0 = seed
    k1 = b.op(f"arith.shrsi {seed}, {b.const(31, 'i32')} : i32", "k")
    c = [off, None, None, None]

    def xor(*vals):
        vals = [v for v in vals if v is not None]
        acc = vals[0]
        for v in vals[1:]:
            acc = b.op(f"arith.xori {acc}, {v} : i32")
        return acc

    for r in range(10):
        if c[0] is None:
            hi0 = lo0 = None
        else:
            hi0 = b.op(f'llvm.call_intrinsic "llvm.nvvm.mulhi.ui"({c[0]}, {m0}) : (i32, i32) -> i32')
            lo0 = b.op(f"arith.muli {c[0]}, {m0} : i32")
        if c[2] is None:
            hi1 = lo1 = None
        else:
            hi1 = b.op(f'llvm.call_intrinsic "llvm.nvvm.mulhi.ui"({c[2]}, {m1}) : (i32, i32) -> i32')
            lo1 = b.op(f"arith.muli {c[2]}, {m1} : i32")
        c = [xor(hi1, c[1], k0), lo1, xor(hi0, c[3], k1), lo0]
        if r < 9:
            k0 = b.op(f"arith.addi {k0}, {b.const(0x9E3779B9 - (1 << 32), 'i32')} : i32", "k")
            k1 = b.op(f"arith.addi {k1}, {b.const(0xBB67AE85 - (1 << 32), 'i32')} : i32", "k")
    return c


def u2f(b, w):
    s = b.op(f"arith.shrsi {w}, {b.const(31, 'i32')} : i32")
    x = b.op(f"arith.xori {w}, {s} : i32")
    f = b.op(f"arith.sitofp {x} : i32 to f32")
    return b.op(f"arith.mulf {f}, {b.const(U2F_SCALE, 'f32')} : f32", "u")


def pair(b, u1, u2, math_mode="lib", need_sin=True):
    """Box-Muller (SPEC section 2).  math_mode: "lib" (math.cos + math.sin, as
    the universal lowering), "sincos" (one math.sincos: one shared range
    reduction), "fast" (fastmath<afn>: libdevice's __nv_fast_* MUFU
    approximations; outside SPEC's 2-ulp contract)."""
    fm = " fastmath<afn>" if math_mode == "fast" else ""
    u1 = b.op(f"arith.maximumf {u1}, {b.const(MIN_U, 'f32')} : f32")
    t = b.op(f"arith.mulf {u2}, {b.const(TWO_PI, 'f32')} : f32")
    lg = b.op(f"math.log {u1}{fm} : f32")
    m2 = b.op(f"arith.mulf {lg}, {b.const('-2.000000e+00', 'f32')} : f32")
    r = b.op(f"math.sqrt {m2}{fm} : f32")
    if math_mode == "sincos" and need_sin:
        s, c = b.op(f"math.sincos {t} : f32", "sc", results=2)
    else:
        c = b.op(f"math.cos {t}{fm} : f32")
        s = b.op(f"math.sin {t}{fm} : f32") if need_sin else None
    n0 = b.op(f"arith.mulf {r}, {c} : f32", "n")
    n1 = b.op(f"arith.mulf {r}, {s} : f32", "n") if need_sin else None
    return n0, n1


def rand(b, mode, seed, off, mulhi=False):
    if mode == "ops":
        return b.op(f'"rng.rand"({seed}, {off}) : (i32, i32) -> f32', "u")
    return u2f(b, (philox_mulhi if mulhi else philox)(b, seed, off)[0])


def rand4x(b, mode, seed, off, mulhi=False):
    if mode == "ops":
        return b.op(f'"rng.rand4x"({seed}, {off}) : (i32, i32) -> (f32, f32, f32, f32)',
                    "u", results=4)
    return [u2f(b, w) for w in (philox_mulhi if mulhi else philox)(b, seed, off)]


def randn(b, mode, seed, off, math_mode="lib"):
    if mode == "ops":
        return b.op(f'"rng.randn"({seed}, {off}) : (i32, i32) -> f32', "n")
    w = philox(b, seed, off)
    return pair(b, u2f(b, w[0]), u2f(b, w[1]), math_mode, need_sin=False)[0]


def randn4x(b, mode, seed, off, math_mode="lib"):
    if mode == "ops":
        return b.op(f'"rng.randn4x"({seed}, {off}) : (i32, i32) -> (f32, f32, f32, f32)',
                    "n", results=4)
    w = philox(b, seed, off)
    u = [u2f(b, x) for x in w]
    return list(pair(b, u[0], u[1], math_mode) + pair(b, u[2], u[3], math_mode))


def randint(b, mode, seed, off):
    if mode == "ops":
        return b.op(f'"rng.randint"({seed}, {off}) : (i32, i32) -> i32', "w")
    return philox(b, seed, off)[0]


def randint4x(b, mode, seed, off):
    if mode == "ops":
        return b.op(f'"rng.randint4x"({seed}, {off}) : (i32, i32) -> (i32, i32, i32, i32)',
                    "w", results=4)
    return philox(b, seed, off)


def sround(b, mode, x, rbits):
    """f32 -> bf16 stochastic rounding with the low 16 bits of rbits (i32)."""
    if mode == "ops":
        return b.op(f'"round.stochastic"({x}, {rbits}) : (f32, i32) -> bf16', "h")
    bits = b.op(f"arith.bitcast {x} : f32 to i32")
    r16 = b.op(f"arith.andi {rbits}, {b.const(0xFFFF, 'i32')} : i32")
    s = b.op(f"arith.addi {bits}, {r16} : i32")
    hi = b.op(f"arith.shrui {s}, {b.const(16, 'i32')} : i32")
    t = b.op(f"arith.trunci {hi} : i32 to i16")
    nan = b.op(f"arith.cmpf uno, {x}, {x} : f32")
    q = b.op(f"arith.select {nan}, {b.const(0x7FC0, 'i16')}, {t} : i16")
    return b.op(f"arith.bitcast {q} : i16 to bf16", "h")


# --- kernels -------------------------------------------------------------------

V4F = "memref<?xvector<4xf32>>"
V8H = "memref<?xvector<8xbf16>>"


def kernel(name, params, build, k=1):
    """A kernel whose thread handles `k` work units: unit
    u = (block_id.x * k + j) * block_dim.x + thread_id.x for j < k, so each
    of the k steps of a CTA is coalesced.  CTAs that lie wholly inside
    [0, n) run all k units in one straight-line block (so Philox key
    schedules and other uniform values are shared, and the k units' work can
    interleave); the last CTA checks each unit."""
    b = Body()
    bid = b.op("gpu.block_id x", "bid")
    bd = b.op("gpu.block_dim x", "bdim")
    t = b.op("gpu.thread_id x", "tid")
    kc = b.const(k, "index")
    first = b.op(f"arith.muli {bid}, {kc} : index", "blk")
    units = []
    for j in range(k):
        row = b.op(f"arith.addi {first}, {b.const(j, 'index')} : index") if j else first
        rs = b.op(f"arith.muli {row}, {bd} : index")
        units.append(b.op(f"arith.addi {rs}, {t} : index", "unit"))
    if k > 1:
        # the CTA is full when its last row ends at or before n
        last = b.op(f"arith.addi {first}, {kc} : index")
        end = b.op(f"arith.muli {last}, {bd} : index")
        full = b.op(f"arith.cmpi ule, {end}, %n : index", "full")
    header = b.lines
    sig = ", ".join(params + ["%n: index"])
    out = [f"  gpu.func @{name}({sig}) kernel {{"]
    out += [f"    {l}" for l in header]

    def region(us):
        b.lines = []
        b.consts = {}
        for u in us:
            u32 = b.op(f"arith.index_cast {u} : index to i32", "u32_")
            build(b, u, u32)
        return b.lines

    if k == 1:
        b.lines = []
        ok = b.op(f"arith.cmpi ult, {units[0]}, %n : index", "inb")
        out += [f"    {l}" for l in b.lines]
        out.append(f"    scf.if {ok} {{")
        out += [f"      {l}" for l in region(units)]
        out.append("    }")
        out.append("    gpu.return")
        out.append("  }")
        return "\n".join(out)
    out.append(f"    scf.if {full} {{")
    out += [f"      {l}" for l in region(units)]
    out.append("    } else {")
    for u in units:
        b.lines = []
        ok = b.op(f"arith.cmpi ult, {u}, %n : index", "inb")
        out += [f"      {l}" for l in b.lines]
        out.append(f"      scf.if {ok} {{")
        out += [f"        {l}" for l in region([u])]
        out.append("      }")
    out.append("    }")
    out.append("    gpu.return")
    out.append("  }")
    return "\n".join(out)


def elem_offsets(b, u32, per):
    base = b.op(f"arith.muli {u32}, {b.const(per, 'i32')} : i32", "o")
    offs = [base]
    for k in range(1, per):
        offs.append(b.op(f"arith.addi {base}, {b.const(k, 'i32')} : i32", "o"))
    return offs


def vec(b, vals, ty):
    return b.op(f"vector.from_elements {', '.join(vals)} : {ty}")


def fill_kernel(mode, name, gen4, k):
    def build(b, unit, u32):
        vals = gen4(b, u32)
        v = vec(b, vals, "vector<4xf32>")
        b.stmt(f"memref.store {v}, %out[{unit}] : {V4F}")
    return kernel(name, [f"%out: {V4F}", "%seed: i32"], build, k)


def dropout_kernel(mode, name, gen4, k):
    def build(b, unit, u32):
        x = b.op(f"memref.load %x[{unit}] : {V4F}", "x")
        r = gen4(b, u32)
        ys = []
        zero = b.const("0.000000e+00", "f32")
        for k in range(4):
            xk = b.op(f"vector.extract {x}[{k}] : f32 from vector<4xf32>", "x")
            keep = b.op(f"arith.cmpf ogt, {r[k]}, %p : f32", "keep")
            sc = b.op(f"arith.mulf {xk}, %scale : f32")
            ys.append(b.op(f"arith.select {keep}, {sc}, {zero} : f32", "y"))
        v = vec(b, ys, "vector<4xf32>")
        b.stmt(f"memref.store {v}, %y[{unit}] : {V4F}")
    return kernel(name, [f"%x: {V4F}", f"%y: {V4F}", "%seed: i32", "%p: f32",
                         "%scale: f32"], build, k)


def sr_kernel(mode, name, gen8, k):
    def build(b, unit, u32):
        two = b.const(2, "index")
        i0 = b.op(f"arith.muli {unit}, {two} : index")
        i1 = b.op(f"arith.addi {i0}, {b.const(1, 'index')} : index")
        xa = b.op(f"memref.load %x[{i0}] : {V4F}", "x")
        xb = b.op(f"memref.load %x[{i1}] : {V4F}", "x")
        xs = [b.op(f"vector.extract {v}[{k}] : f32 from vector<4xf32>", "x")
              for v in (xa, xb) for k in range(4)]
        rb = gen8(b, u32)
        hs = [sround(b, mode, xs[k], rb[k]) for k in range(8)]
        v = vec(b, hs, "vector<8xbf16>")
        b.stmt(f"memref.store {v}, %y[{unit}] : {V8H}")
    return kernel(name, [f"%x: {V4F}", f"%y: {V8H}", "%seed: i32"], build, k)


def module(name, kernels):
    return ("// Generated by bench/kernels/gen.py; do not edit.\n"
            "module attributes {gpu.container_module} {\n"
            f"gpu.module @{name} {{\n" + "\n\n".join(kernels) + "\n}\n}\n")


# Units per thread tried for each kernel (the runner times every variant and
# reports the fastest; the name says which: <kernel>_k<K>).
K_ELEM = (1, 2, 4)
K_SR_ELEM = (1, 2)
K_4X = (1, 2, 4)
# The normals' amortized form also in eights: with fast math it is
# instruction-bound, and more units per thread share the per-thread setup.
K_NORMAL_4X = (1, 2, 4, 8, 16)


def generate(mode):
    def per_elem(fn, per, **kw):
        return lambda b, u32: [fn(b, mode, "%seed", o, **kw) for o in elem_offsets(b, u32, per)]

    def four(fn, **kw):
        return lambda b, u32: fn(b, mode, "%seed", u32, **kw)

    def sr8(b, u32):
        w = randint4x(b, mode, "%seed", u32)
        out = []
        for k in range(4):
            out.append(w[k])
            out.append(b.op(f"arith.shrui {w[k]}, {b.const(16, 'i32')} : i32", "w"))
        return out

    def variants(make, name, gen, ks):
        return [make(mode, f"{name}_k{k}", gen, k) for k in ks]

    normal = (variants(fill_kernel, "normal_elem", per_elem(randn, 4), K_ELEM) +
              variants(fill_kernel, "normal_4x", four(randn4x), K_NORMAL_4X))
    if mode == "expanded":
        normal += (variants(fill_kernel, "normal_4x_sincos", four(randn4x, math_mode="sincos"), K_4X) +
                   variants(fill_kernel, "normal_elem_fast", per_elem(randn, 4, math_mode="fast"), K_ELEM) +
                   variants(fill_kernel, "normal_4x_fast", four(randn4x, math_mode="fast"), K_4X))
    uniform = (variants(fill_kernel, "uniform_elem", per_elem(rand, 4), K_ELEM) +
               variants(fill_kernel, "uniform_4x", four(rand4x), K_4X))
    if mode == "expanded":
        uniform += (variants(fill_kernel, "uniform_elem_mulhi", per_elem(rand, 4, mulhi=True), K_ELEM) +
                    variants(fill_kernel, "uniform_4x_mulhi", four(rand4x, mulhi=True), K_4X))
    return {
        "uniform": module("uniform", uniform),
        "normal": module("normal", normal),
        "dropout": module("dropout",
                          variants(dropout_kernel, "dropout_elem", per_elem(rand, 4), K_ELEM) +
                          variants(dropout_kernel, "dropout_4x", four(rand4x), K_4X)),
        "sr": module("sr",
                     variants(sr_kernel, "sr_elem", per_elem(randint, 8), K_SR_ELEM) +
                     variants(sr_kernel, "sr_8x", sr8, K_4X)),
    }


# --- JAX / XLA kernels (SPEC section 8; mode "jax") ------------------------------

V4I = "memref<?xvector<4xi32>>"
K_JAX = (1, 2, 4, 8)


def jax_fill_kernel(name, op, k):
    """out[i] = <op>(k0, k1, i) for i = 4u..4u+3 of unit u: one Threefry-2x32-20
    per element. The index is the element's linear index as an i32 (the ops
    zero-extend an i32 index, SPEC section 8, so this is the same value as JAX's
    64-bit iota for N < 2^32)."""
    ty, vty, mty = {"jax_uniform": ("f32", "vector<4xf32>", V4F),
                    "jax_normal": ("f32", "vector<4xf32>", V4F),
                    "jax_bits": ("i32", "vector<4xi32>", V4I)}[op]

    def build(b, unit, u32):
        vals = []
        for i in elem_offsets(b, u32, 4):
            if op == "jax_normal":
                vals.append(b.op(f"rng.jax_normal %k0, %k1, {i} : i32, i32", "r"))
            else:
                vals.append(b.op(f"rng.{op} %k0, %k1, {i} : i32, i32 -> {ty}", "r"))
        v = vec(b, vals, vty)
        b.stmt(f"memref.store {v}, %out[{unit}] : {mty}")
    return kernel(name, [f"%out: {mty}", "%k0: i32", "%k1: i32"], build, k)


def i64_words(b, x):
    """(lo32(x), hi32(x)) of an i64."""
    lo = b.op(f"arith.trunci {x} : i64 to i32")
    sh = b.op(f"arith.shrui {x}, {b.const(32, 'i64')} : i64")
    return lo, b.op(f"arith.trunci {sh} : i64 to i32")


def bitgen_philox_kernel(name, words, k):
    """rng.bit_generator<philox> with a `words`-word state (kernel parameters
    s0, s1[, s2]) and a 1-D u32 output, one Philox4x32-10 block per unit:
    block b = u gives outputs 4b..4b+3 = words 0..3.  The block rule spelled
    as BitGenerator.cpp / SPEC section 8 do: the 128-bit counter C + b with
    C = s1 + 2^64 * (s2 for 3 words, s0 for 2), the carry of the low half
    into the high half; counter words (lo32, hi32 of the low half, then of
    the high half); key (lo32(s0), hi32(s0))."""
    hi_word = "%s2" if words == 3 else "%s0"

    def build(b, unit, u32):
        blk = b.op(f"arith.index_cast {unit} : index to i64", "b")
        low = b.op(f"arith.addi %s1, {blk} : i64", "lo")
        carry = b.op(f"arith.cmpi ult, {low}, {blk} : i64", "cy")
        cy64 = b.op(f"arith.extui {carry} : i1 to i64")
        high = b.op(f"arith.addi {hi_word}, {cy64} : i64", "hi")
        c0, c1 = i64_words(b, low)
        c2, c3 = i64_words(b, high)
        k0, k1 = i64_words(b, "%s0")
        w = b.op(f"rng.philox_4x32 {c0}, {c1}, {c2}, {c3} key {k0}, {k1} : i32, i32",
                 "w", results=4)
        v = vec(b, w, "vector<4xi32>")
        b.stmt(f"memref.store {v}, %out[{unit}] : {V4I}")
    params = [f"%out: {V4I}", "%s0: i64", "%s1: i64"] + (["%s2: i64"] if words == 3 else [])
    return kernel(name, params, build, k)


def bitgen_threefry_kernel(name, k):
    """rng.bit_generator<three_fry> with a 2-word state and a 1-D u32 output of
    even size N: the split dimension is 0, H = N/2, block h takes the counter
    s1 + h (u64) and gives outputs 2h, 2h+1 = y0, y1 of Threefry-2x32-20 of
    (lo32, hi32) of the counter under the key (lo32(s0), hi32(s0)).  Unit u
    computes blocks 2u and 2u+1 (outputs 4u..4u+3); N must be a multiple of 4."""
    def build(b, unit, u32):
        blk = b.op(f"arith.index_cast {unit} : index to i64", "b")
        h0 = b.op(f"arith.muli {blk}, {b.const(2, 'i64')} : i64", "h")
        k0, k1 = i64_words(b, "%s0")
        ys = []
        for j in (0, 1):
            h = b.op(f"arith.addi {h0}, {b.const(j, 'i64')} : i64", "h") if j else h0
            ctr = b.op(f"arith.addi %s1, {h} : i64", "c")
            x0, x1 = i64_words(b, ctr)
            ys += b.op(f"rng.threefry_2x32 {x0}, {x1} key {k0}, {k1} : i32, i32", "y", results=2)
        v = vec(b, ys, "vector<4xi32>")
        b.stmt(f"memref.store {v}, %out[{unit}] : {V4I}")
    return kernel(name, [f"%out: {V4I}", "%s0: i64", "%s1: i64"], build, k)


def generate_jax():
    """Mode "jax": the JAX/XLA kernels, one module each (run.py reads the
    family from the module name).  ABI: jaxuniform_*, jaxnormal_* (out:
    memref<?xvector<4xf32>>, k0: i32, k1: i32, n); jaxbits_* the same with
    vector<4xi32>; bitgen_philox2_* / bitgen_threefry_* (out:
    memref<?xvector<4xi32>>, s0: i64, s1: i64, n), bitgen_philox3_* with s2
    after s1; n counts units of 4 outputs."""
    return {
        "jaxuniform": module("jaxuniform", [jax_fill_kernel(f"jaxuniform_k{k}", "jax_uniform", k)
                                            for k in K_JAX]),
        "jaxnormal": module("jaxnormal", [jax_fill_kernel(f"jaxnormal_k{k}", "jax_normal", k)
                                          for k in K_JAX]),
        "jaxbits": module("jaxbits", [jax_fill_kernel(f"jaxbits_k{k}", "jax_bits", k)
                                      for k in K_JAX]),
        "bitgen": module("bitgen",
                         [bitgen_philox_kernel(f"bitgen_philox2_k{k}", 2, k) for k in K_JAX] +
                         [bitgen_philox_kernel(f"bitgen_philox3_k{k}", 3, k) for k in K_JAX] +
                         [bitgen_threefry_kernel(f"bitgen_threefry_k{k}", k) for k in K_JAX]),
    }


# --- the seeds' generators (SPEC sections 5 and 6; mode "hash") -----------------

K_HASH = (1, 2, 4)


def hash_fill_kernel(name, op, k):
    """out[i] = rng.<op>(seed, i) for i = 4u..4u+3 of unit u (i32 counters):
    rng.hash_rand (one lowbias32 per element) or rng.hash_randn (two)."""
    def build(b, unit, u32):
        vals = [b.op(f"rng.{op} %seed, {i} : i32, i32", "r") for i in elem_offsets(b, u32, 4)]
        v = vec(b, vals, "vector<4xf32>")
        b.stmt(f"memref.store {v}, %out[{unit}] : {V4F}")
    return kernel(name, [f"%out: {V4F}", "%seed: i32"], build, k)


def dropout_op_kernel(name, op, k):
    """y[i] = rng.<op>(x[i], p, seed, i) for i = 4u..4u+3 of unit u: the ops
    themselves (SPEC section 6: x / (1 - p), one division), rng.hash_dropout
    (keep = hash_rand(seed, i) >= p) or rng.dropout (Triton's lesson: keep =
    rand(seed, i) > p, one Philox per element)."""
    def build(b, unit, u32):
        x = b.op(f"memref.load %x[{unit}] : {V4F}", "x")
        ys = []
        for j, i in enumerate(elem_offsets(b, u32, 4)):
            xj = b.op(f"vector.extract {x}[{j}] : f32 from vector<4xf32>", "x")
            ys.append(b.op(f"rng.{op} {xj}, %p, %seed, {i} : f32, f32, i32, i32", "y"))
        v = vec(b, ys, "vector<4xf32>")
        b.stmt(f"memref.store {v}, %y[{unit}] : {V4F}")
    return kernel(name, [f"%x: {V4F}", f"%y: {V4F}", "%seed: i32", "%p: f32"], build, k)


def generate_hash():
    """Mode "hash": one module per op, variants _k1/_k2/_k4 (units of 4
    elements per thread, element i = counter i).  ABI: hashrand_*,
    hashrandn_* (out: memref<?xvector<4xf32>>, seed: i32, n);
    hashdropout_*, dropoutop_* (x, y: memref<?xvector<4xf32>>, seed: i32,
    p: f32, n); n counts units."""
    return {
        "hashrand": module("hashrand", [hash_fill_kernel(f"hashrand_k{k}", "hash_rand", k)
                                        for k in K_HASH]),
        "hashrandn": module("hashrandn", [hash_fill_kernel(f"hashrandn_k{k}", "hash_randn", k)
                                          for k in K_HASH]),
        "hashdropout": module("hashdropout", [dropout_op_kernel(f"hashdropout_k{k}", "hash_dropout", k)
                                              for k in K_HASH]),
        "dropoutop": module("dropoutop", [dropout_op_kernel(f"dropoutop_k{k}", "dropout", k)
                                          for k in K_HASH]),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    generators = {"jax": generate_jax, "hash": generate_hash}
    for mode in ("ops", "expanded", "jax", "hash"):
        d = os.path.join(args.out, mode)
        os.makedirs(d, exist_ok=True)
        gen = generators.get(mode, lambda: generate(mode))
        for name, text in gen().items():
            with open(os.path.join(d, f"{name}.mlir"), "w") as f:
                f.write(text)


if __name__ == "__main__":
    main()
