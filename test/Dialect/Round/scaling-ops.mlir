// Round trip of round.scaling_stochastic through its custom and generic
// forms: every result format, scalars, fixed and scalable vectors, static
// and dynamic tensors, scalar scale and rbits beside shaped x.

// RUN: rng-opt %s | rng-opt | FileCheck %s
// RUN: rng-opt %s --mlir-print-op-generic | rng-opt | FileCheck %s

// CHECK-LABEL: func.func @scalar_formats
// CHECK-SAME: (%[[X:.*]]: f32, %[[S:.*]]: f8E8M0FNU, %[[R:.*]]: i32)
func.func @scalar_formats(%x: f32, %s: f8E8M0FNU, %r: i32) {
  // CHECK: round.scaling_stochastic %[[X]], %[[S]], %[[R]] : f32, f8E8M0FNU, i32 -> bf16
  %0 = round.scaling_stochastic %x, %s, %r : f32, f8E8M0FNU, i32 -> bf16
  // CHECK: round.scaling_stochastic %[[X]], %[[S]], %[[R]] : f32, f8E8M0FNU, i32 -> f16
  %1 = round.scaling_stochastic %x, %s, %r : f32, f8E8M0FNU, i32 -> f16
  // CHECK: round.scaling_stochastic %[[X]], %[[S]], %[[R]] saturate : f32, f8E8M0FNU, i32 -> f8E4M3FN
  %2 = round.scaling_stochastic %x, %s, %r saturate : f32, f8E8M0FNU, i32 -> f8E4M3FN
  // CHECK: round.scaling_stochastic %[[X]], %[[S]], %[[R]] : f32, f8E8M0FNU, i32 -> f8E5M2
  %3 = round.scaling_stochastic %x, %s, %r : f32, f8E8M0FNU, i32 -> f8E5M2
  // CHECK: round.scaling_stochastic %[[X]], %[[S]], %[[R]] : f32, f8E8M0FNU, i32 -> f8E4M3FNUZ
  %4 = round.scaling_stochastic %x, %s, %r : f32, f8E8M0FNU, i32 -> f8E4M3FNUZ
  // CHECK: round.scaling_stochastic %[[X]], %[[S]], %[[R]] : f32, f8E8M0FNU, i32 -> f8E5M2FNUZ
  %5 = round.scaling_stochastic %x, %s, %r : f32, f8E8M0FNU, i32 -> f8E5M2FNUZ
  // CHECK: round.scaling_stochastic %[[X]], %[[S]], %[[R]] saturate : f32, f8E8M0FNU, i32 -> f4E2M1FN
  %6 = round.scaling_stochastic %x, %s, %r saturate : f32, f8E8M0FNU, i32 -> f4E2M1FN
  // CHECK: round.scaling_stochastic %[[X]], %[[S]], %[[R]] saturate : f32, f8E8M0FNU, i32 -> f6E2M3FN
  %7 = round.scaling_stochastic %x, %s, %r saturate : f32, f8E8M0FNU, i32 -> f6E2M3FN
  // CHECK: round.scaling_stochastic %[[X]], %[[S]], %[[R]] saturate : f32, f8E8M0FNU, i32 -> f6E3M2FN
  %8 = round.scaling_stochastic %x, %s, %r saturate : f32, f8E8M0FNU, i32 -> f6E3M2FN
  return
}

// CHECK-LABEL: func.func @shapes
func.func @shapes(%xv: vector<32xf32>, %sv: vector<32xf8E8M0FNU>,
                  %rv: vector<32xi8>, %s: f8E8M0FNU, %r: i16,
                  %xs: vector<[4]xf32>, %rs: vector<[4]xi32>,
                  %xt: tensor<?x32xf32>, %rt: tensor<?x32xi32>,
                  %x2: tensor<2x32xf32>) {
  // CHECK: round.scaling_stochastic %{{.*}}, %{{.*}}, %{{.*}} saturate : vector<32xf32>, vector<32xf8E8M0FNU>, vector<32xi8> -> vector<32xf4E2M1FN>
  %0 = round.scaling_stochastic %xv, %sv, %rv saturate : vector<32xf32>, vector<32xf8E8M0FNU>, vector<32xi8> -> vector<32xf4E2M1FN>
  // CHECK: round.scaling_stochastic %{{.*}}, %{{.*}}, %{{.*}} saturate : vector<32xf32>, f8E8M0FNU, i16 -> vector<32xf6E2M3FN>
  %1 = round.scaling_stochastic %xv, %s, %r saturate : vector<32xf32>, f8E8M0FNU, i16 -> vector<32xf6E2M3FN>
  // CHECK: round.scaling_stochastic %{{.*}}, %{{.*}}, %{{.*}} : vector<[4]xf32>, f8E8M0FNU, vector<[4]xi32> -> vector<[4]xbf16>
  %2 = round.scaling_stochastic %xs, %s, %rs : vector<[4]xf32>, f8E8M0FNU, vector<[4]xi32> -> vector<[4]xbf16>
  // CHECK: round.scaling_stochastic %{{.*}}, %{{.*}}, %{{.*}} saturate : tensor<?x32xf32>, f8E8M0FNU, tensor<?x32xi32> -> tensor<?x32xf8E4M3FN>
  %3 = round.scaling_stochastic %xt, %s, %rt saturate : tensor<?x32xf32>, f8E8M0FNU, tensor<?x32xi32> -> tensor<?x32xf8E4M3FN>
  // CHECK: round.scaling_stochastic %{{.*}}, %{{.*}}, %{{.*}} saturate : tensor<2x32xf32>, f8E8M0FNU, i16 -> tensor<2x32xf4E2M1FN>
  %4 = round.scaling_stochastic %x2, %s, %r saturate : tensor<2x32xf32>, f8E8M0FNU, i16 -> tensor<2x32xf4E2M1FN>
  return
}
