//===- RoundToArith.h - Universal lowering of the round dialect -*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Library: RoundToArith (CMake: RngMLIR::RoundToArith). Pass:
// `convert-round-to-arith`, createConvertRoundToArithPass() in
// rng/Conversion/Passes.h.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_ROUNDTOARITH_ROUNDTOARITH_H
#define RNG_CONVERSION_ROUNDTOARITH_ROUNDTOARITH_H

#include "rng/Conversion/Common/Outlining.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace rng {

/// Adds the universal lowering of every `round` op to integer `arith` on the
/// f32 bit patterns (see rng/Conversion/Common/StochasticRounding.h) to
/// `patterns`. The generated IR is valid for any target. Target lowerings
/// add these patterns next to theirs as the fallback. Use them with the
/// dialect conversion driver (the `round` dialect marked illegal); a pass that
/// uses them must declare the `arith` dialect as a dependent dialect. Unused
/// ops are lowered like any other: call eraseDeadRngOps
/// (rng/Conversion/Common/DialectLowering.h) first to erase them instead.
///
/// With `outliner` (not owned), scalars and vectors whose op it can outline
/// become calls of functions holding the lowering (one per operand types,
/// result type and `saturate`; rng/Conversion/Common/Outlining.h), for
/// modules with thousands of ops; the bits do not change.
void populateRoundToArithConversionPatterns(
    RewritePatternSet &patterns, PatternBenefit benefit = 1,
    FunctionOutliner *outliner = nullptr);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_ROUNDTOARITH_ROUNDTOARITH_H
