// convert-round-to-arith for bf16, whose exponent range is f32's.
//
// Without `saturate` the rounding is one integer add: the K random bits are
// added at the top of x's 16 discarded bits, and the carry out of that field
// (t + r >= 2^K) moves into the kept bits; it carries into the exponent on a
// mantissa overflow and turns the largest finite value into Inf, and never
// reaches the sign. Only NaN needs a select.
//
// With `saturate` the general path runs: truncation by a shift, the carry
// added to q, then overflow clamped to the largest finite value, sign, NaN.

// RUN: rng-opt %s --convert-round-to-arith | FileCheck %s

// CHECK-LABEL: func.func @bf16_k16
// CHECK-SAME: (%[[X:.+]]: f32, %[[RBITS:.+]]: i16) -> bf16
// CHECK:      %[[BITS:.+]] = arith.bitcast %[[X]] : f32 to i32
// CHECK:      %[[ABS_MASK:.+]] = arith.constant 2147483647 : i32
// CHECK:      %[[ABS:.+]] = arith.andi %[[BITS]], %[[ABS_MASK]] : i32
// CHECK:      %[[F32_INF:.+]] = arith.constant 2139095040 : i32
// CHECK:      %[[IS_NAN:.+]] = arith.cmpi ugt, %[[ABS]], %[[F32_INF]] : i32
// K = W = 16: no mask and no shift on the random bits.
// CHECK:      %[[R:.+]] = arith.extui %[[RBITS]] : i16 to i32
// CHECK:      %[[SUM:.+]] = arith.addi %[[BITS]], %[[R]] : i32
// CHECK:      %[[C16:.+]] = arith.constant 16 : i32
// CHECK:      %[[ROUNDED:.+]] = arith.shrui %[[SUM]], %[[C16]] : i32
// CHECK:      %[[NAN:.+]] = arith.constant 32704 : i32
// CHECK:      %[[RESULT:.+]] = arith.select %[[IS_NAN]], %[[NAN]], %[[ROUNDED]] : i32
// CHECK:      %[[NARROW:.+]] = arith.trunci %[[RESULT]] : i32 to i16
// CHECK:      %[[Y:.+]] = arith.bitcast %[[NARROW]] : i16 to bf16
// CHECK:      return %[[Y]] : bf16
func.func @bf16_k16(%x: f32, %rbits: i16) -> bf16 {
  %y = round.stochastic %x, %rbits : f32, i16 -> bf16
  return %y : bf16
}

// K = 8: the random bits meet the top 8 of the 16 discarded bits.
// CHECK-LABEL: func.func @bf16_k8
// CHECK-SAME: (%[[X:.+]]: f32, %[[RBITS:.+]]: i8) -> bf16
// CHECK:      %[[BITS:.+]] = arith.bitcast %[[X]] : f32 to i32
// CHECK:      %[[R:.+]] = arith.extui %[[RBITS]] : i8 to i32
// CHECK:      %[[C8:.+]] = arith.constant 8 : i32
// CHECK:      %[[ALIGNED:.+]] = arith.shli %[[R]], %[[C8]] : i32
// CHECK:      %[[SUM:.+]] = arith.addi %[[BITS]], %[[ALIGNED]] : i32
// CHECK:      %[[C16:.+]] = arith.constant 16 : i32
// CHECK:      arith.shrui %[[SUM]], %[[C16]] : i32
func.func @bf16_k8(%x: f32, %rbits: i8) -> bf16 {
  %y = round.stochastic %x, %rbits : f32, i8 -> bf16
  return %y : bf16
}

// CHECK-LABEL: func.func @bf16_k16_saturate
// CHECK-SAME: (%[[X:.+]]: f32, %[[RBITS:.+]]: i16) -> bf16
// CHECK:      %[[BITS:.+]] = arith.bitcast %[[X]] : f32 to i32
// CHECK:      %[[ABS_MASK:.+]] = arith.constant 2147483647 : i32
// CHECK:      %[[ABS:.+]] = arith.andi %[[BITS]], %[[ABS_MASK]] : i32
// CHECK:      %[[F32_INF:.+]] = arith.constant 2139095040 : i32
// CHECK:      %[[IS_NAN:.+]] = arith.cmpi ugt, %[[ABS]], %[[F32_INF]] : i32
// CHECK:      %[[R:.+]] = arith.extui %[[RBITS]] : i16 to i32
// CHECK:      %[[SIGN_MASK:.+]] = arith.constant -2147483648 : i32
// CHECK:      %[[SIGN:.+]] = arith.andi %[[BITS]], %[[SIGN_MASK]] : i32
// CHECK:      %[[C16:.+]] = arith.constant 16 : i32
// CHECK:      %[[Q:.+]] = arith.shrui %[[ABS]], %[[C16]] : i32
// CHECK:      %[[LOW16:.+]] = arith.constant 65535 : i32
// CHECK:      %[[T:.+]] = arith.andi %[[ABS]], %[[LOW16]] : i32
// CHECK:      %[[SUM:.+]] = arith.addi %[[T]], %[[R]] : i32
// CHECK:      %[[CARRY:.+]] = arith.shrui %[[SUM]], %[[C16]] : i32
// CHECK:      %[[MAG:.+]] = arith.addi %[[Q]], %[[CARRY]] : i32
// CHECK:      %[[MAX:.+]] = arith.constant 32639 : i32
// CHECK:      %[[CLAMPED:.+]] = arith.minui %[[MAG]], %[[MAX]] : i32
// CHECK:      %[[SIGN16:.+]] = arith.shrui %[[SIGN]], %[[C16]] : i32
// CHECK:      %[[SIGNED:.+]] = arith.ori %[[CLAMPED]], %[[SIGN16]] : i32
// CHECK:      %[[NAN:.+]] = arith.constant 32704 : i32
// CHECK:      %[[RESULT:.+]] = arith.select %[[IS_NAN]], %[[NAN]], %[[SIGNED]] : i32
// CHECK:      %[[NARROW:.+]] = arith.trunci %[[RESULT]] : i32 to i16
// CHECK:      %[[Y:.+]] = arith.bitcast %[[NARROW]] : i16 to bf16
// CHECK:      return %[[Y]] : bf16
func.func @bf16_k16_saturate(%x: f32, %rbits: i16) -> bf16 {
  %y = round.stochastic %x, %rbits saturate : f32, i16 -> bf16
  return %y : bf16
}
