//===- DialectLowering.h - Lower one dialect completely ---------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The driver shared by every rng-mlir conversion pass: each pass lowers its
// dialect completely and leaves every other op alone. Unused rng and round
// ops are erased first, never expanded.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_DIALECTLOWERING_H
#define RNG_CONVERSION_COMMON_DIALECTLOWERING_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

#include <optional>

namespace mlir {
namespace rng {

/// Erases the rng and round ops nested in `root` whose results are unused
/// (every op of both dialects is Pure). Ops are visited in reverse
/// post-order, users before the ops they use, so that a chain whose last
/// result is unused goes entirely (rng.randn4x feeding only an unused
/// round.stochastic). Returns true if it erased an op. The conversion passes
/// do this first; users of the populate functions can call it before their
/// own conversion, so that unused draws are not expanded.
bool eraseDeadRngOps(Operation *root);

/// Lowers every op of the dialect `dialectNamespace` nested in `root` with
/// `patterns`, leaving every other op alone: erases the unused rng and round
/// ops (eraseDeadRngOps), then visits the remaining ops of the dialect in
/// program order, and after them those the patterns create (the scalar ops
/// in the body of a tensor op's linalg.generic). Each op is folded if it
/// folds (constant operands), else rewritten by the highest-benefit pattern
/// that matches. Ops that a pattern replaces or erases (the other ops of a
/// shared Philox block) are not visited again; an op a pattern updates in
/// place is visited again. Fails with "failed to legalize
/// operation '<name>'" on the first op that no pattern rewrites; the IR is
/// then partly lowered. Sets `*changed` (if given) when the IR changed.
///
/// Like the dialect conversion driver with the dialect illegal, but without
/// its bookkeeping for rollback: patterns that rewrite an op completely or
/// fail without touching the IR (all of rng-mlir's) behave the same under
/// both, in a fraction of the time, and no other op is visited.
LogicalResult applyDialectLowering(Operation *root, StringRef dialectNamespace,
                                   const FrozenRewritePatternSet &patterns,
                                   bool *changed = nullptr);

/// applyDialectLowering for the dialect `DialectT`.
template <typename DialectT>
LogicalResult applyDialectLowering(Operation *root,
                                   RewritePatternSet &&patterns,
                                   bool *changed = nullptr) {
  return applyDialectLowering(root, DialectT::getDialectNamespace(),
                              FrozenRewritePatternSet(std::move(patterns)),
                              changed);
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
                                    StringRef expected, PopulateFn &&populate,
                                    bool *changed = nullptr) {
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
  return applyDialectLowering<DialectT>(root, std::move(patterns), changed);
}

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_DIALECTLOWERING_H
