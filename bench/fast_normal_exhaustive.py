"""Fast math's Box-Muller steps on every input they can get, on the GPU.

Under `fast-math`, `convert-rng-to-nvvm` computes the normal distributions'
(rng.randn, rng.randn4x, rng.hash_randn) steps with NVPTX's approximate
instructions in their `.ftz` forms and -2 * log(v) as
lg2(v) * (-2 * fl(ln 2)) (buildBoxMullerStepNVVM). Before, libdevice's
__nv_fast_logf (lg2.approx.f32 times fl(ln 2)), then * -2, sqrt.approx.f32
and __nv_fast_sincosf (sin/cos.approx.f32) computed them. The two must give
the same bits wherever the normals can take them; this runs both forms of
each step on every f32 of its input range (BoxMullerStep in
include/rng/Conversion/Common/TritonRandom.h) and counts the differences:

  -2 * log(v)   every f32 v in [1e-7, 1] (the clamp 1.0e-7f for the Triton
                normals, 1 - u1 >= 2^-23 for hash_randn); it also checks
                that every nonzero result s is normal and at most 33 (the
                least is about 1.6e-8: lg2.approx's error near v = 1 is
                absolute, about 2^-22);
  sqrt(s)       every normal f32 s up to 33, and +-0;
  cos, sin(t)   every normal f32 t below 2 pi (t = fl(2 pi u2) is 0 or
                above 2^-29: the least nonzero u2 is fl(1 * 0x2FFFFFFF),
                about 2^-31), and +0.

Run on the GPU machine, from the repository root (CuPy); the exit status is
1 if a step differs anywhere or a range claim fails:

    python3 bench/fast_normal_exhaustive.py
"""
import sys

import cupy as cp
import numpy as np

SRC = r'''
#define APPROX(name, op) \
  __device__ float name(float x) { float r; asm(op " %0, %1;" : "=f"(r) : "f"(x)); return r; }
APPROX(lg2_, "lg2.approx.f32")
APPROX(lg2_ftz, "lg2.approx.ftz.f32")
APPROX(sqrt_, "sqrt.approx.f32")
APPROX(sqrt_ftz, "sqrt.approx.ftz.f32")
APPROX(sin_, "sin.approx.f32")
APPROX(sin_ftz, "sin.approx.ftz.f32")
APPROX(cos_, "cos.approx.f32")
APPROX(cos_ftz, "cos.approx.ftz.f32")

// Counters: [0] differing results, [1] least nonzero |s| bits, [2] largest
// s bits (log step only).
extern "C" __global__ void steps(unsigned first, unsigned long long count, int step,
                                 unsigned long long* diff, unsigned* range) {
  unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
  for (unsigned long long k = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
       k < count; k += stride) {
    float x = __uint_as_float(first + (unsigned)k);
    float before, after;
    if (step == 0) {
      before = __fmul_rn(__fmul_rn(lg2_(x), __uint_as_float(0x3F317218)), -2.0f);
      after = __fmul_rn(lg2_ftz(x), __uint_as_float(0xBFB17218));
      unsigned mag = __float_as_uint(fabsf(after));
      // Reading first keeps the atomics few.
      if (mag != 0 && mag < *(volatile unsigned*)&range[1]) atomicMin(&range[1], mag);
      if (after > 0 && __float_as_uint(after) > *(volatile unsigned*)&range[2])
        atomicMax(&range[2], __float_as_uint(after));
      if (after < 0) atomicAdd(diff + 1, 1ull);  // a negative s: none expected
    } else if (step == 1) {
      before = sqrt_(x); after = sqrt_ftz(x);
    } else if (step == 2) {
      before = cos_(x); after = cos_ftz(x);
    } else {
      before = sin_(x); after = sin_ftz(x);
    }
    if (__float_as_uint(before) != __float_as_uint(after)) atomicAdd(diff, 1ull);
  }
}'''


def f32_bits(value):
    return int(np.float32(value).view(np.uint32))


def main():
    kern = cp.RawKernel(SRC, "steps")
    two_pi = np.float32(6.283185307179586)
    least_u2 = np.float32(np.float32(1.0) * np.uint32(0x2FFFFFFF).view(np.float32))
    least_t = np.float32(two_pi * least_u2)
    ok = bool(least_t >= np.float32(2.0**-29))
    print(f"least nonzero t = fl(2 pi * {least_u2!r}) = {least_t!r} >= 2^-29: {ok}")
    cases = [
        (0, "-2 * log(v), v in [1e-7, 1]", f32_bits(1.0e-7), f32_bits(1.0)),
        (1, "sqrt(s), normal s <= 33", 0x00800000, f32_bits(33.0)),
        (1, "sqrt(+0), sqrt(-0)", 0x00000000, 0x00000000),
        (1, "", 0x80000000, 0x80000000),
        (2, "cos(t), normal t < 2 pi", 0x00800000, f32_bits(two_pi) - 1),
        (2, "cos(+0)", 0, 0),
        (3, "sin(t), normal t < 2 pi", 0x00800000, f32_bits(two_pi) - 1),
        (3, "sin(+0)", 0, 0),
    ]
    for step, name, first, last in cases:
        count = last - first + 1
        diff = cp.zeros(2, dtype=cp.uint64)
        bounds = cp.array([0, 0xFFFFFFFF, 0], dtype=cp.uint32)
        kern((4096,), (256,), (np.uint32(first), np.uint64(count), np.int32(step), diff, bounds))
        d, negative = (int(v) for v in cp.asnumpy(diff))
        ok &= d == 0
        if name:
            print(f"{name}: {count} inputs, .ftz and the fused multiply differ on {d}", flush=True)
        if step == 0:
            lo, hi = (np.uint32(v).view(np.float32) for v in cp.asnumpy(bounds)[1:])
            in_range = bool(lo >= np.float32(2.0**-126) and hi <= np.float32(33.0)
                            and negative == 0)
            ok &= in_range
            print(f"  nonzero s in [{lo!r}, {hi!r}], negative s: {negative}; "
                  f"normal and at most 33: {in_range}")
    print("fast-math steps equal libdevice's on every reachable input:", ok)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
