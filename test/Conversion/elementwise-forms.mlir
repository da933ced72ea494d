// Every lowering takes every verifier-valid form of every op: scalable
// vectors (1-D and n-D), ranked tensors with dynamic sizes, scalars beside
// shaped operands. Tensors become a linalg.generic over the scalar op; the
// target lowerings fall back to the universal lowering where an instruction
// cannot take the form (scalable vectors).

// RUN: rng-opt %s --convert-rng-to-arith --convert-round-to-arith \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ARITH
// RUN: rng-opt %s --convert-rng-to-nvvm \
// RUN:   --convert-round-to-nvvm=chip=sm_100a | FileCheck %s --check-prefixes=CHECK,NVVM
// RUN: rng-opt %s --convert-rng-to-arith \
// RUN:   --convert-round-to-rocdl=chipset=gfx950 | FileCheck %s

// Scalable vectors, 1-D too: 64-bit products (upstream's arith-to-llvm
// cannot lower arith.mului_extended on them; docs/upstream/).
// CHECK-LABEL: func.func @scalable_1d
// CHECK-NOT:     rng.
// CHECK-NOT:     arith.mului_extended
// CHECK:         arith.extui {{.*}} : vector<[4]xi32> to vector<[4]xi64>
// CHECK-NOT:     arith.mului_extended
// CHECK-NOT:     rng.
// CHECK:         return
func.func @scalable_1d(%c: vector<[4]xi32>, %k: i32) -> vector<[4]xi32> {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : vector<[4]xi32>, i32
  return %x#0 : vector<[4]xi32>
}

// n-D scalable vectors have no 1-D shape_cast: 64-bit products.
// CHECK-LABEL: func.func @scalable_2d
// CHECK-NOT:     rng.
// CHECK:         arith.extui {{.*}} : vector<2x[4]xi32> to vector<2x[4]xi64>
// CHECK:         math.log
// CHECK-NOT:     rng.
// CHECK:         return
func.func @scalable_2d(%seed: i32, %o: vector<2x[4]xi32>) -> vector<2x[4]xf32> {
  %n:4 = rng.randn4x %seed, %o : i32, vector<2x[4]xi32>
  return %n#3 : vector<2x[4]xf32>
}

// CHECK-LABEL: func.func @scalable_round
// CHECK-NOT:     round.
// CHECK:         arith.bitcast {{.*}} : vector<[4]xf32> to vector<[4]xi32>
// CHECK-NOT:     round.
// CHECK:         return
func.func @scalable_round(%x: vector<[4]xf32>, %r: vector<[4]xi32>) -> vector<[4]xbf16> {
  %y = round.stochastic %x, %r : vector<[4]xf32>, vector<[4]xi32> -> vector<[4]xbf16>
  return %y : vector<[4]xbf16>
}

// CHECK-LABEL: func.func @dynamic_tensors
// CHECK-NOT:     rng.
// CHECK:         %[[N:.*]] = tensor.dim
// CHECK:         tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK:         linalg.generic
// CHECK:         ^bb0(%{{.*}}: i64, %{{.*}}: i32, %{{.*}}: f32):
// CHECK:         linalg.yield
// CHECK:         linalg.generic
// CHECK:         linalg.yield
// CHECK-NOT:     rng.
// CHECK-NOT:     round.
// CHECK:         return
func.func @dynamic_tensors(%seed: i64, %o: tensor<?xi32>, %x: tensor<?x?xf32>,
                           %r: tensor<?x?xi16>) -> (tensor<?xf32>, tensor<?x?xf16>) {
  %u = rng.rand %seed, %o : i64, tensor<?xi32>
  %y = round.stochastic %x, %r saturate : tensor<?x?xf32>, tensor<?x?xi16> -> tensor<?x?xf16>
  return %u, %y : tensor<?xf32>, tensor<?x?xf16>
}

// A 0-D tensor and a scalar key.
// CHECK-LABEL: func.func @zero_d_tensor
// CHECK:         linalg.generic
// CHECK-NOT:     rng.
// CHECK:         return
func.func @zero_d_tensor(%c: tensor<i32>, %k: i32) -> tensor<i32> {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 3 : tensor<i32>, i32
  return %x#2 : tensor<i32>
}

// On NVVM, scalars and fixed vectors keep mul.hi.u32 beside the forms above.
// NVVM-LABEL: func.func @fixed_vector_nvvm
// NVVM:         llvm.nvvm.mulhi.ui
// ARITH-LABEL: func.func @fixed_vector_nvvm
// ARITH:         arith.mului_extended
func.func @fixed_vector_nvvm(%c: vector<2xi32>, %k: i32) -> vector<2xi32> {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 1 : vector<2xi32>, i32
  return %x#0 : vector<2xi32>
}

// The hash family, the dropouts, SplitMix64 and block-scaled rounding take
// the same forms: dynamic tensors (a linalg.generic over the scalar op, a
// scalar seed or p beside the tensors) and scalable vectors.
// CHECK-LABEL: func.func @new_ops_dynamic_tensors
// CHECK-NOT:     rng.
// CHECK-NOT:     round.
// CHECK:         linalg.generic
// CHECK-NOT:     rng.
// CHECK-NOT:     round.
// CHECK:         return
func.func @new_ops_dynamic_tensors(%x: tensor<?xf32>, %p: f32, %seed: i32,
                                   %c: tensor<?xi32>, %s64: tensor<?xi64>,
                                   %scale: f8E8M0FNU, %r: tensor<?xi32>)
    -> (tensor<?xi32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>,
        tensor<?xf32>, tensor<?xi64>, tensor<?xf4E2M1FN>) {
  %h = rng.lowbias32 %c : tensor<?xi32>
  %u = rng.hash_rand %seed, %c : i32, tensor<?xi32>
  %n = rng.hash_randn %seed, %c : i32, tensor<?xi32>
  %hd = rng.hash_dropout %x, %p, %seed, %c : tensor<?xf32>, f32, i32, tensor<?xi32>
  %d = rng.dropout %x, %p, %seed, %c : tensor<?xf32>, f32, i32, tensor<?xi32>
  %sm = rng.splitmix64 %s64 : tensor<?xi64>
  %q = round.scaling_stochastic %x, %scale, %r saturate
      : tensor<?xf32>, f8E8M0FNU, tensor<?xi32> -> tensor<?xf4E2M1FN>
  return %h, %u, %n, %hd, %d, %sm, %q : tensor<?xi32>, tensor<?xf32>,
      tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xi64>,
      tensor<?xf4E2M1FN>
}

// CHECK-LABEL: func.func @new_ops_scalable
// CHECK-NOT:     rng.
// CHECK-NOT:     round.
// CHECK:         return
func.func @new_ops_scalable(%x: vector<[4]xf32>, %p: f32, %seed: i32,
                            %c: vector<[4]xi32>, %s64: vector<[4]xi64>,
                            %scale: vector<[4]xf8E8M0FNU>, %r: vector<[4]xi8>)
    -> (vector<[4]xf32>, vector<[4]xf32>, vector<[4]xi64>, vector<[4]xf6E2M3FN>) {
  %n = rng.hash_randn %seed, %c : i32, vector<[4]xi32>
  %d = rng.dropout %x, %p, %seed, %c : vector<[4]xf32>, f32, i32, vector<[4]xi32>
  %sm = rng.splitmix64 %s64 : vector<[4]xi64>
  %q = round.scaling_stochastic %x, %scale, %r saturate
      : vector<[4]xf32>, vector<[4]xf8E8M0FNU>, vector<[4]xi8> -> vector<[4]xf6E2M3FN>
  return %n, %d, %sm, %q : vector<[4]xf32>, vector<[4]xf32>, vector<[4]xi64>,
      vector<[4]xf6E2M3FN>
}

// n-D scalable vectors: the Philox products of rng.dropout in 64 bits.
// CHECK-LABEL: func.func @dropout_scalable_2d
// CHECK-NOT:     rng.
// CHECK:         arith.extui {{.*}} : vector<2x[4]xi32> to vector<2x[4]xi64>
// CHECK-NOT:     rng.
// CHECK:         return
func.func @dropout_scalable_2d(%x: vector<2x[4]xf32>, %p: f32, %seed: i32,
                               %o: vector<2x[4]xi32>) -> vector<2x[4]xf32> {
  %d = rng.dropout %x, %p, %seed, %o : vector<2x[4]xf32>, f32, i32, vector<2x[4]xi32>
  return %d : vector<2x[4]xf32>
}
