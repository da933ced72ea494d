// Compares the NVVM lowering's -2 logf(u) (curand-log.mlir, lowered for the
// host) with -2.0f * __nv_logf(u), libdevice's own function compiled for
// the host (test/lib/libdevice_host.py), bit for bit: on every float u in
// [2^-33, 1] (the float Box-Muller's range) in the scalar form, and on
// [0.5, 1] in the 4-lane vector form.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

float __nv_logf(float);
float minus_two_logf(float);
void minus_two_logf4(float *, float *, int64_t, int64_t, int64_t, float *,
                     float *, int64_t, int64_t, int64_t);

static float from_bits(uint32_t b) {
  float x;
  memcpy(&x, &b, sizeof x);
  return x;
}

static uint32_t to_bits(float x) {
  uint32_t b;
  memcpy(&b, &x, sizeof b);
  return b;
}

int main(void) {
  const uint32_t lo = 0x2f000000u, hi = 0x3f800000u; // 2^-33, 1
  unsigned long long values = 0, differ = 0;
  uint32_t first = 0;
  for (uint32_t b = lo; b <= hi; ++b, ++values) {
    float u = from_bits(b);
    if (to_bits(minus_two_logf(u)) != to_bits(-2.0f * __nv_logf(u)) &&
        differ++ == 0)
      first = b;
  }
  printf("scalar: %llu floats in [2^-33, 1], %llu differ", values, differ);
  if (differ)
    printf(" (first %08x)", first);
  printf("\n");

  unsigned long long vectorValues = 0, vectorDiffer = 0;
  for (uint32_t b = 0x3f000000u; b <= hi; b += 4) {
    float in[4], out[4];
    for (int i = 0; i < 4; ++i)
      in[i] = from_bits(b + i <= hi ? b + i : hi);
    minus_two_logf4(in, in, 0, 4, 1, out, out, 0, 4, 1);
    for (int i = 0; i < 4; ++i, ++vectorValues)
      vectorDiffer += to_bits(out[i]) != to_bits(-2.0f * __nv_logf(in[i]));
  }
  printf("vector<4xf32>: %llu floats in [0.5, 1], %llu differ\n", vectorValues,
         vectorDiffer);
  printf("-2 logf(1) = %08x\n", to_bits(minus_two_logf(1.0f)));
  return differ || vectorDiffer;
}
