// RUN: rng-opt %s --split-input-file --verify-diagnostics

// Every form the Threefry, JAX and bit-generator ops reject, with the
// message that says what is allowed.

func.func @threefry_rounds(%x: i32) {
  // expected-error @+1 {{'rng.threefry_2x32' op attribute 'rounds' must be in [1, 32] (Threefry round count), but got 33}}
  %y:2 = rng.threefry_2x32 %x, %x key %x, %x rounds 33 : i32, i32
  return
}

// -----

func.func @threefry_rounds_zero(%x: i32) {
  // expected-error @+1 {{'rng.threefry_2x32' op attribute 'rounds' must be in [1, 32] (Threefry round count), but got 0}}
  %y:2 = rng.threefry_2x32 %x, %x key %x, %x rounds 0 : i32, i32
  return
}

// -----

func.func @threefry_key_shape(%x: vector<4xi32>, %k: vector<2xi32>) {
  // expected-error @+1 {{'rng.threefry_2x32' op all non-scalar operands/results must have the same shape and base type}}
  %y:2 = rng.threefry_2x32 %x, %x key %k, %k : vector<4xi32>, vector<2xi32>
  return
}

// -----

func.func @key_not_i32(%k: i64, %i: i64) {
  // expected-error @+1 {{'rng.jax_bits' op operand #0 must be i32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32, but got 'i64'}}
  %b = rng.jax_bits %k, %k, %i : i64, i64 -> i32
  return
}

// -----

func.func @index_i16(%k: i32, %i: i16) {
  // expected-error @+1 {{'rng.jax_uniform' op operand #2 must be i32 or i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32 or i64, but got 'i16'}}
  %u = rng.jax_uniform %k, %k, %i : i32, i16 -> f32
  return
}

// -----

func.func @fold_in_d_i8(%k: i32, %d: i8) {
  // expected-error @+1 {{'rng.jax_fold_in' op operand #2 must be i32 or i64}}
  %f:2 = rng.jax_fold_in %k, %k, %d : i32, i8
  return
}

// -----

func.func @bits_i1(%k: i32, %i: i64) {
  // expected-error @+1 {{'rng.jax_bits' op result #0 must be i8, i16, i32 or i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i8, i16, i32 or i64, but got 'i1'}}
  %b = rng.jax_bits %k, %k, %i : i32, i64 -> i1
  return
}

// -----

func.func @uniform_f16(%k: i32, %i: i64) {
  // expected-error @+1 {{'rng.jax_uniform' op result #0 must be f32 or f64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f32 or f64, but got 'f16'}}
  %u = rng.jax_uniform %k, %k, %i : i32, i64 -> f16
  return
}

// -----

func.func @uniform_shape(%k: i32, %i: vector<4xi64>) {
  // expected-error @+1 {{'rng.jax_uniform' op all non-scalar operands/results must have the same shape and base type}}
  %u = rng.jax_uniform %k, %k, %i : i32, vector<4xi64> -> vector<[4]xf32>
  return
}

// -----

func.func @normal_dynamic_static(%k: tensor<4xi32>, %i: tensor<?xi64>) {
  // expected-error @+1 {{'rng.jax_normal' op operand and result shapes must agree: 'tensor<?xi64>' has not the shape and encoding of 'tensor<4xi32>' (scalars may stand beside shaped operands)}}
  %n = rng.jax_normal %k, %k, %i : tensor<4xi32>, tensor<?xi64>
  return
}

// -----

func.func @randint_bounds_i16(%k: i32, %i: i64, %m: i16) {
  // expected-error @+1 {{'rng.jax_randint' op operand #3 must be i32 or i64}}
  %r = rng.jax_randint %k, %k, %i, %m, %m : i32, i64, i16
  return
}

// -----

func.func @randint_bounds_differ(%k: i32, %i: i64, %a: i32, %b: i64) {
  // expected-error @+1 {{'rng.jax_randint' op failed to verify that all of {minval, maxval} have same type}}
  %r = "rng.jax_randint"(%k, %k, %i, %a, %b) : (i32, i32, i64, i32, i64) -> i32
  return
}

// -----

func.func @keys_differ(%k: i32, %kv: vector<4xi32>, %i: vector<4xi64>) {
  // expected-error @+1 {{'rng.jax_bits' op failed to verify that all of {k0, k1} have same type}}
  %b = "rng.jax_bits"(%k, %kv, %i) : (i32, vector<4xi32>, vector<4xi64>) -> vector<4xi32>
  return
}

// -----

func.func @bit_generator_dynamic(%s: tensor<2xi64>) {
  // expected-error @+1 {{'rng.bit_generator' op output must be a statically shaped ranked tensor of i8, i16, i32 or i64 (rank 0 included), but got 'tensor<?xi32>'}}
  %n, %o = rng.bit_generator philox %s : tensor<2xi64> -> tensor<?xi32>
  return
}

// -----

func.func @bit_generator_state_4(%s: tensor<4xi64>) {
  // expected-error @+1 {{'rng.bit_generator' op state must be tensor<2xi64> or tensor<3xi64> (two or three u64 words), but got 'tensor<4xi64>'}}
  %n, %o = rng.bit_generator philox %s : tensor<4xi64> -> tensor<8xi32>
  return
}

// -----

func.func @bit_generator_state_i32(%s: tensor<2xi32>) {
  // expected-error @+1 {{'rng.bit_generator' op operand #0 must be tensor of 64-bit signless integer values, but got 'tensor<2xi32>'}}
  %n, %o = "rng.bit_generator"(%s) {algorithm = #rng<algorithm philox>} : (tensor<2xi32>) -> (tensor<2xi32>, tensor<8xi32>)
  return
}

// -----

func.func @bit_generator_three_fry_3(%s: tensor<3xi64>) {
  // expected-error @+1 {{'rng.bit_generator' op algorithm 'three_fry' takes a 2-word state (tensor<2xi64>), but got 'tensor<3xi64>'; only 'philox' and 'default' take 3 words}}
  %n, %o = rng.bit_generator three_fry %s : tensor<3xi64> -> tensor<8xi32>
  return
}

// -----

func.func @bit_generator_output_f32(%s: tensor<2xi64>) {
  // expected-error @+1 {{'rng.bit_generator' op result #1 must be tensor of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer values, but got 'tensor<8xf32>'}}
  %n, %o = rng.bit_generator philox %s : tensor<2xi64> -> tensor<8xf32>
  return
}

// -----

func.func @bit_generator_unknown(%s: tensor<2xi64>) {
  // expected-error @+1 {{unknown algorithm 'threefry'; expected three_fry, philox or default}}
  %n, %o = rng.bit_generator threefry %s : tensor<2xi64> -> tensor<8xi32>
  return
}

// -----

func.func @bit_generator_unknown_generic(%s: tensor<2xi64>) {
  // expected-error @+2 {{expected ::mlir::rng::Algorithm to be one of: three_fry, philox, default}}
  // expected-error @+1 {{failed to parse Rng_AlgorithmAttr parameter 'value' which is to be a `::mlir::rng::Algorithm`}}
  %n, %o = "rng.bit_generator"(%s) {algorithm = #rng<algorithm mt19937>} : (tensor<2xi64>) -> (tensor<2xi64>, tensor<8xi32>)
  return
}

// -----

func.func @bit_generator_state_mismatch(%s: tensor<2xi64>) {
  // expected-error @+1 {{'rng.bit_generator' op failed to verify that all of {state, new_state} have same type}}
  %n, %o = "rng.bit_generator"(%s) {algorithm = #rng<algorithm philox>} : (tensor<2xi64>) -> (tensor<3xi64>, tensor<8xi32>)
  return
}

// -----

func.func @threefry_key_tensor(%x: tensor<4xi32>, %k: tensor<?xi32>) {
  // expected-error @+1 {{'rng.threefry_2x32' op key type 'tensor<?xi32>' must be scalar i32 or the counter type 'tensor<4xi32>'}}
  %y:2 = rng.threefry_2x32 %x, %x key %k, %k : tensor<4xi32>, tensor<?xi32>
  return
}

// -----

// The new state advances by the element count: outputs beyond 2^62 elements
// (or whose count overflows int64) are refused.
func.func @bit_generator_too_many_elements(%s: tensor<2xi64>) {
  // expected-error @+1 {{'rng.bit_generator' op output 'tensor<4294967296x4294967296xi32>' has more than 2^62 elements, the most rng.bit_generator supports}}
  %n, %o = rng.bit_generator philox %s : tensor<2xi64> -> tensor<4294967296x4294967296xi32>
  return
}

// -----

func.func @bit_generator_count_overflows(%s: tensor<2xi64>) {
  // expected-error @+1 {{'rng.bit_generator' op output 'tensor<9223372036854775807x2xi8>' has more than 2^62 elements, the most rng.bit_generator supports}}
  %n, %o = rng.bit_generator three_fry %s : tensor<2xi64> -> tensor<9223372036854775807x2xi8>
  return
}

// -----

// 2^62 elements are accepted (the counter advances by 2^60 Philox blocks).
func.func @bit_generator_largest(%s: tensor<2xi64>) -> tensor<2xi64> {
  %n, %o = rng.bit_generator philox %s : tensor<2xi64> -> tensor<4611686018427387904xi32>
  return %n : tensor<2xi64>
}

// -----

func.func @jax_uniform_encoding(%k: i32, %i: tensor<4xi64>) {
  // expected-error @+1 {{'rng.jax_uniform' op operand and result shapes must agree: 'tensor<4xf32, "enc">' has not the shape and encoding of 'tensor<4xi64>'}}
  %u = "rng.jax_uniform"(%k, %k, %i) : (i32, i32, tensor<4xi64>) -> tensor<4xf32, "enc">
  return
}
