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

#include "mlir/IR/Diagnostics.h"
#include "mlir/Transforms/DialectConversion.h"

#include <optional>

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

/// The run of a target pass: diagnoses an empty or unknown target option
/// (`<pass>: option '<option>' is required, e.g. <option>=<example>`,
/// `<pass>: unknown <option> '<value>'; expected <expected>`), then lowers
/// `DialectT` under `root` with the patterns `populate` adds for the parsed
/// target.
template <typename DialectT, typename TargetT, typename ParseFn,
          typename PopulateFn>
LogicalResult lowerDialectForTarget(Operation *root, StringRef passName,
                                    StringRef option, StringRef value,
                                    StringRef example, ParseFn &&parse,
                                    StringRef expected, PopulateFn &&populate) {
  if (value.empty())
    return emitError(root->getLoc())
           << passName << ": option '" << option << "' is required, e.g. "
           << option << "=" << example;
  std::optional<TargetT> target = parse(value);
  if (!target)
    return emitError(root->getLoc())
           << passName << ": unknown " << option << " '" << value
           << "'; expected " << expected;
  RewritePatternSet patterns(root->getContext());
  populate(patterns, *target);
  return applyDialectLowering<DialectT>(root, std::move(patterns));
}

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_DIALECTLOWERING_H
