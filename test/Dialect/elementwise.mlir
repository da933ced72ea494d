// RUN: rng-opt %s --split-input-file | rng-opt --split-input-file | FileCheck %s
// RUN: rng-opt %s --split-input-file --mlir-print-op-generic | rng-opt --split-input-file | FileCheck %s

// Every rng and round op is ElementwiseMappable (SPEC section 4): scalars,
// fixed and scalable vectors of any rank, ranked tensors with static or
// dynamic sizes, a scalar seed or key beside shaped operands.

// CHECK-LABEL: func.func @scalable
// CHECK: rng.philox_4x32 {{.*}} : vector<[4]xi32>, i32
// CHECK: rng.randint4x {{.*}} : i32, vector<[4]xi64>
// CHECK: rng.rand {{.*}} : vector<[4]xi64>, vector<[4]xi32>
// CHECK: rng.randn4x {{.*}} rounds 7 : i32, vector<2x[8]xi32>
// CHECK: round.stochastic {{.*}} : vector<[4]xf32>, vector<[4]xi16> -> vector<[4]xbf16>
func.func @scalable(%c: vector<[4]xi32>, %k: i32, %o64: vector<[4]xi64>,
                    %s64: vector<[4]xi64>, %o2d: vector<2x[8]xi32>,
                    %x: vector<[4]xf32>, %r: vector<[4]xi16>) {
  %p:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : vector<[4]xi32>, i32
  %w:4 = rng.randint4x %k, %o64 : i32, vector<[4]xi64>
  %u = rng.rand %s64, %c : vector<[4]xi64>, vector<[4]xi32>
  %n:4 = rng.randn4x %k, %o2d rounds 7 : i32, vector<2x[8]xi32>
  %y = round.stochastic %x, %r : vector<[4]xf32>, vector<[4]xi16> -> vector<[4]xbf16>
  return
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK: rng.philox_4x32 {{.*}} : tensor<?x4xi32>, i32
// CHECK: rng.randint {{.*}} : i64, tensor<?xi32>
// CHECK: rng.rand4x {{.*}} : tensor<?xi16>, tensor<?xi64>
// CHECK: round.stochastic {{.*}} saturate : tensor<?x?xf32>, tensor<?x?xi8> -> tensor<?x?xf8E4M3FN>
func.func @dynamic(%c: tensor<?x4xi32>, %k: i32, %s: i64, %o: tensor<?xi32>,
                   %s16: tensor<?xi16>, %o64: tensor<?xi64>,
                   %x: tensor<?x?xf32>, %r: tensor<?x?xi8>) {
  %p:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : tensor<?x4xi32>, i32
  %w = rng.randint %s, %o : i64, tensor<?xi32>
  %u:4 = rng.rand4x %s16, %o64 : tensor<?xi16>, tensor<?xi64>
  %y = round.stochastic %x, %r saturate : tensor<?x?xf32>, tensor<?x?xi8> -> tensor<?x?xf8E4M3FN>
  return
}
