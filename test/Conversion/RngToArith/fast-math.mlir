// Option fast-math marks Box-Muller's math ops fastmath<afn> (and nothing
// else); without it they carry no flags.
// RUN: rng-opt %s --convert-rng-to-arith | FileCheck %s --check-prefixes=CHECK,ACCURATE
// RUN: rng-opt %s --convert-rng-to-arith=fast-math | FileCheck %s --check-prefixes=CHECK,FAST
// RUN: rng-opt %s --convert-rng-to-nvvm=fast-math | FileCheck %s --check-prefixes=CHECK,FAST
// RUN: not rng-opt %s --convert-rng-to-arith=fast-math=maybe 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @randn4x
// ACCURATE-NOT: fastmath
// FAST-DAG: math.log %{{.*}} fastmath<afn> : vector<4xf32>
// FAST-DAG: math.sqrt %{{.*}} fastmath<afn> : vector<4xf32>
// FAST-DAG: math.cos %{{.*}} fastmath<afn> : vector<4xf32>
// FAST-DAG: math.sin %{{.*}} fastmath<afn> : vector<4xf32>
// The uniform conversion stays exact.
// FAST-NOT: arith.mulf {{.*}} fastmath
// CHECK: return
func.func @randn4x(%seed: i32, %offset: vector<4xi32>) -> (vector<4xf32>, vector<4xf32>) {
  %n:4 = rng.randn4x %seed, %offset : i32, vector<4xi32>
  return %n#0, %n#3 : vector<4xf32>, vector<4xf32>
}

// CHECK-LABEL: func.func @rand
// FAST-NOT: fastmath
// CHECK: return
func.func @rand(%seed: i32, %offset: i32) -> f32 {
  %u = rng.rand %seed, %offset : i32, i32
  return %u : f32
}

// BAD: for the --fast-math option: 'maybe' is invalid value for boolean argument
