//===- Philox.cpp - Reference Philox4x32 on host integers -----------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Support/Philox.h"

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
