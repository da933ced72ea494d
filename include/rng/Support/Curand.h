//===- Curand.h - Host reference of cuRAND's and PyTorch's rules -*- C++
//-*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The exact rules of SPEC §9 on the host: cuRAND's Philox4_32_10 words as a
// function of the position, its uniform conversions, and PyTorch's launch
// layout. The folders of the §9 ops use them; the normals, whose NVIDIA bits
// depend on the GPU's approximate instructions, are not here.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_SUPPORT_CURAND_H
#define RNG_SUPPORT_CURAND_H

#include <array>
#include <cstdint>

namespace mlir {
namespace rng {

/// The words at positions `position` .. `position + 3` of subsequence
/// `subsequence` under `seed` (curand4 after curand_init(seed, subsequence,
/// position)): Philox4x32-10 of counter (floor(p / 4), subsequence).
std::array<uint32_t, 4> curandWords(uint64_t seed, uint64_t subsequence,
                                    uint64_t position);

/// cuRAND's float uniform of a word: fma(f32(x), 2^-32, 2^-33), in (0, 1].
float curandUniformFloat(uint32_t word);

/// curand_uniform_double of one word: x * 2^-32 + 2^-32 (exact).
double curandUniformDouble(uint32_t word);

/// cuRAND's double of two words: (x ^ (y << 21)) * 2^-53 + 2^-54.
double curandUniformDouble2(uint32_t x, uint32_t y);

/// Where PyTorch's layout (SPEC §9.2) draws an element from: the cuRAND
/// subsequence (thread), the position of the draw's first word and the
/// component.
struct TorchDraw {
  uint64_t subsequence;
  uint64_t position;
  unsigned component;
};

/// The draw of row-major element `index` with `unroll` (U: 4 or 2)
/// components per draw, `threads` threads (0 read as 1) and the generator
/// offset `offset` (its low two bits ignored).
TorchDraw torchDraw(uint64_t offset, uint64_t threads, uint64_t index,
                    unsigned unroll);

/// The draw of memory element `index` of PyTorch's vectorized dropout with
/// vector width `vec` (2, 4 or 8): the component is j mod 4 of call
/// it * ceil(vec / 4) + floor(j / 4).
TorchDraw torchDropoutDraw(uint64_t offset, uint64_t threads, uint64_t index,
                           unsigned vec);

/// rng.torch_threads: 256 * min(ceil(n / 256), multiprocessors *
/// floor(threadsPerMultiprocessor / 256)).
uint64_t torchThreads(uint64_t n, uint64_t multiprocessors,
                      uint64_t threadsPerMultiprocessor);

/// rng.torch_offset_increment: (floor((n - 1) / (threads * unroll)) + 1) * 4
/// with an exact quotient, 0 for n = 0 (PyTorch launches nothing), threads 0
/// read as 1.
uint64_t torchOffsetIncrement(uint64_t n, uint64_t threads, unsigned unroll);

} // namespace rng
} // namespace mlir

#endif // RNG_SUPPORT_CURAND_H
