// RUN: rng-opt %s --split-input-file --verify-diagnostics

// Every form the Triton-compatible ops reject, with the message that says
// what is allowed.

func.func @negative_offset_i16(%seed: i32, %offset: i16) {
  // expected-error @+1 {{'rng.rand' op operand #1 must be i32 or i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32 or i64, but got 'i16'}}
  %u = rng.rand %seed, %offset : i32, i16
  return
}

// -----

func.func @negative_offset_i128(%seed: i32, %offset: i128) {
  // expected-error @+1 {{'rng.randint' op operand #1 must be i32 or i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32 or i64, but got 'i128'}}
  %w = rng.randint %seed, %offset : i32, i128
  return
}

// -----

func.func @negative_offset_vector_i8(%seed: i32, %offset: vector<4xi8>) {
  // expected-error @+1 {{'rng.randint4x' op operand #1 must be i32 or i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32 or i64, but got 'vector<4xi8>'}}
  %x:4 = rng.randint4x %seed, %offset : i32, vector<4xi8>
  return
}

// -----

func.func @negative_offset_index(%seed: i32, %offset: index) {
  // expected-error @+1 {{'rng.randn' op operand #1 must be i32 or i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32 or i64, but got 'index'}}
  %n = rng.randn %seed, %offset : i32, index
  return
}

// -----

func.func @negative_offset_float(%seed: i32, %offset: f32) {
  // expected-error @+1 {{'rng.rand4x' op operand #1 must be i32 or i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32 or i64, but got 'f32'}}
  %u:4 = rng.rand4x %seed, %offset : i32, f32
  return
}

// -----

func.func @negative_offset_unsigned(%seed: i32, %offset: ui32) {
  // expected-error @+1 {{'rng.rand' op operand #1 must be i32 or i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32 or i64, but got 'ui32'}}
  %u = rng.rand %seed, %offset : i32, ui32
  return
}

// -----

func.func @negative_offset_unranked_tensor(%seed: i32, %offset: tensor<*xi32>) {
  // expected-error @+1 {{'rng.randn4x' op operand #1 must be i32 or i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32 or i64, but got 'tensor<*xi32>'}}
  %n:4 = rng.randn4x %seed, %offset : i32, tensor<*xi32>
  return
}

// -----

func.func @negative_offset_memref(%seed: i32, %offset: memref<4xi32>) {
  // expected-error @+1 {{'rng.rand' op operand #1 must be i32 or i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32 or i64, but got 'memref<4xi32>'}}
  %u = rng.rand %seed, %offset : i32, memref<4xi32>
  return
}

// -----

func.func @negative_seed_i128(%seed: i128, %offset: i32) {
  // expected-error @+1 {{'rng.rand' op operand #0 must be signless integer of 1 to 64 bits, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of 1 to 64 bits, but got 'i128'}}
  %u = rng.rand %seed, %offset : i128, i32
  return
}

// -----

func.func @negative_seed_i65(%seed: i65, %offset: i32) {
  // expected-error @+1 {{'rng.randint' op operand #0 must be signless integer of 1 to 64 bits, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of 1 to 64 bits, but got 'i65'}}
  %w = rng.randint %seed, %offset : i65, i32
  return
}

// -----

func.func @negative_seed_signed(%seed: si32, %offset: i32) {
  // expected-error @+1 {{'rng.randn' op operand #0 must be signless integer of 1 to 64 bits, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of 1 to 64 bits, but got 'si32'}}
  %n = rng.randn %seed, %offset : si32, i32
  return
}

// -----

func.func @negative_seed_index(%seed: index, %offset: i32) {
  // expected-error @+1 {{'rng.randn' op operand #0 must be signless integer of 1 to 64 bits, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of 1 to 64 bits, but got 'index'}}
  %n = rng.randn %seed, %offset : index, i32
  return
}

// -----

func.func @negative_seed_float(%seed: f32, %offset: i32) {
  // expected-error @+1 {{'rng.rand' op operand #0 must be signless integer of 1 to 64 bits, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of 1 to 64 bits, but got 'f32'}}
  %u = rng.rand %seed, %offset : f32, i32
  return
}

// -----

func.func @negative_seed_vector_i128(%seed: vector<4xi128>, %offset: vector<4xi32>) {
  // expected-error @+1 {{'rng.rand' op operand #0 must be signless integer of 1 to 64 bits, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of 1 to 64 bits, but got 'vector<4xi128>'}}
  %u = rng.rand %seed, %offset : vector<4xi128>, vector<4xi32>
  return
}

// -----

func.func @negative_shaped_seed_scalar_offset(%seed: vector<4xi64>, %offset: i32) {
  // expected-error @+1 {{'rng.rand' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %u = rng.rand %seed, %offset : vector<4xi64>, i32
  return
}

// -----

func.func @negative_seed_shape_mismatch(%seed: vector<2xi64>, %offset: vector<4xi32>) {
  // expected-error @+1 {{'rng.randint' op all non-scalar operands/results must have the same shape and base type}}
  %w = rng.randint %seed, %offset : vector<2xi64>, vector<4xi32>
  return
}

// -----

func.func @negative_seed_tensor_offset_vector(%seed: tensor<4xi64>, %offset: vector<4xi32>) {
  // expected-error @+1 {{'rng.randn' op all non-scalar operands/results must have the same shape and base type}}
  %n = rng.randn %seed, %offset : tensor<4xi64>, vector<4xi32>
  return
}

// -----

func.func @negative_seed_dynamic_tensor(%seed: tensor<?xi64>, %offset: tensor<4xi32>) {
  // expected-error @+1 {{'rng.rand4x' op seed type 'tensor<?xi64>' must be a scalar or the offset's vector or tensor type up to the element type, but the offset type is 'tensor<4xi32>'}}
  %u:4 = rng.rand4x %seed, %offset : tensor<?xi64>, tensor<4xi32>
  return
}

// -----

func.func @negative_seed_tensor_encoding(%seed: tensor<4xi64, "seeds">, %offset: tensor<4xi32>) {
  // expected-error @+1 {{'rng.rand' op seed type 'tensor<4xi64, "seeds">' must be a scalar or the offset's vector or tensor type up to the element type, but the offset type is 'tensor<4xi32>'}}
  %u = rng.rand %seed, %offset : tensor<4xi64, "seeds">, tensor<4xi32>
  return
}

// -----

func.func @negative_rounds_zero(%seed: i32, %offset: i32) {
  // expected-error @+1 {{'rng.randint' op attribute 'rounds' must be in [1, 16] (Philox round count), but got 0}}
  %w = rng.randint %seed, %offset rounds 0 : i32, i32
  return
}

// -----

func.func @negative_rounds_too_many(%seed: i32, %offset: i32) {
  // expected-error @+1 {{'rng.randn4x' op attribute 'rounds' must be in [1, 16] (Philox round count), but got 17}}
  %n:4 = rng.randn4x %seed, %offset rounds 17 : i32, i32
  return
}

// -----

func.func @negative_rounds_negative(%seed: i32, %offset: i32) {
  // expected-error @+1 {{'rng.rand' op attribute 'rounds' must be in [1, 16] (Philox round count), but got -1}}
  %u = "rng.rand"(%seed, %offset) {rounds = -1 : i32} : (i32, i32) -> f32
  return
}

// -----

func.func @negative_rounds_wrong_attr_type(%seed: i32, %offset: i32) {
  // expected-error @+1 {{'rng.rand' op attribute 'rounds' failed to satisfy constraint: 32-bit signless integer attribute}}
  %u = "rng.rand"(%seed, %offset) {rounds = 7 : i64} : (i32, i32) -> f32
  return
}

// -----

func.func @negative_result_element_type(%seed: i32, %offset: i32) {
  // expected-error @+1 {{'rng.rand' op result #0 must be f32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f32, but got 'i32'}}
  %u = "rng.rand"(%seed, %offset) : (i32, i32) -> i32
  return
}

// -----

func.func @negative_result_word_type(%seed: i32, %offset: i64) {
  // expected-error @+1 {{'rng.randint' op result #0 must be i32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32, but got 'i64'}}
  %w = "rng.randint"(%seed, %offset) : (i32, i64) -> i64
  return
}

// -----

func.func @negative_result_shape(%seed: i32, %offset: vector<4xi32>) {
  // expected-error @+1 {{'rng.randn' op all non-scalar operands/results must have the same shape and base type}}
  %n = "rng.randn"(%seed, %offset) : (i32, vector<4xi32>) -> vector<8xf32>
  return
}

// -----

func.func @negative_result_count(%seed: i32, %offset: i32) {
  // expected-error @+1 {{'rng.rand4x' op expected 4 results}}
  %u:2 = "rng.rand4x"(%seed, %offset) : (i32, i32) -> (f32, f32)
  return
}

// -----

func.func @negative_operand_count(%seed: i32) {
  // expected-error @+1 {{'rng.rand' op expected 2 operands, but found 1}}
  %u = "rng.rand"(%seed) : (i32) -> f32
  return
}

// -----

func.func @negative_missing_offset_type(%seed: i32, %offset: i32) {
  // expected-error @+1 {{expected ','}}
  %u = rng.rand %seed, %offset : i32
  return
}

// -----

func.func @negative_seed_i0(%seed: i0, %offset: i32) {
  // expected-error @+1 {{'rng.rand' op operand #0 must be signless integer of 1 to 64 bits, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of 1 to 64 bits, but got 'i0'}}
  %u = rng.rand %seed, %offset : i0, i32
  return
}

// -----

func.func @negative_seed_dynamic_vs_static(%seed: tensor<4xi32>, %offset: tensor<?xi32>) {
  // expected-error @+1 {{'rng.rand' op seed type 'tensor<4xi32>' must be a scalar or the offset's vector or tensor type up to the element type, but the offset type is 'tensor<?xi32>'}}
  %u = rng.rand %seed, %offset : tensor<4xi32>, tensor<?xi32>
  return
}

// -----

func.func @negative_seed_scalable_vs_fixed(%seed: vector<4xi32>, %offset: vector<[4]xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %u = rng.rand %seed, %offset : vector<4xi32>, vector<[4]xi32>
  return
}
