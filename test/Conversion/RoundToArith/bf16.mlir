// convert-round-to-arith for bf16, whose exponent range is f32's: the
// truncation is a plain shift, the random bits meet the top K discarded
// bits, a carry adds one ulp, then overflow, sign and NaN.

// RUN: rng-opt %s --convert-round-to-arith | FileCheck %s

// CHECK-LABEL: func.func @bf16_k16
// CHECK-SAME: (%[[X:.+]]: f32, %[[RBITS:.+]]: i16) -> bf16
// CHECK:      %[[BITS:.+]] = arith.bitcast %[[X]] : f32 to i32
// CHECK:      %[[SIGN_MASK:.+]] = arith.constant -2147483648 : i32
// CHECK:      %[[SIGN:.+]] = arith.andi %[[BITS]], %[[SIGN_MASK]] : i32
// CHECK:      %[[ABS_MASK:.+]] = arith.constant 2147483647 : i32
// CHECK:      %[[ABS:.+]] = arith.andi %[[BITS]], %[[ABS_MASK]] : i32
// CHECK:      %[[F32_INF:.+]] = arith.constant 2139095040 : i32
// CHECK:      %[[IS_NAN:.+]] = arith.cmpi ugt, %[[ABS]], %[[F32_INF]] : i32
// K = W = 16: no mask on the random bits.
// CHECK:      %[[R:.+]] = arith.extui %[[RBITS]] : i16 to i32
// CHECK:      %[[C16:.+]] = arith.constant 16 : i32
// CHECK:      %[[Q:.+]] = arith.shrui %[[ABS]], %[[C16]] : i32
// CHECK:      %[[LOW16:.+]] = arith.constant 65535 : i32
// CHECK:      %[[T:.+]] = arith.andi %[[ABS]], %[[LOW16]] : i32
// CHECK:      %[[SUM:.+]] = arith.addi %[[T]], %[[R]] : i32
// CHECK:      %[[CARRY:.+]] = arith.shrui %[[SUM]], %[[C16]] : i32
// CHECK:      %[[MAG:.+]] = arith.addi %[[Q]], %[[CARRY]] : i32
// CHECK:      %[[MAX:.+]] = arith.constant 32639 : i32
// CHECK:      %[[OVERFLOW:.+]] = arith.cmpi ugt, %[[MAG]], %[[MAX]] : i32
// CHECK:      %[[SIGN16:.+]] = arith.shrui %[[SIGN]], %[[C16]] : i32
// CHECK:      %[[SIGNED:.+]] = arith.ori %[[MAG]], %[[SIGN16]] : i32
// CHECK:      %[[INF:.+]] = arith.constant 32640 : i32
// CHECK:      %[[SIGNED_INF:.+]] = arith.ori %[[INF]], %[[SIGN16]] : i32
// CHECK:      %[[FINITE:.+]] = arith.select %[[OVERFLOW]], %[[SIGNED_INF]], %[[SIGNED]] : i32
// CHECK:      %[[NAN:.+]] = arith.constant 32704 : i32
// CHECK:      %[[RESULT:.+]] = arith.select %[[IS_NAN]], %[[NAN]], %[[FINITE]] : i32
// CHECK:      %[[NARROW:.+]] = arith.trunci %[[RESULT]] : i32 to i16
// CHECK:      %[[Y:.+]] = arith.bitcast %[[NARROW]] : i16 to bf16
// CHECK:      return %[[Y]] : bf16
func.func @bf16_k16(%x: f32, %rbits: i16) -> bf16 {
  %y = round.stochastic %x, %rbits : f32, i16 -> bf16
  return %y : bf16
}

// K = 8: the top 8 of the 16 discarded bits.
// CHECK-LABEL: func.func @bf16_k8
// CHECK:      %[[ABS_MASK:.+]] = arith.constant 2147483647 : i32
// CHECK:      %[[ABS:.+]] = arith.andi %{{.+}}, %[[ABS_MASK]] : i32
// CHECK:      %[[R:.+]] = arith.extui %{{.+}} : i8 to i32
// CHECK:      %[[C16:.+]] = arith.constant 16 : i32
// CHECK:      %[[Q:.+]] = arith.shrui %[[ABS]], %[[C16]] : i32
// CHECK:      %[[C8:.+]] = arith.constant 8 : i32
// CHECK:      %[[TOP:.+]] = arith.shrui %[[ABS]], %[[C8]] : i32
// CHECK:      %[[LOW8:.+]] = arith.constant 255 : i32
// CHECK:      %[[T:.+]] = arith.andi %[[TOP]], %[[LOW8]] : i32
// CHECK:      %[[SUM:.+]] = arith.addi %[[T]], %[[R]] : i32
// CHECK:      %[[CARRY:.+]] = arith.shrui %[[SUM]], %[[C8]] : i32
// CHECK:      arith.addi %[[Q]], %[[CARRY]] : i32
func.func @bf16_k8(%x: f32, %rbits: i8) -> bf16 {
  %y = round.stochastic %x, %rbits : f32, i8 -> bf16
  return %y : bf16
}
