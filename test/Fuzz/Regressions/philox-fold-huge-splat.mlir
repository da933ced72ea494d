// Found while fuzzing (probing extreme shapes on folded constants): folding
// rng.philox_4x32 over splat constants of 10^8 elements expanded every
// element (about 10 GB: "LLVM ERROR: out of memory" under a 4 GB limit).
// Splat operands now fold to splat results, computed once. The memory
// limit makes a regression fail fast instead of swapping.
// RUN: ulimit -v 4000000 && rng-opt %s --canonicalize | FileCheck %s

// The words of counter (1, 1, 1, 1), key (7, 7), 10 rounds
// (0xC5E1E8A8, 0x92667944, 0xABB920B6, 0x9127C33A), as splats.
// CHECK-LABEL: func @huge_splat
// CHECK-DAG: arith.constant dense<-975050584> : tensor<100000000xi32>
// CHECK-DAG: arith.constant dense<-1838778044> : tensor<100000000xi32>
// CHECK-DAG: arith.constant dense<-1413930826> : tensor<100000000xi32>
// CHECK-DAG: arith.constant dense<-1859665094> : tensor<100000000xi32>
// CHECK-NOT: rng.philox_4x32
func.func @huge_splat() -> (tensor<100000000xi32>, tensor<100000000xi32>,
                            tensor<100000000xi32>, tensor<100000000xi32>) {
  %c = arith.constant dense<1> : tensor<100000000xi32>
  %k = arith.constant 7 : i32
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : tensor<100000000xi32>, i32
  return %x#0, %x#1, %x#2, %x#3 : tensor<100000000xi32>, tensor<100000000xi32>,
                                  tensor<100000000xi32>, tensor<100000000xi32>
}

// A splat vector key with a splat vector counter folds the same way.
// CHECK-LABEL: func @splat_vectors
// CHECK: arith.constant dense<-975050584> : vector<65536xi32>
// CHECK-NOT: rng.philox_4x32
func.func @splat_vectors() -> vector<65536xi32> {
  %c = arith.constant dense<1> : vector<65536xi32>
  %k = arith.constant dense<7> : vector<65536xi32>
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : vector<65536xi32>, vector<65536xi32>
  return %x#0 : vector<65536xi32>
}
