// RUN: rng-opt %s --convert-rng-to-arith --cse --split-input-file | FileCheck %s

// The universal lowering of rng.tr_dropout_sample (SPEC §7), M =
// 0xD2B74407B1CE6E93 (-3263064605168079213 as i64):
//   counter = seed_lo + offset; key0 = seed_hi;
//   key1 = seed_lo ^ 0x9E3779B97F4A7C15 (-7046029254386353131)
//   ten times: (hi, lo) = M * counter; counter = hi ^ key0 ^ key1;
//              key0 = lo; key1 = lo ^ key1
//   result = uitofp(trunci(counter >> 32)) * 2^-32 (0x2F800000)

// Scalars: the 128-bit product is arith.mului_extended on i64.
// CHECK-LABEL: func @scalar
// CHECK-SAME: (%[[LO:.*]]: i64, %[[HI:.*]]: i64, %[[OFFSET:.*]]: i64)
// CHECK: %[[GAMMA:.*]] = arith.constant -7046029254386353131 : i64
// CHECK: %[[KEY1:.*]] = arith.xori %[[LO]], %[[GAMMA]] : i64
// CHECK: %[[C0:.*]] = arith.addi %[[LO]], %[[OFFSET]] : i64
// CHECK: %[[M:.*]] = arith.constant -3263064605168079213 : i64
// CHECK: %[[LO1:.*]], %[[HI1:.*]] = arith.mului_extended %[[C0]], %[[M]] : i64
// CHECK: %[[X1:.*]] = arith.xori %[[HI1]], %[[HI]] : i64
// CHECK: %[[C1:.*]] = arith.xori %[[X1]], %[[KEY1]] : i64
// CHECK: %[[KEY1B:.*]] = arith.xori %[[LO1]], %[[KEY1]] : i64
// CHECK: %[[LO2:.*]], %[[HI2:.*]] = arith.mului_extended %[[C1]], %[[M]] : i64
// CHECK: %[[X2:.*]] = arith.xori %[[HI2]], %[[LO1]] : i64
// CHECK: arith.xori %[[X2]], %[[KEY1B]] : i64
// CHECK-COUNT-8: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: %[[C32:.*]] = arith.constant 32 : i64
// CHECK: %[[SHIFTED:.*]] = arith.shrui %{{.*}}, %[[C32]] : i64
// CHECK: %[[WORD:.*]] = arith.trunci %[[SHIFTED]] : i64 to i32
// CHECK: %[[F:.*]] = arith.uitofp %[[WORD]] : i32 to f32
// CHECK: %[[SCALE:.*]] = arith.constant 2.32830644E-10 : f32
// CHECK: %[[U:.*]] = arith.mulf %[[F]], %[[SCALE]] : f32
// CHECK: return %[[U]]
func.func @scalar(%seed_lo: i64, %seed_hi: i64, %offset: i64) -> f32 {
  %u = rng.tr_dropout_sample %seed_lo, %seed_hi, %offset : i64, i64, i64
  return %u : f32
}

// -----

// Vectors: key1's start is computed on the scalar seed, then broadcast; the
// product is assembled from the 32-bit halves (M's are 0xD2B74407 =
// 3535225863 and 0xB1CE6E93 = 2983095955): four i64 multiplies, no
// arith.mului_extended.
// CHECK-LABEL: func @vector
// CHECK-SAME: (%[[LO:.*]]: i64, %[[HI:.*]]: i64, %[[OFFSET:.*]]: vector<8xi64>)
// CHECK: %[[KEY1:.*]] = arith.xori %[[LO]], %{{.*}} : i64
// CHECK: vector.broadcast %[[KEY1]] : i64 to vector<8xi64>
// CHECK: vector.broadcast %[[HI]] : i64 to vector<8xi64>
// CHECK: %[[LOS:.*]] = vector.broadcast %[[LO]] : i64 to vector<8xi64>
// CHECK: %[[C0:.*]] = arith.addi %[[LOS]], %[[OFFSET]] : vector<8xi64>
// CHECK-DAG: %[[MASK:.*]] = arith.constant dense<4294967295> : vector<8xi64>
// CHECK-DAG: %[[C32:.*]] = arith.constant dense<32> : vector<8xi64>
// CHECK-DAG: %[[ML:.*]] = arith.constant dense<2983095955> : vector<8xi64>
// CHECK-DAG: %[[MH:.*]] = arith.constant dense<3535225863> : vector<8xi64>
// CHECK: %[[XL:.*]] = arith.andi %[[C0]], %[[MASK]] : vector<8xi64>
// CHECK: %[[XH:.*]] = arith.shrui %[[C0]], %[[C32]] : vector<8xi64>
// CHECK: %[[T:.*]] = arith.muli %[[XL]], %[[ML]] : vector<8xi64>
// CHECK: %[[XHML:.*]] = arith.muli %[[XH]], %[[ML]] : vector<8xi64>
// CHECK: %[[TH:.*]] = arith.shrui %[[T]], %[[C32]] : vector<8xi64>
// CHECK: %[[U:.*]] = arith.addi %[[XHML]], %[[TH]] : vector<8xi64>
// CHECK: %[[XLMH:.*]] = arith.muli %[[XL]], %[[MH]] : vector<8xi64>
// CHECK: %[[UL:.*]] = arith.andi %[[U]], %[[MASK]] : vector<8xi64>
// CHECK: %[[V:.*]] = arith.addi %[[XLMH]], %[[UL]] : vector<8xi64>
// CHECK: %[[XHMH:.*]] = arith.muli %[[XH]], %[[MH]] : vector<8xi64>
// CHECK: %[[UH:.*]] = arith.shrui %[[U]], %[[C32]] : vector<8xi64>
// CHECK: %[[VH:.*]] = arith.shrui %[[V]], %[[C32]] : vector<8xi64>
// CHECK: %[[S:.*]] = arith.addi %[[XHMH]], %[[UH]] : vector<8xi64>
// CHECK: %[[PHI:.*]] = arith.addi %[[S]], %[[VH]] : vector<8xi64>
// CHECK: %[[VS:.*]] = arith.shli %[[V]], %[[C32]] : vector<8xi64>
// CHECK: %[[TL:.*]] = arith.andi %[[T]], %[[MASK]] : vector<8xi64>
// CHECK: %[[PLO:.*]] = arith.ori %[[VS]], %[[TL]] : vector<8xi64>
// CHECK: arith.xori %[[PHI]], %{{.*}} : vector<8xi64>
// CHECK-COUNT-36: arith.muli
// CHECK-NOT: arith.muli
// CHECK-NOT: arith.mului_extended
// CHECK: arith.trunci %{{.*}} : vector<8xi64> to vector<8xi32>
// CHECK: arith.uitofp %{{.*}} : vector<8xi32> to vector<8xf32>
// CHECK: %[[R:.*]] = arith.mulf %{{.*}} : vector<8xf32>
// CHECK: return %[[R]]
func.func @vector(%seed_lo: i64, %seed_hi: i64, %offset: vector<8xi64>) -> vector<8xf32> {
  %u = rng.tr_dropout_sample %seed_lo, %seed_hi, %offset : i64, i64, vector<8xi64>
  return %u : vector<8xf32>
}

// -----

// n-D scalable vectors and per-lane seeds: the same 64-bit ops.
// CHECK-LABEL: func @scalable_2d
// CHECK-NOT: vector.broadcast
// CHECK-NOT: arith.mului_extended
// CHECK: arith.muli %{{.*}} : vector<2x[4]xi64>
// CHECK-NOT: arith.mului_extended
// CHECK: arith.uitofp %{{.*}} : vector<2x[4]xi32> to vector<2x[4]xf32>
// CHECK-NOT: rng.
func.func @scalable_2d(%seed_lo: vector<2x[4]xi64>, %seed_hi: vector<2x[4]xi64>,
                       %offset: vector<2x[4]xi64>) -> vector<2x[4]xf32> {
  %u = rng.tr_dropout_sample %seed_lo, %seed_hi, %offset
      : vector<2x[4]xi64>, vector<2x[4]xi64>, vector<2x[4]xi64>
  return %u : vector<2x[4]xf32>
}
