// A chip LLVM does not know (or no chip at all) is an error naming the value.
// RUN: not rng-opt %s --convert-round-to-nvvm=chip=sm_99 2>&1 | FileCheck %s --check-prefixes=CHECK,UNKNOWN
// RUN: not rng-opt %s --convert-round-to-nvvm=chip=gfx950 2>&1 | FileCheck %s --check-prefixes=CHECK,AMD
// RUN: not rng-opt %s --convert-round-to-nvvm=chip=sm_80a 2>&1 | FileCheck %s --check-prefixes=CHECK,SUFFIX
// RUN: not rng-opt %s --convert-round-to-nvvm=chip=sm_0x64 2>&1 | FileCheck %s --check-prefixes=CHECK,HEX
// RUN: not rng-opt %s --convert-round-to-nvvm 2>&1 | FileCheck %s --check-prefixes=CHECK,MISSING

// Each is reported as an error of the pass.
// CHECK: error: convert-round-to-nvvm:
// UNKNOWN-SAME: {{^}} unknown chip 'sm_99'; expected sm_<N> with N in {20, 21, 30, 32, 35, 37, 50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 88, 89, 90, 100, 101, 103, 110, 120, 121}, with an optional 'a' suffix (N >= 90) or 'f' suffix (N >= 100)
// AMD-SAME: {{^}} unknown chip 'gfx950'
// SUFFIX-SAME: {{^}} unknown chip 'sm_80a'
// HEX-SAME: {{^}} unknown chip 'sm_0x64'
// MISSING-SAME: {{^}} option 'chip' is required, e.g. chip=sm_100a

func.func @f(%x: f32, %r: i32) -> bf16 {
  %y = round.stochastic %x, %r : f32, i32 -> bf16
  return %y : bf16
}
