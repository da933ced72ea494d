// convert-round-to-arith for the formats with a narrower exponent range than
// f32 (f16, fp8): the significand is shifted by D plus the number of binades
// below T's smallest normal (clamped below 32), the exponent is rebiased.

// RUN: rng-opt %s --convert-round-to-arith | FileCheck %s

// f8E4M3FN: m = 3, D = 20, smallest normal 2^-6 at f32 exponent E = 121.
// CHECK-LABEL: func.func @e4m3fn
// CHECK-SAME: (%[[X:.+]]: f32, %[[RBITS:.+]]: i32) -> f8E4M3FN
// CHECK:      %[[ABS_MASK:.+]] = arith.constant 2147483647 : i32
// CHECK:      %[[ABS:.+]] = arith.andi %{{.+}}, %[[ABS_MASK]] : i32
// CHECK:      %[[LOW20:.+]] = arith.constant 1048575 : i32
// CHECK:      %[[R:.+]] = arith.andi %[[RBITS]], %[[LOW20]] : i32
// CHECK:      %[[C23:.+]] = arith.constant 23 : i32
// CHECK:      %[[EXP:.+]] = arith.shrui %[[ABS]], %[[C23]] : i32
// CHECK:      %[[C1:.+]] = arith.constant 1 : i32
// CHECK:      %[[IS_NORMAL:.+]] = arith.minui %[[EXP]], %[[C1]] : i32
// CHECK:      %[[HIDDEN:.+]] = arith.shli %[[IS_NORMAL]], %[[C23]] : i32
// CHECK:      %[[MANT_MASK:.+]] = arith.constant 8388607 : i32
// CHECK:      %[[MANT:.+]] = arith.andi %[[ABS]], %[[MANT_MASK]] : i32
// CHECK:      %[[SIG:.+]] = arith.ori %[[MANT]], %[[HIDDEN]] : i32
// CHECK:      %[[EFF_EXP:.+]] = arith.maxui %[[EXP]], %[[C1]] : i32
// CHECK:      %[[E:.+]] = arith.constant 121 : i32
// CHECK:      %[[CLAMPED:.+]] = arith.maxui %[[EFF_EXP]], %[[E]] : i32
// CHECK:      %[[BELOW:.+]] = arith.subi %[[CLAMPED]], %[[EFF_EXP]] : i32
// CHECK:      %[[ABOVE:.+]] = arith.subi %[[CLAMPED]], %[[E]] : i32
// CHECK:      %[[D:.+]] = arith.constant 20 : i32
// CHECK:      %[[Q_SHIFT_RAW:.+]] = arith.addi %[[BELOW]], %[[D]] : i32
// CHECK:      %[[C31:.+]] = arith.constant 31 : i32
// CHECK:      %[[Q_SHIFT:.+]] = arith.minui %[[Q_SHIFT_RAW]], %[[C31]] : i32
// K = D: the t shift is just `below`.
// CHECK:      %[[T_SHIFT:.+]] = arith.minui %[[BELOW]], %[[C31]] : i32
// CHECK:      %[[M:.+]] = arith.constant 3 : i32
// CHECK:      %[[EXP_FIELD:.+]] = arith.shli %[[ABOVE]], %[[M]] : i32
// CHECK:      %[[SIG_Q:.+]] = arith.shrui %[[SIG]], %[[Q_SHIFT]] : i32
// CHECK:      %[[Q:.+]] = arith.addi %[[SIG_Q]], %[[EXP_FIELD]] : i32
// CHECK:      %[[SIG_T:.+]] = arith.shrui %[[SIG]], %[[T_SHIFT]] : i32
// CHECK:      %[[T:.+]] = arith.andi %[[SIG_T]], %[[LOW20]] : i32
// CHECK:      %[[SUM:.+]] = arith.addi %[[T]], %[[R]] : i32
// CHECK:      %[[CARRY:.+]] = arith.shrui %[[SUM]], %[[D]] : i32
// CHECK:      %[[MAG:.+]] = arith.addi %[[Q]], %[[CARRY]] : i32
// CHECK:      %[[MAX:.+]] = arith.constant 126 : i32
// CHECK:      arith.cmpi ugt, %[[MAG]], %[[MAX]] : i32
func.func @e4m3fn(%x: f32, %rbits: i32) -> f8E4M3FN {
  %y = round.stochastic %x, %rbits : f32, i32 -> f8E4M3FN
  return %y : f8E4M3FN
}

// f16 with K = 8 < D = 13: the t shift is below + 5.
// CHECK-LABEL: func.func @f16_k8
// CHECK:      %[[E:.+]] = arith.constant 113 : i32
// CHECK:      %[[CLAMPED:.+]] = arith.maxui %{{.+}}, %[[E]] : i32
// CHECK:      %[[BELOW:.+]] = arith.subi %[[CLAMPED]], %{{.+}} : i32
// CHECK:      %[[D:.+]] = arith.constant 13 : i32
// CHECK:      arith.addi %[[BELOW]], %[[D]] : i32
// CHECK:      %[[D_MINUS_K:.+]] = arith.constant 5 : i32
// CHECK:      arith.addi %[[BELOW]], %[[D_MINUS_K]] : i32
// CHECK:      %[[M:.+]] = arith.constant 10 : i32
// CHECK:      arith.shli %{{.+}}, %[[M]] : i32
// CHECK:      %[[MAX:.+]] = arith.constant 31743 : i32
// CHECK:      arith.cmpi ugt, %{{.+}}, %[[MAX]] : i32
func.func @f16_k8(%x: f32, %rbits: i8) -> f16 {
  %y = round.stochastic %x, %rbits : f32, i8 -> f16
  return %y : f16
}

// The smallest-normal exponents and mantissa widths of the other formats.
// CHECK-LABEL: func.func @e5m2
// CHECK:      arith.constant 113 : i32
// CHECK:      arith.constant 21 : i32
// CHECK:      arith.constant 2 : i32
// CHECK:      arith.constant 123 : i32
func.func @e5m2(%x: f32, %rbits: i32) -> f8E5M2 {
  %y = round.stochastic %x, %rbits : f32, i32 -> f8E5M2
  return %y : f8E5M2
}

// CHECK-LABEL: func.func @e4m3fnuz
// CHECK:      arith.constant 120 : i32
// CHECK:      arith.constant 20 : i32
// CHECK:      arith.constant 3 : i32
// CHECK:      arith.constant 127 : i32
func.func @e4m3fnuz(%x: f32, %rbits: i32) -> f8E4M3FNUZ {
  %y = round.stochastic %x, %rbits : f32, i32 -> f8E4M3FNUZ
  return %y : f8E4M3FNUZ
}

// CHECK-LABEL: func.func @e5m2fnuz
// CHECK:      arith.constant 112 : i32
// CHECK:      arith.constant 21 : i32
// CHECK:      arith.constant 2 : i32
// CHECK:      arith.constant 127 : i32
func.func @e5m2fnuz(%x: f32, %rbits: i32) -> f8E5M2FNUZ {
  %y = round.stochastic %x, %rbits : f32, i32 -> f8E5M2FNUZ
  return %y : f8E5M2FNUZ
}
