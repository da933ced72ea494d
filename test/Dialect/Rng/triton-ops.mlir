// RUN: rng-opt %s | FileCheck %s
// RUN: rng-opt %s --mlir-print-op-generic | rng-opt | FileCheck %s

// Round trip of the Triton-compatible ops: custom form, generic form, every
// shape (scalar, 0-D/1-D/2-D vector, ranked tensor), scalar and per-lane
// seeds, seed widths 1..64, i32 and i64 offsets, default and explicit rounds.

// CHECK-LABEL: func @scalar
// CHECK-SAME: (%[[SEED:.*]]: i32, %[[OFFSET:.*]]: i32)
func.func @scalar(%seed: i32, %offset: i32) -> (i32, i32, f32, f32, f32, f32) {
  // CHECK: %[[W:.*]] = rng.randint %[[SEED]], %[[OFFSET]] : i32, i32
  %w = rng.randint %seed, %offset : i32, i32
  // CHECK: %{{.*}}, %{{.*}}, %{{.*}}, %[[X3:.*]] = rng.randint4x %[[SEED]], %[[OFFSET]] : i32, i32
  %x:4 = rng.randint4x %seed, %offset : i32, i32
  // CHECK: %[[U:.*]] = rng.rand %[[SEED]], %[[OFFSET]] : i32, i32
  %u = rng.rand %seed, %offset : i32, i32
  // CHECK: %{{.*}}, %{{.*}}, %[[U2:.*]], %{{.*}} = rng.rand4x %[[SEED]], %[[OFFSET]] : i32, i32
  %u4:4 = rng.rand4x %seed, %offset : i32, i32
  // CHECK: %[[N:.*]] = rng.randn %[[SEED]], %[[OFFSET]] : i32, i32
  %n = rng.randn %seed, %offset : i32, i32
  // CHECK: %{{.*}}, %[[N1:.*]], %{{.*}}, %{{.*}} = rng.randn4x %[[SEED]], %[[OFFSET]] : i32, i32
  %n4:4 = rng.randn4x %seed, %offset : i32, i32
  // CHECK: return %[[W]], %[[X3]], %[[U]], %[[U2]], %[[N]], %[[N1]]
  return %w, %x#3, %u, %u4#2, %n, %n4#1 : i32, i32, f32, f32, f32, f32
}

// CHECK-LABEL: func @rounds
func.func @rounds(%seed: i64, %offset: i64) -> (i32, f32, f32) {
  // CHECK: rng.randint %{{.*}}, %{{.*}} rounds 7 : i64, i64
  %w = rng.randint %seed, %offset rounds 7 : i64, i64
  // The default round count is not printed.
  // CHECK: rng.rand %{{.*}}, %{{.*}} : i64, i64
  %u = rng.rand %seed, %offset rounds 10 : i64, i64
  // CHECK: rng.randn %{{.*}}, %{{.*}} rounds 16 : i64, i64
  %n = rng.randn %seed, %offset rounds 16 : i64, i64
  return %w, %u, %n : i32, f32, f32
}

// CHECK-LABEL: func @seed_widths
func.func @seed_widths(%s1: i1, %s8: i8, %s33: i33, %offset: i32) -> (i32, f32, f32) {
  // CHECK: rng.randint %{{.*}}, %{{.*}} : i1, i32
  %w = rng.randint %s1, %offset : i1, i32
  // CHECK: rng.rand %{{.*}}, %{{.*}} : i8, i32
  %u = rng.rand %s8, %offset : i8, i32
  // CHECK: rng.randn %{{.*}}, %{{.*}} : i33, i32
  %n = rng.randn %s33, %offset : i33, i32
  return %w, %u, %n : i32, f32, f32
}

// Results take the offset's shape with i32 or f32 elements.
// CHECK-LABEL: func @vector
func.func @vector(%seed: i64, %offset: vector<8xi64>) -> (vector<8xi32>, vector<8xf32>, vector<8xf32>) {
  // CHECK: rng.randint4x %{{.*}}, %{{.*}} : i64, vector<8xi64>
  %x:4 = rng.randint4x %seed, %offset : i64, vector<8xi64>
  // CHECK: rng.rand4x %{{.*}}, %{{.*}} rounds 7 : i64, vector<8xi64>
  %u:4 = rng.rand4x %seed, %offset rounds 7 : i64, vector<8xi64>
  // CHECK: rng.randn4x %{{.*}}, %{{.*}} : i64, vector<8xi64>
  %n:4 = rng.randn4x %seed, %offset : i64, vector<8xi64>
  return %x#0, %u#1, %n#2 : vector<8xi32>, vector<8xf32>, vector<8xf32>
}

// CHECK-LABEL: func @vector_shapes
func.func @vector_shapes(%seed: i32, %o0: vector<i32>, %o2: vector<2x3xi64>) -> (vector<f32>, vector<2x3xf32>) {
  // CHECK: rng.rand %{{.*}}, %{{.*}} : i32, vector<i32>
  %u = rng.rand %seed, %o0 : i32, vector<i32>
  // CHECK: rng.randn %{{.*}}, %{{.*}} : i32, vector<2x3xi64>
  %n = rng.randn %seed, %o2 : i32, vector<2x3xi64>
  return %u, %n : vector<f32>, vector<2x3xf32>
}

// CHECK-LABEL: func @tensor
func.func @tensor(%seed: i32, %offset: tensor<4x16xi32>) -> (tensor<4x16xi32>, tensor<4x16xf32>) {
  // CHECK: rng.randint %{{.*}}, %{{.*}} : i32, tensor<4x16xi32>
  %w = rng.randint %seed, %offset : i32, tensor<4x16xi32>
  // CHECK: rng.randn4x %{{.*}}, %{{.*}} : i32, tensor<4x16xi32>
  %n:4 = rng.randn4x %seed, %offset : i32, tensor<4x16xi32>
  return %w, %n#3 : tensor<4x16xi32>, tensor<4x16xf32>
}

// One seed per lane: the seed has the offset's shape (its own width).
// CHECK-LABEL: func @per_lane_seed
func.func @per_lane_seed(%seeds: vector<4xi64>, %offset: vector<4xi32>, %tseeds: tensor<2x2xi16>, %toffset: tensor<2x2xi64>) -> (vector<4xf32>, tensor<2x2xi32>) {
  // CHECK: rng.rand %{{.*}}, %{{.*}} : vector<4xi64>, vector<4xi32>
  %u = rng.rand %seeds, %offset : vector<4xi64>, vector<4xi32>
  // CHECK: rng.randint %{{.*}}, %{{.*}} : tensor<2x2xi16>, tensor<2x2xi64>
  %w = rng.randint %tseeds, %toffset : tensor<2x2xi16>, tensor<2x2xi64>
  return %u, %w : vector<4xf32>, tensor<2x2xi32>
}

// The generic form of SPEC §4 parses into the same ops.
// CHECK-LABEL: func @generic
func.func @generic(%seed: i64, %offset: i32) -> (i32, f32, f32) {
  // CHECK: rng.randint %{{.*}}, %{{.*}} rounds 7 : i64, i32
  %w = "rng.randint"(%seed, %offset) {rounds = 7 : i32} : (i64, i32) -> i32
  // CHECK: rng.rand4x %{{.*}}, %{{.*}} : i64, i32
  %u:4 = "rng.rand4x"(%seed, %offset) : (i64, i32) -> (f32, f32, f32, f32)
  // CHECK: rng.randn %{{.*}}, %{{.*}} : i64, i32
  %n = "rng.randn"(%seed, %offset) <{rounds = 10 : i32}> : (i64, i32) -> f32
  return %w, %u#0, %n : i32, f32, f32
}
