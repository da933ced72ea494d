// gfx942 (MI300), opt-in (unverified-sr-instructions; the default is the
// universal lowering, other-chipsets.mlir): stochastic rounding only to the
// FNUZ fp8 formats
// (v_cvt_sr_fp8_f32 / v_cvt_sr_bf8_f32 read FNUZ there); bf16, f16 and the
// OCP fp8 formats keep the universal lowering.
// RUN: rng-opt %s --convert-round-to-rocdl="chipset=gfx942 unverified-sr-instructions=true" --canonicalize --cse \
// RUN:   | FileCheck %s

// K = 16 (i16 rbits) at the top of the 32-bit seed: shift 16 (AMD's host
// model reads seed[31:12]). Without
// saturate the overflow result is the FNUZ NaN 0x80, unsigned.

// CHECK-LABEL: func.func @e4m3fnuz(
// CHECK-SAME:      %[[X:[^:]+]]: vector<4xf32>, %[[R:[^:]+]]: vector<4xi16>)
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : i32
// CHECK-DAG:     %[[MAX32:.+]] = arith.constant 1131413504 : i32
// CHECK:         %[[S0:.+]] = arith.shli %{{.+}}, %[[C16]] : i32
// CHECK:         %[[W0:.+]] = rocdl.cvt.sr.fp8.f32 %{{.+}}, %[[S0]] -> %{{.+}}[0] : i32
// CHECK:         %[[W1:.+]] = rocdl.cvt.sr.fp8.f32 %{{.+}}, %{{.+}} -> %[[W0]][1] : i32
// CHECK:         %[[W2:.+]] = rocdl.cvt.sr.fp8.f32 %{{.+}}, %{{.+}} -> %[[W1]][2] : i32
// CHECK:         %[[W3:.+]] = rocdl.cvt.sr.fp8.f32 %{{.+}}, %{{.+}} -> %[[W2]][3] : i32
// CHECK:         %[[UNDOC:.+]] = arith.cmpi ugt, %{{.+}}, %[[MAX32]] : i32
// CHECK:         arith.select %[[UNDOC]], %{{.+}}, %{{.+}} : i8
// CHECK:         vector.from_elements {{.+}} : vector<4xf8E4M3FNUZ>
func.func @e4m3fnuz(%x: vector<4xf32>, %r: vector<4xi16>) -> vector<4xf8E4M3FNUZ> {
  %y = round.stochastic %x, %r : vector<4xf32>, vector<4xi16> -> vector<4xf8E4M3FNUZ>
  return %y : vector<4xf8E4M3FNUZ>
}

// CHECK-LABEL: func.func @e5m2fnuz(
// CHECK:         rocdl.cvt.sr.bf8.f32
// CHECK:         return
func.func @e5m2fnuz(%x: f32, %r: i32) -> f8E5M2FNUZ {
  %y = round.stochastic %x, %r saturate : f32, i32 -> f8E5M2FNUZ
  return %y : f8E5M2FNUZ
}

// No bf16 or f16 SR on gfx942.
// CHECK-LABEL: func.func @negative_bf16(
// CHECK-NOT:     llvm.call_intrinsic
// CHECK-NOT:     rocdl.
// CHECK:         return
func.func @negative_bf16(%x: vector<2xf32>, %r: vector<2xi32>) -> vector<2xbf16> {
  %y = round.stochastic %x, %r : vector<2xf32>, vector<2xi32> -> vector<2xbf16>
  return %y : vector<2xbf16>
}

// CHECK-LABEL: func.func @negative_f16(
// CHECK-NOT:     llvm.call_intrinsic
// CHECK-NOT:     rocdl.
// CHECK:         return
func.func @negative_f16(%x: f32, %r: i32) -> f16 {
  %y = round.stochastic %x, %r saturate : f32, i32 -> f16
  return %y : f16
}

// The OCP formats are gfx950's.
// CHECK-LABEL: func.func @negative_ocp(
// CHECK-NOT:     rocdl.
// CHECK:         return
func.func @negative_ocp(%x: vector<4xf32>, %r: vector<4xi8>) -> vector<4xf8E4M3FN> {
  %y = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi8> -> vector<4xf8E4M3FN>
  return %y : vector<4xf8E4M3FN>
}
