//===- Curand.cpp - Host reference of cuRAND's and PyTorch's rules --------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Support/Curand.h"
#include "rng/Support/Philox.h"

#include <algorithm>
#include <cmath>

using namespace mlir;

/// The Philox4x32-10 block `block` of subsequence `subsequence`.
static std::array<uint32_t, 4> curandBlock(uint64_t seed, uint64_t subsequence,
                                           uint64_t block) {
  return rng::philox4x32({uint32_t(block), uint32_t(block >> 32),
                          uint32_t(subsequence), uint32_t(subsequence >> 32)},
                         {uint32_t(seed), uint32_t(seed >> 32)},
                         rng::kDefaultPhiloxRounds);
}

std::array<uint32_t, 4> rng::curandWords(uint64_t seed, uint64_t subsequence,
                                         uint64_t position) {
  uint64_t block = position >> 2;
  unsigned skip = position & 3;
  std::array<uint32_t, 4> first = curandBlock(seed, subsequence, block);
  if (skip == 0)
    return first;
  // block + 1 < 2^62: no carry into the subsequence.
  std::array<uint32_t, 4> second = curandBlock(seed, subsequence, block + 1);
  std::array<uint32_t, 4> words;
  for (unsigned i = 0; i < 4; ++i)
    words[i] = skip + i < 4 ? first[skip + i] : second[skip + i - 4];
  return words;
}

float rng::curandUniformFloat(uint32_t word) {
  // One rounding: fmaf (the host's correctly rounded fma).
  return std::fma(float(word), 0x1p-32f, 0x1p-33f);
}

double rng::curandUniformDouble(uint32_t word) {
  return double(word) * 0x1p-32 + 0x1p-32;
}

double rng::curandUniformDouble2(uint32_t x, uint32_t y) {
  uint64_t z = uint64_t(x) ^ (uint64_t(y) << 21);
  return std::fma(double(z), 0x1p-53, 0x1p-54);
}

rng::TorchDraw rng::torchDraw(uint64_t offset, uint64_t threads, uint64_t index,
                              unsigned unroll) {
  uint64_t s = std::max<uint64_t>(threads, 1);
  uint64_t q = index / s;
  return {index % s, (offset & ~uint64_t(3)) + 4 * (q / unroll),
          unsigned(q % unroll)};
}

rng::TorchDraw rng::torchDropoutDraw(uint64_t offset, uint64_t threads,
                                     uint64_t index, unsigned vec) {
  uint64_t s = std::max<uint64_t>(threads, 1);
  // floor(e / (vec * S)) and floor((e mod (vec * S)) / vec) as the quotient
  // and remainder of floor(e / vec) by S: the same integers, with no
  // product to wrap.
  uint64_t group = index / vec;
  uint64_t iteration = group / s;
  uint64_t j = index % vec;
  uint64_t call = iteration * ((vec + 3) / 4) + j / 4;
  return {group % s, (offset & ~uint64_t(3)) + 4 * call, unsigned(j % 4)};
}

uint64_t rng::torchThreads(uint64_t n, uint64_t multiprocessors,
                           uint64_t threadsPerMultiprocessor) {
  uint64_t blocks = n / 256 + (n % 256 != 0);
  return 256 *
         std::min(blocks, multiprocessors * (threadsPerMultiprocessor / 256));
}

uint64_t rng::torchOffsetIncrement(uint64_t n, uint64_t threads,
                                   unsigned unroll) {
  if (n == 0)
    return 0;
  uint64_t s = std::max<uint64_t>(threads, 1);
  // floor((n - 1) / (S * U)) as floor(floor((n - 1) / S) / U).
  return ((n - 1) / s / unroll + 1) * 4;
}
