// JAX's and XLA's random numbers on the CPU, bit for bit (SPEC §8):
// jax.random with the default Threefry-2x32 implementation and
// jax_threefry_partitionable = True, and StableHLO's rng_bit_generator as
// XLA lowers it.
//
//   build/bin/rng-opt --rng-to-llvm examples/jax.mlir |
//     mlir-runner -e main -entry-point-result=void \
//       -shared-libs=<llvm-lib>/libmlir_c_runner_utils.so,<llvm-lib>/libmlir_runner_utils.so
//
// 1. key = jax.random.key(0): key data (0, 0). split(key, 2) is fold_in of
//    rows 0 and 1.
// 2. uniform(key, (4,)), normal(key, (4,)) and randint(key, (4,), 0, 10):
//    element i of each is the op at linear index i.
// 3. rng_bit_generator: the StableHLO specification's THREE_FRY example
//    (state [1, 2], 2x2 u64) and PHILOX with a 3-word state whose counter
//    crosses 2^64 (the carry goes into the third word).
//
// 32-bit words print as unsigned values, 64-bit words as signed i64, floats
// as decimals and as their f32 bit
// patterns. test/Integration/CPU/Rng/example-jax.test checks every printed
// value against the independent host model test/lib/jax_random_model.py.

func.func @print_u32(%v: vector<4xi32>) {
  %w = arith.extui %v : vector<4xi32> to vector<4xi64>
  vector.print %w : vector<4xi64>
  return
}

// The four samplers of key (k0, k1) at indices 0..3.
func.func @samplers(%k0: i32, %k1: i32) {
  %i = arith.constant dense<[0, 1, 2, 3]> : vector<4xi64>
  %u = rng.jax_uniform %k0, %k1, %i : i32, vector<4xi64> -> vector<4xf32>
  %n = rng.jax_normal %k0, %k1, %i : i32, vector<4xi64>
  %lo = arith.constant 0 : i32
  %hi = arith.constant 10 : i32
  %r = rng.jax_randint %k0, %k1, %i, %lo, %hi : i32, vector<4xi64>, i32
  vector.print str "uniform(key, (4,)): "
  vector.print %u : vector<4xf32>
  vector.print str "uniform bits: "
  %ub = arith.bitcast %u : vector<4xf32> to vector<4xi32>
  func.call @print_u32(%ub) : (vector<4xi32>) -> ()
  vector.print str "normal(key, (4,)): "
  vector.print %n : vector<4xf32>
  vector.print str "normal bits: "
  %nb = arith.bitcast %n : vector<4xf32> to vector<4xi32>
  func.call @print_u32(%nb) : (vector<4xi32>) -> ()
  vector.print str "randint(key, (4,), 0, 10): "
  vector.print %r : vector<4xi32>
  return
}

// rng_bit_generator(state) -> (new state, output), printed row by row.
func.func @three_fry(%s: tensor<2xi64>) -> (tensor<2xi64>, tensor<2x2xi64>) {
  %ns, %o = rng.bit_generator three_fry %s : tensor<2xi64> -> tensor<2x2xi64>
  return %ns, %o : tensor<2xi64>, tensor<2x2xi64>
}

func.func @philox3(%s: tensor<3xi64>) -> (tensor<3xi64>, tensor<3x3xi32>) {
  %ns, %o = rng.bit_generator philox %s : tensor<3xi64> -> tensor<3x3xi32>
  return %ns, %o : tensor<3xi64>, tensor<3x3xi32>
}

func.func @main() {
  %zero = arith.constant 0 : i32
  // split(key(0), 2): rows 0 and 1.
  %rows = arith.constant dense<[0, 1]> : vector<2xi32>
  %split:2 = rng.jax_fold_in %zero, %zero, %rows : i32, vector<2xi32>
  %k0 = vector.extract %split#0[0] : i32 from vector<2xi32>
  %k1 = vector.extract %split#1[0] : i32 from vector<2xi32>
  %k2 = vector.extract %split#0[1] : i32 from vector<2xi32>
  %k3 = vector.extract %split#1[1] : i32 from vector<2xi32>
  %keys = vector.from_elements %k0, %k1, %k2, %k3 : vector<4xi32>
  vector.print str "key = jax.random.key(0): key data (0, 0)\n"
  vector.print str "split(key, 2) key data (row 0 k0, k1, row 1 k0, k1): "
  func.call @print_u32(%keys) : (vector<4xi32>) -> ()
  func.call @samplers(%zero, %zero) : (i32, i32) -> ()

  vector.print str "rng_bit_generator three_fry, state [1, 2], 2x2 u64: new state, output\n"
  %s2 = arith.constant dense<[1, 2]> : tensor<2xi64>
  %t:2 = func.call @three_fry(%s2) : (tensor<2xi64>) -> (tensor<2xi64>, tensor<2x2xi64>)
  %c0 = arith.constant 0 : index
  %p64 = arith.constant 0 : i64
  %p32 = arith.constant 0 : i32
  %tns = vector.transfer_read %t#0[%c0], %p64 : tensor<2xi64>, vector<2xi64>
  vector.print %tns : vector<2xi64>
  %to = vector.transfer_read %t#1[%c0, %c0], %p64 : tensor<2x2xi64>, vector<2x2xi64>
  vector.print %to : vector<2x2xi64>

  vector.print str "rng_bit_generator philox, state [7, 2^64 - 2, 5], 3x3 u32: new state, output\n"
  %s3 = arith.constant dense<[7, -2, 5]> : tensor<3xi64>
  %q:2 = func.call @philox3(%s3) : (tensor<3xi64>) -> (tensor<3xi64>, tensor<3x3xi32>)
  %qns = vector.transfer_read %q#0[%c0], %p64 : tensor<3xi64>, vector<3xi64>
  vector.print %qns : vector<3xi64>
  %qo = vector.transfer_read %q#1[%c0, %c0], %p32 : tensor<3x3xi32>, vector<3x3xi32>
  %qw = arith.extui %qo : vector<3x3xi32> to vector<3x3xi64>
  vector.print %qw : vector<3x3xi64>
  return
}
