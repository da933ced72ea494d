// RUN: rng-opt %s | FileCheck %s
// RUN: rng-opt %s --mlir-print-op-generic | rng-opt | FileCheck %s
// RUN: rng-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of the cuRAND ops (rng.curand ... rng.curand_normal2_double)
// and the PyTorch ops (rng.torch_*): scalars, fixed and scalable vectors,
// static and dynamic tensors, scalar seeds, offsets and thread counts
// beside shaped indices, every result type, every attribute.

// CHECK-LABEL: func @curand_scalar
func.func @curand_scalar(%seed: i64, %t: i64, %p: i64)
    -> (i32, i32, f32, f32, f64, f64, f64) {
  // CHECK: rng.curand %{{.*}}, %{{.*}}, %{{.*}} : i64, i64, i64
  // GENERIC: "rng.curand"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64) -> i32
  %w = rng.curand %seed, %t, %p : i64, i64, i64
  // CHECK: %x, %y, %z, %w = rng.curand4 %{{.*}}, %{{.*}}, %{{.*}} : i64, i64, i64
  // GENERIC: "rng.curand4"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64) -> (i32, i32, i32, i32)
  %w4:4 = rng.curand4 %seed, %t, %p : i64, i64, i64
  // CHECK: rng.curand_uniform %{{.*}}, %{{.*}}, %{{.*}} : i64, i64, i64
  // GENERIC: "rng.curand_uniform"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64) -> f32
  %u = rng.curand_uniform %seed, %t, %p : i64, i64, i64
  // CHECK: rng.curand_normal2 %{{.*}}, %{{.*}}, %{{.*}} : i64, i64, i64
  // GENERIC: "rng.curand_normal2"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64) -> (f32, f32)
  %n:2 = rng.curand_normal2 %seed, %t, %p : i64, i64, i64
  // CHECK: rng.curand_uniform_double %{{.*}}, %{{.*}}, %{{.*}} : i64, i64, i64
  // GENERIC: "rng.curand_uniform_double"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64) -> f64
  %d = rng.curand_uniform_double %seed, %t, %p : i64, i64, i64
  // CHECK: rng.curand_uniform2_double %{{.*}}, %{{.*}}, %{{.*}} : i64, i64, i64
  // GENERIC: "rng.curand_uniform2_double"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64) -> (f64, f64)
  %d2:2 = rng.curand_uniform2_double %seed, %t, %p : i64, i64, i64
  // CHECK: rng.curand_normal2_double %{{.*}}, %{{.*}}, %{{.*}} : i64, i64, i64
  // GENERIC: "rng.curand_normal2_double"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64) -> (f64, f64)
  %nd:2 = rng.curand_normal2_double %seed, %t, %p : i64, i64, i64
  return %w, %w4#3, %u, %n#1, %d, %d2#1, %nd#0
      : i32, i32, f32, f32, f64, f64, f64
}

// The results take the shaped operands' shape; a scalar seed or
// subsequence stands beside shaped positions, and every operand may be
// shaped.
// CHECK-LABEL: func @curand_shaped
func.func @curand_shaped(%seed: i64, %tv: vector<4xi64>, %pv: vector<4xi64>,
                         %ps: vector<2x[4]xi64>, %pt: tensor<?x3xi64>,
                         %st: tensor<2x3xi64>)
    -> (vector<4xi32>, vector<2x[4]xi32>, tensor<?x3xf32>, vector<4xf32>,
        tensor<2x3xf64>, vector<2x[4]xf64>, tensor<?x3xf64>) {
  // CHECK: rng.curand %{{.*}}, %{{.*}}, %{{.*}} : i64, vector<4xi64>, vector<4xi64>
  // GENERIC: "rng.curand"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, vector<4xi64>, vector<4xi64>) -> vector<4xi32>
  %w = rng.curand %seed, %tv, %pv : i64, vector<4xi64>, vector<4xi64>
  // CHECK: rng.curand4 %{{.*}}, %{{.*}}, %{{.*}} : i64, i64, vector<2x[4]xi64>
  // GENERIC: "rng.curand4"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, vector<2x[4]xi64>) -> (vector<2x[4]xi32>, vector<2x[4]xi32>, vector<2x[4]xi32>, vector<2x[4]xi32>)
  %w4:4 = rng.curand4 %seed, %seed, %ps : i64, i64, vector<2x[4]xi64>
  // CHECK: rng.curand_uniform %{{.*}}, %{{.*}}, %{{.*}} : i64, i64, tensor<?x3xi64>
  // GENERIC: "rng.curand_uniform"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, tensor<?x3xi64>) -> tensor<?x3xf32>
  %u = rng.curand_uniform %seed, %seed, %pt : i64, i64, tensor<?x3xi64>
  // CHECK: rng.curand_normal2 %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi64>, vector<4xi64>, vector<4xi64>
  // GENERIC: "rng.curand_normal2"(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<4xi64>, vector<4xi64>, vector<4xi64>) -> (vector<4xf32>, vector<4xf32>)
  %n:2 = rng.curand_normal2 %pv, %tv, %pv : vector<4xi64>, vector<4xi64>, vector<4xi64>
  // CHECK: rng.curand_uniform_double %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x3xi64>, tensor<2x3xi64>, i64
  // GENERIC: "rng.curand_uniform_double"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x3xi64>, tensor<2x3xi64>, i64) -> tensor<2x3xf64>
  %d = rng.curand_uniform_double %st, %st, %seed : tensor<2x3xi64>, tensor<2x3xi64>, i64
  // CHECK: rng.curand_uniform2_double %{{.*}}, %{{.*}}, %{{.*}} : i64, vector<2x[4]xi64>, vector<2x[4]xi64>
  // GENERIC: "rng.curand_uniform2_double"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, vector<2x[4]xi64>, vector<2x[4]xi64>) -> (vector<2x[4]xf64>, vector<2x[4]xf64>)
  %d2:2 = rng.curand_uniform2_double %seed, %ps, %ps : i64, vector<2x[4]xi64>, vector<2x[4]xi64>
  // CHECK: rng.curand_normal2_double %{{.*}}, %{{.*}}, %{{.*}} : i64, tensor<?x3xi64>, tensor<?x3xi64>
  // GENERIC: "rng.curand_normal2_double"(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, tensor<?x3xi64>, tensor<?x3xi64>) -> (tensor<?x3xf64>, tensor<?x3xf64>)
  %nd:2 = rng.curand_normal2_double %seed, %pt, %pt : i64, tensor<?x3xi64>, tensor<?x3xi64>
  return %w, %w4#2, %u, %n#0, %d, %d2#0, %nd#1
      : vector<4xi32>, vector<2x[4]xi32>, tensor<?x3xf32>, vector<4xf32>,
        tensor<2x3xf64>, vector<2x[4]xf64>, tensor<?x3xf64>
}

// Scalars: every result type of the samplers, both p types of
// rng.torch_bernoulli, rng.torch_random with and without `wide`,
// rng.torch_dropout with its default width and each other one.
// CHECK-LABEL: func @torch_scalar
func.func @torch_scalar(%seed: i64, %off: i64, %S: i64, %e: i64, %n: i64,
                        %h: f16, %b: bf16, %f: f32, %d: f64)
    -> (f16, bf16, f32, f64, f16, bf16, f32, f64, i1, i1, i64, i64,
        f32, i1, bf16, f16, f64, i64, i64, i64) {
  // CHECK: rng.torch_uniform %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (i64, i64, i64, i64, f16, f16) -> f16
  // GENERIC: "rng.torch_uniform"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64, i64, f16, f16) -> f16
  %uh = rng.torch_uniform %seed, %off, %S, %e, %h, %h : (i64, i64, i64, i64, f16, f16) -> f16
  // CHECK: rng.torch_uniform {{.*}} : (i64, i64, i64, i64, bf16, bf16) -> bf16
  %ub = rng.torch_uniform %seed, %off, %S, %e, %b, %b : (i64, i64, i64, i64, bf16, bf16) -> bf16
  // CHECK: rng.torch_uniform {{.*}} : (i64, i64, i64, i64, f32, f32) -> f32
  %uf = rng.torch_uniform %seed, %off, %S, %e, %f, %f : (i64, i64, i64, i64, f32, f32) -> f32
  // CHECK: rng.torch_uniform {{.*}} : (i64, i64, i64, i64, f64, f64) -> f64
  %ud = rng.torch_uniform %seed, %off, %S, %e, %d, %d : (i64, i64, i64, i64, f64, f64) -> f64
  // CHECK: rng.torch_normal %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (i64, i64, i64, i64, f32, f32) -> f16
  // GENERIC: "rng.torch_normal"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64, i64, f32, f32) -> f16
  %nh = rng.torch_normal %seed, %off, %S, %e, %f, %f : (i64, i64, i64, i64, f32, f32) -> f16
  // CHECK: rng.torch_normal {{.*}} : (i64, i64, i64, i64, f32, f32) -> bf16
  %nb = rng.torch_normal %seed, %off, %S, %e, %f, %f : (i64, i64, i64, i64, f32, f32) -> bf16
  // CHECK: rng.torch_normal {{.*}} : (i64, i64, i64, i64, f32, f32) -> f32
  %nf = rng.torch_normal %seed, %off, %S, %e, %f, %f : (i64, i64, i64, i64, f32, f32) -> f32
  // CHECK: rng.torch_normal {{.*}} : (i64, i64, i64, i64, f64, f64) -> f64
  %nd = rng.torch_normal %seed, %off, %S, %e, %d, %d : (i64, i64, i64, i64, f64, f64) -> f64
  // CHECK: rng.torch_bernoulli %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (i64, i64, i64, i64, f32) -> i1
  // GENERIC: "rng.torch_bernoulli"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64, i64, f32) -> i1
  %bf = rng.torch_bernoulli %seed, %off, %S, %e, %f : (i64, i64, i64, i64, f32) -> i1
  // CHECK: rng.torch_bernoulli {{.*}} : (i64, i64, i64, i64, f64) -> i1
  %bd = rng.torch_bernoulli %seed, %off, %S, %e, %d : (i64, i64, i64, i64, f64) -> i1
  // CHECK: rng.torch_random %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (i64, i64, i64, i64, i64, i64) -> i64
  // GENERIC: "rng.torch_random"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64, i64, i64, i64) -> i64
  %r = rng.torch_random %seed, %off, %S, %e, %n, %n : (i64, i64, i64, i64, i64, i64) -> i64
  // CHECK: rng.torch_random %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {wide} : (i64, i64, i64, i64, i64, i64) -> i64
  // GENERIC: "rng.torch_random"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{wide}> : (i64, i64, i64, i64, i64, i64) -> i64
  %rw = rng.torch_random %seed, %off, %S, %e, %n, %n {wide} : (i64, i64, i64, i64, i64, i64) -> i64
  // CHECK: rng.torch_dropout %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (f32, f64, i64, i64, i64, i64) -> (f32, i1)
  // GENERIC: "rng.torch_dropout"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{vec = 1 : i32}> : (f32, f64, i64, i64, i64, i64) -> (f32, i1)
  %yf, %kf = rng.torch_dropout %f, %d, %seed, %off, %S, %e : (f32, f64, i64, i64, i64, i64) -> (f32, i1)
  // CHECK: rng.torch_dropout {{.*}} {vec = 8 : i32} : (bf16, f64, i64, i64, i64, i64) -> (bf16, i1)
  %yb, %kb = rng.torch_dropout %b, %d, %seed, %off, %S, %e {vec = 8 : i32} : (bf16, f64, i64, i64, i64, i64) -> (bf16, i1)
  // CHECK: rng.torch_dropout {{.*}} {vec = 4 : i32} : (f16, f64, i64, i64, i64, i64) -> (f16, i1)
  %yh, %kh = rng.torch_dropout %h, %d, %seed, %off, %S, %e {vec = 4 : i32} : (f16, f64, i64, i64, i64, i64) -> (f16, i1)
  // CHECK: rng.torch_dropout {{.*}} {vec = 2 : i32} : (f64, f64, i64, i64, i64, i64) -> (f64, i1)
  %yd, %kd = rng.torch_dropout %d, %d, %seed, %off, %S, %e {vec = 2 : i32} : (f64, f64, i64, i64, i64, i64) -> (f64, i1)
  // CHECK: rng.torch_threads %{{.*}} {multiprocessors = 132 : i64, threads_per_multiprocessor = 2048 : i64} : i64
  // GENERIC: "rng.torch_threads"(%{{.*}}) <{multiprocessors = 132 : i64, threads_per_multiprocessor = 2048 : i64}> : (i64) -> i64
  %sm = rng.torch_threads %n {multiprocessors = 132, threads_per_multiprocessor = 2048} : i64
  // CHECK: rng.torch_offset_increment %{{.*}}, %{{.*}} {unroll = 4 : i32} : i64
  // GENERIC: "rng.torch_offset_increment"(%{{.*}}, %{{.*}}) <{unroll = 4 : i32}> : (i64, i64) -> i64
  %inc4 = rng.torch_offset_increment %n, %sm {unroll = 4 : i32} : i64
  // CHECK: rng.torch_offset_increment %{{.*}}, %{{.*}} {unroll = 2 : i32} : i64
  %inc2 = rng.torch_offset_increment %n, %S {unroll = 2 : i32} : i64
  return %uh, %ub, %uf, %ud, %nh, %nb, %nf, %nd, %bf, %bd, %r, %rw,
         %yf, %kf, %yb, %yh, %yd, %sm, %inc4, %inc2
      : f16, bf16, f32, f64, f16, bf16, f32, f64, i1, i1, i64, i64,
        f32, i1, bf16, f16, f64, i64, i64, i64
}

// Shaped: scalar seed, offset and thread count beside shaped indices (the
// typical form), shaped bounds, means and inputs, every operand shaped.
// CHECK-LABEL: func @torch_shaped
func.func @torch_shaped(%seed: i64, %off: i64, %S: i64,
                        %ev: vector<4xi64>, %es: vector<[4]xi64>,
                        %et: tensor<2x4xi64>, %ed: tensor<?xi64>,
                        %f: f32, %d: f64, %fv: vector<4xf32>,
                        %xt: tensor<2x4xbf16>, %xd: tensor<?xf16>,
                        %xs: vector<[4]xf32>)
    -> (tensor<?xf32>, vector<4xf32>, vector<[4]xbf16>, tensor<2x4xf64>,
        tensor<?xi1>, vector<4xi64>, tensor<2x4xbf16>, tensor<2x4xi1>,
        tensor<?xf16>, vector<[4]xf32>, vector<4xi64>, tensor<?xi64>) {
  // CHECK: rng.torch_uniform {{.*}} : (i64, i64, i64, tensor<?xi64>, f32, f32) -> tensor<?xf32>
  %u = rng.torch_uniform %seed, %off, %S, %ed, %f, %f : (i64, i64, i64, tensor<?xi64>, f32, f32) -> tensor<?xf32>
  // CHECK: rng.torch_uniform {{.*}} : (i64, i64, i64, vector<4xi64>, vector<4xf32>, f32) -> vector<4xf32>
  %uv = rng.torch_uniform %seed, %off, %S, %ev, %fv, %f : (i64, i64, i64, vector<4xi64>, vector<4xf32>, f32) -> vector<4xf32>
  // CHECK: rng.torch_normal {{.*}} : (i64, i64, i64, vector<[4]xi64>, f32, f32) -> vector<[4]xbf16>
  %n = rng.torch_normal %seed, %off, %S, %es, %f, %f : (i64, i64, i64, vector<[4]xi64>, f32, f32) -> vector<[4]xbf16>
  // CHECK: rng.torch_normal {{.*}} : (tensor<2x4xi64>, tensor<2x4xi64>, tensor<2x4xi64>, tensor<2x4xi64>, f64, f64) -> tensor<2x4xf64>
  %nd = rng.torch_normal %et, %et, %et, %et, %d, %d : (tensor<2x4xi64>, tensor<2x4xi64>, tensor<2x4xi64>, tensor<2x4xi64>, f64, f64) -> tensor<2x4xf64>
  // CHECK: rng.torch_bernoulli {{.*}} : (i64, i64, i64, tensor<?xi64>, f64) -> tensor<?xi1>
  %b = rng.torch_bernoulli %seed, %off, %S, %ed, %d : (i64, i64, i64, tensor<?xi64>, f64) -> tensor<?xi1>
  // CHECK: rng.torch_random {{.*}} {wide} : (i64, i64, i64, vector<4xi64>, vector<4xi64>, i64) -> vector<4xi64>
  %r = rng.torch_random %seed, %off, %S, %ev, %ev, %seed {wide} : (i64, i64, i64, vector<4xi64>, vector<4xi64>, i64) -> vector<4xi64>
  // CHECK: rng.torch_dropout {{.*}} {vec = 8 : i32} : (tensor<2x4xbf16>, f64, i64, i64, i64, tensor<2x4xi64>) -> (tensor<2x4xbf16>, tensor<2x4xi1>)
  %y, %k = rng.torch_dropout %xt, %d, %seed, %off, %S, %et {vec = 8 : i32} : (tensor<2x4xbf16>, f64, i64, i64, i64, tensor<2x4xi64>) -> (tensor<2x4xbf16>, tensor<2x4xi1>)
  // A dynamic tensor takes any width (its size is not known to divide).
  // CHECK: rng.torch_dropout {{.*}} {vec = 4 : i32} : (tensor<?xf16>, f64, i64, i64, i64, tensor<?xi64>) -> (tensor<?xf16>, tensor<?xi1>)
  %yd, %kd = rng.torch_dropout %xd, %d, %seed, %off, %S, %ed {vec = 4 : i32} : (tensor<?xf16>, f64, i64, i64, i64, tensor<?xi64>) -> (tensor<?xf16>, tensor<?xi1>)
  // CHECK: rng.torch_dropout {{.*}} : (vector<[4]xf32>, f64, i64, i64, i64, vector<[4]xi64>) -> (vector<[4]xf32>, vector<[4]xi1>)
  %ys, %ks = rng.torch_dropout %xs, %d, %seed, %off, %S, %es : (vector<[4]xf32>, f64, i64, i64, i64, vector<[4]xi64>) -> (vector<[4]xf32>, vector<[4]xi1>)
  // CHECK: rng.torch_threads %{{.*}} {multiprocessors = 108 : i64, threads_per_multiprocessor = 2048 : i64} : vector<4xi64>
  %sm = rng.torch_threads %ev {multiprocessors = 108, threads_per_multiprocessor = 2048} : vector<4xi64>
  // CHECK: rng.torch_offset_increment %{{.*}}, %{{.*}} {unroll = 2 : i32} : tensor<?xi64>
  %inc = rng.torch_offset_increment %ed, %ed {unroll = 2 : i32} : tensor<?xi64>
  return %u, %uv, %n, %nd, %b, %r, %y, %k, %yd, %ys, %sm, %inc
      : tensor<?xf32>, vector<4xf32>, vector<[4]xbf16>, tensor<2x4xf64>,
        tensor<?xi1>, vector<4xi64>, tensor<2x4xbf16>, tensor<2x4xi1>,
        tensor<?xf16>, vector<[4]xf32>, vector<4xi64>, tensor<?xi64>
}
