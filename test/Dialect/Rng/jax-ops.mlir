// RUN: rng-opt %s | FileCheck %s
// RUN: rng-opt %s --mlir-print-op-generic | rng-opt | FileCheck %s
// RUN: rng-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of rng.threefry_2x32, the jax_* ops and rng.bit_generator:
// scalars, fixed and scalable vectors, static and dynamic tensors, scalar
// keys beside shaped indices, both index widths, every result type.

// CHECK-LABEL: func @scalar
func.func @scalar(%k: i32, %i: i64, %j: i32, %m: i32, %m64: i64)
    -> (i32, i32, i32, i8, i16, i64, f32, f64, f32, i32, i64) {
  // CHECK: rng.threefry_2x32 %{{.*}}, %{{.*}} key %{{.*}}, %{{.*}} : i32, i32
  %t:2 = rng.threefry_2x32 %k, %k key %k, %k : i32, i32
  // CHECK: rng.threefry_2x32 %{{.*}}, %{{.*}} key %{{.*}}, %{{.*}} rounds 13 : i32, i32
  %t13:2 = rng.threefry_2x32 %k, %k key %k, %k rounds 13 : i32, i32
  // CHECK: rng.jax_fold_in %{{.*}}, %{{.*}}, %{{.*}} : i32, i32
  %f:2 = rng.jax_fold_in %k, %k, %j : i32, i32
  // CHECK: rng.jax_bits %{{.*}}, %{{.*}}, %{{.*}} : i32, i64 -> i8
  %b8 = rng.jax_bits %k, %k, %i : i32, i64 -> i8
  // CHECK: rng.jax_bits %{{.*}}, %{{.*}}, %{{.*}} : i32, i32 -> i16
  %b16 = rng.jax_bits %k, %k, %j : i32, i32 -> i16
  // CHECK: rng.jax_bits %{{.*}}, %{{.*}}, %{{.*}} : i32, i64 -> i64
  %b64 = rng.jax_bits %k, %k, %i : i32, i64 -> i64
  // CHECK: rng.jax_uniform %{{.*}}, %{{.*}}, %{{.*}} : i32, i64 -> f32
  %u = rng.jax_uniform %k, %k, %i : i32, i64 -> f32
  // CHECK: rng.jax_uniform %{{.*}}, %{{.*}}, %{{.*}} : i32, i32 -> f64
  %u64 = rng.jax_uniform %k, %k, %j : i32, i32 -> f64
  // CHECK: rng.jax_normal %{{.*}}, %{{.*}}, %{{.*}} : i32, i64
  %n = rng.jax_normal %k, %k, %i : i32, i64
  // CHECK: rng.jax_randint %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i64, i32
  %r = rng.jax_randint %k, %k, %i, %m, %m : i32, i64, i32
  // CHECK: rng.jax_randint %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i64
  %r64 = rng.jax_randint %k, %k, %j, %m64, %m64 : i32, i32, i64
  return %t#0, %t13#1, %f#0, %b8, %b16, %b64, %u, %u64, %n, %r, %r64
      : i32, i32, i32, i8, i16, i64, f32, f64, f32, i32, i64
}

// CHECK-LABEL: func @shaped
func.func @shaped(%k: i32, %kv: vector<4xi32>, %v: vector<4xi64>,
                  %s: vector<2x[4]xi32>, %t: tensor<?x3xi64>,
                  %kt: tensor<?x3xi32>, %mt: tensor<?x3xi64>)
    -> (vector<4xi32>, vector<2x[4]xi32>, tensor<?x3xi8>, vector<4xf32>,
        vector<2x[4]xf64>, tensor<?x3xf32>, tensor<?x3xi64>, vector<4xi32>) {
  // CHECK: rng.threefry_2x32 %{{.*}}, %{{.*}} key %{{.*}}, %{{.*}} : vector<4xi32>, vector<4xi32>
  %t0:2 = rng.threefry_2x32 %kv, %kv key %kv, %kv : vector<4xi32>, vector<4xi32>
  // CHECK: rng.jax_fold_in %{{.*}}, %{{.*}}, %{{.*}} : i32, vector<2x[4]xi32>
  %f:2 = rng.jax_fold_in %k, %k, %s : i32, vector<2x[4]xi32>
  // CHECK: rng.jax_bits %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x3xi32>, tensor<?x3xi64> -> tensor<?x3xi8>
  %b = rng.jax_bits %kt, %kt, %t : tensor<?x3xi32>, tensor<?x3xi64> -> tensor<?x3xi8>
  // CHECK: rng.jax_uniform %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi32>, vector<4xi64> -> vector<4xf32>
  %u = rng.jax_uniform %kv, %kv, %v : vector<4xi32>, vector<4xi64> -> vector<4xf32>
  // CHECK: rng.jax_uniform %{{.*}}, %{{.*}}, %{{.*}} : i32, vector<2x[4]xi32> -> vector<2x[4]xf64>
  %ud = rng.jax_uniform %k, %k, %s : i32, vector<2x[4]xi32> -> vector<2x[4]xf64>
  // CHECK: rng.jax_normal %{{.*}}, %{{.*}}, %{{.*}} : i32, tensor<?x3xi64>
  %n = rng.jax_normal %k, %k, %t : i32, tensor<?x3xi64>
  // CHECK: rng.jax_randint %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, tensor<?x3xi64>, tensor<?x3xi64>
  %r = rng.jax_randint %k, %k, %t, %mt, %mt : i32, tensor<?x3xi64>, tensor<?x3xi64>
  // A shaped key beside a scalar index.
  // CHECK: rng.jax_fold_in %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi32>, i32
  %g:2 = rng.jax_fold_in %kv, %kv, %k : vector<4xi32>, i32
  return %t0#0, %f#1, %b, %u, %ud, %n, %r, %g#0
      : vector<4xi32>, vector<2x[4]xi32>, tensor<?x3xi8>, vector<4xf32>,
        vector<2x[4]xf64>, tensor<?x3xf32>, tensor<?x3xi64>, vector<4xi32>
}

// CHECK-LABEL: func @bit_generator
func.func @bit_generator(%s2: tensor<2xi64>, %s3: tensor<3xi64>)
    -> (tensor<i32>, tensor<3x5xi8>, tensor<2xi64>, tensor<7xi64>, tensor<3xi64>) {
  // CHECK: rng.bit_generator three_fry %{{.*}} : tensor<2xi64> -> tensor<i32>
  // GENERIC: "rng.bit_generator"(%{{.*}}) <{algorithm = #rng<algorithm three_fry>}> : (tensor<2xi64>) -> (tensor<2xi64>, tensor<i32>)
  %n0, %o0 = rng.bit_generator three_fry %s2 : tensor<2xi64> -> tensor<i32>
  // CHECK: rng.bit_generator philox %{{.*}} : tensor<3xi64> -> tensor<3x5xi8>
  // GENERIC: "rng.bit_generator"(%{{.*}}) <{algorithm = #rng<algorithm philox>}> : (tensor<3xi64>) -> (tensor<3xi64>, tensor<3x5xi8>)
  %n1, %o1 = rng.bit_generator philox %s3 : tensor<3xi64> -> tensor<3x5xi8>
  // CHECK: rng.bit_generator default %{{.*}} : tensor<2xi64> -> tensor<7xi64>
  // GENERIC: "rng.bit_generator"(%{{.*}}) <{algorithm = #rng<algorithm default>}> : (tensor<2xi64>) -> (tensor<2xi64>, tensor<7xi64>)
  %n2, %o2 = rng.bit_generator default %s2 : tensor<2xi64> -> tensor<7xi64>
  return %o0, %o1, %n2, %o2, %n1
      : tensor<i32>, tensor<3x5xi8>, tensor<2xi64>, tensor<7xi64>, tensor<3xi64>
}
