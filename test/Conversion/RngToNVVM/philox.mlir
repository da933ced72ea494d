// RUN: rng-opt %s --split-input-file --convert-rng-to-nvvm | FileCheck %s

// Each round's two products: the high half through llvm.nvvm.mulhi.ui, the
// low half through arith.muli, never arith.mului_extended.

// CHECK-LABEL: func.func @scalar(
// CHECK-SAME:      %[[C0:[^:]+]]: i32, %[[C1:[^:]+]]: i32, %[[C2:[^:]+]]: i32, %[[C3:[^:]+]]: i32, %[[K0:[^:]+]]: i32, %[[K1:[^:]+]]: i32)
// CHECK-DAG:     %[[M0:.+]] = arith.constant -766435501 : i32
// CHECK-DAG:     %[[M1:.+]] = arith.constant -845247145 : i32
// CHECK-DAG:     %[[HI0:.+]] = llvm.call_intrinsic "llvm.nvvm.mulhi.ui"(%[[C0]], %[[M0]]) : (i32, i32) -> i32
// CHECK-DAG:     %[[LO0:.+]] = arith.muli %[[C0]], %[[M0]] : i32
// CHECK-DAG:     %[[HI1:.+]] = llvm.call_intrinsic "llvm.nvvm.mulhi.ui"(%[[C2]], %[[M1]]) : (i32, i32) -> i32
// CHECK-DAG:     %[[LO1:.+]] = arith.muli %[[C2]], %[[M1]] : i32
// CHECK-DAG:     %[[X0A:.+]] = arith.xori %[[HI1]], %[[C1]] : i32
// CHECK-DAG:     %[[X0:.+]] = arith.xori %[[X0A]], %[[K0]] : i32
// CHECK-DAG:     %[[X2A:.+]] = arith.xori %[[HI0]], %[[C3]] : i32
// CHECK-DAG:     %[[X2:.+]] = arith.xori %[[X2A]], %[[K1]] : i32
// CHECK:         return %[[X0]], %[[LO1]], %[[X2]], %[[LO0]]
func.func @scalar(%c0: i32, %c1: i32, %c2: i32, %c3: i32, %k0: i32, %k1: i32)
    -> (i32, i32, i32, i32) {
  %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 rounds 1 : i32, i32
  return %x#0, %x#1, %x#2, %x#3 : i32, i32, i32, i32
}

// -----

// Ten rounds: 20 high products, 20 low products.

// CHECK-LABEL: func.func @ten_rounds(
// CHECK-COUNT-20: llvm.call_intrinsic "llvm.nvvm.mulhi.ui"
// CHECK-NOT:     llvm.call_intrinsic
// CHECK-NOT:     arith.mului_extended
// CHECK:         return
func.func @ten_rounds(%c0: i32, %c1: i32, %c2: i32, %c3: i32, %k0: i32,
                      %k1: i32) -> (i32, i32, i32, i32) {
  %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 : i32, i32
  return %x#0, %x#1, %x#2, %x#3 : i32, i32, i32, i32
}

// -----

// A static vector is unrolled for the (scalar-only) intrinsic; the low half
// stays one vector multiply.

// CHECK-LABEL: func.func @vector(
// CHECK-SAME:      %[[C:[^:]+]]: vector<2x2xi32>
// CHECK:         %[[FLAT:.+]] = vector.shape_cast %[[C]] : vector<2x2xi32> to vector<4xi32>
// CHECK:         %[[E0:.+]] = vector.extract %[[FLAT]][0] : i32 from vector<4xi32>
// CHECK:         %[[E1:.+]] = vector.extract %[[FLAT]][1] : i32 from vector<4xi32>
// CHECK:         %[[E2:.+]] = vector.extract %[[FLAT]][2] : i32 from vector<4xi32>
// CHECK:         %[[E3:.+]] = vector.extract %[[FLAT]][3] : i32 from vector<4xi32>
// CHECK:         %[[H0:.+]] = llvm.call_intrinsic "llvm.nvvm.mulhi.ui"(%[[E0]], %{{.+}}) : (i32, i32) -> i32
// CHECK:         %[[H1:.+]] = llvm.call_intrinsic "llvm.nvvm.mulhi.ui"(%[[E1]], %{{.+}}) : (i32, i32) -> i32
// CHECK:         %[[H2:.+]] = llvm.call_intrinsic "llvm.nvvm.mulhi.ui"(%[[E2]], %{{.+}}) : (i32, i32) -> i32
// CHECK:         %[[H3:.+]] = llvm.call_intrinsic "llvm.nvvm.mulhi.ui"(%[[E3]], %{{.+}}) : (i32, i32) -> i32
// CHECK:         %[[HV:.+]] = vector.from_elements %[[H0]], %[[H1]], %[[H2]], %[[H3]] : vector<4xi32>
// CHECK:         vector.shape_cast %[[HV]] : vector<4xi32> to vector<2x2xi32>
// CHECK:         arith.muli %[[C]], %{{.+}} : vector<2x2xi32>
// CHECK-NOT:     arith.mului_extended
// CHECK:         return
func.func @vector(%c: vector<2x2xi32>, %k: i32) -> vector<2x2xi32> {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 1
      : vector<2x2xi32>, i32
  return %x#0 : vector<2x2xi32>
}

// -----

// Ranked tensors: a linalg.generic whose scalar body uses mul.hi.u32.

// CHECK-LABEL: func.func @tensor(
// CHECK:         linalg.generic
// CHECK-COUNT-2:   llvm.call_intrinsic "llvm.nvvm.mulhi.ui"
// CHECK-NOT:     llvm.call_intrinsic
// CHECK:         return
func.func @tensor(%c: tensor<4xi32>, %k: i32) -> tensor<4xi32> {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 1
      : tensor<4xi32>, i32
  return %x#0 : tensor<4xi32>
}
