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

/// Adds the lowering of `round.stochastic` for NVIDIA `chip` to `patterns`:
/// the universal patterns of populateRoundToArithConversionPatterns at
/// `benefit`, and, on chips with PTX `cvt.rs` (sm_100a, sm_103a), patterns
/// at `benefit + 1` that use it wherever it computes exactly the op's
/// function:
///  * bf16 and f16, any rbits width and `saturate`:
///    nvvm.convert.f32x2.to.{bf16x2,f16x2} (rnd = rs), adjacent elements
///    paired, K random bits placed at the top of each half's field;
///  * f8E4M3FN and f8E5M2 with `saturate` and i8 rbits:
///    nvvm.convert.f32x4.to.f8x4 (always saturating, 8 random bits per
///    element), four elements per instruction.
/// Scalars and fixed-size vectors (odd tails padded); ranked tensors and all
/// other cases are lowered by the universal patterns.
void populateRoundToNVVMConversionPatterns(RewritePatternSet &patterns,
                                           const NVVMChip &chip,
                                           PatternBenefit benefit = 1);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_ROUNDTONVVM_ROUNDTONVVM_H
