// RUN: rng-opt %s --split-input-file --verify-diagnostics

// Every form the hash, dropout and splitmix64 ops reject, with the message
// that says what is allowed.

func.func @negative_lowbias32_i64(%x: i64) {
  // expected-error @+1 {{'rng.lowbias32' op operand #0 must be i32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32, but got 'i64'}}
  %h = rng.lowbias32 %x : i64
  return
}

// -----

func.func @negative_hash_rand_counter_i64(%seed: i32, %counter: i64) {
  // expected-error @+1 {{'rng.hash_rand' op operand #1 must be i32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32, but got 'i64'}}
  %u = rng.hash_rand %seed, %counter : i32, i64
  return
}

// -----

func.func @negative_hash_randn_seed_i16(%seed: i16, %counter: vector<4xi32>) {
  // expected-error @+1 {{'rng.hash_randn' op operand #0 must be i32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32, but got 'i16'}}
  %n = rng.hash_randn %seed, %counter : i16, vector<4xi32>
  return
}

// -----

func.func @negative_hash_rand_seed_shape(%seed: vector<4xi32>, %counter: vector<8xi32>) {
  // expected-error @+1 {{'rng.hash_rand' op all non-scalar operands/results must have the same shape and base type}}
  %u = rng.hash_rand %seed, %counter : vector<4xi32>, vector<8xi32>
  return
}

// -----

// A dynamic size beside a static one: compatible for ElementwiseMappable,
// but not the same shape.
func.func @negative_hash_rand_dynamic_seed(%seed: tensor<?xi32>, %counter: tensor<4xi32>) {
  // expected-error @+1 {{'rng.hash_rand' op 'seed' type 'tensor<?xi32>' must be a scalar or have the shape of 'counter' ('tensor<4xi32>')}}
  %u = rng.hash_rand %seed, %counter : tensor<?xi32>, tensor<4xi32>
  return
}

// -----

func.func @negative_hash_randn_scalable_seed(%seed: vector<[4]xi32>, %counter: vector<4xi32>) {
  // expected-error @+1 {{'rng.hash_randn' op all non-scalar operands/results must have the same shape and base type}}
  %n = rng.hash_randn %seed, %counter : vector<[4]xi32>, vector<4xi32>
  return
}

// -----

func.func @negative_hash_rand_shaped_seed_scalar_counter(%seed: vector<4xi32>, %counter: i32) {
  // expected-error @+1 {{'rng.hash_rand' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %u = rng.hash_rand %seed, %counter : vector<4xi32>, i32
  return
}

// -----

func.func @negative_hash_dropout_x_f16(%x: f16, %p: f32, %seed: i32, %counter: i32) {
  // expected-error @+1 {{'rng.hash_dropout' op operand #0 must be f32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f32, but got 'f16'}}
  %y = "rng.hash_dropout"(%x, %p, %seed, %counter) : (f16, f32, i32, i32) -> f16
  return
}

// -----

func.func @negative_hash_dropout_counter_i64(%x: f32, %p: f32, %seed: i32, %counter: i64) {
  // expected-error @+1 {{'rng.hash_dropout' op operand #3 must be i32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32, but got 'i64'}}
  %y = rng.hash_dropout %x, %p, %seed, %counter : f32, f32, i32, i64
  return
}

// -----

func.func @negative_hash_dropout_p_shape(%x: tensor<4xf32>, %p: tensor<?xf32>, %seed: i32, %counter: tensor<4xi32>) {
  // expected-error @+1 {{'rng.hash_dropout' op 'p' type 'tensor<?xf32>' must be a scalar or have the shape of 'x' ('tensor<4xf32>')}}
  %y = rng.hash_dropout %x, %p, %seed, %counter : tensor<4xf32>, tensor<?xf32>, i32, tensor<4xi32>
  return
}

// -----

func.func @negative_hash_dropout_scalar_x(%x: f32, %p: f32, %seed: i32, %counter: vector<4xi32>) {
  // expected-error @+1 {{'rng.hash_dropout' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %y = rng.hash_dropout %x, %p, %seed, %counter : f32, f32, i32, vector<4xi32>
  return
}

// -----

func.func @negative_dropout_rounds(%x: f32, %p: f32, %seed: i32, %offset: i32) {
  // expected-error @+1 {{'rng.dropout' op attribute 'rounds' must be in [1, 16] (Philox round count), but got 0}}
  %y = rng.dropout %x, %p, %seed, %offset rounds 0 : f32, f32, i32, i32
  return
}

// -----

func.func @negative_dropout_seed_i65(%x: f32, %p: f32, %seed: i65, %offset: i32) {
  // expected-error @+1 {{'rng.dropout' op operand #2 must be signless integer of 1 to 64 bits, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of 1 to 64 bits, but got 'i65'}}
  %y = rng.dropout %x, %p, %seed, %offset : f32, f32, i65, i32
  return
}

// -----

func.func @negative_dropout_offset_i16(%x: f32, %p: f32, %seed: i32, %offset: i16) {
  // expected-error @+1 {{'rng.dropout' op operand #3 must be i32 or i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i32 or i64, but got 'i16'}}
  %y = rng.dropout %x, %p, %seed, %offset : f32, f32, i32, i16
  return
}

// -----

func.func @negative_dropout_offset_shape(%x: vector<4xf32>, %p: f32, %seed: i32, %offset: vector<[4]xi64>) {
  // expected-error @+1 {{'rng.dropout' op all non-scalar operands/results must have the same shape and base type}}
  %y = rng.dropout %x, %p, %seed, %offset : vector<4xf32>, f32, i32, vector<[4]xi64>
  return
}

// -----

func.func @negative_splitmix64_i32(%x: i32) {
  // expected-error @+1 {{'rng.splitmix64' op operand #0 must be i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i64, but got 'i32'}}
  %z = rng.splitmix64 %x : i32
  return
}

// -----

func.func @negative_dropout_dynamic_x(%x: tensor<?xf32>, %p: f32, %seed: tensor<8xi64>, %offset: tensor<?xi32>) {
  // expected-error @+1 {{'rng.dropout' op 'seed' type 'tensor<8xi64>' must be a scalar or have the shape of 'x' ('tensor<?xf32>')}}
  %y = rng.dropout %x, %p, %seed, %offset : tensor<?xf32>, f32, tensor<8xi64>, tensor<?xi32>
  return
}

// -----

func.func @negative_tr_dropout_sample_i32_offset(%lo: i64, %hi: i64, %offset: i32) {
  // expected-error @+1 {{'rng.tr_dropout_sample' op operand #2 must be i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i64, but got 'i32'}}
  %u = rng.tr_dropout_sample %lo, %hi, %offset : i64, i64, i32
  return
}

// -----

func.func @negative_tr_dropout_sample_i32_seed(%lo: i32, %hi: i64, %offset: i64) {
  // expected-error @+1 {{'rng.tr_dropout_sample' op operand #0 must be i64, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of i64, but got 'i32'}}
  %u = rng.tr_dropout_sample %lo, %hi, %offset : i32, i64, i64
  return
}

// -----

func.func @negative_tr_dropout_sample_seed_shape(%lo: i64, %hi: vector<4xi64>, %offset: vector<8xi64>) {
  // expected-error @+1 {{'rng.tr_dropout_sample' op all non-scalar operands/results must have the same shape and base type}}
  %u = rng.tr_dropout_sample %lo, %hi, %offset : i64, vector<4xi64>, vector<8xi64>
  return
}

// -----

// A dynamic size beside a static one: compatible for ElementwiseMappable,
// but not the same shape.
func.func @negative_tr_dropout_sample_dynamic_seed(%lo: tensor<?xi64>, %hi: i64, %offset: tensor<4xi64>) {
  // expected-error @+1 {{'rng.tr_dropout_sample' op 'seed_lo' type 'tensor<?xi64>' must be a scalar or have the shape of 'offset' ('tensor<4xi64>')}}
  %u = rng.tr_dropout_sample %lo, %hi, %offset : tensor<?xi64>, i64, tensor<4xi64>
  return
}

// -----

func.func @negative_tr_dropout_sample_shaped_seed_scalar_offset(%lo: vector<4xi64>, %hi: i64, %offset: i64) {
  // expected-error @+1 {{'rng.tr_dropout_sample' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %u = rng.tr_dropout_sample %lo, %hi, %offset : vector<4xi64>, i64, i64
  return
}

// -----

func.func @negative_tr_dropout_sample_result_type(%lo: i64, %hi: i64, %offset: i64) {
  // expected-error @+1 {{'rng.tr_dropout_sample' op result #0 must be f32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f32, but got 'f16'}}
  %u = "rng.tr_dropout_sample"(%lo, %hi, %offset) : (i64, i64, i64) -> f16
  return
}
