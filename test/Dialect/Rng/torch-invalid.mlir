// RUN: rng-opt %s --split-input-file --verify-diagnostics

// Every form the cuRAND and PyTorch ops reject, with the message that says
// what is allowed: each verifier message of RngTorchOps.cpp and the type
// constraints of RngTorchOps.td.

//===----------------------------------------------------------------------===//
// cuRAND: i64 operands of one shape; inferred results
//===----------------------------------------------------------------------===//

func.func @curand_seed_i32(%s: i32, %p: i64) {
  // expected-error @+1 {{'rng.curand' op operand #0 must be i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i64, but got 'i32'}}
  %w = rng.curand %s, %p, %p : i32, i64, i64
  return
}

// -----

func.func @curand4_position_index(%s: i64, %p: index) {
  // expected-error @+1 {{'rng.curand4' op operand #2 must be i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i64, but got 'index'}}
  %w:4 = rng.curand4 %s, %s, %p : i64, i64, index
  return
}

// -----

func.func @curand_uniform_shapes(%s: i64, %t: vector<4xi64>, %p: vector<8xi64>) {
  // expected-error @+1 {{'rng.curand_uniform' op all non-scalar operands/results must have the same shape and base type}}
  %u = rng.curand_uniform %s, %t, %p : i64, vector<4xi64>, vector<8xi64>
  return
}

// -----

func.func @curand_normal2_dynamic_static(%s: tensor<4xi64>, %p: tensor<?xi64>) {
  // expected-error @+1 {{'rng.curand_normal2' op operand and result shapes must agree: 'tensor<?xi64>' has not the shape and encoding of 'tensor<4xi64>' (scalars may stand beside shaped operands)}}
  %n:2 = rng.curand_normal2 %s, %s, %p : tensor<4xi64>, tensor<4xi64>, tensor<?xi64>
  return
}

// -----

func.func @curand_uniform_double_vector_tensor(%s: vector<4xi64>, %p: tensor<4xi64>) {
  // expected-error @+1 {{'rng.curand_uniform_double' op all non-scalar operands/results must have the same shape and base type}}
  %d = rng.curand_uniform_double %s, %s, %p : vector<4xi64>, vector<4xi64>, tensor<4xi64>
  return
}

// -----

// The results are inferred; the generic form checks them.
func.func @curand_uniform2_double_f32(%s: i64) {
  // expected-error @+1 {{'rng.curand_uniform2_double' op result #0 must be f64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f64, but got 'f32'}}
  %d:2 = "rng.curand_uniform2_double"(%s, %s, %s) : (i64, i64, i64) -> (f32, f32)
  return
}

// -----

func.func @curand_normal2_double_unranked(%s: i64, %p: tensor<*xi64>) {
  // expected-error @+1 {{'rng.curand_normal2_double' op operand #2 must be i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i64, but got 'tensor<*xi64>'}}
  %n:2 = rng.curand_normal2_double %s, %s, %p : i64, i64, tensor<*xi64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// PyTorch: constant threads and offsets PyTorch never produces
//===----------------------------------------------------------------------===//

func.func @threads_not_multiple_of_256(%s: i64, %e: i64, %f: f32) {
  %S = arith.constant 1000 : i64
  // expected-error @+1 {{'rng.torch_normal' op operand 'threads' is the constant 1000, but PyTorch launches a multiple of 256 threads (rng.torch_threads gives S; its 0 for no elements is read as 1)}}
  %n = rng.torch_normal %s, %s, %S, %e, %f, %f : (i64, i64, i64, i64, f32, f32) -> f32
  return
}

// -----

// A splat constant of the shape counts too.
func.func @threads_splat(%s: i64, %e: vector<4xi64>, %p: f32) {
  %S = arith.constant dense<300> : vector<4xi64>
  // expected-error @+1 {{'rng.torch_bernoulli' op operand 'threads' is the constant 300, but PyTorch launches a multiple of 256 threads}}
  %b = rng.torch_bernoulli %s, %s, %S, %e, %p : (i64, i64, vector<4xi64>, vector<4xi64>, f32) -> vector<4xi1>
  return
}

// -----

func.func @offset_not_multiple_of_4(%s: i64, %S: i64, %e: i64) {
  %offset = arith.constant 6 : i64
  // expected-error @+1 {{'rng.torch_random' op operand 'offset' is the constant 6, but PyTorch's generator offsets are multiples of 4}}
  %r = rng.torch_random %s, %offset, %S, %e, %s, %s : (i64, i64, i64, i64, i64, i64) -> i64
  return
}

// -----

func.func @dropout_offset(%x: f32, %p: f64, %s: i64, %S: i64, %e: i64) {
  %offset = arith.constant 1 : i64
  // expected-error @+1 {{'rng.torch_dropout' op operand 'offset' is the constant 1, but PyTorch's generator offsets are multiples of 4}}
  %y, %k = rng.torch_dropout %x, %p, %s, %offset, %S, %e : (f32, f64, i64, i64, i64, i64) -> (f32, i1)
  return
}

// -----

//===----------------------------------------------------------------------===//
// PyTorch: types
//===----------------------------------------------------------------------===//

func.func @uniform_bounds_of_another_type(%s: i64, %e: i64, %f: f32, %d: f64) {
  // expected-error @+1 {{'rng.torch_uniform' op 'from' and 'to' must have the result's element type 'f32' (PyTorch's bounds are of the tensor's dtype), but got 'f64'}}
  %u = rng.torch_uniform %s, %s, %s, %e, %f, %d : (i64, i64, i64, i64, f32, f64) -> f32
  return
}

// -----

func.func @uniform_f16_result_f32_bounds(%s: i64, %e: vector<4xi64>, %f: vector<4xf32>) {
  // expected-error @+1 {{'rng.torch_uniform' op 'from' and 'to' must have the result's element type 'f16' (PyTorch's bounds are of the tensor's dtype), but got 'vector<4xf32>'}}
  %u = rng.torch_uniform %s, %s, %s, %e, %f, %f : (i64, i64, i64, vector<4xi64>, vector<4xf32>, vector<4xf32>) -> vector<4xf16>
  return
}

// -----

func.func @uniform_integer_result(%s: i64, %e: i64, %i: i32) {
  // expected-error @+1 {{'rng.torch_uniform' op operand #4 must be f16, bf16, f32 or f64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f16, bf16, f32 or f64, but got 'i32'}}
  %u = rng.torch_uniform %s, %s, %s, %e, %i, %i : (i64, i64, i64, i64, i32, i32) -> i32
  return
}

// -----

func.func @uniform_f8_result(%s: i64, %e: i64, %f: f8E4M3FN) {
  // expected-error @+1 {{'rng.torch_uniform' op operand #4 must be f16, bf16, f32 or f64}}
  %u = rng.torch_uniform %s, %s, %s, %e, %f, %f : (i64, i64, i64, i64, f8E4M3FN, f8E4M3FN) -> f8E4M3FN
  return
}

// -----

func.func @uniform_index_i32(%s: i64, %e: i32, %f: f32) {
  // expected-error @+1 {{'rng.torch_uniform' op operand #3 must be i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i64, but got 'i32'}}
  %u = rng.torch_uniform %s, %s, %s, %e, %f, %f : (i64, i64, i64, i32, f32, f32) -> f32
  return
}

// -----

func.func @normal_f64_mean_for_f32(%s: i64, %e: i64, %d: f64) {
  // expected-error @+1 {{'rng.torch_normal' op 'mean' and 'std' must be of the accumulation type 'f32' of a 'f32' result (f64 for f64, else f32), but got 'f64'}}
  %n = rng.torch_normal %s, %s, %s, %e, %d, %d : (i64, i64, i64, i64, f64, f64) -> f32
  return
}

// -----

func.func @normal_f32_std_for_f64(%s: i64, %e: i64, %f: f32, %d: f64) {
  // expected-error @+1 {{'rng.torch_normal' op 'mean' and 'std' must be of the accumulation type 'f64' of a 'f64' result (f64 for f64, else f32), but got 'f32'}}
  %n = rng.torch_normal %s, %s, %s, %e, %d, %f : (i64, i64, i64, i64, f64, f32) -> f64
  return
}

// -----

func.func @normal_f16_mean(%s: i64, %e: i64, %h: f16) {
  // expected-error @+1 {{'rng.torch_normal' op operand #4 must be f32 or f64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f32 or f64, but got 'f16'}}
  %n = rng.torch_normal %s, %s, %s, %e, %h, %h : (i64, i64, i64, i64, f16, f16) -> f16
  return
}

// -----

func.func @normal_i32_result(%s: i64, %e: i64, %f: f32) {
  // expected-error @+1 {{'rng.torch_normal' op result #0 must be f16, bf16, f32 or f64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f16, bf16, f32 or f64, but got 'i32'}}
  %n = rng.torch_normal %s, %s, %s, %e, %f, %f : (i64, i64, i64, i64, f32, f32) -> i32
  return
}

// -----

func.func @bernoulli_f16_p(%s: i64, %e: i64, %p: f16) {
  // expected-error @+1 {{'rng.torch_bernoulli' op operand #4 must be f32 or f64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f32 or f64, but got 'f16'}}
  %b = rng.torch_bernoulli %s, %s, %s, %e, %p : (i64, i64, i64, i64, f16) -> i1
  return
}

// -----

func.func @bernoulli_f32_result(%s: i64, %e: i64, %p: f32) {
  // expected-error @+1 {{'rng.torch_bernoulli' op result #0 must be i1, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i1, but got 'f32'}}
  %b = rng.torch_bernoulli %s, %s, %s, %e, %p : (i64, i64, i64, i64, f32) -> f32
  return
}

// -----

func.func @random_i32_bounds(%s: i64, %e: i64, %i: i32) {
  // expected-error @+1 {{'rng.torch_random' op operand #4 must be i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i64, but got 'i32'}}
  %r = rng.torch_random %s, %s, %s, %e, %i, %i : (i64, i64, i64, i64, i32, i32) -> i64
  return
}

// -----

func.func @random_i32_result(%s: i64, %e: i64) {
  // expected-error @+1 {{'rng.torch_random' op result #0 must be i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i64, but got 'i32'}}
  %r = rng.torch_random %s, %s, %s, %e, %s, %s : (i64, i64, i64, i64, i64, i64) -> i32
  return
}

// -----

func.func @random_wide_not_unit(%s: i64, %e: i64) {
  // expected-error @+1 {{'rng.torch_random' op attribute 'wide' failed to satisfy constraint: unit attribute}}
  %r = rng.torch_random %s, %s, %s, %e, %s, %s {wide = 1 : i32} : (i64, i64, i64, i64, i64, i64) -> i64
  return
}

// -----

func.func @dropout_f32_p(%x: f32, %p: f32, %s: i64, %e: i64) {
  // expected-error @+1 {{'rng.torch_dropout' op operand #1 must be f64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f64, but got 'f32'}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e : (f32, f32, i64, i64, i64, i64) -> (f32, i1)
  return
}

// -----

func.func @dropout_integer_x(%x: i32, %p: f64, %s: i64, %e: i64) {
  // expected-error @+1 {{'rng.torch_dropout' op operand #0 must be f16, bf16, f32 or f64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f16, bf16, f32 or f64, but got 'i32'}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e : (i32, f64, i64, i64, i64, i64) -> (i32, i1)
  return
}

// -----

func.func @dropout_result_of_another_type(%x: vector<4xbf16>, %p: f64, %s: i64, %e: vector<4xi64>) {
  // expected-error @+1 {{'rng.torch_dropout' op result #0 must have the element type of 'x' ('bf16'), but got 'vector<4xf16>'}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e : (vector<4xbf16>, f64, i64, i64, i64, vector<4xi64>) -> (vector<4xf16>, vector<4xi1>)
  return
}

// -----

func.func @dropout_mask_i8(%x: f32, %p: f64, %s: i64, %e: i64) {
  // expected-error @+1 {{'rng.torch_dropout' op result #1 must be i1, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i1, but got 'i8'}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e : (f32, f64, i64, i64, i64, i64) -> (f32, i8)
  return
}

// -----

//===----------------------------------------------------------------------===//
// PyTorch: dropout's width and probability
//===----------------------------------------------------------------------===//

func.func @dropout_vec_3(%x: f32, %p: f64, %s: i64, %e: i64) {
  // expected-error @+1 {{'rng.torch_dropout' op attribute 'vec' must be 1, 2, 4 or 8 (PyTorch's dropout vector widths), but got 3}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e {vec = 3 : i32} : (f32, f64, i64, i64, i64, i64) -> (f32, i1)
  return
}

// -----

func.func @dropout_vec_16(%x: f32, %p: f64, %s: i64, %e: i64) {
  // expected-error @+1 {{'rng.torch_dropout' op attribute 'vec' must be 1, 2, 4 or 8 (PyTorch's dropout vector widths), but got 16}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e {vec = 16 : i32} : (f32, f64, i64, i64, i64, i64) -> (f32, i1)
  return
}

// -----

func.func @dropout_vec_negative(%x: f32, %p: f64, %s: i64, %e: i64) {
  // expected-error @+1 {{'rng.torch_dropout' op attribute 'vec' must be 1, 2, 4 or 8 (PyTorch's dropout vector widths), but got -4}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e {vec = -4 : i32} : (f32, f64, i64, i64, i64, i64) -> (f32, i1)
  return
}

// -----

func.func @dropout_vec_i64(%x: f32, %p: f64, %s: i64, %e: i64) {
  // expected-error @+1 {{'rng.torch_dropout' op attribute 'vec' failed to satisfy constraint: 32-bit signless integer attribute}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e {vec = 4 : i64} : (f32, f64, i64, i64, i64, i64) -> (f32, i1)
  return
}

// -----

// A static tensor is the whole call: PyTorch's width divides its count.
func.func @dropout_vec_not_dividing(%x: tensor<2x3xf16>, %p: f64, %s: i64, %e: tensor<2x3xi64>) {
  // expected-error @+1 {{'rng.torch_dropout' op attribute 'vec' (4) must divide the element count of 'tensor<2x3xf16>' (6): PyTorch halves the width until it divides}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e {vec = 4 : i32} : (tensor<2x3xf16>, f64, i64, i64, i64, tensor<2x3xi64>) -> (tensor<2x3xf16>, tensor<2x3xi1>)
  return
}

// -----

// The op's shape counts, whether x is a tensor or a scalar beside the index.
func.func @dropout_vec_not_dividing_scalar_x(%x: f32, %p: f64, %s: i64, %e: tensor<6xi64>) {
  // expected-error @+1 {{'rng.torch_dropout' op attribute 'vec' (4) must divide the element count of 'tensor<6xf32>' (6): PyTorch halves the width until it divides}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e {vec = 4 : i32} : (f32, f64, i64, i64, i64, tensor<6xi64>) -> (tensor<6xf32>, tensor<6xi1>)
  return
}

// -----

func.func @dropout_p_above_1(%x: f32, %s: i64, %e: i64) {
  %p = arith.constant 1.5 : f64
  // expected-error @+1 {{'rng.torch_dropout' op operand 'p' is the constant 1.500000e+00, but a drop probability lies in [0, 1] (PyTorch's check)}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e : (f32, f64, i64, i64, i64, i64) -> (f32, i1)
  return
}

// -----

func.func @dropout_p_negative(%x: f32, %s: i64, %e: i64) {
  %p = arith.constant -0.25 : f64
  // expected-error @+1 {{'rng.torch_dropout' op operand 'p' is the constant -2.500000e-01, but a drop probability lies in [0, 1] (PyTorch's check)}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e : (f32, f64, i64, i64, i64, i64) -> (f32, i1)
  return
}

// -----

func.func @dropout_p_nan(%x: f32, %s: i64, %e: i64) {
  %p = arith.constant 0x7FF8000000000000 : f64
  // expected-error @+1 {{'rng.torch_dropout' op operand 'p' is the constant nan, but a drop probability lies in [0, 1] (PyTorch's check)}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e : (f32, f64, i64, i64, i64, i64) -> (f32, i1)
  return
}

// -----

func.func @dropout_shapes(%x: vector<4xf32>, %p: f64, %s: i64, %e: vector<[4]xi64>) {
  // expected-error @+1 {{'rng.torch_dropout' op all non-scalar operands/results must have the same shape and base type}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e : (vector<4xf32>, f64, i64, i64, i64, vector<[4]xi64>) -> (vector<4xf32>, vector<4xi1>)
  return
}

// -----

func.func @random_result_shape(%s: i64, %e: tensor<4xi64>) {
  // expected-error @+1 {{'rng.torch_random' op all non-scalar operands/results must have the same shape and base type}}
  %r = rng.torch_random %s, %s, %s, %e, %s, %s : (i64, i64, i64, tensor<4xi64>, i64, i64) -> tensor<8xi64>
  return
}

// -----

// ElementwiseMappable accepts a dynamic size beside a static one; the ops
// do not.
func.func @uniform_dynamic_static(%s: i64, %e: tensor<?xi64>, %f: tensor<4xf32>) {
  // expected-error @+1 {{'rng.torch_uniform' op operand and result shapes must agree: 'tensor<4xf32>' has not the shape and encoding of 'tensor<?xi64>' (scalars may stand beside shaped operands)}}
  %u = rng.torch_uniform %s, %s, %s, %e, %f, %f : (i64, i64, i64, tensor<?xi64>, tensor<4xf32>, tensor<4xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @dropout_mask_dynamic(%x: tensor<4xf32>, %p: f64, %s: i64, %e: tensor<4xi64>) {
  // expected-error @+1 {{'rng.torch_dropout' op operand and result shapes must agree: 'tensor<?xi1>' has not the shape and encoding of 'tensor<4xf32>' (scalars may stand beside shaped operands)}}
  %y, %k = rng.torch_dropout %x, %p, %s, %s, %s, %e : (tensor<4xf32>, f64, i64, i64, i64, tensor<4xi64>) -> (tensor<4xf32>, tensor<?xi1>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// PyTorch: the launch ops' attributes and types
//===----------------------------------------------------------------------===//

func.func @threads_no_multiprocessors(%n: i64) {
  // expected-error @+1 {{'rng.torch_threads' op attribute 'multiprocessors' must be positive (the device's multiprocessor count), but got 0}}
  %S = rng.torch_threads %n {multiprocessors = 0, threads_per_multiprocessor = 2048} : i64
  return
}

// -----

func.func @threads_negative_multiprocessors(%n: i64) {
  // expected-error @+1 {{'rng.torch_threads' op attribute 'multiprocessors' must be positive (the device's multiprocessor count), but got -132}}
  %S = rng.torch_threads %n {multiprocessors = -132, threads_per_multiprocessor = 2048} : i64
  return
}

// -----

func.func @threads_per_multiprocessor_below_256(%n: i64) {
  // expected-error @+1 {{'rng.torch_threads' op attribute 'threads_per_multiprocessor' must be at least 256 (PyTorch launches blocks of 256 threads), but got 255}}
  %S = rng.torch_threads %n {multiprocessors = 132, threads_per_multiprocessor = 255} : i64
  return
}

// -----

func.func @threads_attributes_too_large(%n: i64) {
  // expected-error @+1 {{'rng.torch_threads' op attributes 'multiprocessors' and 'threads_per_multiprocessor' must be at most 2^24 (so that S does not wrap), but got 72057594037927936 and 65536}}
  %S = rng.torch_threads %n {multiprocessors = 72057594037927936, threads_per_multiprocessor = 65536} : i64
  return
}

// -----

func.func @threads_missing_attribute(%n: i64) {
  // expected-error @+1 {{'rng.torch_threads' op requires attribute 'threads_per_multiprocessor'}}
  %S = rng.torch_threads %n {multiprocessors = 132} : i64
  return
}

// -----

func.func @threads_i32_attribute(%n: i64) {
  // expected-error @+1 {{'rng.torch_threads' op attribute 'multiprocessors' failed to satisfy constraint: 64-bit signless integer attribute}}
  %S = rng.torch_threads %n {multiprocessors = 132 : i32, threads_per_multiprocessor = 2048} : i64
  return
}

// -----

func.func @threads_of_i32(%n: i32) {
  // expected-error @+1 {{'rng.torch_threads' op operand #0 must be i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i64, but got 'i32'}}
  %S = rng.torch_threads %n {multiprocessors = 132, threads_per_multiprocessor = 2048} : i32
  return
}

// -----

func.func @threads_result_type(%n: vector<4xi64>) {
  // expected-error @+1 {{'rng.torch_threads' op failed to verify that all of {n, result} have same type}}
  %S = "rng.torch_threads"(%n) <{multiprocessors = 132 : i64, threads_per_multiprocessor = 2048 : i64}> : (vector<4xi64>) -> i64
  return
}

// -----

func.func @offset_increment_unroll_8(%n: i64, %S: i64) {
  // expected-error @+1 {{'rng.torch_offset_increment' op attribute 'unroll' must be 4 or 2 (PyTorch's values per thread and draw), but got 8}}
  %inc = rng.torch_offset_increment %n, %S {unroll = 8 : i32} : i64
  return
}

// -----

func.func @offset_increment_unroll_1(%n: i64, %S: i64) {
  // expected-error @+1 {{'rng.torch_offset_increment' op attribute 'unroll' must be 4 or 2 (PyTorch's values per thread and draw), but got 1}}
  %inc = rng.torch_offset_increment %n, %S {unroll = 1 : i32} : i64
  return
}

// -----

func.func @offset_increment_no_unroll(%n: i64, %S: i64) {
  // expected-error @+1 {{'rng.torch_offset_increment' op requires attribute 'unroll'}}
  %inc = rng.torch_offset_increment %n, %S : i64
  return
}

// -----

// n and threads have one type: no scalar thread count beside shaped sizes.
func.func @offset_increment_mixed_types(%n: vector<4xi64>, %S: i64) {
  // expected-error @+1 {{'rng.torch_offset_increment' op failed to verify that all of {n, threads, result} have same type}}
  %inc = "rng.torch_offset_increment"(%n, %S) <{unroll = 4 : i32}> : (vector<4xi64>, i64) -> vector<4xi64>
  return
}
