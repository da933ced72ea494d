"""Writes one function per folding op of both dialects whose operand is a
non-splat constant of N elements (N from the command line; the other
operands are scalar constants), for fold-limit.test. Element i of the
constant is i (integers) or 0.25 + i / 1024 (f32); the rng.tr_dropout_sample
function is named @tr_dropout_sample and uses seed_lo = seed_hi = 1."""

import struct
import sys

n = int(sys.argv[1])


def dense(element_bits, value):
    """A hex dense literal of n little-endian elements value(i)."""
    data = b"".join((value(i) & ((1 << element_bits) - 1)).to_bytes(
        element_bits // 8, "little") for i in range(n))
    return 'dense<"0x%s">' % data.hex().upper()


i32, i64, f32 = "tensor<%dxi32>" % n, "tensor<%dxi64>" % n, "tensor<%dxf32>" % n
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
    print("  %scale = arith.constant 2.0 : f8E8M0FNU")
    print("  %%rs = arith.constant dense<12345> : %s" % i32)
    print("  %%big = arith.constant %s : %s" % (dense(bits, value), big_type))
    print("  " + line.replace("{v}", "%big"))
    print("  return %s : %s" % (result, result_type))
    print("}")
