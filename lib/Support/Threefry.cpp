//===- Threefry.cpp - Reference Threefry-2x32 and JAX's samplers ----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Support/Threefry.h"

#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::rng;

static uint32_t rotl32(uint32_t x, unsigned r) {
  return (x << r) | (x >> (32 - r));
}

std::array<uint32_t, 2> rng::threefry2x32(std::array<uint32_t, 2> x,
                                          std::array<uint32_t, 2> key,
                                          unsigned rounds) {
  std::array<uint32_t, 3> ks = {key[0], key[1],
                                key[0] ^ key[1] ^ kThreefryParity};
  x[0] += ks[0];
  x[1] += ks[1];
  for (unsigned r = 0; r < rounds; ++r) {
    x[0] += x[1];
    x[1] = rotl32(x[1], kThreefryRotations[r % 8]) ^ x[0];
    if ((r + 1) % 4 == 0) {
      uint32_t s = (r + 1) / 4;
      x[0] += ks[s % 3];
      x[1] += ks[(s + 1) % 3] + s;
    }
  }
  return x;
}

std::array<uint32_t, 2> rng::jaxThreefryAt(std::array<uint32_t, 2> key,
                                           uint64_t d) {
  return threefry2x32({uint32_t(d >> 32), uint32_t(d)}, key,
                      kDefaultThreefryRounds);
}

uint64_t rng::jaxBits(std::array<uint32_t, 2> key, uint64_t index,
                      unsigned width) {
  std::array<uint32_t, 2> y = jaxThreefryAt(key, index);
  if (width == 64)
    return (uint64_t(y[0]) << 32) | y[1];
  uint32_t bits = y[0] ^ y[1];
  return width == 32 ? bits : bits & ((uint32_t(1) << width) - 1);
}

float rng::jaxUniformFloat(uint32_t bits) {
  return llvm::bit_cast<float>((bits >> 9) | 0x3F800000u) - 1.0f;
}

double rng::jaxUniformDouble(uint64_t bits) {
  return llvm::bit_cast<double>((bits >> 12) | 0x3FF0000000000000ull) - 1.0;
}

uint64_t rng::jaxRandint(uint64_t hi, uint64_t lo, uint64_t minval,
                         uint64_t maxval, unsigned width) {
  uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  auto toSigned = [&](uint64_t v) {
    return width == 64 ? int64_t(v) : int64_t(int32_t(uint32_t(v)));
  };
  uint64_t span = (maxval - minval) & mask;
  if (toSigned(maxval) <= toSigned(minval))
    span = 1;
  uint64_t multiplier = (uint64_t(1) << (width / 2)) % span;
  multiplier = ((multiplier * multiplier) & mask) % span;
  uint64_t offset = (((hi % span) * multiplier + lo % span) & mask) % span;
  return (minval + offset) & mask;
}
