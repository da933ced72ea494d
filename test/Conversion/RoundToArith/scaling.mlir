// convert-round-to-arith on round.scaling_stochastic: the factor
// 2^(127 - e) is built from the scale's bits (in the scale's own shape, once
// for a scalar scale), x is multiplied by it in f32, and the product goes
// through the stochastic-rounding lowering. Scalar operands beside vector
// ones are broadcast; scalable vectors get splat constants. (Tensors are
// left to the dialect's elementwise tensor lowering.)

// RUN: rng-opt %s --convert-round-to-arith --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @scalar
// CHECK-SAME: (%[[X:.+]]: f32, %[[S:.+]]: f8E8M0FNU, %[[R:.+]]: i32)
// CHECK:      %[[SB:.+]] = arith.bitcast %[[S]] : f8E8M0FNU to i8
// CHECK:      %[[E:.+]] = arith.extui %[[SB]] : i8 to i32
// CHECK-DAG:  %[[C23:.+]] = arith.constant 23 : i32
// CHECK-DAG:  %[[C254:.+]] = arith.constant 254 : i32
// CHECK:      %[[D:.+]] = arith.subi %[[C254]], %[[E]] : i32
// CHECK:      %[[NORMAL:.+]] = arith.shli %[[D]], %[[C23]] : i32
// CHECK:      %[[IS_SUB:.+]] = arith.cmpi eq, %[[E]], %[[C254]] : i32
// CHECK:      %[[C255:.+]] = arith.constant 255 : i32
// CHECK:      %[[IS_NAN:.+]] = arith.cmpi eq, %[[E]], %[[C255]] : i32
// CHECK:      %[[SUB:.+]] = arith.constant 4194304 : i32
// CHECK:      %[[SEL:.+]] = arith.select %[[IS_SUB]], %[[SUB]], %[[NORMAL]] : i32
// CHECK:      %[[NAN:.+]] = arith.constant 2143289344 : i32
// CHECK:      %[[BITS:.+]] = arith.select %[[IS_NAN]], %[[NAN]], %[[SEL]] : i32
// CHECK:      %[[FACTOR:.+]] = arith.bitcast %[[BITS]] : i32 to f32
// CHECK:      %[[Q:.+]] = arith.mulf %[[X]], %[[FACTOR]] : f32
// CHECK:      arith.bitcast %[[Q]] : f32 to i32
// CHECK:      %[[Y:.+]] = arith.bitcast %{{.+}} : i4 to f4E2M1FN
// CHECK:      return %[[Y]] : f4E2M1FN
func.func @scalar(%x: f32, %s: f8E8M0FNU, %r: i32) -> f4E2M1FN {
  %y = round.scaling_stochastic %x, %s, %r saturate : f32, f8E8M0FNU, i32 -> f4E2M1FN
  return %y : f4E2M1FN
}

// -----

// CHECK-LABEL: func.func @vector_scalar_scale
// CHECK-SAME: (%[[X:.+]]: vector<32xf32>, %[[S:.+]]: f8E8M0FNU, %[[R:.+]]: i8)
// CHECK:      %[[FACTOR:.+]] = arith.bitcast %{{.+}} : i32 to f32
// CHECK:      %[[SPLAT:.+]] = vector.broadcast %[[FACTOR]] : f32 to vector<32xf32>
// CHECK:      %[[Q:.+]] = arith.mulf %[[X]], %[[SPLAT]] : vector<32xf32>
// CHECK:      %[[RV:.+]] = vector.broadcast %[[R]] : i8 to vector<32xi8>
// CHECK:      arith.bitcast %[[Q]] : vector<32xf32> to vector<32xi32>
// CHECK:      arith.extui %[[RV]] : vector<32xi8> to vector<32xi32>
// CHECK:      %[[Y:.+]] = arith.bitcast %{{.+}} : vector<32xi6> to vector<32xf6E2M3FN>
// CHECK:      return %[[Y]]
func.func @vector_scalar_scale(%x: vector<32xf32>, %s: f8E8M0FNU, %r: i8) -> vector<32xf6E2M3FN> {
  %y = round.scaling_stochastic %x, %s, %r saturate : vector<32xf32>, f8E8M0FNU, i8 -> vector<32xf6E2M3FN>
  return %y : vector<32xf6E2M3FN>
}

// -----

// CHECK-LABEL: func.func @scalable
// CHECK-SAME: (%[[X:.+]]: vector<[4]xf32>, %[[S:.+]]: vector<[4]xf8E8M0FNU>, %[[R:.+]]: vector<[4]xi16>)
// CHECK:      arith.constant dense<254> : vector<[4]xi32>
// CHECK:      %[[FACTOR:.+]] = arith.bitcast %{{.+}} : vector<[4]xi32> to vector<[4]xf32>
// CHECK:      arith.mulf %[[X]], %[[FACTOR]] : vector<[4]xf32>
// CHECK:      %[[Y:.+]] = arith.bitcast %{{.+}} : vector<[4]xi8> to vector<[4]xf8E5M2>
// CHECK:      return %[[Y]]
func.func @scalable(%x: vector<[4]xf32>, %s: vector<[4]xf8E8M0FNU>, %r: vector<[4]xi16>) -> vector<[4]xf8E5M2> {
  %y = round.scaling_stochastic %x, %s, %r : vector<[4]xf32>, vector<[4]xf8E8M0FNU>, vector<[4]xi16> -> vector<[4]xf8E5M2>
  return %y : vector<[4]xf8E5M2>
}
