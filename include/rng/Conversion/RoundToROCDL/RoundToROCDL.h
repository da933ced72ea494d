//===- RoundToROCDL.h - round dialect to AMDGPU v_cvt_sr_* ------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_ROUNDTOROCDL_ROUNDTOROCDL_H
#define RNG_CONVERSION_ROUNDTOROCDL_ROUNDTOROCDL_H

#include "rng/Conversion/Common/Targets.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace rng {

/// Adds the lowering of the `round` dialect for AMD `chipset` to
/// `patterns`: the universal patterns of
/// populateRoundToArithConversionPatterns at `benefit`. With
/// `unverifiedSRInstructions` (opt-in: AMD does not document which seed bits
/// the instructions read; see docs/Targets.md), also, at `benefit + 1`, the
/// AMDGPU stochastic-rounding conversions for round.stochastic under AMD's
/// host model (the op's K random bits at the top of the 32-bit seed):
///  * gfx950, bf16 and f16: `llvm.amdgcn.cvt.sr.{bf16,f16}.f32` (as
///    `llvm.call_intrinsic`; MLIR 22 has no ROCDL op), two elements per
///    packed result;
///  * gfx942 (f8E4M3FNUZ, f8E5M2FNUZ) and gfx950 (f8E4M3FN, f8E5M2):
///    `rocdl.cvt.sr.{fp8,bf8}.f32`, four elements per 32-bit result;
/// for any rbits width and `saturate`, with the undocumented overflow, Inf
/// and NaN results pinned to SPEC's by selects. Scalars and fixed-size
/// vectors of at most kMaxUnrolledElements (64) elements; ranked tensors,
/// larger or scalable vectors and all other (format, chipset) pairs are
/// lowered by the universal patterns.
void populateRoundToROCDLConversionPatterns(
    RewritePatternSet &patterns, const amdgpu::Chipset &chipset,
    bool unverifiedSRInstructions = false, PatternBenefit benefit = 1);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_ROUNDTOROCDL_ROUNDTOROCDL_H
