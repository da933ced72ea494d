// convert-round-to-arith's overflow, saturate, zero and NaN handling per
// format: after the rounded magnitude MAG and the overflow test
// MAG > largest finite (a clamp, minui, with saturate), the sign is attached
// and the specials selected.

// RUN: rng-opt %s --convert-round-to-arith | FileCheck %s

// Saturating bf16: overflow (and +-Inf) clamp to 0x7F7F before the sign.
// CHECK-LABEL: func.func @bf16_saturate
// CHECK:      %[[MAX:.+]] = arith.constant 32639 : i32
// CHECK:      %[[CLAMPED:.+]] = arith.minui %[[MAG:.+]], %[[MAX]] : i32
// CHECK:      %[[SIGNED:.+]] = arith.ori %[[CLAMPED]], %{{.+}} : i32
// CHECK-NOT:  arith.constant 32640
// CHECK:      %[[NAN:.+]] = arith.constant 32704 : i32
// CHECK:      %[[RESULT:.+]] = arith.select %{{.+}}, %[[NAN]], %[[SIGNED]] : i32
// CHECK:      arith.trunci %[[RESULT]] : i32 to i16
func.func @bf16_saturate(%x: f32, %rbits: i16) -> bf16 {
  %y = round.stochastic %x, %rbits saturate : f32, i16 -> bf16
  return %y : bf16
}

// Non-saturating f8E5M2: overflow gives +-Inf (0x7C with the sign).
// CHECK-LABEL: func.func @e5m2_overflow_to_inf
// CHECK:      %[[MAX:.+]] = arith.constant 123 : i32
// CHECK:      %[[OVERFLOW:.+]] = arith.cmpi ugt, %[[MAG:.+]], %[[MAX]] : i32
// CHECK:      %[[C24:.+]] = arith.constant 24 : i32
// CHECK:      %[[SIGN8:.+]] = arith.shrui %{{.+}}, %[[C24]] : i32
// CHECK:      %[[SIGNED:.+]] = arith.ori %[[MAG]], %[[SIGN8]] : i32
// CHECK:      %[[INF:.+]] = arith.constant 124 : i32
// CHECK:      %[[SIGNED_INF:.+]] = arith.ori %[[INF]], %[[SIGN8]] : i32
// CHECK:      %[[FINITE:.+]] = arith.select %[[OVERFLOW]], %[[SIGNED_INF]], %[[SIGNED]] : i32
// CHECK:      %[[NAN:.+]] = arith.constant 126 : i32
// CHECK:      arith.select %{{.+}}, %[[NAN]], %[[FINITE]] : i32
func.func @e5m2_overflow_to_inf(%x: f32, %rbits: i32) -> f8E5M2 {
  %y = round.stochastic %x, %rbits : f32, i32 -> f8E5M2
  return %y : f8E5M2
}

// Non-saturating f8E4M3FN has no Inf: overflow gives NaN (0x7F).
// CHECK-LABEL: func.func @e4m3fn_overflow_to_nan
// CHECK:      %[[MAX:.+]] = arith.constant 126 : i32
// CHECK:      %[[OVERFLOW:.+]] = arith.cmpi ugt, %[[MAG:.+]], %[[MAX]] : i32
// CHECK:      %[[SIGNED:.+]] = arith.ori %[[MAG]], %{{.+}} : i32
// CHECK:      %[[NAN:.+]] = arith.constant 127 : i32
// CHECK:      %[[FINITE:.+]] = arith.select %[[OVERFLOW]], %[[NAN]], %[[SIGNED]] : i32
// CHECK:      arith.select %{{.+}}, %[[NAN]], %[[FINITE]] : i32
func.func @e4m3fn_overflow_to_nan(%x: f32, %rbits: i32) -> f8E4M3FN {
  %y = round.stochastic %x, %rbits : f32, i32 -> f8E4M3FN
  return %y : f8E4M3FN
}

// FNUZ: a zero magnitude drops the sign (0x80 is NaN); overflow and NaN
// give 0x80.
// CHECK-LABEL: func.func @e4m3fnuz_zero_and_nan
// CHECK:      %[[MAX:.+]] = arith.constant 127 : i32
// CHECK:      %[[OVERFLOW:.+]] = arith.cmpi ugt, %[[MAG:.+]], %[[MAX]] : i32
// CHECK:      %[[SIGNED:.+]] = arith.ori %[[MAG]], %{{.+}} : i32
// CHECK:      %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK:      %[[IS_ZERO:.+]] = arith.cmpi eq, %[[MAG]], %[[ZERO]] : i32
// CHECK:      %[[UNSIGNED_ZERO:.+]] = arith.select %[[IS_ZERO]], %[[ZERO]], %[[SIGNED]] : i32
// CHECK:      %[[NAN:.+]] = arith.constant 128 : i32
// CHECK:      %[[FINITE:.+]] = arith.select %[[OVERFLOW]], %[[NAN]], %[[UNSIGNED_ZERO]] : i32
// CHECK:      arith.select %{{.+}}, %[[NAN]], %[[FINITE]] : i32
func.func @e4m3fnuz_zero_and_nan(%x: f32, %rbits: i32) -> f8E4M3FNUZ {
  %y = round.stochastic %x, %rbits : f32, i32 -> f8E4M3FNUZ
  return %y : f8E4M3FNUZ
}

// Saturating FNUZ: clamp to 0x7F, keep the zero fix, NaN stays 0x80.
// CHECK-LABEL: func.func @e5m2fnuz_saturate
// CHECK:      %[[MAX:.+]] = arith.constant 127 : i32
// CHECK:      %[[CLAMPED:.+]] = arith.minui %[[MAG:.+]], %[[MAX]] : i32
// CHECK:      %[[SIGNED:.+]] = arith.ori %[[CLAMPED]], %{{.+}} : i32
// CHECK:      %[[IS_ZERO:.+]] = arith.cmpi eq, %[[CLAMPED]], %{{.+}} : i32
// CHECK:      %[[UNSIGNED_ZERO:.+]] = arith.select %[[IS_ZERO]], %{{.+}}, %[[SIGNED]] : i32
// CHECK:      %[[NAN:.+]] = arith.constant 128 : i32
// CHECK:      arith.select %{{.+}}, %[[NAN]], %[[UNSIGNED_ZERO]] : i32
func.func @e5m2fnuz_saturate(%x: f32, %rbits: i32) -> f8E5M2FNUZ {
  %y = round.stochastic %x, %rbits saturate : f32, i32 -> f8E5M2FNUZ
  return %y : f8E5M2FNUZ
}
