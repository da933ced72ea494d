// rng.bit_generator with its state threaded through an scf.for, the way
// StableHLO programs use it: rng-to-llvm bufferizes the loop (a new state
// buffer per iteration) and every step continues from the last new state.
// Each step's whole output and the final state are compared with the
// independent model (test/lib/jax_random_model.py) by check_bitgen_loop.py:
// 3-word Philox from the counter 2^64 - 3, so the carry into the third word
// happens inside the loop.
// RUN: rng-opt %s --rng-to-llvm | %run_cpu > %t.out
// RUN: %python %test_lib/check_bitgen_loop.py %t.out | FileCheck %s
// CHECK: steps checked: 5, final state [81985529216486895, 7, 10]: OK
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %s0 = arith.constant dense<[81985529216486895, -3, 9]> : tensor<3xi64>
  %final = scf.for %j = %c0 to %c5 step %c1 iter_args(%s = %s0) -> (tensor<3xi64>) {
    %n, %o = rng.bit_generator philox %s : tensor<3xi64> -> tensor<3x1xi64>
    %z = arith.constant 0 : i64
    %v = vector.transfer_read %o[%c0, %c0], %z : tensor<3x1xi64>, vector<3x1xi64>
    vector.print %v : vector<3x1xi64>
    scf.yield %n : tensor<3xi64>
  }
  %p = arith.constant 0 : i64
  %v = vector.transfer_read %final[%c0], %p : tensor<3xi64>, vector<3xi64>
  vector.print %v : vector<3xi64>
  return
}
