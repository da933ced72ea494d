//===- ElementwiseTensors.h - Ranked-tensor forms via linalg ----*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Every rng and round op is ElementwiseMappable. The lowerings build IR for
// scalars and vectors; an op on ranked tensors (static or dynamic sizes) is
// first rewritten into a `linalg.generic` whose body holds the same op on
// scalars, which the scalar patterns then lower. This is what upstream's
// `--convert-elementwise-to-linalg` does, but it also takes scalar operands
// in any position (a seed before the offsets) and can compute several ops
// in one generic (ops that share one Philox block).
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_ELEMENTWISETENSORS_H
#define RNG_CONVERSION_COMMON_ELEMENTWISETENSORS_H

#include "mlir/IR/PatternMatch.h"

#include <functional>

namespace mlir {
namespace rng {

/// Returns true if an operand or result of `op` is a ranked tensor.
bool hasRankedTensorOperandOrResult(Operation *op);

/// Returns the ops that one `linalg.generic` should compute together with
/// `op` (which comes first), or nothing when another op's generic will
/// compute `op` (the pattern then leaves `op` alone). Every operand of every
/// op returned must dominate `op`, and all must have `op`'s result shape.
using ElementwiseGroupFn = std::function<SmallVector<Operation *>(Operation *)>;

/// Adds a pattern that rewrites every ElementwiseMappable op of the dialect
/// `dialectNamespace` with a ranked-tensor result into a `linalg.generic`
/// (parallel iterators, identity maps for tensors, the empty map for scalar
/// operands, `tensor.empty` outputs sized like the op's tensors) whose body
/// is the op on scalars. `group`, if given, chooses further ops to compute
/// in the same generic.
void populateElementwiseTensorToLinalgPatterns(RewritePatternSet &patterns,
                                               StringRef dialectNamespace,
                                               ElementwiseGroupFn group = {},
                                               PatternBenefit benefit = 1);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_ELEMENTWISETENSORS_H
