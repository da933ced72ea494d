//===- Philox.cpp - Reference Philox4x32 on host integers -----------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Support/Philox.h"

#include <cstring>
#include <limits>

using namespace mlir;

std::array<uint32_t, 4> rng::philox4x32(std::array<uint32_t, 4> c,
                                        std::array<uint32_t, 2> k,
                                        unsigned rounds) {
  for (unsigned i = 0; i < rounds; ++i) {
    if (i != 0) {
      k[0] += kPhiloxW0;
      k[1] += kPhiloxW1;
    }
    uint64_t p0 = uint64_t(kPhiloxM0) * c[0];
    uint64_t p1 = uint64_t(kPhiloxM1) * c[2];
    c = {uint32_t(p1 >> 32) ^ c[1] ^ k[0], uint32_t(p1),
         uint32_t(p0 >> 32) ^ c[3] ^ k[1], uint32_t(p0)};
  }
  return c;
}

std::array<uint32_t, 4> rng::tritonRandint4x(uint64_t seed64, uint64_t offset,
                                             bool offsetIs64Bit,
                                             unsigned rounds) {
  std::array<uint32_t, 4> counter = {
      uint32_t(offset), offsetIs64Bit ? uint32_t(offset >> 32) : 0u, 0u, 0u};
  std::array<uint32_t, 2> key = {uint32_t(seed64), uint32_t(seed64 >> 32)};
  return philox4x32(counter, key, rounds);
}

float rng::uint32ToUniformFloat(uint32_t word) {
  static_assert(std::numeric_limits<float>::is_iec559 &&
                    sizeof(float) == sizeof(uint32_t),
                "u2f needs IEEE binary32 floats");
  // x < 0 ? ~x : x, computed on the unsigned word: flips every bit when the
  // sign bit is set, so the result lies in [0, 2^31 - 1].
  uint32_t magnitude = (word & 0x80000000u) ? ~word : word;
  float scale;
  std::memcpy(&scale, &kUniformScaleBits, sizeof(scale));
  return float(int32_t(magnitude)) * scale;
}
