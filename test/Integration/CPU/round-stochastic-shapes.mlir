// round.stochastic on scalars, 1-D and 2-D vectors and ranked tensors,
// lowered by rng-to-llvm and run on the CPU. Known answers derived by hand
// from SPEC section 3 (results printed as unsigned bit patterns). Each
// rounding is in its own function so that nothing folds at compile time.

// RUN: rng-opt %s --rng-to-llvm | %run_cpu | FileCheck %s

// bf16 with 16 random bits.
func.func @bf16_scalar(%x: f32, %rbits: i16) -> i32 {
  %y = round.stochastic %x, %rbits : f32, i16 -> bf16
  %bits = arith.bitcast %y : bf16 to i16
  %wide = arith.extui %bits : i16 to i32
  return %wide : i32
}

func.func @bf16_scalar_saturate(%x: f32, %rbits: i16) -> i32 {
  %y = round.stochastic %x, %rbits saturate : f32, i16 -> bf16
  %bits = arith.bitcast %y : bf16 to i16
  %wide = arith.extui %bits : i16 to i32
  return %wide : i32
}

// f8E4M3FN with 20 of 32 random bits.
func.func @e4m3fn_vector(%x: vector<4xf32>, %rbits: vector<4xi32>)
    -> vector<4xi32> {
  %y = round.stochastic %x, %rbits
      : vector<4xf32>, vector<4xi32> -> vector<4xf8E4M3FN>
  %bits = arith.bitcast %y : vector<4xf8E4M3FN> to vector<4xi8>
  %wide = arith.extui %bits : vector<4xi8> to vector<4xi32>
  return %wide : vector<4xi32>
}

func.func @e4m3fn_vector_saturate(%x: vector<4xf32>, %rbits: vector<4xi32>)
    -> vector<4xi32> {
  %y = round.stochastic %x, %rbits saturate
      : vector<4xf32>, vector<4xi32> -> vector<4xf8E4M3FN>
  %bits = arith.bitcast %y : vector<4xf8E4M3FN> to vector<4xi8>
  %wide = arith.extui %bits : vector<4xi8> to vector<4xi32>
  return %wide : vector<4xi32>
}

// f16 with 8 random bits, on tensors.
func.func @f16_tensor(%x: tensor<4xf32>, %rbits: tensor<4xi8>)
    -> tensor<4xi16> {
  %y = round.stochastic %x, %rbits
      : tensor<4xf32>, tensor<4xi8> -> tensor<4xf16>
  %bits = arith.bitcast %y : tensor<4xf16> to tensor<4xi16>
  return %bits : tensor<4xi16>
}

// f8E4M3FNUZ with 8 random bits, on a 2-D vector.
func.func @e4m3fnuz_vector2d(%x: vector<2x2xf32>, %rbits: vector<2x2xi8>)
    -> vector<2x2xi32> {
  %y = round.stochastic %x, %rbits
      : vector<2x2xf32>, vector<2x2xi8> -> vector<2x2xf8E4M3FNUZ>
  %bits = arith.bitcast %y : vector<2x2xf8E4M3FNUZ> to vector<2x2xi8>
  %wide = arith.extui %bits : vector<2x2xi8> to vector<2x2xi32>
  return %wide : vector<2x2xi32>
}

// f8E5M2 / f8E5M2FNUZ with 1 random bit (K = min(1, 21)).
func.func @e5m2_i1(%x: f32, %rbits: i1) -> i32 {
  %y = round.stochastic %x, %rbits : f32, i1 -> f8E5M2
  %bits = arith.bitcast %y : f8E5M2 to i8
  %wide = arith.extui %bits : i8 to i32
  return %wide : i32
}

func.func @e5m2fnuz_i64_saturate(%x: f32, %rbits: i64) -> i32 {
  %y = round.stochastic %x, %rbits saturate : f32, i64 -> f8E5M2FNUZ
  %bits = arith.bitcast %y : f8E5M2FNUZ to i8
  %wide = arith.extui %bits : i8 to i32
  return %wide : i32
}

func.func @print_tensor(%t: tensor<4xi16>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i16
  %v = vector.transfer_read %t[%c0], %pad : tensor<4xi16>, vector<4xi16>
  %wide = arith.extui %v : vector<4xi16> to vector<4xi32>
  vector.print %wide : vector<4xi32>
  return
}

func.func @main() {
  %one_and_half_ulp = arith.constant 0x3F808000 : f32  // 1 + 2^-8: t = 0x8000
  %r_7fff = arith.constant 0x7FFF : i16
  %r_8000 = arith.constant -32768 : i16
  // CHECK: 16256
  %0 = call @bf16_scalar(%one_and_half_ulp, %r_7fff) : (f32, i16) -> i32
  vector.print %0 : i32
  // CHECK-NEXT: 16257
  %1 = call @bf16_scalar(%one_and_half_ulp, %r_8000) : (f32, i16) -> i32
  vector.print %1 : i32
  // -(1 + 2^-8) rounds up in magnitude: 0xBF81.
  // CHECK-NEXT: 49025
  %neg = arith.constant 0xBF808000 : f32
  %2 = call @bf16_scalar(%neg, %r_8000) : (f32, i16) -> i32
  vector.print %2 : i32
  // 0x3FFFFFFF: t = 0xFFFF; r = 1 carries into the exponent (0x4000),
  // r = 0 does not (0x3FFF).
  // CHECK-NEXT: 16384
  // CHECK-NEXT: 16383
  %below_two = arith.constant 0x3FFFFFFF : f32
  %r_1 = arith.constant 1 : i16
  %r_0 = arith.constant 0 : i16
  %3 = call @bf16_scalar(%below_two, %r_1) : (f32, i16) -> i32
  vector.print %3 : i32
  %4 = call @bf16_scalar(%below_two, %r_0) : (f32, i16) -> i32
  vector.print %4 : i32
  // The largest f32 rounding up: +Inf (0x7F80), saturated 0x7F7F.
  // CHECK-NEXT: 32640
  // CHECK-NEXT: 32639
  %max = arith.constant 0x7F7FFFFF : f32
  %5 = call @bf16_scalar(%max, %r_1) : (f32, i16) -> i32
  vector.print %5 : i32
  %6 = call @bf16_scalar_saturate(%max, %r_1) : (f32, i16) -> i32
  vector.print %6 : i32
  // -Inf saturated: -largest finite, 0xFF7F.
  // CHECK-NEXT: 65407
  %ninf = arith.constant 0xFF800000 : f32
  %7 = call @bf16_scalar_saturate(%ninf, %r_0) : (f32, i16) -> i32
  vector.print %7 : i32
  // The smallest f32 subnormal: t = 1, so only r = 0xFFFF rounds up.
  // CHECK-NEXT: 1
  // CHECK-NEXT: 0
  %tiny = arith.constant 0x00000001 : f32
  %r_ffff = arith.constant -1 : i16
  %r_fffe = arith.constant -2 : i16
  %8 = call @bf16_scalar(%tiny, %r_ffff) : (f32, i16) -> i32
  vector.print %8 : i32
  %9 = call @bf16_scalar(%tiny, %r_fffe) : (f32, i16) -> i32
  vector.print %9 : i32
  // -0 stays -0 (0x8000); a quiet NaN gives a NaN (0x7FC0 here).
  // CHECK-NEXT: 32768
  // CHECK-NEXT: 32704
  %nzero = arith.constant -0.0 : f32
  %10 = call @bf16_scalar(%nzero, %r_ffff) : (f32, i16) -> i32
  vector.print %10 : i32
  %nan = arith.constant 0x7FC00000 : f32
  %11 = call @bf16_scalar(%nan, %r_ffff) : (f32, i16) -> i32
  vector.print %11 : i32

  // f8E4M3FN, K = 20: 464 = 448 + 16 (t = 2^19) stays at 448 (0x7E) or
  // overflows (NaN 0x7F; saturated 0x7E); 1.0625 (t = 2^19, low 20 bits of
  // r = 2^19) rounds up to 1.125 (0x39); 2^-10, half the smallest
  // subnormal, rounds up to it (0x01).
  // CHECK-NEXT: ( 126, 127, 57, 1 )
  // CHECK-NEXT: ( 126, 126, 57, 1 )
  %x8 = arith.constant dense<[464.0, 464.0, 1.0625, 0x3A800000]> : vector<4xf32>
  %r8 = arith.constant dense<[0x7FFFF, 0x80000, 0xFFF80000, 0x80000]> : vector<4xi32>
  %12 = call @e4m3fn_vector(%x8, %r8)
      : (vector<4xf32>, vector<4xi32>) -> vector<4xi32>
  vector.print %12 : vector<4xi32>
  %13 = call @e4m3fn_vector_saturate(%x8, %r8)
      : (vector<4xf32>, vector<4xi32>) -> vector<4xi32>
  vector.print %13 : vector<4xi32>

  // f16, K = 8: 1 + 2^-11 (t = 128), 65520 = 65504 + 16 (t = 128), 2^-25
  // (t = 128), -Inf. With r = 128 / 127 / 128 / 0: 0x3C01, 0x7BFF, 0x0001,
  // 0xFC00; with r = 127 / 128 / 127 / 0: 0x3C00, +Inf 0x7C00, 0, 0xFC00.
  // CHECK-NEXT: ( 15361, 31743, 1, 64512 )
  // CHECK-NEXT: ( 15360, 31744, 0, 64512 )
  %x16 = arith.constant dense<[0x3F801000, 65520.0, 0x33000000, 0xFF800000]> : tensor<4xf32>
  %ra = arith.constant dense<[-128, 127, -128, 0]> : tensor<4xi8>
  %rb = arith.constant dense<[127, -128, 127, 0]> : tensor<4xi8>
  %14 = call @f16_tensor(%x16, %ra) : (tensor<4xf32>, tensor<4xi8>) -> tensor<4xi16>
  call @print_tensor(%14) : (tensor<4xi16>) -> ()
  %15 = call @f16_tensor(%x16, %rb) : (tensor<4xf32>, tensor<4xi8>) -> tensor<4xi16>
  call @print_tensor(%15) : (tensor<4xi16>) -> ()

  // f8E4M3FNUZ, K = 8: -0 and -2^-12 (rounds down to zero) give +0, -240 is
  // the largest finite value (0xFF), NaN is 0x80.
  // CHECK-NEXT: ( ( 0, 0 ), ( 255, 128 ) )
  %xz = arith.constant dense<[[-0.0, 0xB9800000], [-240.0, 0xFFFFFFFF]]> : vector<2x2xf32>
  %rz = arith.constant dense<0> : vector<2x2xi8>
  %16 = call @e4m3fnuz_vector2d(%xz, %rz)
      : (vector<2x2xf32>, vector<2x2xi8>) -> vector<2x2xi32>
  vector.print %16 : vector<2x2xi32>

  // f8E5M2 with K = 1: 1.125 is half an ulp above 1.0 (t = 1), so r = 1
  // rounds up to 1.25 (0x3D) and r = 0 down to 1.0 (0x3C); +Inf is 0x7C.
  // CHECK-NEXT: 61
  // CHECK-NEXT: 60
  // CHECK-NEXT: 124
  %x_e5 = arith.constant 1.125 : f32
  %true = arith.constant true
  %false = arith.constant false
  %17 = call @e5m2_i1(%x_e5, %true) : (f32, i1) -> i32
  vector.print %17 : i32
  %18 = call @e5m2_i1(%x_e5, %false) : (f32, i1) -> i32
  vector.print %18 : i32
  %pinf = arith.constant 0x7F800000 : f32
  %19 = call @e5m2_i1(%pinf, %false) : (f32, i1) -> i32
  vector.print %19 : i32

  // f8E5M2FNUZ saturating, K = 21 of 64 bits: +-Inf give +-57344 (0x7F,
  // 0xFF); 61440 = 57344 + 4096 (t = 2^20) with r = 2^20 (high bits set)
  // would overflow and saturates (0x7F).
  // CHECK-NEXT: 127
  // CHECK-NEXT: 255
  // CHECK-NEXT: 127
  %r64 = arith.constant 0x7FFFFFFFFFF00000 : i64
  %20 = call @e5m2fnuz_i64_saturate(%pinf, %r64) : (f32, i64) -> i32
  vector.print %20 : i32
  %21 = call @e5m2fnuz_i64_saturate(%ninf, %r64) : (f32, i64) -> i32
  vector.print %21 : i32
  %x_big = arith.constant 61440.0 : f32
  %r_half = arith.constant 0xFFFFFFFFFF100000 : i64
  %22 = call @e5m2fnuz_i64_saturate(%x_big, %r_half) : (f32, i64) -> i32
  vector.print %22 : i32
  return
}
