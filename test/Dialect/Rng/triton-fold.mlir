// RUN: rng-opt %s --canonicalize --split-input-file | FileCheck %s

// Folding of rng.randint, rng.randint4x, rng.rand and rng.rand4x with constant
// operands. Expected values: Triton 3.6's (test/vectors/triton_random.json)
// where recorded, else the Python model test/lib/triton_random_model.py.
// Uniforms are checked as f32 bit patterns (the bitcast folds too).

// seed 123, offset 0: randint4x = 11237cdc 66ff3dd8 bfb09d90 30db7e52,
// rand4x = 3e0926e6 3f4e667b 3f010ec4 3ec39ff8 (Triton).
// CHECK-LABEL: func @fold_scalar
// CHECK-DAG: %[[W:.*]] = arith.constant 287538396 : i32
// CHECK-DAG: %[[X1:.*]] = arith.constant 1728003544 : i32
// CHECK-DAG: %[[X2:.*]] = arith.constant -1078944368 : i32
// CHECK-DAG: %[[X3:.*]] = arith.constant 819691090 : i32
// CHECK-DAG: %[[U0:.*]] = arith.constant 1040784358 : i32
// CHECK-DAG: %[[U1:.*]] = arith.constant 1062076027 : i32
// CHECK-DAG: %[[U2:.*]] = arith.constant 1057005252 : i32
// CHECK-DAG: %[[U3:.*]] = arith.constant 1052995064 : i32
// CHECK-NOT: rng.
// CHECK: return %[[W]], %[[W]], %[[X1]], %[[X2]], %[[X3]], %[[U0]], %[[U0]], %[[U1]], %[[U2]], %[[U3]]
func.func @fold_scalar() -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %seed = arith.constant 123 : i32
  %offset = arith.constant 0 : i32
  %w = rng.randint %seed, %offset : i32, i32
  %x:4 = rng.randint4x %seed, %offset : i32, i32
  %u = rng.rand %seed, %offset : i32, i32
  %v:4 = rng.rand4x %seed, %offset : i32, i32
  %ub = arith.bitcast %u : f32 to i32
  %v0 = arith.bitcast %v#0 : f32 to i32
  %v1 = arith.bitcast %v#1 : f32 to i32
  %v2 = arith.bitcast %v#2 : f32 to i32
  %v3 = arith.bitcast %v#3 : f32 to i32
  return %w, %x#0, %x#1, %x#2, %x#3, %ub, %v0, %v1, %v2, %v3 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

// Dense offsets 0, 1, INT_MAX, -1, INT_MIN under seed 123 (Triton).
// CHECK-LABEL: func @fold_vector
// CHECK-DAG: %[[W:.*]] = arith.constant dense<[287538396, -1547692978, 1269687861, 1632155972, -1723144308]> : vector<5xi32>
// CHECK-DAG: %[[U:.*]] = arith.constant dense<[1040784358, 1060667350, 1058495435, 1061327218, 1062038064]> : vector<5xi32>
// CHECK: return %[[W]], %[[U]]
func.func @fold_vector() -> (vector<5xi32>, vector<5xi32>) {
  %seed = arith.constant 123 : i32
  %offset = arith.constant dense<[0, 1, 2147483647, -1, -2147483648]> : vector<5xi32>
  %w = rng.randint %seed, %offset : i32, vector<5xi32>
  %u = rng.rand %seed, %offset : i32, vector<5xi32>
  %ub = arith.bitcast %u : vector<5xf32> to vector<5xi32>
  return %w, %ub : vector<5xi32>, vector<5xi32>
}

// -----

// Seed 0xDEADBEEF (Triton's uint32 seed, zero-extended: an i64 here), offset
// 65536, on a splat tensor (Triton).
// CHECK-LABEL: func @fold_tensor_splat
// CHECK-DAG: %[[W:.*]] = arith.constant dense<2033396444> : tensor<2x2xi32>
// CHECK-DAG: %[[X2:.*]] = arith.constant dense<-1390831700> : tensor<2x2xi32>
// CHECK-DAG: %[[U:.*]] = arith.constant dense<1064461909> : tensor<2x2xi32>
// CHECK: return %[[W]], %[[X2]], %[[U]]
func.func @fold_tensor_splat() -> (tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32>) {
  %seed = arith.constant 3735928559 : i64
  %offset = arith.constant dense<65536> : tensor<2x2xi32>
  %w = rng.randint %seed, %offset : i64, tensor<2x2xi32>
  %x:4 = rng.randint4x %seed, %offset : i64, tensor<2x2xi32>
  %u = rng.rand %seed, %offset : i64, tensor<2x2xi32>
  %ub = arith.bitcast %u : tensor<2x2xf32> to tensor<2x2xi32>
  return %w, %x#2, %ub : tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x2xi32>
}

// -----

// 7 rounds, i32 seed -1 (sign-extended: key ffffffff ffffffff), i64 offset
// 2^32 + 1 (counter 1, 1, 0, 0) (model).
// CHECK-LABEL: func @fold_rounds7_negative_seed_i64_offset
// CHECK-DAG: %[[X0:.*]] = arith.constant -1922732882 : i32
// CHECK-DAG: %[[X1:.*]] = arith.constant -814823148 : i32
// CHECK-DAG: %[[X2:.*]] = arith.constant 1097390423 : i32
// CHECK-DAG: %[[X3:.*]] = arith.constant 1069864562 : i32
// CHECK-DAG: %[[U:.*]] = arith.constant 1063597350 : i32
// CHECK: return %[[X0]], %[[X1]], %[[X2]], %[[X3]], %[[U]]
func.func @fold_rounds7_negative_seed_i64_offset() -> (i32, i32, i32, i32, i32) {
  %seed = arith.constant -1 : i32
  %offset = arith.constant 4294967297 : i64
  %x:4 = rng.randint4x %seed, %offset rounds 7 : i32, i64
  %u = rng.rand %seed, %offset rounds 7 : i32, i64
  %ub = arith.bitcast %u : f32 to i32
  return %x#0, %x#1, %x#2, %x#3, %ub : i32, i32, i32, i32, i32
}

// -----

// An i8 seed of -5 is sign-extended; offset INT64_MIN (counter 0, 80000000)
// (model).
// CHECK-LABEL: func @fold_i8_seed_int64_min_offset
// CHECK-DAG: %[[W:.*]] = arith.constant 399135548 : i32
// CHECK-DAG: %[[U:.*]] = arith.constant 1044271769 : i32
// CHECK: return %[[W]], %[[U]]
func.func @fold_i8_seed_int64_min_offset() -> (i32, i32) {
  %seed = arith.constant -5 : i8
  %offset = arith.constant -9223372036854775808 : i64
  %w = rng.randint %seed, %offset : i8, i64
  %u = rng.rand %seed, %offset : i8, i64
  %ub = arith.bitcast %u : f32 to i32
  return %w, %ub : i32, i32
}

// -----

// Seed 2^32 (key 0, 1), i32 offset INT_MIN (model).
// CHECK-LABEL: func @fold_seed_2pow32
// CHECK-DAG: %[[W:.*]] = arith.constant -848678202 : i32
// CHECK-DAG: %[[U0:.*]] = arith.constant 1053447988 : i32
// CHECK-DAG: %[[U3:.*]] = arith.constant 1063818557 : i32
// CHECK: return %[[W]], %[[U0]], %[[U3]]
func.func @fold_seed_2pow32() -> (i32, i32, i32) {
  %seed = arith.constant 4294967296 : i64
  %offset = arith.constant -2147483648 : i32
  %w = rng.randint %seed, %offset : i64, i32
  %u:4 = rng.rand4x %seed, %offset : i64, i32
  %u0 = arith.bitcast %u#0 : f32 to i32
  %u3 = arith.bitcast %u#3 : f32 to i32
  return %w, %u0, %u3 : i32, i32, i32
}

// -----

// One seed per lane: seeds -1 and 2^40 with offsets 3 and 4 (model).
// CHECK-LABEL: func @fold_per_lane_seeds
// CHECK: %[[W:.*]] = arith.constant dense<[-1903177708, -1660873236]> : vector<2xi32>
// CHECK: return %[[W]]
func.func @fold_per_lane_seeds() -> vector<2xi32> {
  %seed = arith.constant dense<[-1, 1099511627776]> : vector<2xi64>
  %offset = arith.constant dense<[3, 4]> : vector<2xi32>
  %w = rng.randint %seed, %offset : vector<2xi64>, vector<2xi32>
  return %w : vector<2xi32>
}

// -----

// No fold when an operand is not constant.
// CHECK-LABEL: func @negative_fold_variable_offset
// CHECK: rng.randint
// CHECK: rng.rand4x
func.func @negative_fold_variable_offset(%offset: i32) -> (i32, f32) {
  %seed = arith.constant 123 : i32
  %w = rng.randint %seed, %offset : i32, i32
  %u:4 = rng.rand4x %seed, %offset : i32, i32
  return %w, %u#1 : i32, f32
}

// -----

// CHECK-LABEL: func @negative_fold_variable_seed
// CHECK: rng.randint4x
// CHECK: rng.rand
func.func @negative_fold_variable_seed(%seed: i64) -> (i32, f32) {
  %offset = arith.constant 0 : i32
  %x:4 = rng.randint4x %seed, %offset : i64, i32
  %u = rng.rand %seed, %offset : i64, i32
  return %x#0, %u : i32, f32
}

// -----

// The normals never fold: their last bits depend on the target's math
// library (log, sqrt, cos, sin).
// CHECK-LABEL: func @negative_fold_normals
// CHECK: rng.randn
// CHECK: rng.randn4x
func.func @negative_fold_normals() -> (f32, f32) {
  %seed = arith.constant 123 : i32
  %offset = arith.constant 0 : i32
  %n = rng.randn %seed, %offset : i32, i32
  %m:4 = rng.randn4x %seed, %offset : i32, i32
  return %n, %m#3 : f32, f32
}

// -----

// Splat operands fold to splats, computed once (Triton: seed 123, offset 1).
// CHECK-LABEL: func @fold_large_splat
// CHECK-DAG: %[[W:.*]] = arith.constant dense<-1547692978> : tensor<1024x1024xi32>
// CHECK-DAG: %[[U:.*]] = arith.constant dense<1060667350> : tensor<1024x1024xi32>
// CHECK: return %[[W]], %[[U]]
func.func @fold_large_splat() -> (tensor<1024x1024xi32>, tensor<1024x1024xi32>) {
  %seed = arith.constant 123 : i32
  %offset = arith.constant dense<1> : tensor<1024x1024xi32>
  %x:4 = rng.randint4x %seed, %offset : i32, tensor<1024x1024xi32>
  %u:4 = rng.rand4x %seed, %offset : i32, tensor<1024x1024xi32>
  %ub = arith.bitcast %u#0 : tensor<1024x1024xf32> to tensor<1024x1024xi32>
  return %x#0, %ub : tensor<1024x1024xi32>, tensor<1024x1024xi32>
}
