"""Writes a function whose rng.tr_dropout_sample takes the non-splat
constant offsets 0..N-1 (N from the command line), for fold-limit.test."""

import sys

n = int(sys.argv[1])
offsets = ", ".join(str(i) for i in range(n))
print("func.func @sample() -> tensor<%dxf32> {" % n)
print("  %seed = arith.constant 1 : i64")
print("  %%offsets = arith.constant dense<[%s]> : tensor<%dxi64>" % (offsets, n))
print("  %%u = rng.tr_dropout_sample %%seed, %%seed, %%offsets : i64, i64, "
      "tensor<%dxi64>" % n)
print("  return %%u : tensor<%dxf32>" % n)
print("}")
