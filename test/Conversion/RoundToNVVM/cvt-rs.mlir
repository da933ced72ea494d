// RUN: rng-opt %s --split-input-file --convert-round-to-nvvm=chip=sm_100a --canonicalize \
// RUN:   | FileCheck %s
// RUN: rng-opt %s --split-input-file --convert-round-to-nvvm=chip=sm_103a --canonicalize \
// RUN:   | FileCheck %s

// bf16: adjacent elements share one cvt.rs.bf16x2. Element 2i is PTX `b`
// (src_lo, rbits[15:0], result element 0), element 2i+1 is `a`; with i8
// rbits (K = 8) the random byte goes to the top of each 16-bit half. An
// odd tail converts 0.0 in the unused half.

// CHECK-LABEL: func.func @bf16_vector_odd(
// CHECK-SAME:      %[[X:[^:]+]]: vector<3xf32>, %[[R:[^:]+]]: vector<3xi8>)
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : i32
// CHECK-DAG:     %[[C24:.+]] = arith.constant 24 : i32
// CHECK-DAG:     %[[X0:.+]] = vector.extract %[[X]][0]
// CHECK-DAG:     %[[X1:.+]] = vector.extract %[[X]][1]
// CHECK-DAG:     %[[X2:.+]] = vector.extract %[[X]][2]
// CHECK-DAG:     %[[R0:.+]] = vector.extract %[[R]][0]
// CHECK-DAG:     %[[R1:.+]] = vector.extract %[[R]][1]
// CHECK:         %[[E0:.+]] = arith.extui %[[R0]] : i8 to i32
// CHECK:         %[[S0:.+]] = arith.shli %[[E0]], %[[C8]] : i32
// CHECK:         %[[E1:.+]] = arith.extui %[[R1]] : i8 to i32
// CHECK:         %[[S1:.+]] = arith.shli %[[E1]], %[[C24]] : i32
// CHECK:         %[[W0:.+]] = arith.ori %[[S0]], %[[S1]] : i32
// CHECK:         %[[P0:.+]] = nvvm.convert.f32x2.to.bf16x2 %[[X1]], %[[X0]], %[[W0]] {rnd = #nvvm.fp_rnd_mode<rs>} : vector<2xbf16>
// CHECK:         %[[Y0:.+]] = vector.extract %[[P0]][0]
// CHECK:         %[[Y1:.+]] = vector.extract %[[P0]][1]
// CHECK:         %[[P1:.+]] = nvvm.convert.f32x2.to.bf16x2 %[[ZERO]], %[[X2]], %{{.+}} {rnd = #nvvm.fp_rnd_mode<rs>} : vector<2xbf16>
// CHECK:         %[[Y2:.+]] = vector.extract %[[P1]][0]
// CHECK:         %[[Y:.+]] = vector.from_elements %[[Y0]], %[[Y1]], %[[Y2]] : vector<3xbf16>
// CHECK:         return %[[Y]]
func.func @bf16_vector_odd(%x: vector<3xf32>, %r: vector<3xi8>) -> vector<3xbf16> {
  %y = round.stochastic %x, %r : vector<3xf32>, vector<3xi8> -> vector<3xbf16>
  return %y : vector<3xbf16>
}

// -----

// bf16 with i64 rbits: K = 16, the low 16 bits, no shift; saturate maps to
// .satfinite.

// CHECK-LABEL: func.func @bf16_i64_saturate(
// CHECK-SAME:      %[[X:[^:]+]]: f32, %[[R:[^:]+]]: i64)
// CHECK:         %[[T:.+]] = arith.trunci %[[R]] : i64 to i32
// CHECK:         %[[M:.+]] = arith.andi %[[T]], %{{.+}} : i32
// CHECK-NOT:     arith.shli
// CHECK:         %[[P:.+]] = nvvm.convert.f32x2.to.bf16x2 %{{.+}}, %[[X]], %[[M]] {rnd = #nvvm.fp_rnd_mode<rs>, sat = #nvvm.sat_mode<satfinite>} : vector<2xbf16>
// CHECK:         %[[Y:.+]] = vector.extract %[[P]][0]
// CHECK:         return %[[Y]]
func.func @bf16_i64_saturate(%x: f32, %r: i64) -> bf16 {
  %y = round.stochastic %x, %r saturate : f32, i64 -> bf16
  return %y : bf16
}

// -----

// f16: the 13 low bits of each half (K = 13 for i32 rbits). Without
// saturate, |x| >= 65536 (0x47800000) is pinned to +-Inf (0x7C00).

// CHECK-LABEL: func.func @f16_nonsaturating(
// CHECK-SAME:      %[[X:[^:]+]]: f32, %[[R:[^:]+]]: i32)
// CHECK-DAG:     %[[MASK:.+]] = arith.constant 8191 : i32
// CHECK-DAG:     %[[BIG:.+]] = arith.constant 1199570944 : i32
// CHECK-DAG:     %[[INF:.+]] = arith.constant 31744 : i16
// CHECK:         %[[M:.+]] = arith.andi %[[R]], %[[MASK]] : i32
// CHECK:         %[[P:.+]] = nvvm.convert.f32x2.to.f16x2 %{{.+}}, %[[X]], %[[M]] {rnd = #nvvm.fp_rnd_mode<rs>} : vector<2xf16>
// CHECK:         %[[H:.+]] = vector.extract %[[P]][0]
// CHECK:         %[[ABOVE:.+]] = arith.cmpi uge, %{{.+}}, %[[BIG]] : i32
// CHECK:         %[[SIGNED_INF:.+]] = arith.ori %{{.+}}, %[[INF]] : i16
// CHECK:         %[[HBITS:.+]] = arith.bitcast %[[H]] : f16 to i16
// CHECK:         %[[SEL:.+]] = arith.select %{{.+}}, %[[SIGNED_INF]], %[[HBITS]] : i16
// CHECK:         %[[Y:.+]] = arith.bitcast %[[SEL]] : i16 to f16
// CHECK:         return %[[Y]]
func.func @f16_nonsaturating(%x: f32, %r: i32) -> f16 {
  %y = round.stochastic %x, %r : f32, i32 -> f16
  return %y : f16
}

// -----

// f16 with saturate: .satfinite, no guard; i8 rbits go to bits [12:5] and
// [28:21].

// CHECK-LABEL: func.func @f16_saturate(
// CHECK-DAG:     %[[C5:.+]] = arith.constant 5 : i32
// CHECK-DAG:     %[[C21:.+]] = arith.constant 21 : i32
// CHECK:         arith.shli %{{.+}}, %[[C5]] : i32
// CHECK:         arith.shli %{{.+}}, %[[C21]] : i32
// CHECK:         nvvm.convert.f32x2.to.f16x2 {{.+}} {rnd = #nvvm.fp_rnd_mode<rs>, sat = #nvvm.sat_mode<satfinite>} : vector<2xf16>
// CHECK-NOT:     arith.select
// CHECK:         return
func.func @f16_saturate(%x: vector<2xf32>, %r: vector<2xi8>) -> vector<2xf16> {
  %y = round.stochastic %x, %r saturate : vector<2xf32>, vector<2xi8> -> vector<2xf16>
  return %y : vector<2xf16>
}

// -----

// Where cvt.rs is not established as computing the op's function, no
// cvt.rs (the fma.rz formulation, other-chips.mlir): every 4-wide form by
// default (fp8, fp6, fp4; opt-in only, cvt-rs-x4-unverified.mlir) and the
// FNUZ formats.

// CHECK-LABEL: func.func @negative_e4m3_default(
// CHECK-NOT:     nvvm.convert
// CHECK:         return
func.func @negative_e4m3_default(%x: vector<4xf32>, %r: vector<4xi8>) -> vector<4xf8E4M3FN> {
  %y = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi8> -> vector<4xf8E4M3FN>
  return %y : vector<4xf8E4M3FN>
}

// CHECK-LABEL: func.func @negative_e2m1_default(
// CHECK-NOT:     nvvm.convert
// CHECK:         return
func.func @negative_e2m1_default(%x: vector<4xf32>, %r: vector<4xi32>) -> vector<4xf4E2M1FN> {
  %y = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi32> -> vector<4xf4E2M1FN>
  return %y : vector<4xf4E2M1FN>
}

// CHECK-LABEL: func.func @negative_e3m2_default(
// CHECK-NOT:     nvvm.convert
// CHECK:         return
func.func @negative_e3m2_default(%x: vector<4xf32>, %r: vector<4xi16>) -> vector<4xf6E3M2FN> {
  %y = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi16> -> vector<4xf6E3M2FN>
  return %y : vector<4xf6E3M2FN>
}

// -----

// Where cvt.rs does not compute the op's function, no cvt.rs:
// fp8 without saturate (cvt.rs always saturates), fp8 with K > 8, the FNUZ
// formats.

// CHECK-LABEL: func.func @negative_e4m3_nonsaturating(
// CHECK-NOT:     nvvm.convert
// CHECK:         return
func.func @negative_e4m3_nonsaturating(%x: vector<4xf32>, %r: vector<4xi8>) -> vector<4xf8E4M3FN> {
  %y = round.stochastic %x, %r : vector<4xf32>, vector<4xi8> -> vector<4xf8E4M3FN>
  return %y : vector<4xf8E4M3FN>
}

// CHECK-LABEL: func.func @negative_e5m2_i16(
// CHECK-NOT:     nvvm.convert
// CHECK:         return
func.func @negative_e5m2_i16(%x: vector<4xf32>, %r: vector<4xi16>) -> vector<4xf8E5M2> {
  %y = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi16> -> vector<4xf8E5M2>
  return %y : vector<4xf8E5M2>
}

// CHECK-LABEL: func.func @negative_fnuz(
// CHECK-NOT:     nvvm.convert
// CHECK:         return
func.func @negative_fnuz(%x: vector<4xf32>, %r: vector<4xi8>) -> vector<4xf8E4M3FNUZ> {
  %y = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi8> -> vector<4xf8E4M3FNUZ>
  return %y : vector<4xf8E4M3FNUZ>
}

// Ranked tensors: a linalg.generic whose scalar body takes the same route
// as a scalar (cvt.rs with a padded pair).
// CHECK-LABEL: func.func @tensor(
// CHECK:         linalg.generic
// CHECK:           nvvm.convert.f32x2.to.bf16x2
// CHECK:         linalg.yield
// CHECK:         return
func.func @tensor(%x: tensor<4xf32>, %r: tensor<4xi16>) -> tensor<4xbf16> {
  %y = round.stochastic %x, %r : tensor<4xf32>, tensor<4xi16> -> tensor<4xbf16>
  return %y : tensor<4xbf16>
}

// -----

// round.scaling_stochastic has no cvt.rs form: to f16 it takes the fma.rz
// formulation here too (round.stochastic to f16 takes cvt.rs, above).
// CHECK-LABEL: func.func @scaling_f16(
// CHECK-NOT:     nvvm.convert
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.fma.rz.f"
// CHECK-NOT:     nvvm.convert
// CHECK:         return
func.func @scaling_f16(%x: vector<2xf32>, %s: f8E8M0FNU, %r: vector<2xi16>) -> vector<2xf16> {
  %y = round.scaling_stochastic %x, %s, %r : vector<2xf32>, f8E8M0FNU, vector<2xi16> -> vector<2xf16>
  return %y : vector<2xf16>
}

