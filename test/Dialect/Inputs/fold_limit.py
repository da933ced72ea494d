"""Writes one function per folding op of both dialects whose operand is a
non-splat constant of N elements (N from the command line; the other
operands are scalar constants, PyTorch's ops at offset 0 with 256 threads),
for fold-limit.test. Element i of the constant is i (integers) or
0.25 + i / 1024 (f32); the rng.tr_dropout_sample function is named
@tr_dropout_sample and uses seed_lo = seed_hi = 1."""

import struct
import sys

n = int(sys.argv[1])


def dense(element_bits, value):
    """A hex dense literal of n little-endian elements value(i)."""
    data = b"".join((value(i) & ((1 << element_bits) - 1)).to_bytes(
        element_bits // 8, "little") for i in range(n))
    return 'dense<"0x%s">' % data.hex().upper()


i32, i64, f32 = "tensor<%dxi32>" % n, "tensor<%dxi64>" % n, "tensor<%dxf32>" % n
f64, i1 = "tensor<%dxf64>" % n, "tensor<%dxi1>" % n
f32_bits = lambda i: struct.unpack("<I", struct.pack("<f", 0.25 + i / 1024))[0]

# (function name, constant element type and bits, op line with {v}, the
# returned value and its type).
CASES = [
    ("philox_4x32", i32, 32, "%r:4 = rng.philox_4x32 {v}, {v}, {v}, {v} key %s, %s : " + i32 + ", i32", "%r#3", i32),
    ("randint", i32, 32, "%r = rng.randint %s, {v} : i32, " + i32, "%r", i32),
    ("randint4x", i32, 32, "%r:4 = rng.randint4x %s, {v} : i32, " + i32, "%r#3", i32),
    ("rand", i32, 32, "%r = rng.rand %s, {v} : i32, " + i32, "%r", f32),
    ("rand4x", i32, 32, "%r:4 = rng.rand4x %s, {v} : i32, " + i32, "%r#3", f32),
    ("lowbias32", i32, 32, "%r = rng.lowbias32 {v} : " + i32, "%r", i32),
    ("hash_rand", i32, 32, "%r = rng.hash_rand %s, {v} : i32, " + i32, "%r", f32),
    ("hash_dropout", f32, 32, "%r = rng.hash_dropout {v}, %p, %s, %s : " + f32 + ", f32, i32, i32", "%r", f32),
    ("dropout", f32, 32, "%r = rng.dropout {v}, %p, %s, %s : " + f32 + ", f32, i32, i32", "%r", f32),
    ("splitmix64", i64, 64, "%r = rng.splitmix64 {v} : " + i64, "%r", i64),
    ("tr_dropout_sample", i64, 64, "%r = rng.tr_dropout_sample %s64, %s64, {v} : i64, i64, " + i64, "%r", f32),
    ("threefry_2x32", i32, 32, "%r:2 = rng.threefry_2x32 {v}, {v} key %s, %s : " + i32 + ", i32", "%r#1", i32),
    ("jax_fold_in", i32, 32, "%r:2 = rng.jax_fold_in %s, %s, {v} : i32, " + i32, "%r#1", i32),
    ("jax_bits", i64, 64, "%r = rng.jax_bits %s, %s, {v} : i32, " + i64 + " -> " + i32, "%r", i32),
    ("jax_uniform", i64, 64, "%r = rng.jax_uniform %s, %s, {v} : i32, " + i64 + " -> " + f32, "%r", f32),
    ("jax_randint", i64, 64, "%r = rng.jax_randint %s, %s, {v}, %s, %max : i32, " + i64 + ", i32", "%r", i32),
    ("curand", i64, 64, "%r = rng.curand %s64, %s64, {v} : i64, i64, " + i64, "%r", i32),
    ("curand4", i64, 64, "%r:4 = rng.curand4 %s64, %s64, {v} : i64, i64, " + i64, "%r#3", i32),
    ("curand_uniform", i64, 64, "%r = rng.curand_uniform %s64, %s64, {v} : i64, i64, " + i64, "%r", f32),
    ("curand_uniform_double", i64, 64, "%r = rng.curand_uniform_double %s64, %s64, {v} : i64, i64, " + i64, "%r", f64),
    ("curand_uniform2_double", i64, 64, "%r:2 = rng.curand_uniform2_double %s64, %s64, {v} : i64, i64, " + i64, "%r#1", f64),
    ("torch_uniform", i64, 64, "%r = rng.torch_uniform %s64, %off, %threads, {v}, %p, %one : (i64, i64, i64, " + i64 + ", f32, f32) -> " + f32, "%r", f32),
    ("torch_bernoulli", i64, 64, "%r = rng.torch_bernoulli %s64, %off, %threads, {v}, %p : (i64, i64, i64, " + i64 + ", f32) -> " + i1, "%r", i1),
    ("torch_random", i64, 64, "%r = rng.torch_random %s64, %off, %threads, {v}, %s64, %s64 {wide} : (i64, i64, i64, " + i64 + ", i64, i64) -> " + i64, "%r", i64),
    ("torch_dropout", f32, 32, "%r:2 = rng.torch_dropout {v}, %pd, %s64, %off, %threads, %off : (" + f32 + ", f64, i64, i64, i64, i64) -> (" + f32 + ", " + i1 + ")", "%r#0", f32),
    ("torch_threads", i64, 64, "%r = rng.torch_threads {v} {multiprocessors = 132, threads_per_multiprocessor = 2048} : " + i64, "%r", i64),
    ("torch_offset_increment", i64, 64, "%r = rng.torch_offset_increment {v}, {v} {unroll = 4 : i32} : " + i64, "%r", i64),
    ("stochastic", f32, 32, "%r = round.stochastic {v}, %rs : " + f32 + ", " + i32 + " -> tensor<%dxbf16>" % n, "%r", "tensor<%dxbf16>" % n),
    ("scaling_stochastic", f32, 32, "%r = round.scaling_stochastic {v}, %scale, %s : " + f32 + ", f8E8M0FNU, i32 -> tensor<%dxf8E4M3FN>" % n, "%r", "tensor<%dxf8E4M3FN>" % n),
]

for name, big_type, bits, line, result, result_type in CASES:
    value = f32_bits if big_type == f32 else (lambda i: i)
    print("func.func @%s() -> %s {" % (name, result_type))
    print("  %s = arith.constant 1 : i32")
    print("  %s64 = arith.constant 1 : i64")
    print("  %max = arith.constant 1000 : i32")
    print("  %p = arith.constant 0.25 : f32")
    print("  %pd = arith.constant 0.25 : f64")
    print("  %one = arith.constant 1.0 : f32")
    print("  %off = arith.constant 0 : i64")
    print("  %threads = arith.constant 256 : i64")
    print("  %scale = arith.constant 2.0 : f8E8M0FNU")
    print("  %%rs = arith.constant dense<12345> : %s" % i32)
    print("  %%big = arith.constant %s : %s" % (dense(bits, value), big_type))
    print("  " + line.replace("{v}", "%big"))
    print("  return %s : %s" % (result, result_type))
    print("}")
