// The NVVM lowering's -2 logf(u) (cuRAND's float Box-Muller), on its own:
// test-rng-curand-step-nvvm puts in rng::buildCurandStepNVVM's
// instructions, rng-to-llvm lowers them for the host. curand-log.c calls
// the scalar and the vector form.
func.func @minus_two_logf(%u: f32) -> f32 {
  %s = "test.curand_step"(%u) {step = "minus_two_log_f32"} : (f32) -> f32
  return %s : f32
}

// Four at once (the form of a 4-lane vector op), through memory.
func.func @minus_two_logf4(%in: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %u = vector.transfer_read %in[%c0], %pad : memref<4xf32>, vector<4xf32>
  %s = "test.curand_step"(%u) {step = "minus_two_log_f32"}
      : (vector<4xf32>) -> vector<4xf32>
  vector.transfer_write %s, %out[%c0] : vector<4xf32>, memref<4xf32>
  return
}
