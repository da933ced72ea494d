// RUN: rng-opt %s --split-input-file --verify-diagnostics

// rng.linear_index's types: a statically shaped ranked tensor of i32 or i64
// (rank 0 included) and an optional scalar base of its element type. Each
// diagnostic says what is allowed.

func.func @negative_dynamic_shape() {
  // expected-error @+1 {{'result' must be statically shaped tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<?x3xi32>'}}
  %i = rng.linear_index : tensor<?x3xi32>
  return
}

// -----

func.func @negative_dynamic_shape_generic() {
  // expected-error @+1 {{'rng.linear_index' op result #0 must be statically shaped tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<?xi64>'}}
  %i = "rng.linear_index"() : () -> tensor<?xi64>
  return
}

// -----

func.func @negative_f32_element() {
  // expected-error @+1 {{'result' must be statically shaped tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2xf32>'}}
  %i = rng.linear_index : tensor<2xf32>
  return
}

// -----

func.func @negative_i16_element() {
  // expected-error @+1 {{'result' must be statically shaped tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2xi16>'}}
  %i = rng.linear_index : tensor<2xi16>
  return
}

// -----

// Not elementwise: no scalars or vectors.
func.func @negative_vector_result() {
  // expected-error @+1 {{'rng.linear_index' op result #0 must be statically shaped tensor of 32-bit signless integer or 64-bit signless integer values, but got 'vector<4xi32>'}}
  %i = "rng.linear_index"() : () -> vector<4xi32>
  return
}

// -----

// A base of the other width: the custom form takes the base's type from
// the result, so the parser reports it ...
// expected-note @+1 {{prior use here}}
func.func @negative_base_width(%b: i32) {
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'i64' vs 'i32'}}
  %i = rng.linear_index %b : tensor<2xi64>
  return
}

// -----

// ... and the verifier in the generic form.
func.func @negative_base_width_generic(%b: i32) {
  // expected-error @+1 {{'rng.linear_index' op failed to verify that base is the result's element type}}
  %i = "rng.linear_index"(%b) : (i32) -> tensor<2xi64>
  return
}

// -----

func.func @negative_base_f32(%b: f32) {
  // expected-error @+1 {{'rng.linear_index' op operand #0 must be 32-bit signless integer or 64-bit signless integer, but got 'f32'}}
  %i = "rng.linear_index"(%b) : (f32) -> tensor<2xi32>
  return
}

// -----

// The base is a scalar, not a tensor of the result's shape.
func.func @negative_base_tensor(%b: tensor<2xi32>) {
  // expected-error @+1 {{'rng.linear_index' op operand #0 must be 32-bit signless integer or 64-bit signless integer, but got 'tensor<2xi32>'}}
  %i = "rng.linear_index"(%b) : (tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @negative_two_bases(%b: i32) {
  // expected-error @+1 {{'rng.linear_index' op operand group starting at #0 requires 0 or 1 element, but found 2}}
  %i = "rng.linear_index"(%b, %b) : (i32, i32) -> tensor<2xi32>
  return
}
