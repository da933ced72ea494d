//===- RoundToNVVM.h - round dialect to NVVM cvt.rs -------------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_ROUNDTONVVM_ROUNDTONVVM_H
#define RNG_CONVERSION_ROUNDTONVVM_ROUNDTONVVM_H

#include "rng/Conversion/Common/Targets.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace rng {

/// Adds the lowering of the `round` dialect for NVIDIA `chip` to
/// `patterns`: the universal patterns of
/// populateRoundToArithConversionPatterns at `benefit`, and, on chips with
/// PTX `cvt.rs` (sm_100a, sm_103a), patterns at `benefit + 1` that use it
/// where NVIDIA's text establishes the random-bit layout and the result is
/// exactly the op's:
///  * round.stochastic to bf16 and f16, any rbits width and `saturate`:
///    nvvm.convert.f32x2.to.{bf16x2,f16x2} (rnd = rs), adjacent elements
///    paired, K random bits placed at the top of each half's field.
/// With `unverifiedSRInstructions` also (opt-in; results differ from the
/// universal lowering and the CPU, see docs/Targets.md):
///  * saturating round.stochastic to f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN
///    and f4E2M1FN: nvvm.convert.f32x4.to.{f8x4,f6x4,f4x4} under the
///    pair-shared 16-bit random-bit model, four elements per instruction.
/// Scalars and fixed-size vectors of at most kMaxUnrolledElements (64)
/// elements (odd tails padded); ranked tensors, larger or scalable vectors
/// and all other cases are lowered by the universal patterns.
void populateRoundToNVVMConversionPatterns(
    RewritePatternSet &patterns, const NVVMChip &chip,
    bool unverifiedSRInstructions = false, PatternBenefit benefit = 1);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_ROUNDTONVVM_ROUNDTONVVM_H
