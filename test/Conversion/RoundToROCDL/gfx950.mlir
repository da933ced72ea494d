// gfx950, opt-in (unverified-sr-instructions; the default is the universal
// lowering, other-chipsets.mlir): the conversions under AMD's host model,
// the K random bits at the top of each element's 32-bit seed.
// RUN: rng-opt %s --split-input-file --convert-round-to-rocdl="chipset=gfx950 unverified-sr-instructions=true" \
// RUN:   --canonicalize --cse | FileCheck %s

// bf16 on gfx950: llvm.amdgcn.cvt.sr.bf16.f32 (v_cvt_sr_bf16_f32) writes
// half `sel` of its packed operand, so two elements chain into one
// vector<2xbf16>. The K random bits go to the top of the 32-bit operand
// (i16 rbits: K = 16, shifted by 16). An odd tail starts a new pair.

// CHECK-LABEL: func.func @bf16_vector_odd(
// CHECK-SAME:      %[[X:[^:]+]]: vector<3xf32>, %[[R:[^:]+]]: vector<3xi16>)
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : i32
// CHECK-DAG:     %[[TRUE:.+]] = arith.constant true
// CHECK-DAG:     %[[FALSE:.+]] = arith.constant false
// CHECK-DAG:     %[[OLD:.+]] = arith.constant dense<0.000000e+00> : vector<2xbf16>
// CHECK-DAG:     %[[X0:.+]] = vector.extract %[[X]][0]
// CHECK-DAG:     %[[X1:.+]] = vector.extract %[[X]][1]
// CHECK-DAG:     %[[X2:.+]] = vector.extract %[[X]][2]
// CHECK-DAG:     %[[R0:.+]] = vector.extract %[[R]][0]
// CHECK:         %[[E0:.+]] = arith.extui %[[R0]] : i16 to i32
// CHECK:         %[[S0:.+]] = arith.shli %[[E0]], %[[C16]] : i32
// CHECK:         %[[P0:.+]] = llvm.call_intrinsic "llvm.amdgcn.cvt.sr.bf16.f32"(%[[OLD]], %[[X0]], %[[S0]], %[[FALSE]]) : (vector<2xbf16>, f32, i32, i1) -> vector<2xbf16>
// CHECK:         %[[P1:.+]] = llvm.call_intrinsic "llvm.amdgcn.cvt.sr.bf16.f32"(%[[P0]], %[[X1]], %{{.+}}, %[[TRUE]])
// CHECK:         %[[Y0:.+]] = vector.extract %[[P1]][0]
// CHECK:         %[[Y1:.+]] = vector.extract %[[P1]][1]
// CHECK:         %[[P2:.+]] = llvm.call_intrinsic "llvm.amdgcn.cvt.sr.bf16.f32"(%[[OLD]], %[[X2]], %{{.+}}, %[[FALSE]])
// CHECK:         %[[Y2:.+]] = vector.extract %[[P2]][0]
// CHECK:         %[[Y:.+]] = vector.from_elements %[[Y0]], %[[Y1]], %[[Y2]] : vector<3xbf16>
// CHECK:         return %[[Y]]
func.func @bf16_vector_odd(%x: vector<3xf32>, %r: vector<3xi16>) -> vector<3xbf16> {
  %y = round.stochastic %x, %r : vector<3xf32>, vector<3xi16> -> vector<3xbf16>
  return %y : vector<3xbf16>
}

// -----

// The instruction does not saturate: with `saturate`, every |x| above the
// largest bf16 (0x7F7F0000 as f32), +-Inf included, becomes +-0x7F7F.

// CHECK-LABEL: func.func @bf16_saturate(
// CHECK-SAME:      %[[X:[^:]+]]: f32, %[[R:[^:]+]]: i8)
// CHECK-DAG:     %[[C24:.+]] = arith.constant 24 : i32
// CHECK-DAG:     %[[MAX32:.+]] = arith.constant 2139029504 : i32
// CHECK-DAG:     %[[INF32:.+]] = arith.constant 2139095040 : i32
// CHECK-DAG:     %[[MAX:.+]] = arith.constant 32639 : i16
// CHECK:         %[[E:.+]] = arith.extui %[[R]] : i8 to i32
// CHECK:         %[[S:.+]] = arith.shli %[[E]], %[[C24]] : i32
// CHECK:         %[[P:.+]] = llvm.call_intrinsic "llvm.amdgcn.cvt.sr.bf16.f32"(%{{.+}}, %[[X]], %[[S]], %{{.+}})
// CHECK:         %[[H:.+]] = vector.extract %[[P]][0]
// CHECK:         %[[ABOVE:.+]] = arith.cmpi ugt, %[[A:.+]], %[[MAX32]] : i32
// CHECK:         %[[FINITE:.+]] = arith.cmpi ule, %[[A]], %[[INF32]] : i32
// CHECK:         %[[COND:.+]] = arith.andi %[[ABOVE]], %[[FINITE]] : i1
// CHECK:         %[[SIGNED_MAX:.+]] = arith.ori %{{.+}}, %[[MAX]] : i16
// CHECK:         %[[HBITS:.+]] = arith.bitcast %[[H]] : bf16 to i16
// CHECK:         %[[SEL:.+]] = arith.select %[[COND]], %[[SIGNED_MAX]], %[[HBITS]] : i16
// CHECK:         %[[Y:.+]] = arith.bitcast %[[SEL]] : i16 to bf16
// CHECK:         return %[[Y]]
func.func @bf16_saturate(%x: f32, %r: i8) -> bf16 {
  %y = round.stochastic %x, %r saturate : f32, i8 -> bf16
  return %y : bf16
}

// -----

// f16 without saturate: K = 13 bits at the top (i32 rbits: the low 13 bits
// shifted by 19); |x| >= 65536 (0x47800000) is pinned to +-Inf.

// CHECK-LABEL: func.func @f16_nonsaturating(
// CHECK-SAME:      %[[X:[^:]+]]: f32, %[[R:[^:]+]]: i32)
// CHECK-DAG:     %[[MASK:.+]] = arith.constant 8191 : i32
// CHECK-DAG:     %[[C19:.+]] = arith.constant 19 : i32
// CHECK-DAG:     %[[BIG:.+]] = arith.constant 1199570944 : i32
// CHECK-DAG:     %[[INF:.+]] = arith.constant 31744 : i16
// CHECK:         %[[M:.+]] = arith.andi %[[R]], %[[MASK]] : i32
// CHECK:         %[[S:.+]] = arith.shli %[[M]], %[[C19]] : i32
// CHECK:         llvm.call_intrinsic "llvm.amdgcn.cvt.sr.f16.f32"(%{{.+}}, %[[X]], %[[S]], %{{.+}}) : (vector<2xf16>, f32, i32, i1) -> vector<2xf16>
// CHECK:         arith.cmpi uge, %{{.+}}, %[[BIG]] : i32
// CHECK:         arith.ori %{{.+}}, %[[INF]] : i16
// CHECK:         arith.select
// CHECK:         return
func.func @f16_nonsaturating(%x: f32, %r: i32) -> f16 {
  %y = round.stochastic %x, %r : f32, i32 -> f16
  return %y : f16
}

// -----

// OCP fp8 on gfx950: rocdl.cvt.sr.fp8.f32 (v_cvt_sr_fp8_f32) writes byte
// `byteSel` of its i32 operand: four elements chain into one word. K = 20
// for i32 rbits, at the top of the seed (shifted by 12). With saturate,
// Where |x| > 448 (0x43E00000; +-Inf and NaN included) the byte is the
// universal lowering's (+-0x7E with saturate, NaN 0x7F): the same SR
// builder, selected over the instruction's byte.

// CHECK-LABEL: func.func @e4m3_saturate(
// CHECK-SAME:      %[[X:[^:]+]]: vector<5xf32>, %[[R:[^:]+]]: vector<5xi32>)
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK-DAG:     %[[MAX32:.+]] = arith.constant 1138753536 : i32
// CHECK:         %[[W0:.+]] = rocdl.cvt.sr.fp8.f32 %{{.+}}, %{{.+}} -> %[[ZERO]][0] : i32
// CHECK:         %[[W1:.+]] = rocdl.cvt.sr.fp8.f32 %{{.+}}, %{{.+}} -> %[[W0]][1] : i32
// CHECK:         %[[W2:.+]] = rocdl.cvt.sr.fp8.f32 %{{.+}}, %{{.+}} -> %[[W1]][2] : i32
// CHECK:         %[[W3:.+]] = rocdl.cvt.sr.fp8.f32 %{{.+}}, %{{.+}} -> %[[W2]][3] : i32
// CHECK:         %[[B0:.+]] = arith.trunci %[[W3]] : i32 to i8
// CHECK:         %[[UNDOC:.+]] = arith.cmpi ugt, %{{.+}}, %[[MAX32]] : i32
// CHECK:         arith.select %[[UNDOC]], %{{.+}}, %[[B0]] : i8
// CHECK:         %[[W4:.+]] = rocdl.cvt.sr.fp8.f32 %{{.+}}, %{{.+}} -> %[[ZERO]][0] : i32
// CHECK-NOT:     rocdl.cvt
// CHECK:         vector.from_elements {{.+}} : vector<5xf8E4M3FN>
func.func @e4m3_saturate(%x: vector<5xf32>, %r: vector<5xi32>) -> vector<5xf8E4M3FN> {
  %y = round.stochastic %x, %r saturate : vector<5xf32>, vector<5xi32> -> vector<5xf8E4M3FN>
  return %y : vector<5xf8E4M3FN>
}

// -----

// bf8 without saturate, i8 rbits: K = 8 at the top of the 32-bit seed
// (shift 24; AMD's host model reads seed[31:11]). Past the largest E5M2
// value (0x47600000) the universal lowering's byte is selected: SPEC's
// +-Inf or +-57344 from the one SR carry.

// CHECK-LABEL: func.func @e5m2_nonsaturating(
// CHECK-SAME:      %[[X:[^:]+]]: f32, %[[R:[^:]+]]: i8)
// CHECK-DAG:     %[[C24:.+]] = arith.constant 24 : i32
// CHECK-DAG:     %[[MAX32:.+]] = arith.constant 1197473792 : i32
// CHECK:         %[[E:.+]] = arith.extui %[[R]] : i8 to i32
// CHECK:         %[[S:.+]] = arith.shli %[[E]], %[[C24]] : i32
// CHECK:         %[[W:.+]] = rocdl.cvt.sr.bf8.f32 %[[X]], %[[S]] -> %{{.+}}[0] : i32
// CHECK:         %[[B:.+]] = arith.trunci %[[W]] : i32 to i8
// CHECK:         %[[UNDOC:.+]] = arith.cmpi ugt, %{{.+}}, %[[MAX32]] : i32
// CHECK:         arith.select %[[UNDOC]], %{{.+}}, %[[B]] : i8
// CHECK:         return
func.func @e5m2_nonsaturating(%x: f32, %r: i8) -> f8E5M2 {
  %y = round.stochastic %x, %r : f32, i8 -> f8E5M2
  return %y : f8E5M2
}

// -----

// gfx950 has no FNUZ stochastic rounding.

// CHECK-LABEL: func.func @negative_fnuz(
// CHECK-NOT:     rocdl.
// CHECK-NOT:     llvm.call_intrinsic
// CHECK:         return
func.func @negative_fnuz(%x: vector<4xf32>, %r: vector<4xi8>) -> vector<4xf8E4M3FNUZ> {
  %y = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi8> -> vector<4xf8E4M3FNUZ>
  return %y : vector<4xf8E4M3FNUZ>
}

// Ranked tensors: a linalg.generic whose scalar body takes the scalar route.
// CHECK-LABEL: func.func @tensor(
// CHECK:         linalg.generic
// CHECK:         linalg.yield
// CHECK:         return
func.func @tensor(%x: tensor<4xf32>, %r: tensor<4xi32>) -> tensor<4xbf16> {
  %y = round.stochastic %x, %r : tensor<4xf32>, tensor<4xi32> -> tensor<4xbf16>
  return %y : tensor<4xbf16>
}
