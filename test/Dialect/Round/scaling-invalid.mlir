// Every rejected type and shape of round.scaling_stochastic, with the
// message that says what is allowed.

// RUN: rng-opt %s --split-input-file --verify-diagnostics

func.func @negative_x_f16(%x: f16, %s: f8E8M0FNU, %r: i32) {
  // expected-error @+1 {{operand #0 must be f32, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f32, but got 'f16'}}
  %0 = round.scaling_stochastic %x, %s, %r saturate : f16, f8E8M0FNU, i32 -> f4E2M1FN
  return
}

// -----

func.func @negative_scale_f32(%x: f32, %s: f32, %r: i32) {
  // expected-error @+1 {{operand #1 must be f8E8M0FNU, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f8E8M0FNU, but got 'f32'}}
  %0 = round.scaling_stochastic %x, %s, %r saturate : f32, f32, i32 -> f4E2M1FN
  return
}

// -----

func.func @negative_scale_i8(%x: f32, %s: i8, %r: i32) {
  // expected-error @+1 {{operand #1 must be f8E8M0FNU, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of f8E8M0FNU, but got 'i8'}}
  %0 = round.scaling_stochastic %x, %s, %r saturate : f32, i8, i32 -> f4E2M1FN
  return
}

// -----

func.func @negative_rbits_float(%x: f32, %s: f8E8M0FNU, %r: f32) {
  // expected-error @+1 {{operand #2 must be signless integer of at least 1 bit, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of at least 1 bit, but got 'f32'}}
  %0 = round.scaling_stochastic %x, %s, %r saturate : f32, f8E8M0FNU, f32 -> f4E2M1FN
  return
}

// -----

func.func @negative_rbits_i0(%x: f32, %s: f8E8M0FNU, %r: i0) {
  // expected-error @+1 {{operand #2 must be signless integer of at least 1 bit, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of signless integer of at least 1 bit, but got 'i0'}}
  %0 = round.scaling_stochastic %x, %s, %r saturate : f32, f8E8M0FNU, i0 -> f4E2M1FN
  return
}

// -----

func.func @negative_result_f32(%x: f32, %s: f8E8M0FNU, %r: i32) {
  // expected-error @+1 {{result #0 must be bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, but got 'f32'}}
  %0 = round.scaling_stochastic %x, %s, %r : f32, f8E8M0FNU, i32 -> f32
  return
}

// -----

func.func @negative_result_f8E8M0FNU(%x: f32, %s: f8E8M0FNU, %r: i32) {
  // expected-error @+1 {{result #0 must be bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, or a vector (fixed or scalable) or ranked tensor (static or dynamic sizes) of bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f4E2M1FN, f6E2M3FN or f6E3M2FN, but got 'f8E8M0FNU'}}
  %0 = round.scaling_stochastic %x, %s, %r : f32, f8E8M0FNU, i32 -> f8E8M0FNU
  return
}

// -----

func.func @negative_f4E2M1FN_not_saturating(%x: vector<32xf32>, %s: f8E8M0FNU, %r: vector<32xi32>) {
  // expected-error @+1 {{result element type 'f4E2M1FN' has neither Inf nor NaN: 'saturate' is required (overflow and +-Inf give +-its largest finite value)}}
  %0 = round.scaling_stochastic %x, %s, %r : vector<32xf32>, f8E8M0FNU, vector<32xi32> -> vector<32xf4E2M1FN>
  return
}

// -----

func.func @negative_shape_mismatch(%x: vector<32xf32>, %s: vector<16xf8E8M0FNU>, %r: vector<32xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = round.scaling_stochastic %x, %s, %r saturate : vector<32xf32>, vector<16xf8E8M0FNU>, vector<32xi32> -> vector<32xf4E2M1FN>
  return
}

// -----

func.func @negative_vector_and_tensor(%x: vector<4xf32>, %s: f8E8M0FNU, %r: tensor<4xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = round.scaling_stochastic %x, %s, %r saturate : vector<4xf32>, f8E8M0FNU, tensor<4xi32> -> vector<4xf4E2M1FN>
  return
}

// -----

func.func @negative_scalar_result(%x: vector<4xf32>, %s: f8E8M0FNU, %r: i32) {
  // expected-error @+1 {{if an operand is non-scalar, then there must be at least one non-scalar result}}
  %0 = round.scaling_stochastic %x, %s, %r saturate : vector<4xf32>, f8E8M0FNU, i32 -> f4E2M1FN
  return
}

// -----

func.func @negative_scalable_mismatch(%x: vector<[4]xf32>, %s: f8E8M0FNU, %r: vector<4xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = round.scaling_stochastic %x, %s, %r : vector<[4]xf32>, f8E8M0FNU, vector<4xi32> -> vector<[4]xf16>
  return
}
