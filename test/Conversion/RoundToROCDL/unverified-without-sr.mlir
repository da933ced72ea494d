// unverified-sr-instructions on a chip without stochastic-rounding
// instructions changes nothing: the passes (and the pipelines that forward
// the option) say so with a warning instead of ignoring it silently, and
// lower with the universal path.
// RUN: rng-opt %s --convert-round-to-rocdl='chipset=gfx90a unverified-sr-instructions' 2>&1 | FileCheck %s --check-prefix=CHECK-ROCDL
// RUN: rng-opt %s --convert-round-to-nvvm='chip=sm_90 unverified-sr-instructions' 2>&1 | FileCheck %s --check-prefix=CHECK-NVVM
// RUN: rng-opt %s --convert-round-to-rocdl='chipset=gfx950 unverified-sr-instructions' 2>&1 | FileCheck %s --check-prefix=CHECK-SR
// CHECK-ROCDL: warning: convert-round-to-rocdl: unverified-sr-instructions has no effect for chipset gfx90a, which has no stochastic-rounding instructions (the universal lowering is used)
// CHECK-ROCDL-NOT: llvm.amdgcn.cvt.sr
// CHECK-NVVM: warning: convert-round-to-nvvm: unverified-sr-instructions has no effect for chip sm_90, which has no stochastic-rounding instructions (the universal lowering is used)
// CHECK-SR-NOT: warning
// CHECK-SR: llvm.amdgcn.cvt.sr.bf16.f32
func.func @f(%x: f32, %r: i32) -> bf16 {
  %y = round.stochastic %x, %r : f32, i32 -> bf16
  return %y : bf16
}
