// RUN: rng-opt %s --convert-rng-to-arith --split-input-file | FileCheck %s

// The universal lowering of the Triton-compatible ops (SPEC §2), one round
// (rounds 1) so that the whole Philox block is visible:
//   key     = (lo32(sext64(seed)), hi32(sext64(seed)))
//   counter = (lo32(offset), hi32(offset) or 0, 0, 0)
//   round   : (hi0, lo0) = 0xD2511F53 * c0, (hi1, lo1) = 0xCD9E8D57 * c2,
//             (hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0)
//   u2f(w)  = sitofp(w ^ (w >>s 31)) * 0x2FFFFFFF (4.6566126E-10)
//   pair    = Box-Muller with math.log/sqrt/cos/sin

// i32 seed, i32 offset: k0 = seed, k1 = seed >>s 31; counter (offset, 0, 0, 0).
// CHECK-LABEL: func @randint_i32_seed_i32_offset
// CHECK-SAME: (%[[SEED:.*]]: i32, %[[OFFSET:.*]]: i32)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C31:.*]] = arith.constant 31 : i32
// CHECK: %[[K1:.*]] = arith.shrsi %[[SEED]], %[[C31]] : i32
// CHECK-DAG: %[[M0:.*]] = arith.constant -766435501 : i32
// CHECK-DAG: %[[M1:.*]] = arith.constant -845247145 : i32
// CHECK: %[[LO0:.*]], %[[HI0:.*]] = arith.mului_extended %[[OFFSET]], %[[M0]] : i32
// CHECK: %[[LO1:.*]], %[[HI1:.*]] = arith.mului_extended %[[ZERO]], %[[M1]] : i32
// CHECK: %[[T0:.*]] = arith.xori %[[HI1]], %[[ZERO]] : i32
// CHECK: %[[X0:.*]] = arith.xori %[[T0]], %[[SEED]] : i32
// CHECK: %[[T2:.*]] = arith.xori %[[HI0]], %[[ZERO]] : i32
// CHECK: arith.xori %[[T2]], %[[K1]] : i32
// CHECK: return %[[X0]] : i32
func.func @randint_i32_seed_i32_offset(%seed: i32, %offset: i32) -> i32 {
  %w = rng.randint %seed, %offset rounds 1 : i32, i32
  return %w : i32
}

// -----

// i64 seed and offset: both split into lo32/hi32; rand adds u2f.
// CHECK-LABEL: func @rand_i64_seed_i64_offset
// CHECK-SAME: (%[[SEED:.*]]: i64, %[[OFFSET:.*]]: i64)
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[OHI64:.*]] = arith.shrui %[[OFFSET]], %{{.*}} : i64
// CHECK: %[[C0:.*]] = arith.trunci %[[OFFSET]] : i64 to i32
// CHECK: %[[C1:.*]] = arith.trunci %[[OHI64]] : i64 to i32
// CHECK: %[[SHI64:.*]] = arith.shrui %[[SEED]], %{{.*}} : i64
// CHECK: %[[K0:.*]] = arith.trunci %[[SEED]] : i64 to i32
// CHECK: %[[K1:.*]] = arith.trunci %[[SHI64]] : i64 to i32
// CHECK-DAG: %[[M0:.*]] = arith.constant -766435501 : i32
// CHECK-DAG: %[[M1:.*]] = arith.constant -845247145 : i32
// CHECK: %{{.*}}, %[[HI0:.*]] = arith.mului_extended %[[C0]], %[[M0]] : i32
// CHECK: %{{.*}}, %[[HI1:.*]] = arith.mului_extended %[[ZERO]], %[[M1]] : i32
// CHECK: %[[T0:.*]] = arith.xori %[[HI1]], %[[C1]] : i32
// CHECK: %[[X0:.*]] = arith.xori %[[T0]], %[[K0]] : i32
// CHECK: %[[SIGN:.*]] = arith.shrsi %[[X0]], %{{.*}} : i32
// CHECK: %[[MAG:.*]] = arith.xori %[[X0]], %[[SIGN]] : i32
// CHECK: %[[F:.*]] = arith.sitofp %[[MAG]] : i32 to f32
// CHECK: %[[SCALE:.*]] = arith.constant 4.6566126E-10 : f32
// CHECK: %[[U:.*]] = arith.mulf %[[F]], %[[SCALE]] : f32
// CHECK: return %[[U]] : f32
func.func @rand_i64_seed_i64_offset(%seed: i64, %offset: i64) -> f32 {
  %u = rng.rand %seed, %offset rounds 1 : i64, i64
  return %u : f32
}

// -----

// Seeds narrower than 32 bits are sign-extended to i32 (k1 is the sign).
// CHECK-LABEL: func @randint_i8_seed
// CHECK-SAME: (%[[SEED:.*]]: i8,
// CHECK: %[[K0:.*]] = arith.extsi %[[SEED]] : i8 to i32
// CHECK: %[[K1:.*]] = arith.shrsi %[[K0]], %{{.*}} : i32
// CHECK: arith.xori %{{.*}}, %[[K0]] : i32
// CHECK: arith.xori %{{.*}}, %[[K1]] : i32
func.func @randint_i8_seed(%seed: i8, %offset: i32) -> i32 {
  %w = rng.randint %seed, %offset rounds 1 : i8, i32
  return %w : i32
}

// -----

// Seeds between 33 and 63 bits are sign-extended to i64, then split.
// CHECK-LABEL: func @randint_i48_seed
// CHECK-SAME: (%[[SEED:.*]]: i48,
// CHECK: %[[SEED64:.*]] = arith.extsi %[[SEED]] : i48 to i64
// CHECK: %[[HI:.*]] = arith.shrui %[[SEED64]], %{{.*}} : i64
// CHECK: arith.trunci %[[SEED64]] : i64 to i32
// CHECK: arith.trunci %[[HI]] : i64 to i32
func.func @randint_i48_seed(%seed: i48, %offset: i32) -> i32 {
  %w = rng.randint %seed, %offset rounds 1 : i48, i32
  return %w : i32
}

// -----

// randn4x: u2f of words 0..3, then pair(u0, u1) and pair(u2, u3).
// CHECK-LABEL: func @randn4x
// CHECK: %[[U0:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[U1:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[U2:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[U3:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[MIN:.*]] = arith.constant 1.000000e-07 : f32
// CHECK: %[[CLAMPED:.*]] = arith.maxnumf %[[MIN]], %[[U0]] : f32
// CHECK-DAG: %[[MINUS2:.*]] = arith.constant -2.000000e+00 : f32
// CHECK-DAG: %[[TWOPI:.*]] = arith.constant 6.28318548 : f32
// CHECK: %[[LOG:.*]] = math.log %[[CLAMPED]] : f32
// CHECK: %[[SQUARE:.*]] = arith.mulf %[[MINUS2]], %[[LOG]] : f32
// CHECK: %[[R:.*]] = math.sqrt %[[SQUARE]] : f32
// CHECK: %[[ANGLE:.*]] = arith.mulf %[[TWOPI]], %[[U1]] : f32
// CHECK: %[[COS:.*]] = math.cos %[[ANGLE]] : f32
// CHECK: %[[SIN:.*]] = math.sin %[[ANGLE]] : f32
// CHECK: %[[N0:.*]] = arith.mulf %[[R]], %[[COS]] : f32
// CHECK: %[[N1:.*]] = arith.mulf %[[R]], %[[SIN]] : f32
// CHECK: %[[CLAMPED23:.*]] = arith.maxnumf %{{.*}}, %[[U2]] : f32
// CHECK: math.log %[[CLAMPED23]] : f32
// CHECK: %[[R23:.*]] = math.sqrt
// CHECK: %[[ANGLE23:.*]] = arith.mulf %{{.*}}, %[[U3]] : f32
// CHECK: %[[COS23:.*]] = math.cos %[[ANGLE23]] : f32
// CHECK: %[[SIN23:.*]] = math.sin %[[ANGLE23]] : f32
// CHECK: %[[N2:.*]] = arith.mulf %[[R23]], %[[COS23]] : f32
// CHECK: %[[N3:.*]] = arith.mulf %[[R23]], %[[SIN23]] : f32
// CHECK: return %[[N0]], %[[N1]], %[[N2]], %[[N3]]
func.func @randn4x(%seed: i32, %offset: i32) -> (f32, f32, f32, f32) {
  %n:4 = rng.randn4x %seed, %offset rounds 1 : i32, i32
  return %n#0, %n#1, %n#2, %n#3 : f32, f32, f32, f32
}

// -----

// A scalar seed with vector offsets: the key schedule stays scalar and is
// broadcast once per round.
// CHECK-LABEL: func @rand4x_vector
// CHECK-SAME: (%[[SEED:.*]]: i32, %[[OFFSET:.*]]: vector<4xi32>)
// CHECK: %[[K1:.*]] = arith.shrsi %[[SEED]], %{{.*}} : i32
// CHECK: vector.broadcast %[[SEED]] : i32 to vector<4xi32>
// CHECK: vector.broadcast %[[K1]] : i32 to vector<4xi32>
// CHECK: arith.mului_extended %[[OFFSET]], %{{.*}} : vector<4xi32>
// CHECK: %[[K0NEXT:.*]] = arith.addi %[[SEED]], %{{.*}} : i32
// CHECK: vector.broadcast %[[K0NEXT]] : i32 to vector<4xi32>
// CHECK-COUNT-4: arith.sitofp %{{.*}} : vector<4xi32> to vector<4xf32>
// CHECK: return
func.func @rand4x_vector(%seed: i32, %offset: vector<4xi32>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %u:4 = rng.rand4x %seed, %offset rounds 2 : i32, vector<4xi32>
  return %u#0, %u#1, %u#2, %u#3 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
}

// -----

// One seed per lane: the keys have the offset's shape.
// CHECK-LABEL: func @randint_per_lane_seed
// CHECK-SAME: (%[[SEED:.*]]: vector<4xi64>, %[[OFFSET:.*]]: vector<4xi32>)
// CHECK: %[[HI:.*]] = arith.shrui %[[SEED]], %{{.*}} : vector<4xi64>
// CHECK: %[[K0:.*]] = arith.trunci %[[SEED]] : vector<4xi64> to vector<4xi32>
// CHECK: arith.trunci %[[HI]] : vector<4xi64> to vector<4xi32>
// CHECK-NOT: vector.broadcast
// CHECK: arith.mului_extended %[[OFFSET]], %{{.*}} : vector<4xi32>
// CHECK: arith.xori %{{.*}}, %[[K0]] : vector<4xi32>
func.func @randint_per_lane_seed(%seed: vector<4xi64>, %offset: vector<4xi32>) -> vector<4xi32> {
  %w = rng.randint %seed, %offset rounds 1 : vector<4xi64>, vector<4xi32>
  return %w : vector<4xi32>
}

// -----

// Tensors: a linalg.generic (scalar seed with the empty map) whose body
// holds the scalar lowering.
// CHECK-LABEL: func @rand_tensor
// CHECK-SAME: (%[[SEED:.*]]: i32, %[[OFFSET:.*]]: tensor<8xi64>)
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[SEED]], %[[OFFSET]] : i32, tensor<8xi64>)
// CHECK: arith.trunci %{{.*}} : i64 to i32
// CHECK: arith.mului_extended %{{.*}}, %{{.*}} : i32
// CHECK: arith.sitofp %{{.*}} : i32 to f32
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: linalg.yield
func.func @rand_tensor(%seed: i32, %offset: tensor<8xi64>) -> tensor<8xf32> {
  %u = rng.rand %seed, %offset rounds 1 : i32, tensor<8xi64>
  return %u : tensor<8xf32>
}

// -----

// n-D vectors: each 32x32->64-bit product runs on the flattened 1-D vector
// (arith-to-llvm lowers arith.mului_extended only up to 1-D).
// CHECK-LABEL: func @randint_2d_vector
// CHECK-SAME: (%{{.*}}: i32, %[[OFFSET:.*]]: vector<2x4xi32>)
// CHECK: %[[FLAT:.*]] = vector.shape_cast %[[OFFSET]] : vector<2x4xi32> to vector<8xi32>
// CHECK: %[[FLATM0:.*]] = vector.shape_cast %{{.*}} : vector<2x4xi32> to vector<8xi32>
// CHECK: %[[LO:.*]], %[[HI:.*]] = arith.mului_extended %[[FLAT]], %[[FLATM0]] : vector<8xi32>
// CHECK: vector.shape_cast %[[HI]] : vector<8xi32> to vector<2x4xi32>
// CHECK: vector.shape_cast %[[LO]] : vector<8xi32> to vector<2x4xi32>
func.func @randint_2d_vector(%seed: i32, %offset: vector<2x4xi32>) -> vector<2x4xi32> {
  %w = rng.randint %seed, %offset rounds 1 : i32, vector<2x4xi32>
  return %w : vector<2x4xi32>
}

// -----

// Ten rounds by default (two products per round); no rng op survives.
// CHECK-LABEL: func @default_rounds
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK-NOT: rng.
// CHECK: return
func.func @default_rounds(%seed: i64, %offset: i32) -> i32 {
  %w = rng.randint %seed, %offset : i64, i32
  return %w : i32
}

// -----

// CHECK-LABEL: func @seven_rounds
// CHECK-COUNT-14: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: return
func.func @seven_rounds(%seed: i64, %offset: i32) -> f32 {
  %n = rng.randn %seed, %offset rounds 7 : i64, i32
  return %n : f32
}
