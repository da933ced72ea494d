// convert-round-to-arith keeps the shape: vectors and ranked tensors get
// splat constants and elementwise arith of their shape. Other ops are left
// alone, and no round op survives.

// RUN: rng-opt %s --convert-round-to-arith | FileCheck %s

// CHECK-LABEL: func.func @vector_2d
// CHECK-SAME: (%[[X:.+]]: vector<2x4xf32>, %[[RBITS:.+]]: vector<2x4xi16>)
// CHECK:      %[[BITS:.+]] = arith.bitcast %[[X]] : vector<2x4xf32> to vector<2x4xi32>
// CHECK:      %[[ABS_MASK:.+]] = arith.constant dense<2147483647> : vector<2x4xi32>
// CHECK:      arith.andi %[[BITS]], %[[ABS_MASK]] : vector<2x4xi32>
// CHECK:      arith.extui %[[RBITS]] : vector<2x4xi16> to vector<2x4xi32>
// CHECK:      arith.select %{{.+}}, %{{.+}}, %{{.+}} : vector<2x4xi1>, vector<2x4xi32>
// CHECK:      %[[NARROW:.+]] = arith.trunci %{{.+}} : vector<2x4xi32> to vector<2x4xi16>
// CHECK:      %[[Y:.+]] = arith.bitcast %[[NARROW]] : vector<2x4xi16> to vector<2x4xf16>
// CHECK:      return %[[Y]] : vector<2x4xf16>
func.func @vector_2d(%x: vector<2x4xf32>, %rbits: vector<2x4xi16>)
    -> vector<2x4xf16> {
  %y = round.stochastic %x, %rbits : vector<2x4xf32>, vector<2x4xi16> -> vector<2x4xf16>
  return %y : vector<2x4xf16>
}

// CHECK-LABEL: func.func @tensor
// CHECK-SAME: (%[[X:.+]]: tensor<3xf32>, %[[RBITS:.+]]: tensor<3xi8>)
// CHECK:      %[[INIT:.+]] = tensor.empty() : tensor<3xf8E4M3FNUZ>
// CHECK:      %[[Y:.+]] = linalg.generic
// CHECK-SAME:   ins(%[[X]], %[[RBITS]] : tensor<3xf32>, tensor<3xi8>) outs(%[[INIT]] : tensor<3xf8E4M3FNUZ>)
// CHECK:      ^bb0(%[[XS:.+]]: f32, %[[RS:.+]]: i8, %{{.+}}: f8E4M3FNUZ):
// CHECK:        arith.bitcast %[[XS]] : f32 to i32
// CHECK:        arith.extui %[[RS]] : i8 to i32
// CHECK:        %[[NARROW:.+]] = arith.trunci %{{.+}} : i32 to i8
// CHECK:        %[[YS:.+]] = arith.bitcast %[[NARROW]] : i8 to f8E4M3FNUZ
// CHECK:        linalg.yield %[[YS]] : f8E4M3FNUZ
// CHECK:      return %[[Y]] : tensor<3xf8E4M3FNUZ>
func.func @tensor(%x: tensor<3xf32>, %rbits: tensor<3xi8>)
    -> tensor<3xf8E4M3FNUZ> {
  %y = round.stochastic %x, %rbits saturate
      : tensor<3xf32>, tensor<3xi8> -> tensor<3xf8E4M3FNUZ>
  return %y : tensor<3xf8E4M3FNUZ>
}

// CHECK-LABEL: func.func @mixed
// CHECK:      arith.addf
// CHECK:      %[[Y:.+]] = arith.bitcast %{{.+}} : i16 to bf16
// CHECK:      arith.extf %[[Y]] : bf16 to f32
// CHECK-NOT:  round.stochastic
func.func @mixed(%a: f32, %b: f32, %rbits: i16) -> f32 {
  %x = arith.addf %a, %b : f32
  %y = round.stochastic %x, %rbits : f32, i16 -> bf16
  %z = arith.extf %y : bf16 to f32
  return %z : f32
}
