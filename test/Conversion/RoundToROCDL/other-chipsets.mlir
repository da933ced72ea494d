// Chipsets without stochastic-rounding conversions lower every
// round.stochastic universally; so do gfx942 and gfx950 by default (their
// conversions are opt-in: unverified-sr-instructions).
// RUN: rng-opt %s --convert-round-to-rocdl=chipset=gfx942 | FileCheck %s \
// RUN:   --implicit-check-not=rocdl. --implicit-check-not=llvm.call_intrinsic \
// RUN:   --implicit-check-not=round.stochastic
// RUN: rng-opt %s --convert-round-to-rocdl=chipset=gfx950 | FileCheck %s \
// RUN:   --implicit-check-not=rocdl. --implicit-check-not=llvm.call_intrinsic \
// RUN:   --implicit-check-not=round.stochastic
// RUN: rng-opt %s --convert-round-to-rocdl="chipset=gfx90a unverified-sr-instructions=true" \
// RUN:   | FileCheck %s --implicit-check-not=rocdl. \
// RUN:   --implicit-check-not=llvm.call_intrinsic --implicit-check-not=round.stochastic
// RUN: rng-opt %s --convert-round-to-rocdl=chipset=gfx90a | FileCheck %s \
// RUN:   --implicit-check-not=rocdl. --implicit-check-not=llvm.call_intrinsic \
// RUN:   --implicit-check-not=round.stochastic
// RUN: rng-opt %s --convert-round-to-rocdl=chipset=gfx1100 | FileCheck %s \
// RUN:   --implicit-check-not=rocdl. --implicit-check-not=llvm.call_intrinsic \
// RUN:   --implicit-check-not=round.stochastic
// RUN: rng-opt %s --convert-round-to-rocdl=chipset=gfx1200 | FileCheck %s \
// RUN:   --implicit-check-not=rocdl. --implicit-check-not=llvm.call_intrinsic \
// RUN:   --implicit-check-not=round.stochastic

// CHECK-LABEL: func.func @bf16(
// CHECK:         return
func.func @bf16(%x: f32, %r: i32) -> bf16 {
  %y = round.stochastic %x, %r : f32, i32 -> bf16
  return %y : bf16
}

// CHECK-LABEL: func.func @fp8(
// CHECK:         return
func.func @fp8(%x: f32, %r: i32) -> f8E4M3FNUZ {
  %y = round.stochastic %x, %r : f32, i32 -> f8E4M3FNUZ
  return %y : f8E4M3FNUZ
}

// CHECK-LABEL: func.func @ocp(
// CHECK:         return
func.func @ocp(%x: f32, %r: i32) -> f8E5M2 {
  %y = round.stochastic %x, %r : f32, i32 -> f8E5M2
  return %y : f8E5M2
}
