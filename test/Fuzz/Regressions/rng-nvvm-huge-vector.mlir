// Found by the fuzzer (seed 102, input 7201): convert-rng-to-nvvm unrolled
// every Philox product of a vector into scalar llvm.nvvm.mulhi.ui calls
// (vector<10000000xi32>: a hang; 10^5 elements already took over a
// minute). Vectors above kMaxUnrolledElements (64; 4096 at first, lowered
// for compile time) now use the generic 32x32->64
// product (arith.mului_extended), which gives the same bits.
// RUN: rng-opt %s --convert-rng-to-nvvm=fast-math=1 | FileCheck %s

// CHECK-LABEL: func @huge
// CHECK-NOT:   llvm.call_intrinsic
// CHECK-NOT:   vector.extract
// CHECK:       arith.mului_extended {{.*}} : vector<10000000xi32>
// CHECK-NOT:   rng.randint4x
func.func @huge(%seed: i16, %offset: vector<10000000xi32>) -> vector<10000000xi32> {
  %x:4 = rng.randint4x %seed, %offset : i16, vector<10000000xi32>
  return %x#0 : vector<10000000xi32>
}

// At the limit, the products are still mul.hi.u32 intrinsics.
// CHECK-LABEL: func @at_limit
// CHECK:       llvm.call_intrinsic "llvm.nvvm.mulhi.ui"
func.func @at_limit(%seed: i32, %offset: vector<64xi32>) -> vector<64xi32> {
  %x:4 = rng.randint4x %seed, %offset rounds 1 : i32, vector<64xi32>
  return %x#0 : vector<64xi32>
}

// One element more: the generic product on the whole vector.
// CHECK-LABEL: func @above_limit
// CHECK-NOT:   llvm.call_intrinsic
// CHECK:       arith.mului_extended {{.*}} : vector<65xi32>
func.func @above_limit(%seed: i32, %offset: vector<65xi32>) -> vector<65xi32> {
  %x:4 = rng.randint4x %seed, %offset rounds 1 : i32, vector<65xi32>
  return %x#0 : vector<65xi32>
}
