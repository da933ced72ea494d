//===- Philox.h - Reference Philox4x32 on host integers ---------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The Philox4x32-R block function evaluated on host integers. The dialect's
// constant folders use it; the lowerings build the same function as IR
// (see rng/Conversion/Common/Philox.h).
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

} // namespace rng
} // namespace mlir

#endif // RNG_SUPPORT_PHILOX_H
