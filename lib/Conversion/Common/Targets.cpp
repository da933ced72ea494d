//===- Targets.cpp - GPU chip names understood by rng-mlir ----------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/Targets.h"

#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/TargetParser/TargetParser.h"

using namespace mlir;
using namespace mlir::rng;

/// The SM versions of LLVM 22's NVPTX backend.
static constexpr unsigned kNVVMSmVersions[] = {
    20, 21, 30, 32, 35, 37, 50, 52,  53,  60,  61,  62,  70, 72,
    75, 80, 86, 87, 88, 89, 90, 100, 101, 103, 110, 120, 121};

std::optional<NVVMChip> rng::parseNVVMChip(StringRef chip) {
  StringRef rest = chip;
  if (!rest.consume_front("sm_"))
    return std::nullopt;
  NVVMChip result;
  if (rest.consume_back("a"))
    result.archSpecific = true;
  else if (rest.consume_back("f"))
    result.familySpecific = true;
  // Digits only: getAsInteger would also take "0x..." or a sign.
  if (rest.empty() ||
      !llvm::all_of(rest, [](char c) { return llvm::isDigit(c); }) ||
      rest.getAsInteger(10, result.smVersion))
    return std::nullopt;
  if (!llvm::is_contained(kNVVMSmVersions, result.smVersion))
    return std::nullopt;
  // 'a' exists from sm_90 on, 'f' from sm_100 on.
  if (result.archSpecific && result.smVersion < 90)
    return std::nullopt;
  if (result.familySpecific && result.smVersion < 100)
    return std::nullopt;
  return result;
}

StringRef rng::getNVVMChipHelp() {
  // Made once from kNVVMSmVersions, the one list of chips.
  static const std::string help = [] {
    std::string text =
        "sm_<N> with N in {" +
        llvm::join(llvm::map_range(
                       kNVVMSmVersions,
                       [](unsigned version) { return llvm::utostr(version); }),
                   ", ") +
        "}, with an optional 'a' suffix (N >= 90) or 'f' "
        "suffix (N >= 100)";
    return text;
  }();
  return help;
}

std::optional<amdgpu::Chipset> rng::parseROCDLChipset(StringRef chipset) {
  // A processor LLVM knows, in upstream's gfx<major><minor><stepping> form.
  if (llvm::AMDGPU::parseArchAMDGCN(chipset) == llvm::AMDGPU::GK_NONE)
    return std::nullopt;
  FailureOr<amdgpu::Chipset> parsed = amdgpu::Chipset::parse(chipset);
  if (failed(parsed))
    return std::nullopt;
  return *parsed;
}

bool rng::hasSRBF16F16(const amdgpu::Chipset &chipset) {
  return chipset == amdgpu::Chipset(9, 5, 0);
}

bool rng::hasSRFp8Fnuz(const amdgpu::Chipset &chipset) {
  return chipset == amdgpu::Chipset(9, 4, 2);
}

bool rng::hasSRFp8Ocp(const amdgpu::Chipset &chipset) {
  return chipset == amdgpu::Chipset(9, 5, 0);
}
