// convert-round-to-arith reads the low K = min(W, D(T)) bits of rbits:
// zero-extended (W < 32) or truncated (W > 32) to i32, masked unless K = W.

// RUN: rng-opt %s --convert-round-to-arith | FileCheck %s

// CHECK-LABEL: func.func @i1_bf16
// CHECK-SAME: (%{{[a-z0-9]+}}: f32, %[[RBITS:[a-z0-9]+]]: i1)
// CHECK:      %[[R:.+]] = arith.extui %[[RBITS]] : i1 to i32
// CHECK-NOT:  arith.andi %[[R]]
// The one random bit is added at the top of the 16 discarded bits.
// CHECK:      %[[C15:.+]] = arith.constant 15 : i32
// CHECK:      %[[ALIGNED:.+]] = arith.shli %[[R]], %[[C15]] : i32
// CHECK:      arith.addi %{{.+}}, %[[ALIGNED]] : i32
func.func @i1_bf16(%x: f32, %rbits: i1) -> bf16 {
  %y = round.stochastic %x, %rbits : f32, i1 -> bf16
  return %y : bf16
}

// K = 12 = W < D = 13.
// CHECK-LABEL: func.func @i12_f16
// CHECK-SAME: (%{{[a-z0-9]+}}: f32, %[[RBITS:[a-z0-9]+]]: i12)
// CHECK:      %[[R:.+]] = arith.extui %[[RBITS]] : i12 to i32
// CHECK-NOT:  arith.andi %[[R]]
// CHECK:      %[[SUM:.+]] = arith.addi %{{.+}}, %[[R]] : i32
// CHECK:      %[[K:.+]] = arith.constant 12 : i32
// CHECK:      arith.shrui %[[SUM]], %[[K]] : i32
func.func @i12_f16(%x: f32, %rbits: i12) -> f16 {
  %y = round.stochastic %x, %rbits : f32, i12 -> f16
  return %y : f16
}

// K = D = 13 < W = 16.
// CHECK-LABEL: func.func @i16_f16
// CHECK-SAME: (%{{[a-z0-9]+}}: f32, %[[RBITS:[a-z0-9]+]]: i16)
// CHECK:      %[[WIDE:.+]] = arith.extui %[[RBITS]] : i16 to i32
// CHECK:      %[[LOW13:.+]] = arith.constant 8191 : i32
// CHECK:      %[[R:.+]] = arith.andi %[[WIDE]], %[[LOW13]] : i32
// CHECK:      %[[SUM:.+]] = arith.addi %{{.+}}, %[[R]] : i32
func.func @i16_f16(%x: f32, %rbits: i16) -> f16 {
  %y = round.stochastic %x, %rbits : f32, i16 -> f16
  return %y : f16
}

// K = D = 16 < W = 32.
// CHECK-LABEL: func.func @i32_bf16
// CHECK-SAME: (%{{[a-z0-9]+}}: f32, %[[RBITS:[a-z0-9]+]]: i32)
// CHECK:      %[[LOW16:.+]] = arith.constant 65535 : i32
// CHECK:      %[[R:.+]] = arith.andi %[[RBITS]], %[[LOW16]] : i32
// CHECK:      %[[SUM:.+]] = arith.addi %{{.+}}, %[[R]] : i32
func.func @i32_bf16(%x: f32, %rbits: i32) -> bf16 {
  %y = round.stochastic %x, %rbits : f32, i32 -> bf16
  return %y : bf16
}

// K = D = 21 of 64 bits.
// CHECK-LABEL: func.func @i64_e5m2
// CHECK-SAME: (%{{[a-z0-9]+}}: f32, %[[RBITS:[a-z0-9]+]]: i64)
// CHECK:      %[[LOW32:.+]] = arith.trunci %[[RBITS]] : i64 to i32
// CHECK:      %[[LOW21:.+]] = arith.constant 2097151 : i32
// CHECK:      %[[R:.+]] = arith.andi %[[LOW32]], %[[LOW21]] : i32
// CHECK:      %[[SUM:.+]] = arith.addi %{{.+}}, %[[R]] : i32
func.func @i64_e5m2(%x: f32, %rbits: i64) -> f8E5M2 {
  %y = round.stochastic %x, %rbits : f32, i64 -> f8E5M2
  return %y : f8E5M2
}
