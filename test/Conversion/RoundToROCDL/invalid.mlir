// A chipset LLVM does not know (or none) is an error naming the value.
// RUN: not rng-opt %s --convert-round-to-rocdl=chipset=gfx999 2>&1 | FileCheck %s --check-prefixes=CHECK,UNKNOWN
// RUN: not rng-opt %s --convert-round-to-rocdl=chipset=sm_100a 2>&1 | FileCheck %s --check-prefixes=CHECK,NVIDIA
// RUN: not rng-opt %s --convert-round-to-rocdl=chipset=gfx9-generic 2>&1 | FileCheck %s --check-prefixes=CHECK,GENERIC
// RUN: not rng-opt %s --convert-round-to-rocdl 2>&1 | FileCheck %s --check-prefixes=CHECK,MISSING

// Each is reported as an error of the pass.
// CHECK: error: convert-round-to-rocdl:
// UNKNOWN-SAME: {{^}} unknown chipset 'gfx999'; expected an AMDGPU processor name LLVM knows, gfx<major><minor><stepping> such as gfx90a, gfx942 or gfx950
// NVIDIA-SAME: {{^}} unknown chipset 'sm_100a'
// GENERIC-SAME: {{^}} unknown chipset 'gfx9-generic'
// MISSING-SAME: {{^}} option 'chipset' is required, e.g. chipset=gfx950

func.func @f(%x: f32, %r: i32) -> bf16 {
  %y = round.stochastic %x, %r : f32, i32 -> bf16
  return %y : bf16
}
