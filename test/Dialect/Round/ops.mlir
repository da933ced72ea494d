// Round trip of round.stochastic through its custom and generic forms.

// RUN: rng-opt %s | rng-opt | FileCheck %s
// RUN: rng-opt %s --mlir-print-op-generic | rng-opt | FileCheck %s

// CHECK-LABEL: func.func @scalar_formats
// CHECK-SAME: (%[[X:.*]]: f32, %[[R16:.*]]: i16, %[[R32:.*]]: i32)
func.func @scalar_formats(%x: f32, %r16: i16, %r32: i32) {
  // CHECK: round.stochastic %[[X]], %[[R16]] : f32, i16 -> bf16
  %0 = round.stochastic %x, %r16 : f32, i16 -> bf16
  // CHECK: round.stochastic %[[X]], %[[R16]] : f32, i16 -> f16
  %1 = round.stochastic %x, %r16 : f32, i16 -> f16
  // CHECK: round.stochastic %[[X]], %[[R32]] : f32, i32 -> f8E4M3FN
  %2 = round.stochastic %x, %r32 : f32, i32 -> f8E4M3FN
  // CHECK: round.stochastic %[[X]], %[[R32]] : f32, i32 -> f8E5M2
  %3 = round.stochastic %x, %r32 : f32, i32 -> f8E5M2
  // CHECK: round.stochastic %[[X]], %[[R32]] : f32, i32 -> f8E4M3FNUZ
  %4 = round.stochastic %x, %r32 : f32, i32 -> f8E4M3FNUZ
  // CHECK: round.stochastic %[[X]], %[[R32]] : f32, i32 -> f8E5M2FNUZ
  %5 = round.stochastic %x, %r32 : f32, i32 -> f8E5M2FNUZ
  return
}

// CHECK-LABEL: func.func @saturate
// CHECK-SAME: (%[[X:.*]]: f32, %[[R:.*]]: i8)
func.func @saturate(%x: f32, %r: i8) -> f8E4M3FN {
  // CHECK: round.stochastic %[[X]], %[[R]] saturate : f32, i8 -> f8E4M3FN
  %0 = round.stochastic %x, %r saturate : f32, i8 -> f8E4M3FN
  return %0 : f8E4M3FN
}

// Any width of random bits.
// CHECK-LABEL: func.func @random_bit_widths
func.func @random_bit_widths(%x: f32, %r1: i1, %r12: i12, %r64: i64) {
  // CHECK: round.stochastic %{{.*}}, %{{.*}} : f32, i1 -> bf16
  %0 = round.stochastic %x, %r1 : f32, i1 -> bf16
  // CHECK: round.stochastic %{{.*}}, %{{.*}} : f32, i12 -> f16
  %1 = round.stochastic %x, %r12 : f32, i12 -> f16
  // CHECK: round.stochastic %{{.*}}, %{{.*}} saturate : f32, i64 -> f8E5M2
  %2 = round.stochastic %x, %r64 saturate : f32, i64 -> f8E5M2
  return
}

// CHECK-LABEL: func.func @shaped
func.func @shaped(%v: vector<8xf32>, %rv: vector<8xi16>,
                  %m: vector<2x4xf32>, %rm: vector<2x4xi32>,
                  %t: tensor<3x5xf32>, %rt: tensor<3x5xi8>) {
  // CHECK: round.stochastic %{{.*}}, %{{.*}} : vector<8xf32>, vector<8xi16> -> vector<8xbf16>
  %0 = round.stochastic %v, %rv : vector<8xf32>, vector<8xi16> -> vector<8xbf16>
  // CHECK: round.stochastic %{{.*}}, %{{.*}} saturate : vector<2x4xf32>, vector<2x4xi32> -> vector<2x4xf8E5M2FNUZ>
  %1 = round.stochastic %m, %rm saturate
      : vector<2x4xf32>, vector<2x4xi32> -> vector<2x4xf8E5M2FNUZ>
  // CHECK: round.stochastic %{{.*}}, %{{.*}} : tensor<3x5xf32>, tensor<3x5xi8> -> tensor<3x5xf16>
  %2 = round.stochastic %t, %rt : tensor<3x5xf32>, tensor<3x5xi8> -> tensor<3x5xf16>
  return
}

// The generic form of SPEC section 4.
// CHECK-LABEL: func.func @generic
// CHECK-SAME: (%[[X:.*]]: f32, %[[R:.*]]: i16)
func.func @generic(%x: f32, %r: i16) {
  // CHECK: round.stochastic %[[X]], %[[R]] saturate : f32, i16 -> bf16
  %0 = "round.stochastic"(%x, %r) {saturate} : (f32, i16) -> bf16
  // CHECK: round.stochastic %[[X]], %[[R]] : f32, i16 -> bf16
  %1 = "round.stochastic"(%x, %r) : (f32, i16) -> bf16
  return
}

// CHECK-LABEL: func.func @mx_formats
// CHECK-SAME: (%[[X:.*]]: vector<4xf32>, %[[R:.*]]: vector<4xi32>)
func.func @mx_formats(%x: vector<4xf32>, %r: vector<4xi32>) {
  // CHECK: round.stochastic %[[X]], %[[R]] saturate : vector<4xf32>, vector<4xi32> -> vector<4xf4E2M1FN>
  %0 = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi32> -> vector<4xf4E2M1FN>
  // CHECK: round.stochastic %[[X]], %[[R]] saturate : vector<4xf32>, vector<4xi32> -> vector<4xf6E2M3FN>
  %1 = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi32> -> vector<4xf6E2M3FN>
  // CHECK: round.stochastic %[[X]], %[[R]] saturate : vector<4xf32>, vector<4xi32> -> vector<4xf6E3M2FN>
  %2 = round.stochastic %x, %r saturate : vector<4xf32>, vector<4xi32> -> vector<4xf6E3M2FN>
  return
}
