// rng.philox_4x32 on ranked tensors runs through rng-to-llvm (elementwise
// arith on tensors -> linalg -> bufferization -> loops). Known answers:
// counters (0,0,0,0) and (1,0,0,0) under a zero key give x0 = 0x6627e8d5
// and 0xf8e4cca4 (test/vectors/philox4x32_10_kat.txt).
// RUN: rng-opt %s --rng-to-llvm | %run_cpu | FileCheck %s

func.func @kernel(%c: tensor<2x2xi32>, %z: tensor<2x2xi32>, %k: i32) -> (tensor<2x2xi32>, tensor<2x2xi32>) {
  %x:4 = rng.philox_4x32 %c, %z, %z, %z key %k, %k : tensor<2x2xi32>, i32
  return %x#0, %x#3 : tensor<2x2xi32>, tensor<2x2xi32>
}

func.func @main() {
  %c = arith.constant dense<[[0, 1], [1, 0]]> : tensor<2x2xi32>
  %z = arith.constant dense<0> : tensor<2x2xi32>
  %k = arith.constant 0 : i32
  %r:2 = func.call @kernel(%c, %z, %k) : (tensor<2x2xi32>, tensor<2x2xi32>, i32) -> (tensor<2x2xi32>, tensor<2x2xi32>)
  %i0 = arith.constant 0 : index
  %p = arith.constant 0 : i32
  %v0 = vector.transfer_read %r#0[%i0, %i0], %p : tensor<2x2xi32>, vector<2x2xi32>
  %v3 = vector.transfer_read %r#1[%i0, %i0], %p : tensor<2x2xi32>, vector<2x2xi32>
  %u0 = arith.extui %v0 : vector<2x2xi32> to vector<2x2xi64>
  %u3 = arith.extui %v3 : vector<2x2xi32> to vector<2x2xi64>
  // 0x6627e8d5 = 1713891541, 0xf8e4cca4 = 4175744164;
  // 0x9b00dbd8 = 2600524760, 0x097eff67 = 159317863.
  // CHECK: ( ( 1713891541, 4175744164 ), ( 4175744164, 1713891541 ) )
  vector.print %u0 : vector<2x2xi64>
  // CHECK-NEXT: ( ( 2600524760, 159317863 ), ( 159317863, 2600524760 ) )
  vector.print %u3 : vector<2x2xi64>
  return
}
