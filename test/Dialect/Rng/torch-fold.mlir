// RUN: rng-opt %s --canonicalize | FileCheck %s

// The cuRAND and PyTorch ops fold on constants to the values that CUDA 13's
// cuRAND and torch 2.11 produced on an H200: every expected constant below
// is copied from test/vectors/curand_recorded.json or
// test/vectors/torch_recorded.json (the position or case named above it;
// floats as their bit patterns), or for an input PyTorch never produces
// from the model test/lib/torch_random_model.py; none computed by rng-mlir. Vectors of
// positions or indices fold element by element beside scalar seeds,
// offsets and thread counts. The normals do not fold (their NVIDIA bits
// come from the GPU's approximate instructions).

//===----------------------------------------------------------------------===//
// cuRAND (SPEC §9.1)
//===----------------------------------------------------------------------===//

// curand() with a seed above 2^63: curand_recorded.json at (seed, subsequence, position) (16045690984503111693, 0, 0).
// CHECK-LABEL: func @curand_scalar
// CHECK-DAG: %[[R0:.*]] = arith.constant 291949870 : i32
// CHECK: return %[[R0]]
func.func @curand_scalar() -> i32 {
  %seed = arith.constant -2401053089206439923 : i64
  %subsequence = arith.constant 0 : i64
  %position = arith.constant 0 : i64
  %r = rng.curand %seed, %subsequence, %position : i64, i64, i64
  return %r : i32
}

// curand() at positions 0 .. 3 (Random123's known answer): curand_recorded.json at (seed, subsequence, position) (0, 0, 0); (0, 0, 1); (0, 0, 2); (0, 0, 3).
// CHECK-LABEL: func @curand_positions
// CHECK-DAG: %[[R0:.*]] = arith.constant dense<[1713891541, -513161843, -1135104948, -1694442536]> : vector<4xi32>
// CHECK: return %[[R0]]
func.func @curand_positions() -> vector<4xi32> {
  %seed = arith.constant 0 : i64
  %subsequence = arith.constant 0 : i64
  %position = arith.constant dense<[0, 1, 2, 3]> : vector<4xi64>
  %r = rng.curand %seed, %subsequence, %position : i64, i64, vector<4xi64>
  return %r : vector<4xi32>
}

// curand4() at position 2^64 - 1 (reads into the next block): curand_recorded.json at (seed, subsequence, position) (0, 0, 18446744073709551615).
// CHECK-LABEL: func @curand4_last_position
// CHECK-DAG: %[[R0:.*]] = arith.constant 837490935 : i32
// CHECK-DAG: %[[R1:.*]] = arith.constant -794560250 : i32
// CHECK-DAG: %[[R2:.*]] = arith.constant 1033840686 : i32
// CHECK-DAG: %[[R3:.*]] = arith.constant -611680689 : i32
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @curand4_last_position() -> (i32, i32, i32, i32) {
  %seed = arith.constant 0 : i64
  %subsequence = arith.constant 0 : i64
  %position = arith.constant -1 : i64
  %r:4 = rng.curand4 %seed, %subsequence, %position : i64, i64, i64
  return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
}

// curand4() at positions not multiples of 4: curand_recorded.json at (seed, subsequence, position) (0, 0, 5); (0, 0, 6); (0, 0, 7); (0, 0, 17179869183).
// CHECK-LABEL: func @curand4_positions
// CHECK-DAG: %[[R0:.*]] = arith.constant dense<[1555169499, -1314556693, 159317863, 706672549]> : vector<4xi32>
// CHECK-DAG: %[[R1:.*]] = arith.constant dense<[-1314556693, 159317863, 83534633, 1792067052]> : vector<4xi32>
// CHECK-DAG: %[[R2:.*]] = arith.constant dense<[159317863, 83534633, 1372009126, -366779831]> : vector<4xi32>
// CHECK-DAG: %[[R3:.*]] = arith.constant dense<[83534633, 1372009126, 605361069, 1940150773]> : vector<4xi32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
func.func @curand4_positions() -> (vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>) {
  %seed = arith.constant 0 : i64
  %subsequence = arith.constant 0 : i64
  %position = arith.constant dense<[5, 6, 7, 17179869183]> : vector<4xi64>
  %r:4 = rng.curand4 %seed, %subsequence, %position : i64, i64, vector<4xi64>
  return %r#0, %r#1, %r#2, %r#3 : vector<4xi32>, vector<4xi32>, vector<4xi32>, vector<4xi32>
}

// curand_uniform() on four subsequences: curand_recorded.json at (seed, subsequence, position) (42, 0, 0); (42, 1, 0); (42, 270335, 0); (42, 9223372036854775808, 0).
// CHECK-LABEL: func @curand_uniform_subsequences
// CHECK-DAG: %[[R0:.*]] = arith.constant dense<[1058859760, 1009044954, 1061853656, 1063033763]> : vector<4xi32>
// CHECK: return %[[R0]]
func.func @curand_uniform_subsequences() -> vector<4xi32> {
  %seed = arith.constant 42 : i64
  %subsequence = arith.constant dense<[0, 1, 270335, -9223372036854775808]> : vector<4xi64>
  %position = arith.constant 0 : i64
  %r = rng.curand_uniform %seed, %subsequence, %position : i64, vector<4xi64>, i64
  %b0 = arith.bitcast %r : vector<4xf32> to vector<4xi32>
  return %b0 : vector<4xi32>
}

// curand_uniform_double() under four seeds: curand_recorded.json at (seed, subsequence, position) (0, 18446744073709551615, 0); (42, 18446744073709551615, 0); (4294967303, 18446744073709551615, 0); (16045690984503111693, 18446744073709551615, 0).
// CHECK-LABEL: func @curand_uniform_double_seeds
// CHECK-DAG: %[[R0:.*]] = arith.constant dense<[4605722835174817792, 4604017681507549184, 4603056835415506944, 4601179587638984704]> : vector<4xi64>
// CHECK: return %[[R0]]
func.func @curand_uniform_double_seeds() -> vector<4xi64> {
  %seed = arith.constant dense<[0, 42, 4294967303, -2401053089206439923]> : vector<4xi64>
  %subsequence = arith.constant -1 : i64
  %position = arith.constant 0 : i64
  %r = rng.curand_uniform_double %seed, %subsequence, %position : vector<4xi64>, i64, i64
  %b0 = arith.bitcast %r : vector<4xf64> to vector<4xi64>
  return %b0 : vector<4xi64>
}

// curand_uniform2_double() at every position mod 4: curand_recorded.json at (seed, subsequence, position) (0, 270335, 4); (0, 270335, 5); (0, 270335, 6); (0, 270335, 7).
// CHECK-LABEL: func @curand_uniform2_double_positions
// CHECK-DAG: %[[R0:.*]] = arith.constant dense<[4606068206862333664, 4597488192740142978, 4595591029469029586, 4606005702534849376]> : vector<4xi64>
// CHECK-DAG: %[[R1:.*]] = arith.constant dense<[4595591029469029586, 4606005702534849376, 4604415935060525638, 4606846203965941904]> : vector<4xi64>
// CHECK: return %[[R0]], %[[R1]]
func.func @curand_uniform2_double_positions() -> (vector<4xi64>, vector<4xi64>) {
  %seed = arith.constant 0 : i64
  %subsequence = arith.constant 270335 : i64
  %position = arith.constant dense<[4, 5, 6, 7]> : vector<4xi64>
  %r:2 = rng.curand_uniform2_double %seed, %subsequence, %position : i64, i64, vector<4xi64>
  %b0 = arith.bitcast %r#0 : vector<4xf64> to vector<4xi64>
  %b1 = arith.bitcast %r#1 : vector<4xf64> to vector<4xi64>
  return %b0, %b1 : vector<4xi64>, vector<4xi64>
}

//===----------------------------------------------------------------------===//
// PyTorch (SPEC §9.2): sampled elements of recorded calls, at the recorded
// generator state (seed, offset) and launch width S
//===----------------------------------------------------------------------===//

// uniform_f32_255_1 (torch.rand, seed 0, offset 4, S 256, from 0.0, to 1.0): elements 0, 3, 7, 136.
// CHECK-LABEL: func @uniform_f32
// CHECK: %[[C:.*]] = arith.constant dense<[1064887501, 1051260349, 1059321569, 1044555298]> : vector<4xi32>
// CHECK-NEXT: return %[[C]]
func.func @uniform_f32() -> vector<4xi32> {
  %seed = arith.constant 0 : i64
  %offset = arith.constant 4 : i64
  %threads = arith.constant 256 : i64
  %index = arith.constant dense<[0, 3, 7, 136]> : vector<4xi64>
  %from = arith.constant 0x0 : f32
  %to = arith.constant 0x3F800000 : f32
  %u = rng.torch_uniform %seed, %offset, %threads, %index, %from, %to : (i64, i64, i64, vector<4xi64>, f32, f32) -> vector<4xf32>
  %b = arith.bitcast %u : vector<4xf32> to vector<4xi32>
  return %b : vector<4xi32>
}

// uniform_f32_65537_6 (uniform_, seed 4294967303, offset 1099511627784, S 65792, from -2.0, to 3.0): elements 0, 3, 7, 28827.
// CHECK-LABEL: func @uniform_f32_bounds
// CHECK: %[[C:.*]] = arith.constant dense<[1077216422, -1081704669, 1074273952, 1076992310]> : vector<4xi32>
// CHECK-NEXT: return %[[C]]
func.func @uniform_f32_bounds() -> vector<4xi32> {
  %seed = arith.constant 4294967303 : i64
  %offset = arith.constant 1099511627784 : i64
  %threads = arith.constant 65792 : i64
  %index = arith.constant dense<[0, 3, 7, 28827]> : vector<4xi64>
  %from = arith.constant 0xC0000000 : f32
  %to = arith.constant 0x40400000 : f32
  %u = rng.torch_uniform %seed, %offset, %threads, %index, %from, %to : (i64, i64, i64, vector<4xi64>, f32, f32) -> vector<4xf32>
  %b = arith.bitcast %u : vector<4xf32> to vector<4xi32>
  return %b : vector<4xi32>
}

// uniform_f16_65537_16 (uniform_, seed 42, offset 0, S 65792, from -2.0, to 3.0): elements 0, 3, 7, 34818.
// CHECK-LABEL: func @uniform_f16
// CHECK: %[[C:.*]] = arith.constant dense<[15426, -16590, 10152, -16533]> : vector<4xi16>
// CHECK-NEXT: return %[[C]]
func.func @uniform_f16() -> vector<4xi16> {
  %seed = arith.constant 42 : i64
  %offset = arith.constant 0 : i64
  %threads = arith.constant 65792 : i64
  %index = arith.constant dense<[0, 3, 7, 34818]> : vector<4xi64>
  %from = arith.constant 0xC000 : f16
  %to = arith.constant 0x4200 : f16
  %u = rng.torch_uniform %seed, %offset, %threads, %index, %from, %to : (i64, i64, i64, vector<4xi64>, f16, f16) -> vector<4xf16>
  %b = arith.bitcast %u : vector<4xf16> to vector<4xi16>
  return %b : vector<4xi16>
}

// uniform_bf16_65537_28 (uniform_, seed 42, offset 1099511627784, S 65792, from 0.1, to 0.7): elements 0, 3, 7, 32695.
// CHECK-LABEL: func @uniform_bf16
// CHECK: %[[C:.*]] = arith.constant dense<[16137, 15938, 16085, 16048]> : vector<4xi16>
// CHECK-NEXT: return %[[C]]
func.func @uniform_bf16() -> vector<4xi16> {
  %seed = arith.constant 42 : i64
  %offset = arith.constant 1099511627784 : i64
  %threads = arith.constant 65792 : i64
  %index = arith.constant dense<[0, 3, 7, 32695]> : vector<4xi64>
  %from = arith.constant 0x3DCD : bf16
  %to = arith.constant 0x3F33 : bf16
  %u = rng.torch_uniform %seed, %offset, %threads, %index, %from, %to : (i64, i64, i64, vector<4xi64>, bf16, bf16) -> vector<4xbf16>
  %b = arith.bitcast %u : vector<4xbf16> to vector<4xi16>
  return %b : vector<4xi16>
}

// uniform_f64_65537_36 (uniform_, seed 42, offset 4, S 65792, from -2.0, to 3.0): elements 0, 3, 7, 34905.
// CHECK-LABEL: func @uniform_f64
// CHECK: %[[C:.*]] = arith.constant dense<[-4623130860240980875, -4614286950914207255, -4629785086255723028, 4613488628555660247]> : vector<4xi64>
// CHECK-NEXT: return %[[C]]
func.func @uniform_f64() -> vector<4xi64> {
  %seed = arith.constant 42 : i64
  %offset = arith.constant 4 : i64
  %threads = arith.constant 65792 : i64
  %index = arith.constant dense<[0, 3, 7, 34905]> : vector<4xi64>
  %from = arith.constant 0xC000000000000000 : f64
  %to = arith.constant 0x4008000000000000 : f64
  %u = rng.torch_uniform %seed, %offset, %threads, %index, %from, %to : (i64, i64, i64, vector<4xi64>, f64, f64) -> vector<4xf64>
  %b = arith.bitcast %u : vector<4xf64> to vector<4xi64>
  return %b : vector<4xi64>
}

// bernoulli_f32_300000_62 (bernoulli_(p), seed 4294967303, offset 4, S 270336, p 0.3): elements 0, 3, 7, 176811.
// CHECK-LABEL: func @bernoulli_f32
// CHECK: %[[C:.*]] = arith.constant dense<[true, false, false, false]> : vector<4xi1>
// CHECK-NEXT: return %[[C]]
func.func @bernoulli_f32() -> vector<4xi1> {
  %seed = arith.constant 4294967303 : i64
  %offset = arith.constant 4 : i64
  %threads = arith.constant 270336 : i64
  %index = arith.constant dense<[0, 3, 7, 176811]> : vector<4xi64>
  %p = arith.constant 0x3E99999A : f32
  %b = rng.torch_bernoulli %seed, %offset, %threads, %index, %p : (i64, i64, i64, vector<4xi64>, f32) -> vector<4xi1>
  return %b : vector<4xi1>
}

// bernoulli_f64_300000_63 (bernoulli_(p), seed 16045690984503111693, offset 1236, S 270336, p 0.3): elements 0, 3, 7, 181875.
// CHECK-LABEL: func @bernoulli_f64
// CHECK: %[[C:.*]] = arith.constant dense<[false, false, true, false]> : vector<4xi1>
// CHECK-NEXT: return %[[C]]
func.func @bernoulli_f64() -> vector<4xi1> {
  %seed = arith.constant -2401053089206439923 : i64
  %offset = arith.constant 1236 : i64
  %threads = arith.constant 270336 : i64
  %index = arith.constant dense<[0, 3, 7, 181875]> : vector<4xi64>
  %p = arith.constant 0x3FD3333333333333 : f64
  %b = rng.torch_bernoulli %seed, %offset, %threads, %index, %p : (i64, i64, i64, vector<4xi64>, f64) -> vector<4xi1>
  return %b : vector<4xi1>
}

// random_i32_1048579_74 (random_(from, to), seed 4294967303, offset 0, S 270336, from -5, range 1005): elements 0, 3, 7, 644089.
// CHECK-LABEL: func @random_narrow
// CHECK: %[[C:.*]] = arith.constant dense<[468, 733, 931, 761]> : vector<4xi64>
// CHECK-NEXT: return %[[C]]
func.func @random_narrow() -> vector<4xi64> {
  %seed = arith.constant 4294967303 : i64
  %offset = arith.constant 0 : i64
  %threads = arith.constant 270336 : i64
  %index = arith.constant dense<[0, 3, 7, 644089]> : vector<4xi64>
  %from = arith.constant -5 : i64
  %range = arith.constant 1005 : i64
  %r = rng.torch_random %seed, %offset, %threads, %index, %from, %range : (i64, i64, i64, vector<4xi64>, i64, i64) -> vector<4xi64>
  return %r : vector<4xi64>
}

// random_i32_300000_68 (random_(), seed 42, offset 4, S 270336, from 0, range 2147483648): elements 0, 3, 7, 143844.
// CHECK-LABEL: func @random_narrow_full
// CHECK: %[[C:.*]] = arith.constant dense<[2094735655, 94953276, 1709041984, 1846316647]> : vector<4xi64>
// CHECK-NEXT: return %[[C]]
func.func @random_narrow_full() -> vector<4xi64> {
  %seed = arith.constant 42 : i64
  %offset = arith.constant 4 : i64
  %threads = arith.constant 270336 : i64
  %index = arith.constant dense<[0, 3, 7, 143844]> : vector<4xi64>
  %from = arith.constant 0 : i64
  %range = arith.constant 2147483648 : i64
  %r = rng.torch_random %seed, %offset, %threads, %index, %from, %range : (i64, i64, i64, vector<4xi64>, i64, i64) -> vector<4xi64>
  return %r : vector<4xi64>
}

// random_i64_65537_76 (random_(from, to), seed 42, offset 1099511627784, S 65792, from -1099511627776, range 2199023255552, wide): elements 0, 3, 7, 34116.
// CHECK-LABEL: func @random_wide
// CHECK: %[[C:.*]] = arith.constant dense<[-813512740385, -7862069754, 850928389968, -188713850318]> : vector<4xi64>
// CHECK-NEXT: return %[[C]]
func.func @random_wide() -> vector<4xi64> {
  %seed = arith.constant 42 : i64
  %offset = arith.constant 1099511627784 : i64
  %threads = arith.constant 65792 : i64
  %index = arith.constant dense<[0, 3, 7, 34116]> : vector<4xi64>
  %from = arith.constant -1099511627776 : i64
  %range = arith.constant 2199023255552 : i64
  %r = rng.torch_random %seed, %offset, %threads, %index, %from, %range {wide} : (i64, i64, i64, vector<4xi64>, i64, i64) -> vector<4xi64>
  return %r : vector<4xi64>
}

// random_i64_1000_82 (random_(from, to), seed 4294967303, offset 1236, S 1024, from -9223372036854775808, range 18446744073709551616, wide): elements 0, 3, 7, 574.
// CHECK-LABEL: func @random_wide_full
// CHECK: %[[C:.*]] = arith.constant dense<[7454590947820063909, 7071318012048520056, -3900391307708461904, 6083326487628133662]> : vector<4xi64>
// CHECK-NEXT: return %[[C]]
func.func @random_wide_full() -> vector<4xi64> {
  %seed = arith.constant 4294967303 : i64
  %offset = arith.constant 1236 : i64
  %threads = arith.constant 1024 : i64
  %index = arith.constant dense<[0, 3, 7, 574]> : vector<4xi64>
  %from = arith.constant -9223372036854775808 : i64
  %range = arith.constant 0 : i64
  %r = rng.torch_random %seed, %offset, %threads, %index, %from, %range {wide} : (i64, i64, i64, vector<4xi64>, i64, i64) -> vector<4xi64>
  return %r : vector<4xi64>
}

// dropout_f32_65536_87 (torch.native_dropout(x, p, True), seed 16045690984503111693, offset 0, S 65536, p 0.2, vec 1): elements 0, 3, 7, 25474.
// CHECK-LABEL: func @dropout_f32_vec1
// CHECK-DAG: %[[Y:.*]] = arith.constant dense<[-1046724608, 1097408512, -2147483648, 1098371072]> : vector<4xi32>
// CHECK-DAG: %[[K:.*]] = arith.constant dense<true> : vector<4xi1>
// CHECK: return %[[Y]], %[[K]]
func.func @dropout_f32_vec1() -> (vector<4xi32>, vector<4xi1>) {
  %x = arith.constant dense<[0xC17A0000, 0x413A8000, 0x80000000, 0x41464000]> : vector<4xf32>
  %p = arith.constant 0x3FC999999999999A : f64
  %seed = arith.constant -2401053089206439923 : i64
  %offset = arith.constant 0 : i64
  %threads = arith.constant 65536 : i64
  %index = arith.constant dense<[0, 3, 7, 25474]> : vector<4xi64>
  %y, %keep = rng.torch_dropout %x, %p, %seed, %offset, %threads, %index : (vector<4xf32>, f64, i64, i64, i64, vector<4xi64>) -> (vector<4xf32>, vector<4xi1>)
  %b = arith.bitcast %y : vector<4xf32> to vector<4xi32>
  return %b, %keep : vector<4xi32>, vector<4xi1>
}

// dropout_f32_1048576_84 (torch.native_dropout(x, p, True), seed 42, offset 4, S 270336, p 0.2, vec 4): elements 0, 3, 7, 502284.
// CHECK-LABEL: func @dropout_f32_vec4
// CHECK-DAG: %[[Y:.*]] = arith.constant dense<[-2147483648, 1097408512, -2147483648, 1081491456]> : vector<4xi32>
// CHECK-DAG: %[[K:.*]] = arith.constant dense<[false, true, true, true]> : vector<4xi1>
// CHECK: return %[[Y]], %[[K]]
func.func @dropout_f32_vec4() -> (vector<4xi32>, vector<4xi1>) {
  %x = arith.constant dense<[0xC17A0000, 0x413A8000, 0x80000000, 0x40450000]> : vector<4xf32>
  %p = arith.constant 0x3FC999999999999A : f64
  %seed = arith.constant 42 : i64
  %offset = arith.constant 4 : i64
  %threads = arith.constant 270336 : i64
  %index = arith.constant dense<[0, 3, 7, 502284]> : vector<4xi64>
  %y, %keep = rng.torch_dropout %x, %p, %seed, %offset, %threads, %index {vec = 4 : i32} : (vector<4xf32>, f64, i64, i64, i64, vector<4xi64>) -> (vector<4xf32>, vector<4xi1>)
  %b = arith.bitcast %y : vector<4xf32> to vector<4xi32>
  return %b, %keep : vector<4xi32>, vector<4xi1>
}

// vec * S of 2^64 (S = 2^63, vec = 2, a launch no GPU makes): exact
// quotients, iteration 0 and thread floor(e / 2) for every e; the values of
// test/lib/torch_random_model.py, as the lowering gives on the CPU
// (test/Integration/CPU/Torch/torch-ops.test).
// CHECK-LABEL: func @dropout_vec_span_wraps
// CHECK-DAG: %[[Y:.*]] = arith.constant dense<[1073741824, 1073741824, 1073741824, 1073741824, 1073741824, 1073741824, 1073741824, 0]> : vector<8xi32>
// CHECK-DAG: %[[K:.*]] = arith.constant dense<[true, true, true, true, true, true, true, false]> : vector<8xi1>
// CHECK: return %[[Y]], %[[K]]
func.func @dropout_vec_span_wraps() -> (vector<8xi32>, vector<8xi1>) {
  %x = arith.constant dense<1.0> : vector<8xf32>
  %p = arith.constant 0.5 : f64
  %seed = arith.constant 7 : i64
  %offset = arith.constant 12 : i64
  %threads = arith.constant -9223372036854775808 : i64
  %index = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi64>
  %y, %keep = rng.torch_dropout %x, %p, %seed, %offset, %threads, %index {vec = 2 : i32} : (vector<8xf32>, f64, i64, i64, i64, vector<8xi64>) -> (vector<8xf32>, vector<8xi1>)
  %b = arith.bitcast %y : vector<8xf32> to vector<8xi32>
  return %b, %keep : vector<8xi32>, vector<8xi1>
}

// A NaN bound (PyTorch refuses them; SPEC leaves a NaN's payload open):
// f16 and bf16 results fold to the quiet NaN of the sign that the lowering
// builds (0x7E00, bf16 0xFFC0 negative), whatever the payload.
// CHECK-LABEL: func @uniform_nan_bounds
// CHECK-DAG: %[[H:.*]] = arith.constant 32256 : i16
// CHECK-DAG: %[[B:.*]] = arith.constant -64 : i16
// CHECK: return %[[H]], %[[B]]
func.func @uniform_nan_bounds() -> (i16, i16) {
  %c = arith.constant 0 : i64
  %S = arith.constant 256 : i64
  %fh = arith.constant 0x7F00 : f16
  %th = arith.constant 1.0 : f16
  %fb = arith.constant 0xFFA1 : bf16
  %tb = arith.constant 1.0 : bf16
  %h = rng.torch_uniform %c, %c, %S, %c, %fh, %th : (i64, i64, i64, i64, f16, f16) -> f16
  %b = rng.torch_uniform %c, %c, %S, %c, %fb, %tb : (i64, i64, i64, i64, bf16, bf16) -> bf16
  %hb = arith.bitcast %h : f16 to i16
  %bb = arith.bitcast %b : bf16 to i16
  return %hb, %bb : i16, i16
}

// dropout_f16_65537_95 (torch.native_dropout(x, p, True), seed 16045690984503111693, offset 1236, S 65792, p 0.5, vec 1): elements 0, 3, 7, 35440.
// CHECK-LABEL: func @dropout_f16_vec1
// CHECK-DAG: %[[Y:.*]] = arith.constant dense<[-32768, 19924, -32768, 0]> : vector<4xi16>
// CHECK-DAG: %[[K:.*]] = arith.constant dense<[false, true, true, false]> : vector<4xi1>
// CHECK: return %[[Y]], %[[K]]
func.func @dropout_f16_vec1() -> (vector<4xi16>, vector<4xi1>) {
  %x = arith.constant dense<[0xCBD0, 0x49D4, 0x8000, 0x3EA0]> : vector<4xf16>
  %p = arith.constant 0x3FE0000000000000 : f64
  %seed = arith.constant -2401053089206439923 : i64
  %offset = arith.constant 1236 : i64
  %threads = arith.constant 65792 : i64
  %index = arith.constant dense<[0, 3, 7, 35440]> : vector<4xi64>
  %y, %keep = rng.torch_dropout %x, %p, %seed, %offset, %threads, %index : (vector<4xf16>, f64, i64, i64, i64, vector<4xi64>) -> (vector<4xf16>, vector<4xi1>)
  %b = arith.bitcast %y : vector<4xf16> to vector<4xi16>
  return %b, %keep : vector<4xi16>, vector<4xi1>
}

// dropout_bf16_1048576_98 (torch.native_dropout(x, p, True), seed 4294967303, offset 1236, S 270336, p 0.1, vec 8): elements 0, 3, 7, 495452.
// CHECK-LABEL: func @dropout_bf16_vec8
// CHECK-DAG: %[[Y:.*]] = arith.constant dense<[-15989, 16719, -32768, 0]> : vector<4xi16>
// CHECK-DAG: %[[K:.*]] = arith.constant dense<[true, true, true, false]> : vector<4xi1>
// CHECK: return %[[Y]], %[[K]]
func.func @dropout_bf16_vec8() -> (vector<4xi16>, vector<4xi1>) {
  %x = arith.constant dense<[0xC17A, 0x413A, 0x8000, 0x411D]> : vector<4xbf16>
  %p = arith.constant 0x3FB999999999999A : f64
  %seed = arith.constant 4294967303 : i64
  %offset = arith.constant 1236 : i64
  %threads = arith.constant 270336 : i64
  %index = arith.constant dense<[0, 3, 7, 495452]> : vector<4xi64>
  %y, %keep = rng.torch_dropout %x, %p, %seed, %offset, %threads, %index {vec = 8 : i32} : (vector<4xbf16>, f64, i64, i64, i64, vector<4xi64>) -> (vector<4xbf16>, vector<4xi1>)
  %b = arith.bitcast %y : vector<4xbf16> to vector<4xi16>
  return %b, %keep : vector<4xi16>, vector<4xi1>
}

// dropout_f64_1048576_101 (torch.native_dropout(x, p, True), seed 0, offset 1236, S 270336, p 0.25, vec 2): elements 0, 3, 7, 559083.
// CHECK-LABEL: func @dropout_f64_vec2
// CHECK-DAG: %[[Y:.*]] = arith.constant dense<[-4596814757157841579, 4624938798580847957, -9223372036854775808, 0]> : vector<4xi64>
// CHECK-DAG: %[[K:.*]] = arith.constant dense<[true, true, true, false]> : vector<4xi1>
// CHECK: return %[[Y]], %[[K]]
func.func @dropout_f64_vec2() -> (vector<4xi64>, vector<4xi1>) {
  %x = arith.constant dense<[0xC02F400000000000, 0x4027500000000000, 0x8000000000000000, 0x4025B80000000000]> : vector<4xf64>
  %p = arith.constant 0x3FD0000000000000 : f64
  %seed = arith.constant 0 : i64
  %offset = arith.constant 1236 : i64
  %threads = arith.constant 270336 : i64
  %index = arith.constant dense<[0, 3, 7, 559083]> : vector<4xi64>
  %y, %keep = rng.torch_dropout %x, %p, %seed, %offset, %threads, %index {vec = 2 : i32} : (vector<4xf64>, f64, i64, i64, i64, vector<4xi64>) -> (vector<4xf64>, vector<4xi1>)
  %b = arith.bitcast %y : vector<4xf64> to vector<4xi64>
  return %b, %keep : vector<4xi64>, vector<4xi1>
}

//===----------------------------------------------------------------------===//
// The launch: S and the offset increment of the recorded calls
//===----------------------------------------------------------------------===//

// The recorded S of calls on n elements (an H200: 132 multiprocessors of
// 2048 threads); n = 0 launches nothing.
// CHECK-LABEL: func @threads
// CHECK: %[[S:.*]] = arith.constant dense<[256, 256, 1024, 4096, 65536, 65792, 270336, 270336, 0]> : vector<9xi64>
// CHECK-NEXT: return %[[S]]
func.func @threads() -> vector<9xi64> {
  %n = arith.constant dense<[1, 255, 1000, 4000, 65536, 65537, 300000, 2500001, 0]> : vector<9xi64>
  %S = rng.torch_threads %n {multiprocessors = 132, threads_per_multiprocessor = 2048} : vector<9xi64>
  return %S : vector<9xi64>
}

// No elements: rng.torch_threads of 0 folds to 0, which a sampler takes
// and reads as S = 1 (canonicalize leaves valid IR); element e is then word
// e of subsequence 0 at offset 0: curand_recorded.json at (seed,
// subsequence, position) (0, 0, 0); (0, 0, 1); (0, 0, 2); (0, 0, 3), as
// unsigned values (random_ with range 2^32 is the word).
// CHECK-LABEL: func @threads_of_no_elements
// CHECK: %[[C:.*]] = arith.constant dense<[1713891541, 3781805453, 3159862348, 2600524760]> : vector<4xi64>
// CHECK-NEXT: return %[[C]]
func.func @threads_of_no_elements() -> vector<4xi64> {
  %seed = arith.constant 0 : i64
  %n = arith.constant 0 : i64
  %threads = rng.torch_threads %n {multiprocessors = 132, threads_per_multiprocessor = 2048} : i64
  %index = arith.constant dense<[0, 1, 2, 3]> : vector<4xi64>
  %from = arith.constant 0 : i64
  %range = arith.constant 4294967296 : i64
  %r = rng.torch_random %seed, %seed, %threads, %index, %from, %range : (i64, i64, i64, vector<4xi64>, i64, i64) -> vector<4xi64>
  return %r : vector<4xi64>
}

// offset_after - offset_before of the recorded calls on n elements with S
// threads (U = 4: f32, f16 and bf16 samplers, random_ without wide, dropout;
// U = 2: f64 samplers, random_ with wide); n = 0 launches nothing and
// advances by 0.
// CHECK-LABEL: func @offset_increment
// CHECK-DAG: %[[U4:.*]] = arith.constant dense<[4, 4, 4, 4, 12, 12, 0]> : vector<7xi64>
// CHECK-DAG: %[[U2:.*]] = arith.constant dense<[4, 4, 4, 8, 12]> : vector<5xi64>
// CHECK: return %[[U4]], %[[U2]]
func.func @offset_increment() -> (vector<7xi64>, vector<5xi64>) {
  %n4 = arith.constant dense<[1, 65536, 300004, 1048579, 2500000, 2500001, 0]> : vector<7xi64>
  %S4 = arith.constant dense<[256, 65536, 270336, 270336, 270336, 270336, 256]> : vector<7xi64>
  %inc4 = rng.torch_offset_increment %n4, %S4 {unroll = 4 : i32} : vector<7xi64>
  %n2 = arith.constant dense<[1, 65537, 300000, 1048579, 1200001]> : vector<5xi64>
  %S2 = arith.constant dense<[256, 65792, 270336, 270336, 270336]> : vector<5xi64>
  %inc2 = rng.torch_offset_increment %n2, %S2 {unroll = 2 : i32} : vector<5xi64>
  return %inc4, %inc2 : vector<7xi64>, vector<5xi64>
}

// Exact quotients where S * U passes 2^64 (S of 2^62 or more, no GPU's):
// one iteration for every n; the increment itself wraps as offsets do
// (S = 1, U = 2, n = 2^64 - 1: 2^63 iterations, 2^65 mod 2^64 = 0).
// CHECK-LABEL: func @offset_increment_huge_threads
// CHECK-DAG: %[[U4:.*]] = arith.constant dense<4> : vector<2xi64>
// CHECK-DAG: %[[U2:.*]] = arith.constant dense<[4, 0]> : vector<2xi64>
// CHECK: return %[[U4]], %[[U2]]
func.func @offset_increment_huge_threads() -> (vector<2xi64>, vector<2xi64>) {
  %n4 = arith.constant dense<[1000000, -9223372036854775808]> : vector<2xi64>
  %S4 = arith.constant dense<[4611686018427388160, 4611686018427388160]> : vector<2xi64>
  %inc4 = rng.torch_offset_increment %n4, %S4 {unroll = 4 : i32} : vector<2xi64>
  %n2 = arith.constant dense<[-1, -1]> : vector<2xi64>
  %S2 = arith.constant dense<[-9223372036854775552, 1]> : vector<2xi64>
  %inc2 = rng.torch_offset_increment %n2, %S2 {unroll = 2 : i32} : vector<2xi64>
  return %inc4, %inc2 : vector<2xi64>, vector<2xi64>
}

// S computed from n feeds the increment: both fold.
// CHECK-LABEL: func @launch_chain
// CHECK: %[[INC:.*]] = arith.constant 12 : i64
// CHECK-NEXT: return %[[INC]]
func.func @launch_chain() -> i64 {
  %n = arith.constant 2500001 : i64
  %S = rng.torch_threads %n {multiprocessors = 132, threads_per_multiprocessor = 2048} : i64
  %inc = rng.torch_offset_increment %n, %S {unroll = 4 : i32} : i64
  return %inc : i64
}

//===----------------------------------------------------------------------===//
// What does not fold
//===----------------------------------------------------------------------===//

// The normals: constant operands, the ops stay.
// CHECK-LABEL: func @normals
// CHECK: rng.curand_normal2
// CHECK: rng.curand_normal2_double
// CHECK: rng.torch_normal
// CHECK: rng.torch_normal
func.func @normals() -> (f32, f64, f32, f64) {
  %seed = arith.constant 42 : i64
  %zero = arith.constant 0 : i64
  %S = arith.constant 256 : i64
  %mean = arith.constant 0.0 : f32
  %std = arith.constant 1.0 : f32
  %mean64 = arith.constant 0.0 : f64
  %std64 = arith.constant 1.0 : f64
  %n:2 = rng.curand_normal2 %seed, %zero, %zero : i64, i64, i64
  %d:2 = rng.curand_normal2_double %seed, %zero, %zero : i64, i64, i64
  %t = rng.torch_normal %seed, %zero, %S, %zero, %mean, %std : (i64, i64, i64, i64, f32, f32) -> f32
  %t64 = rng.torch_normal %seed, %zero, %S, %zero, %mean64, %std64 : (i64, i64, i64, i64, f64, f64) -> f64
  return %n#0, %d#1, %t, %t64 : f32, f64, f32, f64
}

// A non-constant operand: no fold.
// CHECK-LABEL: func @runtime_index
// CHECK: rng.torch_uniform
// CHECK: rng.curand4
func.func @runtime_index(%index: i64) -> (f32, i32) {
  %seed = arith.constant 42 : i64
  %zero = arith.constant 0 : i64
  %S = arith.constant 256 : i64
  %from = arith.constant 0.0 : f32
  %to = arith.constant 1.0 : f32
  %u = rng.torch_uniform %seed, %zero, %S, %index, %from, %to : (i64, i64, i64, i64, f32, f32) -> f32
  %w:4 = rng.curand4 %seed, %zero, %index : i64, i64, i64
  return %u, %w#0 : f32, i32
}

// A splat folds to a splat, scalable vectors included (torch.rand's first
// value, seed 42 at offset 0: uniform_f32_1_0's 0x3F1CEAF0). The bound on
// non-splat constants is fold-limit.test's.
// CHECK-LABEL: func @scalable_splat
// CHECK: %[[U:.*]] = arith.constant dense<1058859760> : vector<[4]xi32>
// CHECK-NEXT: return %[[U]]
func.func @scalable_splat() -> vector<[4]xi32> {
  %seed = arith.constant 42 : i64
  %zero = arith.constant 0 : i64
  %S = arith.constant 256 : i64
  %index = arith.constant dense<0> : vector<[4]xi64>
  %from = arith.constant 0.0 : f32
  %to = arith.constant 1.0 : f32
  %u = rng.torch_uniform %seed, %zero, %S, %index, %from, %to : (i64, i64, i64, vector<[4]xi64>, f32, f32) -> vector<[4]xf32>
  %b = arith.bitcast %u : vector<[4]xf32> to vector<[4]xi32>
  return %b : vector<[4]xi32>
}
