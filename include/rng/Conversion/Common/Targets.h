//===- Targets.h - GPU chip names understood by rng-mlir --------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Parsing of the `chip=sm_XX` (NVIDIA) and `chipset=gfxXXX` (AMD) options
// of the target passes and pipelines, and the per-chip instruction facts the
// target lowerings key on. One place, so that passes and pipelines accept
// and reject exactly the same strings.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_TARGETS_H
#define RNG_CONVERSION_COMMON_TARGETS_H

#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
namespace rng {

/// An NVIDIA chip `sm_<version>[a|f]` known to LLVM 22's NVPTX backend.
struct NVVMChip {
  /// 90 for sm_90, 100 for sm_100a, ...
  unsigned smVersion = 0;
  /// The `a` suffix: architecture-specific features (sm_90a, sm_100a, ...).
  bool archSpecific = false;
  /// The `f` suffix: family-specific features (sm_100f, ...).
  bool familySpecific = false;

  /// PTX `cvt.rs` (stochastic rounding to bf16x2/f16x2/e4m3x4/e5m2x4):
  /// PTX ISA 8.7, sm_100a and sm_103a only.
  bool hasCvtRs() const {
    return archSpecific && (smVersion == 100 || smVersion == 103);
  }
  /// Chips for which ptxas 13's expansion of `sqrt.rn.f32` was read and its
  /// fast path is the sequence rng::buildCurandStepNVVM emits inline
  /// (bench/sqrt_rn_expansion.py; docs/Targets.md): sm_75 to sm_90.
  bool hasReadSqrtRnExpansion() const {
    return llvm::is_contained({75u, 80u, 86u, 87u, 89u, 90u}, smVersion);
  }
  /// The PTX version the chip's instructions need ("+ptx87" where cvt.rs is
  /// used); rng-to-nvvm adds it where LLVM's default PTX version for the chip
  /// is older (sm_100a: 8.6; sm_103a's default is 8.8).
  std::string getRequiredFeatures() const { return hasCvtRs() ? "+ptx87" : ""; }
};

/// Parses `chip` (e.g. "sm_90", "sm_100a"); std::nullopt if it is not an
/// NVIDIA chip name LLVM 22 knows.
std::optional<NVVMChip> parseNVVMChip(StringRef chip);

/// The NVIDIA chip names parseNVVMChip accepts, for diagnostics.
StringRef getNVVMChipHelp();

/// Parses `chipset` (e.g. "gfx942") into upstream's amdgpu::Chipset (the
/// feature argument of populateRoundToROCDLConversionPatterns);
/// std::nullopt if LLVM 22's AMDGPU backend does not know it.
std::optional<amdgpu::Chipset> parseROCDLChipset(StringRef chipset);

/// v_cvt_sr_bf16_f32 / v_cvt_sr_f16_f32: gfx950.
bool hasSRBF16F16(const amdgpu::Chipset &chipset);
/// v_cvt_sr_fp8_f32 / v_cvt_sr_bf8_f32 on the FNUZ formats: gfx942.
bool hasSRFp8Fnuz(const amdgpu::Chipset &chipset);
/// v_cvt_sr_fp8_f32 / v_cvt_sr_bf8_f32 on the OCP formats: gfx950.
bool hasSRFp8Ocp(const amdgpu::Chipset &chipset);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_TARGETS_H
