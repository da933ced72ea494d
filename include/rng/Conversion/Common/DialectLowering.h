//===- DialectLowering.h - Lower one dialect completely ---------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The driver shared by every rng-mlir conversion pass: each pass lowers its
// dialect completely and leaves every other op alone.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_DIALECTLOWERING_H
#define RNG_CONVERSION_COMMON_DIALECTLOWERING_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace rng {

/// Applies `patterns` to the ops nested in `root` with every op of
/// `DialectT` illegal and every other op legal. Fails, after the conversion
/// driver's "failed to legalize" diagnostic, when an op of `DialectT`
/// remains.
template <typename DialectT>
LogicalResult applyDialectLowering(Operation *root,
                                   RewritePatternSet &&patterns) {
  ConversionTarget target(*root->getContext());
  target.addIllegalDialect<DialectT>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  return applyPartialConversion(root, target, std::move(patterns));
}

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_DIALECTLOWERING_H
