// RUN: rng-opt %s --split-input-file --convert-rng-to-arith='lane-pair-products=true' | FileCheck %s
// RUN: rng-opt %s --split-input-file --convert-rng-to-arith | FileCheck %s --check-prefix=GENERIC

// lane-pair-products: Philox's products on vector<16xi32> from 64-bit
// multiplies of lane pairs (the bits are checked by every CPU test that
// runs vectors through rng-to-llvm, which sets the option).
// CHECK-LABEL: func.func @lanes16
// CHECK-NOT: arith.mului_extended
// CHECK: vector.bitcast %{{.*}} : vector<16xi32> to vector<8xi64>
// CHECK: arith.muli %{{.*}} : vector<8xi64>
// CHECK: vector.bitcast %{{.*}} : vector<8xi64> to vector<16xi32>
// GENERIC-LABEL: func.func @lanes16
// GENERIC: arith.mului_extended
// GENERIC-NOT: vector.bitcast
func.func @lanes16(%c: vector<16xi32>, %k: i32) -> vector<16xi32> {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 1 : vector<16xi32>, i32
  return %x#0 : vector<16xi32>
}

// -----

// An odd lane count, a scalar and a big-endian data layout keep the generic
// product.
// CHECK-LABEL: func.func @lanes3
// CHECK: arith.mului_extended {{.*}} : vector<3xi32>
// CHECK-LABEL: func.func @scalar
// CHECK: arith.mului_extended {{.*}} : i32
func.func @lanes3(%c: vector<3xi32>, %k: i32) -> vector<3xi32> {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 1 : vector<3xi32>, i32
  return %x#0 : vector<3xi32>
}
func.func @scalar(%c: i32, %k: i32) -> i32 {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 1 : i32, i32
  return %x#0 : i32
}

// -----

// CHECK-LABEL: func.func @big_endian
// CHECK: arith.mului_extended {{.*}} : vector<16xi32>
module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.endianness" = "big">} {
  func.func @big_endian(%c: vector<16xi32>, %k: i32) -> vector<16xi32> {
    %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 1 : vector<16xi32>, i32
    return %x#0 : vector<16xi32>
  }
}
