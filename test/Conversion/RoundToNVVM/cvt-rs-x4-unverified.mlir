// The opt-in 4-wide PTX cvt.rs.satfinite forms (unverified-sr-instructions):
// saturating round.stochastic to fp8, fp6 and fp4, four elements per
// instruction, sources reversed (vector element 0 is PTX `a`, the most
// significant byte or nibble) so that result byte/nibble i is element i. The
// random bits follow the pair-shared 16-bit model: with o_i the top 8 of
// element i's K random bits, the low field is o_0 << 8 | bitrev8(o_1) and
// the high one o_2 << 8 | bitrev8(o_3) (for fp4 interleaved by bytes:
// rbits[31:24], [15:8] from the high field, [23:16], [7:0] from the low).

// RUN: rng-opt %s --split-input-file \
// RUN:   --convert-round-to-nvvm="chip=sm_100a unverified-sr-instructions=true" \
// RUN:   --canonicalize | FileCheck %s
// RUN: rng-opt %s --split-input-file \
// RUN:   --convert-round-to-nvvm="chip=sm_103a unverified-sr-instructions=true" \
// RUN:   --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @e4m3_vector(
// CHECK-SAME:      %[[X:[^:]+]]: vector<6xf32>, %[[R:[^:]+]]: vector<6xi8>)
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[X0:.+]] = vector.extract %[[X]][0]
// CHECK-DAG:     %[[X1:.+]] = vector.extract %[[X]][1]
// CHECK-DAG:     %[[X2:.+]] = vector.extract %[[X]][2]
// CHECK-DAG:     %[[X3:.+]] = vector.extract %[[X]][3]
// CHECK-DAG:     %[[X4:.+]] = vector.extract %[[X]][4]
// CHECK-DAG:     %[[X5:.+]] = vector.extract %[[X]][5]
// CHECK:         %[[S0:.+]] = vector.from_elements %[[X3]], %[[X2]], %[[X1]], %[[X0]] : vector<4xf32>
// CHECK:         %[[B0:.+]] = nvvm.convert.f32x4.to.f8x4 %[[S0]], %{{.+}} : vector<4xf32> -> vector<4xi8>(f8E4M3FN)
// CHECK-COUNT-4: vector.extract %[[B0]]
// CHECK:         %[[S1:.+]] = vector.from_elements %[[ZERO]], %[[ZERO]], %[[X5]], %[[X4]] : vector<4xf32>
// CHECK:         %[[B1:.+]] = nvvm.convert.f32x4.to.f8x4 %[[S1]], %{{.+}} : vector<4xf32> -> vector<4xi8>(f8E4M3FN)
// CHECK-COUNT-2: vector.extract %[[B1]]
// CHECK:         vector.from_elements {{.+}} : vector<6xf8E4M3FN>
func.func @e4m3_vector(%x: vector<6xf32>, %r: vector<6xi8>) -> vector<6xf8E4M3FN> {
  %y = round.stochastic %x, %r saturate : vector<6xf32>, vector<6xi8> -> vector<6xf8E4M3FN>
  return %y : vector<6xf8E4M3FN>
}

// -----

// The rbits word of a group, i8 rbits (K = 8: o_i is r_i).

// CHECK-LABEL: func.func @e5m2_rbits(
// CHECK-SAME:      %[[X:[^:]+]]: vector<4xf32>, %[[R:[^:]+]]: vector<4xi8>)
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : i32
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : i32
// CHECK-DAG:     %[[C24:.+]] = arith.constant 24 : i32
// CHECK-DAG:     %[[R0:.+]] = vector.extract %[[R]][0]
// CHECK-DAG:     %[[R1:.+]] = vector.extract %[[R]][1]
// CHECK-DAG:     %[[R2:.+]] = vector.extract %[[R]][2]
// CHECK-DAG:     %[[R3:.+]] = vector.extract %[[R]][3]
// CHECK-DAG:     %[[O0:.+]] = arith.extui %[[R0]] : i8 to i32
// CHECK-DAG:     %[[O1:.+]] = arith.extui %[[R1]] : i8 to i32
// CHECK-DAG:     %[[O2:.+]] = arith.extui %[[R2]] : i8 to i32
// CHECK-DAG:     %[[O3:.+]] = arith.extui %[[R3]] : i8 to i32
// CHECK-DAG:     %[[LO_HI:.+]] = arith.shli %[[O0]], %[[C8]] : i32
// CHECK-DAG:     %[[REV1:.+]] = llvm.intr.bitreverse(%[[O1]]) : (i32) -> i32
// CHECK-DAG:     %[[REV1B:.+]] = arith.shrui %[[REV1]], %[[C24]] : i32
// CHECK-DAG:     %[[LOW:.+]] = arith.ori %[[LO_HI]], %[[REV1B]] : i32
// CHECK-DAG:     %[[HI_HI:.+]] = arith.shli %[[O2]], %[[C8]] : i32
// CHECK-DAG:     %[[REV3:.+]] = llvm.intr.bitreverse(%[[O3]]) : (i32) -> i32
// CHECK-DAG:     %[[REV3B:.+]] = arith.shrui %[[REV3]], %[[C24]] : i32
// CHECK-DAG:     %[[HIGH:.+]] = arith.ori %[[HI_HI]], %[[REV3B]] : i32
// CHECK-DAG:     %[[HIGH_UP:.+]] = arith.shli %[[HIGH]], %[[C16]] : i32
// CHECK:         %[[W:.+]] = arith.ori %[[HIGH_UP]], %[[LOW]] : i32
// CHECK:         nvvm.convert.f32x4.to.f8x4 %{{.+}}, %[[W]] : vector<4xf32> -> vector<4xi8>(f8E5M2)
func.func @e5m2_rbits(%x: vector<4xf32>, %r: vector<4xi8>) -> vector<4xf8E5M2> {
  %y = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi8> -> vector<4xf8E5M2>
  return %y : vector<4xf8E5M2>
}

// -----

// i32 rbits to E2M3 (K = 20): o_i is bits [19:12] of r_i; fp6 values sit in
// bits [5:0] of each result byte.

// CHECK-LABEL: func.func @e2m3_i32(
// CHECK-DAG:     %[[C12:.+]] = arith.constant 12 : i32
// CHECK-DAG:     %[[MASK:.+]] = arith.constant 1048575 : i32
// CHECK:         arith.andi %{{.+}}, %[[MASK]] : i32
// CHECK:         arith.shrui %{{.+}}, %[[C12]] : i32
// CHECK:         %[[B:.+]] = nvvm.convert.f32x4.to.f6x4 %{{.+}}, %{{.+}} : vector<4xf32> -> vector<4xi8>(f6E2M3FN)
// CHECK:         %[[E0:.+]] = vector.extract %[[B]][0] : i8 from vector<4xi8>
// CHECK:         %[[T0:.+]] = arith.trunci %[[E0]] : i8 to i6
// CHECK:         arith.bitcast %[[T0]] : i6 to f6E2M3FN
// CHECK:         vector.from_elements {{.+}} : vector<4xf6E2M3FN>
func.func @e2m3_i32(%x: vector<4xf32>, %r: vector<4xi32>) -> vector<4xf6E2M3FN> {
  %y = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi32> -> vector<4xf6E2M3FN>
  return %y : vector<4xf6E2M3FN>
}

// -----

// E3M2 from a scalar: one lane, the others convert 0.0 with zero bits.

// CHECK-LABEL: func.func @e3m2_scalar(
// CHECK-SAME:      %[[X:[^:]+]]: f32, %[[R:[^:]+]]: i16)
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[S:.+]] = vector.from_elements %[[ZERO]], %[[ZERO]], %[[ZERO]], %[[X]] : vector<4xf32>
// CHECK:         %[[B:.+]] = nvvm.convert.f32x4.to.f6x4 %[[S]], %{{.+}} : vector<4xf32> -> vector<4xi8>(f6E3M2FN)
// CHECK:         vector.extract %[[B]][0]
// CHECK:         arith.bitcast %{{.+}} : i6 to f6E3M2FN
func.func @e3m2_scalar(%x: f32, %r: i16) -> f6E3M2FN {
  %y = round.stochastic %x, %r saturate : f32, i16 -> f6E3M2FN
  return %y : f6E3M2FN
}

// -----

// E2M1: the i16 result holds element i in bits [4i+3:4i]; the pair fields
// are interleaved by bytes.

// CHECK-LABEL: func.func @e2m1_vector(
// CHECK-SAME:      %[[X:[^:]+]]: vector<4xf32>, %[[R:[^:]+]]: vector<4xi32>)
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : i32
// CHECK-DAG:     arith.constant 65280 : i32
// CHECK-DAG:     arith.constant 255 : i32
// CHECK:         %[[P:.+]] = nvvm.convert.f32x4.to.f4x4 %{{.+}}, %{{.+}} : vector<4xf32> -> i16(f4E2M1FN)
// CHECK:         %[[W:.+]] = arith.extui %[[P]] : i16 to i32
// CHECK:         %[[N0:.+]] = arith.trunci %[[P]] : i16 to i4
// CHECK:         arith.bitcast %[[N0]] : i4 to f4E2M1FN
// CHECK:         %[[S1:.+]] = arith.shrui %[[W]], %[[C4]] : i32
// CHECK:         arith.trunci %[[S1]] : i32 to i4
// CHECK:         vector.from_elements {{.+}} : vector<4xf4E2M1FN>
func.func @e2m1_vector(%x: vector<4xf32>, %r: vector<4xi32>) -> vector<4xf4E2M1FN> {
  %y = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi32> -> vector<4xf4E2M1FN>
  return %y : vector<4xf4E2M1FN>
}

// -----

// Still no cvt.rs with the option: fp8 without saturate (the instruction
// always saturates), the FNUZ formats, round.scaling_stochastic.

// CHECK-LABEL: func.func @negative_e4m3_nonsaturating(
// CHECK-NOT:     nvvm.convert
// CHECK:         return
func.func @negative_e4m3_nonsaturating(%x: vector<4xf32>, %r: vector<4xi8>) -> vector<4xf8E4M3FN> {
  %y = round.stochastic %x, %r : vector<4xf32>, vector<4xi8> -> vector<4xf8E4M3FN>
  return %y : vector<4xf8E4M3FN>
}

// CHECK-LABEL: func.func @negative_fnuz(
// CHECK-NOT:     nvvm.convert
// CHECK:         return
func.func @negative_fnuz(%x: vector<4xf32>, %r: vector<4xi8>) -> vector<4xf8E4M3FNUZ> {
  %y = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi8> -> vector<4xf8E4M3FNUZ>
  return %y : vector<4xf8E4M3FNUZ>
}

// CHECK-LABEL: func.func @negative_scaling(
// CHECK-NOT:     nvvm.convert
// CHECK:         return
func.func @negative_scaling(%x: vector<4xf32>, %s: f8E8M0FNU, %r: vector<4xi8>) -> vector<4xf4E2M1FN> {
  %y = round.scaling_stochastic %x, %s, %r saturate : vector<4xf32>, f8E8M0FNU, vector<4xi8> -> vector<4xf4E2M1FN>
  return %y : vector<4xf4E2M1FN>
}
