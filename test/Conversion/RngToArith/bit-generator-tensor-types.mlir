// rng.bit_generator becomes a linalg.generic over its output that writes
// into an empty tensor of the output's own type, so an output with a tensor
// encoding keeps it (the linalg.generic's init and result types agree).
// RUN: rng-opt %s --convert-rng-to-arith | FileCheck %s

// CHECK-LABEL: func.func @encoded
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4xi32, "enc">
// CHECK: linalg.generic {{.*}} outs(%[[INIT]] : tensor<4xi32, "enc">)
// CHECK: -> tensor<4xi32, "enc">
// CHECK: tensor.from_elements {{.*}} : tensor<2xi64>
func.func @encoded(%s: tensor<2xi64>) -> (tensor<2xi64>, tensor<4xi32, "enc">) {
  %n, %o = rng.bit_generator philox %s : tensor<2xi64> -> tensor<4xi32, "enc">
  return %n, %o : tensor<2xi64>, tensor<4xi32, "enc">
}
