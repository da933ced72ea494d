//===- ElementwiseFolding.h - Bounded elementwise folding -------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The one constant folder of every elementwise rng and round op: it reads
// the constant operands element by element as bit patterns, evaluates a host
// function per element and builds the result constants. Its cost is bounded:
// constants that are not splats are evaluated only up to
// kMaxFoldedElements elements; larger ones are left to the lowering.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_SUPPORT_ELEMENTWISEFOLDING_H
#define RNG_SUPPORT_ELEMENTWISEFOLDING_H

#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>

namespace mlir {
namespace rng {

/// The most elements an elementwise folder evaluates for constants that are
/// not all splats. Folding costs time and memory per element (a 2^20-element
/// constant would take seconds and hundreds of MB), and the lowered code
/// computes larger constants just as well, so they are not folded.
constexpr int64_t kMaxFoldedElements = 1 << 16;

/// Evaluates one element of an elementwise op: `operands` holds the
/// element's operand values as bit patterns (integers zero-extended to 64
/// bits, or their low 64 bits if wider; floats as their encoding), in
/// operand order; the function writes
/// the bit patterns of the element's results to `results`, in result order
/// (bits above each result's element width are ignored; results are at most
/// 64 bits wide).
using ElementwiseFoldFn = llvm::function_ref<void(
    ArrayRef<uint64_t> operands, MutableArrayRef<uint64_t> results)>;

/// Folds the elementwise `op` whose operands are the constants `operands`
/// (the FoldAdaptor's operands): scalars
/// (IntegerAttr, FloatAttr) and dense vectors or tensors of integers or
/// floats, splat or not.
///  * Scalar and splat operands only: `eval` runs once; the results are
///    scalars or splats (also of scalable vectors).
///  * Otherwise `eval` runs once per element, row-major, for a result shape
///    that is static and fixed of at most kMaxFoldedElements elements.
/// Appends one attribute per result and succeeds, or fails (nothing
/// appended) when an operand is not such a constant or the shape is not
/// foldable.
LogicalResult foldElementwiseConstants(Operation *op,
                                       ArrayRef<Attribute> operands,
                                       ElementwiseFoldFn eval,
                                       SmallVectorImpl<OpFoldResult> &results);

/// foldElementwiseConstants for a single-result op: its folded value, or
/// null.
OpFoldResult foldElementwiseConstants(Operation *op,
                                      ArrayRef<Attribute> operands,
                                      ElementwiseFoldFn eval);

} // namespace rng
} // namespace mlir

#endif // RNG_SUPPORT_ELEMENTWISEFOLDING_H
