// A tensor program for the consumer's registry (upstream dialects it uses
// plus rng::registerRngDialects): rng-to-llvm bufferizes rng.bit_generator's
// output and state. StableHLO's rng_bit_generator example (THREE_FRY, state
// [1, 2], 2x2 ui64), the values of test/vectors/threefry_jax_xla.txt.
func.func @main() {
  %state = arith.constant dense<[1, 2]> : tensor<2xi64>
  %new, %out = rng.bit_generator three_fry %state : tensor<2xi64> -> tensor<2x2xi64>
  %s = tensor.cast %new : tensor<2xi64> to tensor<*xi64>
  %o = tensor.cast %out : tensor<2x2xi64> to tensor<*xi64>
  call @printMemrefI64(%o) : (tensor<*xi64>) -> ()
  call @printMemrefI64(%s) : (tensor<*xi64>) -> ()
  return
}
func.func private @printMemrefI64(tensor<*xi64>)
