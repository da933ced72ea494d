//===- SRModel.h - Bit-level models of GPU stochastic-rounding insns ------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Test-only. Models, written from the vendors' documentation, of what one
// stochastic-rounding conversion instruction computes for one f32 element,
// emitted as scalar arith IR so that target lowerings can be run on the CPU.
// Deliberately independent of the universal lowering (it shares no code with
// rng/Conversion/Common): it follows the hardware description literally --
// an integer addition of the random bits to the discarded significand bits,
// a carry rounding away from zero -- and each instruction's own overflow,
// Inf and NaN rules. docs/Targets.md lists the sources and the assumptions.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_TEST_LIB_MODELS_SRMODEL_H
#define RNG_TEST_LIB_MODELS_SRMODEL_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

#include <cstdint>
#include <optional>

namespace mlir {
namespace rng {
namespace test {

/// The destination format of a modelled conversion.
struct ModelFormat {
  unsigned width;        // storage bits: 16, 8, 6 or 4
  unsigned mantissaBits; // explicit mantissa bits
  int bias;              // exponent bias
  uint32_t maxBits;      // largest finite magnitude pattern
  std::optional<uint32_t> infBits;
  uint32_t nanBits; // the NaN the instruction returns
  bool fnuz;        // no -0 (a zero result is +0)

  static ModelFormat bf16();
  static ModelFormat f16();
  static ModelFormat e4m3fn();
  static ModelFormat e5m2();
  static ModelFormat e4m3fnuz();
  static ModelFormat e5m2fnuz();
  // The OCP MX element formats: no Inf, no NaN; PTX .satfinite gives
  // +largest finite for a NaN input.
  static ModelFormat e2m1();
  static ModelFormat e2m3();
  static ModelFormat e3m2();
};

/// What the instruction returns for a finite input whose rounded magnitude
/// is beyond the largest finite value (without saturation).
enum class ModelOverflow {
  /// +-Inf (NaN where the format has none).
  Infinity,
  /// IEEE directed-rounding overflow: +-Inf when the random bits carried
  /// (rounded away from zero), +-largest finite when they did not.
  DirectedRounding,
  /// +-largest finite always.
  Saturate,
};

/// What the instruction returns for an infinite input (without saturation).
enum class ModelInfinity { Infinity, NaN, Saturate };

struct ModelInstruction {
  ModelFormat format;
  /// N: how many random bits the instruction adds, aligned to the most
  /// significant end of the discarded significand field.
  unsigned numRandomBits;
  /// .satfinite / clamp: overflow and +-Inf give +-largest finite.
  bool saturate;
  ModelOverflow overflow;
  ModelInfinity infinity;
};

/// Emits the model of `insn` on scalar `x` (f32) with random bits `random`
/// (i32 holding the N bits in its low bits). Returns the result bit pattern
/// as a signless integer of `insn.format.width` bits.
Value buildSRModel(OpBuilder &builder, Location loc, Value x, Value random,
                   const ModelInstruction &insn);

/// An i32 `arith.constant` of `value`, for the instruction models (which
/// share no code with the lowerings they check).
inline Value createModelI32(OpBuilder &builder, Location loc, uint32_t value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getI32IntegerAttr(value));
}

} // namespace test
} // namespace rng
} // namespace mlir

#endif // RNG_TEST_LIB_MODELS_SRMODEL_H
