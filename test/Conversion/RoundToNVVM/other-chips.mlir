// Only sm_100a and sm_103a have PTX cvt.rs: every other chip -- including
// sm_90 and sm_100 without the `a` suffix -- uses no cvt.rs, also in the
// cases sm_100a would give to it: bf16 takes the universal lowering, every
// other format the fma.rz formulation (same bits; fma.rz is on every chip).
// RUN: rng-opt %s --convert-round-to-nvvm=chip=sm_90 | FileCheck %s --implicit-check-not=nvvm.convert \
// RUN:   --implicit-check-not=round.stochastic
// RUN: rng-opt %s --convert-round-to-nvvm=chip=sm_90a | FileCheck %s --implicit-check-not=nvvm.convert \
// RUN:   --implicit-check-not=round.stochastic
// RUN: rng-opt %s --convert-round-to-nvvm=chip=sm_100 | FileCheck %s --implicit-check-not=nvvm.convert \
// RUN:   --implicit-check-not=round.stochastic
// RUN: rng-opt %s --convert-round-to-nvvm=chip=sm_100f | FileCheck %s --implicit-check-not=nvvm.convert \
// RUN:   --implicit-check-not=round.stochastic
// RUN: rng-opt %s --convert-round-to-nvvm=chip=sm_120a | FileCheck %s --implicit-check-not=nvvm.convert \
// RUN:   --implicit-check-not=round.stochastic
// RUN: rng-opt %s --convert-round-to-nvvm=chip=sm_80 | FileCheck %s --implicit-check-not=nvvm.convert \
// RUN:   --implicit-check-not=round.stochastic
// RUN: rng-opt %s --convert-round-to-nvvm="chip=sm_90 unverified-sr-instructions=true" \
// RUN:   | FileCheck %s --implicit-check-not=nvvm.convert --implicit-check-not=round.stochastic
// The same functions do use cvt.rs on sm_100a (the 4-wide forms only with
// unverified-sr-instructions):
// RUN: rng-opt %s --convert-round-to-nvvm=chip=sm_100a | FileCheck %s --check-prefix=SM100A
// RUN: rng-opt %s --convert-round-to-nvvm="chip=sm_100a unverified-sr-instructions=true" \
// RUN:   | FileCheck %s --check-prefix=OPTIN

// CHECK-LABEL: func.func @bf16(
// CHECK:         arith.bitcast %{{.+}} : vector<2xf32> to vector<2xi32>
// CHECK:         return
// SM100A-LABEL: func.func @bf16(
// SM100A:         nvvm.convert.f32x2.to.bf16x2
func.func @bf16(%x: vector<2xf32>, %r: vector<2xi16>) -> vector<2xbf16> {
  %y = round.stochastic %x, %r : vector<2xf32>, vector<2xi16> -> vector<2xbf16>
  return %y : vector<2xbf16>
}

// CHECK-LABEL: func.func @f16(
// CHECK:         llvm.call_intrinsic "llvm.nvvm.fma.rz.f"
// CHECK:         return
// SM100A-LABEL: func.func @f16(
// SM100A:         nvvm.convert.f32x2.to.f16x2
func.func @f16(%x: f32, %r: i32) -> f16 {
  %y = round.stochastic %x, %r saturate : f32, i32 -> f16
  return %y : f16
}

// CHECK-LABEL: func.func @e4m3(
// CHECK-COUNT-4: llvm.call_intrinsic "llvm.nvvm.fma.rz.f"
// CHECK:         return
// SM100A-LABEL: func.func @e4m3(
// SM100A-NOT:     nvvm.convert.f32x4
// SM100A:         return
// OPTIN-LABEL: func.func @e4m3(
// OPTIN:         nvvm.convert.f32x4.to.f8x4
func.func @e4m3(%x: vector<4xf32>, %r: vector<4xi8>) -> vector<4xf8E4M3FN> {
  %y = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi8> -> vector<4xf8E4M3FN>
  return %y : vector<4xf8E4M3FN>
}
