// RUN: rng-opt %s --split-input-file --verify-diagnostics

func.func @negative_rounds_zero(%c: i32, %k: i32) {
  // expected-error @+1 {{'rng.philox_4x32' op attribute 'rounds' must be in [1, 16] (Philox round count), but got 0}}
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 0 : i32, i32
  return
}

// -----

func.func @negative_rounds_too_many(%c: i32, %k: i32) {
  // expected-error @+1 {{attribute 'rounds' must be in [1, 16] (Philox round count), but got 17}}
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 17 : i32, i32
  return
}

// -----

func.func @negative_rounds_negative(%c: i32, %k: i32) {
  // expected-error @+1 {{attribute 'rounds' must be in [1, 16] (Philox round count), but got -1}}
  %x:4 = "rng.philox_4x32"(%c, %c, %c, %c, %k, %k) {rounds = -1 : i32} : (i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32)
  return
}

// -----

func.func @negative_rounds_wrong_attr_type(%c: i32, %k: i32) {
  // expected-error @+1 {{attribute 'rounds' failed to satisfy constraint: 32-bit signless integer attribute}}
  %x:4 = "rng.philox_4x32"(%c, %c, %c, %c, %k, %k) {rounds = 7 : i64} : (i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32)
  return
}

// -----

func.func @negative_counter_i64(%c: i64, %k: i32) {
  // expected-error @+1 {{operand #0 must be i32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32, but got 'i64'}}
  %x:4 = "rng.philox_4x32"(%c, %c, %c, %c, %k, %k) : (i64, i64, i64, i64, i32, i32) -> (i64, i64, i64, i64)
  return
}

// -----

func.func @negative_counter_float(%c: vector<4xf32>, %k: i32) {
  // expected-error @+1 {{operand #0 must be i32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32, but got 'vector<4xf32>'}}
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : vector<4xf32>, i32
  return
}

// -----

func.func @negative_key_i16(%c: i32, %k: i16) {
  // expected-error @+1 {{operand #4 must be i32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32, but got 'i16'}}
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : i32, i16
  return
}

// -----

func.func @negative_unranked_tensor(%c: tensor<*xi32>, %k: i32) {
  // expected-error @+1 {{operand #0 must be i32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32, but got 'tensor<*xi32>'}}
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : tensor<*xi32>, i32
  return
}

// -----

func.func @negative_key_shape_mismatch(%c: vector<4xi32>, %k: vector<2xi32>) {
  // expected-error @+1 {{'rng.philox_4x32' op all non-scalar operands/results must have the same shape and base type}}
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : vector<4xi32>, vector<2xi32>
  return
}

// -----

func.func @negative_key_shaped_counter_scalar(%c: i32, %k: vector<4xi32>) {
  // expected-error @+1 {{'rng.philox_4x32' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : i32, vector<4xi32>
  return
}

// -----

func.func @negative_counters_differ(%c: vector<4xi32>, %d: vector<8xi32>, %k: i32) {
  // expected-error @+1 {{all of {c0, c1, c2, c3, x0, x1, x2, x3} have same type}}
  %x:4 = "rng.philox_4x32"(%c, %d, %c, %c, %k, %k) : (vector<4xi32>, vector<8xi32>, vector<4xi32>, vector<4xi32>, i32, i32) -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>)
  return
}

// -----

func.func @negative_keys_differ(%c: vector<4xi32>, %k: i32, %l: vector<4xi32>) {
  // expected-error @+1 {{all of {k0, k1} have same type}}
  %x:4 = "rng.philox_4x32"(%c, %c, %c, %c, %k, %l) : (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>, i32, vector<4xi32>) -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>)
  return
}

// -----

func.func @negative_result_count(%c: i32, %k: i32) {
  // expected-error @+1 {{expected 4 results}}
  %x:3 = "rng.philox_4x32"(%c, %c, %c, %c, %k, %k) : (i32, i32, i32, i32, i32, i32) -> (i32, i32, i32)
  return
}

// -----

func.func @negative_missing_key(%c: i32) {
  // expected-error @+1 {{expected 'key'}}
  %x:4 = rng.philox_4x32 %c, %c, %c, %c %c, %c : i32, i32
  return
}

// -----

func.func @negative_scalable_key_mismatch(%c: vector<[4]xi32>, %k: vector<4xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : vector<[4]xi32>, vector<4xi32>
  return
}

// -----

func.func @negative_vector_key_tensor_counter(%c: tensor<?xi32>, %k: vector<4xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : tensor<?xi32>, vector<4xi32>
  return
}

// -----

// Shapes the Elementwise trait calls compatible (a dynamic and a static
// size) are still not one type.
func.func @negative_key_static_counter_dynamic(%c: tensor<?xi32>, %k: tensor<4xi32>) {
  // expected-error @+1 {{key type 'tensor<4xi32>' must be scalar i32 or the counter type 'tensor<?xi32>'}}
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : tensor<?xi32>, tensor<4xi32>
  return
}
