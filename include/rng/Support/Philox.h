//===- Philox.h - Reference Philox4x32 on host integers ---------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The Philox4x32-R block function and Triton's tl.random conversions
// evaluated on host integers and floats. The dialect's constant folders use
// them; the lowerings build the same functions as IR (see
// rng/Conversion/Common/Philox.h and rng/Conversion/Common/TritonRandom.h).
//
//===----------------------------------------------------------------------===//

#ifndef RNG_SUPPORT_PHILOX_H
#define RNG_SUPPORT_PHILOX_H

#include <array>
#include <cstdint>

namespace mlir {
namespace rng {

/// Philox multipliers and Weyl key increments (Random123).
inline constexpr uint32_t kPhiloxM0 = 0xD2511F53u;
inline constexpr uint32_t kPhiloxM1 = 0xCD9E8D57u;
inline constexpr uint32_t kPhiloxW0 = 0x9E3779B9u;
inline constexpr uint32_t kPhiloxW1 = 0xBB67AE85u;

/// Smallest and largest round counts the ops accept.
inline constexpr unsigned kMinPhiloxRounds = 1;
inline constexpr unsigned kMaxPhiloxRounds = 16;
inline constexpr unsigned kDefaultPhiloxRounds = 10;

/// Returns Philox4x32-`rounds` of `counter` under `key`.
std::array<uint32_t, 4> philox4x32(std::array<uint32_t, 4> counter,
                                   std::array<uint32_t, 2> key,
                                   unsigned rounds);

/// Bit pattern of the f32 scale of Triton's uint_to_uniform_float,
/// 4.6566127342e-10 (just below 2^-31): the largest scale such that
/// 0x7FFFFFFF * scale rounds to a value below 1.0.
inline constexpr uint32_t kUniformScaleBits = 0x2FFFFFFFu;

/// Returns the Philox4x32-`rounds` words of Triton's `randint4x(seed,
/// offset)`: the key is (lo32(seed64), hi32(seed64)) and the counter is
/// (lo32(offset), hi32(offset) if `offsetIs64Bit` else 0, 0, 0). `seed64` is
/// the seed already sign-extended to 64 bits.
std::array<uint32_t, 4> tritonRandint4x(uint64_t seed64, uint64_t offset,
                                        bool offsetIs64Bit, unsigned rounds);

/// Triton's uint_to_uniform_float on a 32-bit word: x = word as a signed
/// integer, x = (x < 0) ? ~x : x, and the result is float(x) (round to
/// nearest even) times the f32 with bits kUniformScaleBits (one f32
/// multiply, round to nearest even). The result lies in [0, 1): at most
/// 0x3F7FFFFF (1 - 2^-24). Uses host f32 arithmetic, which must be IEEE
/// binary32 in the default rounding mode.
float uint32ToUniformFloat(uint32_t word);

} // namespace rng
} // namespace mlir

#endif // RNG_SUPPORT_PHILOX_H
