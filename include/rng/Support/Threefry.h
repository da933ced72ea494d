//===- Threefry.h - Reference Threefry-2x32 and JAX's samplers --*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Random123's Threefry-2x32-R and the JAX samplers built on it (SPEC §8),
// evaluated on host integers and floats. The dialect's constant folders use
// them; the lowerings build the same functions as IR (see
// rng/Conversion/Common/Jax.h).
//
//===----------------------------------------------------------------------===//

#ifndef RNG_SUPPORT_THREEFRY_H
#define RNG_SUPPORT_THREEFRY_H

#include <array>
#include <cstdint>

namespace mlir {
namespace rng {

/// Smallest, largest and default round counts of rng.threefry_2x32.
inline constexpr unsigned kMinThreefryRounds = 1;
inline constexpr unsigned kMaxThreefryRounds = 32;
inline constexpr unsigned kDefaultThreefryRounds = 20;

/// Threefry's key-schedule parity constant and its rotation amounts.
inline constexpr uint32_t kThreefryParity = 0x1BD11BDAu;
inline constexpr std::array<unsigned, 8> kThreefryRotations = {13, 15, 26, 6,
                                                               17, 29, 16, 24};

/// Returns Threefry-2x32-`rounds` (Random123) of the counter (x0, x1) under
/// the key (k0, k1).
std::array<uint32_t, 2> threefry2x32(std::array<uint32_t, 2> x,
                                     std::array<uint32_t, 2> key,
                                     unsigned rounds);

/// JAX's T(key; hi32(d), lo32(d)): Threefry-2x32-20 of the 64-bit value `d`
/// split into (high word, low word). fold_in(key, d), the words of
/// random_bits at linear index d and row d of split(key, n) are all this.
std::array<uint32_t, 2> jaxThreefryAt(std::array<uint32_t, 2> key, uint64_t d);

/// jax.random.bits of `width` (8, 16, 32 or 64) bits at linear index `index`:
/// (y0, y1) = jaxThreefryAt(key, index); 64 bits: y0 * 2^32 + y1; otherwise
/// the low `width` bits of y0 ^ y1.
uint64_t jaxBits(std::array<uint32_t, 2> key, uint64_t index, unsigned width);

/// jax.random.uniform's f32 in [0, 1) of the 32-bit word `bits`:
/// bitcast((bits >> 9) | 0x3F800000) - 1.0, exact.
float jaxUniformFloat(uint32_t bits);

/// The f64 one of the 64-bit word `bits`: bitcast((bits >> 12) |
/// 0x3FF0000000000000) - 1.0, exact.
double jaxUniformDouble(uint64_t bits);

/// jax.random.randint's result of `width` (32 or 64) bits from the two
/// words `hi` and `lo` (the bits of split(key, 2)'s two keys) and the bounds
/// (as `width`-bit patterns; maxval <= minval compares them as signed).
uint64_t jaxRandint(uint64_t hi, uint64_t lo, uint64_t minval, uint64_t maxval,
                    unsigned width);

} // namespace rng
} // namespace mlir

#endif // RNG_SUPPORT_THREEFRY_H
