// rng-to-llvm runs upstream's convert-elementwise-to-linalg for elementwise
// ops on tensors. LLVM 22's pass sizes a new output from the first operand
// and crashes or builds invalid IR when that is a scalar
// (test/Upstream/elementwise-to-linalg-scalar-first-operand.mlir); the
// pipeline rejects those ops first, with a diagnostic. (The fuzzer found
// the crash with the i31 multiplier.)
// RUN: rng-opt %s --split-input-file --verify-diagnostics --rng-to-llvm

func.func @scalar_first_operand(%value: i48, %multiplier: i31,
                                %shift: tensor<?xi8>) -> tensor<?xi32> {
  // expected-error @+1 {{'tosa.apply_scale' op has a scalar first operand beside ranked tensor operands and a result type that no operand has, which upstream's convert-elementwise-to-linalg (LLVM 22, run by rng-to-llvm) cannot convert}}
  %r = tosa.apply_scale %value, %multiplier, %shift {rounding_mode = DOUBLE_ROUND}
      : (i48, i31, tensor<?xi8>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// -----

func.func @scalar_first_operand_static(%value: i48, %multiplier: i32,
                                       %shift: tensor<4xi8>) -> tensor<4xi32> {
  // expected-error @+1 {{'tosa.apply_scale' op has a scalar first operand}}
  %r = tosa.apply_scale %value, %multiplier, %shift {rounding_mode = SINGLE_ROUND}
      : (i48, i32, tensor<4xi8>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}
