//===- Windows.h - Position-dependent tensor ops over a window --*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// rng.linear_index and rng.bit_generator are the two ops whose values depend
// on an element's position in the whole tensor. These builders compute any
// window of such a tensor (the elements at `offsets` + [0, window size) of a
// tensor of shape `globalShape`) as a linalg.generic over the window: the
// lowering builds the whole tensor (no offsets), and the ops' sharding
// models (SPEC §10) build one shard, whose offsets come from
// shard.process_multi_index. Element for element the window equals the
// corresponding slice of the whole tensor, bit for bit.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_RNGTOARITH_WINDOWS_H
#define RNG_CONVERSION_RNGTOARITH_WINDOWS_H

#include "rng/Dialect/Rng/IR/RngOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"

namespace mlir {
namespace rng {

/// Builds, inside the body of a linalg.generic over a window of a tensor of
/// shape `globalShape` that starts at `offsets` (one index value per
/// dimension; empty for the window at the origin), the current element's
/// row-major linear index in the whole tensor as an integer of `type`
/// (wrapping at its width).
Value buildGlobalLinearIndex(OpBuilder &builder, Location loc, IntegerType type,
                             ArrayRef<int64_t> globalShape, ValueRange offsets);

/// rng.linear_index's values over the window `windowType` of a tensor of
/// shape `globalShape` at `offsets` (as for buildGlobalLinearIndex), plus
/// `base` (a scalar of the element type, or null for 0): a linalg.generic.
Value buildLinearIndexWindow(OpBuilder &builder, Location loc,
                             RankedTensorType windowType,
                             ArrayRef<int64_t> globalShape, ValueRange offsets,
                             Value base);

/// rng.bit_generator `op`'s output over the window `windowType` at `offsets`
/// of its output (a linalg.generic of the window's size computing each
/// element at its global position, SPEC §8), and its new state, which is that
/// of the whole output whatever the window: {new state, output window}. The
/// state is `op`'s state operand, or `state` when given (the value that
/// stands for it where the window is built, e.g. after partitioning).
std::pair<Value, Value> buildBitGeneratorWindow(OpBuilder &builder,
                                                BitGeneratorOp op,
                                                RankedTensorType windowType,
                                                ValueRange offsets,
                                                Value state = {});

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_RNGTOARITH_WINDOWS_H
