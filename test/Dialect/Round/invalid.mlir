// Every rejected type and shape of round.stochastic, with the message that
// says what is allowed.

// RUN: rng-opt %s --split-input-file --verify-diagnostics

func.func @negative_x_f16(%x: f16, %r: i16) {
  // expected-error @+1 {{operand #0 must be f32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f32, but got 'f16'}}
  %0 = round.stochastic %x, %r : f16, i16 -> bf16
  return
}

// -----

func.func @negative_x_f64_vector(%x: vector<4xf64>, %r: vector<4xi16>) {
  // expected-error @+1 {{operand #0 must be f32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f32, but got 'vector<4xf64>'}}
  %0 = round.stochastic %x, %r : vector<4xf64>, vector<4xi16> -> vector<4xbf16>
  return
}

// -----

func.func @negative_x_unranked(%x: tensor<*xf32>, %r: tensor<*xi16>) {
  // expected-error @+1 {{operand #0 must be f32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f32, but got 'tensor<*xf32>'}}
  %0 = round.stochastic %x, %r : tensor<*xf32>, tensor<*xi16> -> tensor<*xbf16>
  return
}

// -----

func.func @negative_x_memref(%x: memref<4xf32>, %r: memref<4xi16>) {
  // expected-error @+1 {{operand #0 must be f32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f32, but got 'memref<4xf32>'}}
  %0 = round.stochastic %x, %r : memref<4xf32>, memref<4xi16> -> memref<4xbf16>
  return
}

// -----

func.func @negative_rbits_float(%x: f32, %r: f32) {
  // expected-error @+1 {{operand #1 must be signless integer of at least 1 bit, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of at least 1 bit, but got 'f32'}}
  %0 = round.stochastic %x, %r : f32, f32 -> bf16
  return
}

// -----

func.func @negative_rbits_signed(%x: f32, %r: si16) {
  // expected-error @+1 {{operand #1 must be signless integer of at least 1 bit, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of at least 1 bit, but got 'si16'}}
  %0 = round.stochastic %x, %r : f32, si16 -> bf16
  return
}

// -----

func.func @negative_rbits_index(%x: f32, %r: index) {
  // expected-error @+1 {{operand #1 must be signless integer of at least 1 bit, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of at least 1 bit, but got 'index'}}
  %0 = round.stochastic %x, %r : f32, index -> bf16
  return
}

// -----

func.func @negative_result_f32(%x: f32, %r: i16) {
  // expected-error @+1 {{result #0 must be bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, but got 'f32'}}
  %0 = round.stochastic %x, %r : f32, i16 -> f32
  return
}

// -----

func.func @negative_result_integer(%x: f32, %r: i16) {
  // expected-error @+1 {{result #0 must be bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, but got 'i16'}}
  %0 = round.stochastic %x, %r : f32, i16 -> i16
  return
}

// -----

func.func @negative_result_f8E4M3(%x: f32, %r: i32) {
  // expected-error @+1 {{result #0 must be bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, but got 'f8E4M3'}}
  %0 = round.stochastic %x, %r : f32, i32 -> f8E4M3
  return
}

// -----

func.func @negative_result_f8E4M3B11FNUZ(%x: f32, %r: i32) {
  // expected-error @+1 {{result #0 must be bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, but got 'f8E4M3B11FNUZ'}}
  %0 = round.stochastic %x, %r : f32, i32 -> f8E4M3B11FNUZ
  return
}

// -----

func.func @negative_result_f8E8M0FNU(%x: f32, %r: i32) {
  // expected-error @+1 {{result #0 must be bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, but got 'f8E8M0FNU'}}
  %0 = round.stochastic %x, %r : f32, i32 -> f8E8M0FNU
  return
}

// -----

func.func @negative_result_f4E2M1FN_not_saturating(%x: f32, %r: i32) {
  // expected-error @+1 {{result element type 'f4E2M1FN' has neither Inf nor NaN: 'saturate' is required (overflow and +-Inf give +-its largest finite value)}}
  %0 = round.stochastic %x, %r : f32, i32 -> f4E2M1FN
  return
}

// -----

func.func @negative_result_f6E2M3FN_not_saturating(%x: vector<4xf32>, %r: vector<4xi8>) {
  // expected-error @+1 {{result element type 'f6E2M3FN' has neither Inf nor NaN: 'saturate' is required}}
  %0 = round.stochastic %x, %r : vector<4xf32>, vector<4xi8> -> vector<4xf6E2M3FN>
  return
}

// -----

func.func @negative_result_f6E3M2FN_not_saturating(%x: tensor<2xf32>, %r: tensor<2xi16>) {
  // expected-error @+1 {{result element type 'f6E3M2FN' has neither Inf nor NaN: 'saturate' is required}}
  %0 = round.stochastic %x, %r : tensor<2xf32>, tensor<2xi16> -> tensor<2xf6E3M2FN>
  return
}

// -----

func.func @negative_result_f8E3M4(%x: f32, %r: i32) {
  // expected-error @+1 {{result #0 must be bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, but got 'f8E3M4'}}
  %0 = round.stochastic %x, %r saturate : f32, i32 -> f8E3M4
  return
}

// -----

func.func @negative_result_tf32_vector(%x: vector<2xf32>, %r: vector<2xi32>) {
  // expected-error @+1 {{result #0 must be bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, but got 'vector<2xtf32>'}}
  %0 = round.stochastic %x, %r : vector<2xf32>, vector<2xi32> -> vector<2xtf32>
  return
}

// -----

func.func @negative_rbits_shape(%x: vector<4xf32>, %r: vector<8xi16>) {
  // expected-error @+1 {{'round.stochastic' op all non-scalar operands/results must have the same shape and base type}}
  %0 = round.stochastic %x, %r : vector<4xf32>, vector<8xi16> -> vector<4xbf16>
  return
}

// -----

func.func @negative_rbits_scalar_for_vector(%x: vector<4xf32>, %r: i16) {
  // expected-error @+1 {{operand 'rbits' of type 'i16' must have the shape of 'x' ('vector<4xf32>')}}
  %0 = round.stochastic %x, %r : vector<4xf32>, i16 -> vector<4xbf16>
  return
}

// -----

func.func @negative_rbits_vector_for_scalar(%x: f32, %r: vector<1xi16>) {
  // expected-error @+1 {{'round.stochastic' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %0 = round.stochastic %x, %r : f32, vector<1xi16> -> bf16
  return
}

// -----

func.func @negative_rbits_tensor_for_vector(%x: vector<4xf32>, %r: tensor<4xi16>) {
  // expected-error @+1 {{'round.stochastic' op all non-scalar operands/results must have the same shape and base type}}
  %0 = round.stochastic %x, %r : vector<4xf32>, tensor<4xi16> -> vector<4xbf16>
  return
}

// -----

func.func @negative_rbits_rank(%x: tensor<2x4xf32>, %r: tensor<8xi16>) {
  // expected-error @+1 {{'round.stochastic' op all non-scalar operands/results must have the same shape and base type}}
  %0 = round.stochastic %x, %r : tensor<2x4xf32>, tensor<8xi16> -> tensor<2x4xbf16>
  return
}

// -----

func.func @negative_result_shape(%x: vector<4xf32>, %r: vector<4xi16>) {
  // expected-error @+1 {{'round.stochastic' op all non-scalar operands/results must have the same shape and base type}}
  %0 = round.stochastic %x, %r : vector<4xf32>, vector<4xi16> -> vector<2xbf16>
  return
}

// -----

func.func @negative_result_scalar_for_tensor(%x: tensor<4xf32>, %r: tensor<4xi16>) {
  // expected-error @+1 {{'round.stochastic' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %0 = round.stochastic %x, %r : tensor<4xf32>, tensor<4xi16> -> bf16
  return
}

// -----

func.func @negative_saturate_value(%x: f32, %r: i16) {
  // expected-error @+1 {{'round.stochastic' op attribute 'saturate' failed to satisfy constraint: unit attribute}}
  %0 = "round.stochastic"(%x, %r) {saturate = 1 : i32} : (f32, i16) -> bf16
  return
}

// -----

func.func @negative_rbits_i0(%x: f32, %rbits: i0) {
  // expected-error @+1 {{operand #1 must be signless integer of at least 1 bit, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of at least 1 bit, but got 'i0'}}
  %y = round.stochastic %x, %rbits : f32, i0 -> bf16
  return
}

// -----

func.func @negative_rbits_fixed_vs_scalable(%x: vector<[4]xf32>, %r: vector<4xi16>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = round.stochastic %x, %r : vector<[4]xf32>, vector<4xi16> -> vector<[4]xbf16>
  return
}

// -----

func.func @negative_rbits_dynamic_vs_static(%x: tensor<?xf32>, %r: tensor<4xi16>) {
  // expected-error @+1 {{operand 'rbits' of type 'tensor<4xi16>' must have the shape of 'x' ('tensor<?xf32>')}}
  %0 = round.stochastic %x, %r : tensor<?xf32>, tensor<4xi16> -> tensor<?xbf16>
  return
}

// -----

func.func @negative_rbits_scalar_beside_vector(%x: vector<4xf32>, %r: i16) {
  // expected-error @+1 {{operand 'rbits' of type 'i16' must have the shape of 'x' ('vector<4xf32>')}}
  %0 = round.stochastic %x, %r : vector<4xf32>, i16 -> vector<4xbf16>
  return
}
