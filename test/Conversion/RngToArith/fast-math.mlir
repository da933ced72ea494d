// Option fast-math marks Box-Muller's math ops fastmath<afn> (and nothing
// else); without it they carry no flags. convert-rng-to-nvvm's fast math
// takes NVPTX's approximate instructions in their .ftz forms instead, with
// -2 * log(v) as lg2(v) * (-2 * fl(ln 2)) (buildBoxMullerStepNVVM), on
// scalars and small fixed vectors; scalable vectors keep the math ops.
// RUN: rng-opt %s --convert-rng-to-arith | FileCheck %s --check-prefixes=CHECK,ACCURATE
// RUN: rng-opt %s --convert-rng-to-arith=fast-math | FileCheck %s --check-prefixes=CHECK,FAST,ARITHFAST
// RUN: rng-opt %s --convert-rng-to-nvvm=fast-math | FileCheck %s --check-prefixes=CHECK,NVFAST
// RUN: rng-opt %s --convert-rng-to-nvvm | FileCheck %s --check-prefixes=CHECK,ACCURATE
// RUN: not rng-opt %s --convert-rng-to-arith=fast-math=maybe 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @randn4x
// ACCURATE-NOT: fastmath
// ACCURATE-NOT: approx
// FAST-DAG: math.log %{{.*}} fastmath<afn> : vector<4xf32>
// FAST-DAG: math.sqrt %{{.*}} fastmath<afn> : vector<4xf32>
// FAST-DAG: math.cos %{{.*}} fastmath<afn> : vector<4xf32>
// FAST-DAG: math.sin %{{.*}} fastmath<afn> : vector<4xf32>
// The uniform conversion stays exact.
// FAST-NOT: arith.mulf {{.*}} fastmath
// Two pairs of four lanes: eight of each instruction, no math op.
// NVFAST-NOT: math.
// NVFAST-COUNT-4: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
// NVFAST: %[[M2LN2:.*]] = arith.constant dense<-1.38629436> : vector<4xf32>
// NVFAST: arith.mulf %{{.*}}, %[[M2LN2]] : vector<4xf32>
// NVFAST-COUNT-4: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.ftz.f"
// NVFAST-COUNT-4: llvm.call_intrinsic "llvm.nvvm.cos.approx.ftz.f"
// NVFAST-COUNT-4: llvm.call_intrinsic "llvm.nvvm.sin.approx.ftz.f"
// NVFAST-COUNT-4: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
// NVFAST: arith.constant dense<-1.38629436> : vector<4xf32>
// NVFAST-COUNT-4: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.ftz.f"
// NVFAST-COUNT-4: llvm.call_intrinsic "llvm.nvvm.cos.approx.ftz.f"
// NVFAST-COUNT-4: llvm.call_intrinsic "llvm.nvvm.sin.approx.ftz.f"
// NVFAST-NOT: math.
// NVFAST-NOT: fastmath
// CHECK: return
func.func @randn4x(%seed: i32, %offset: vector<4xi32>) -> (vector<4xf32>, vector<4xf32>) {
  %n:4 = rng.randn4x %seed, %offset : i32, vector<4xi32>
  return %n#0, %n#3 : vector<4xf32>, vector<4xf32>
}

// One normal per element: r * cos(t) only, no sin.
// CHECK-LABEL: func.func @randn
// ARITHFAST: math.log %{{.*}} fastmath<afn> : f32
// ARITHFAST: math.sqrt %{{.*}} fastmath<afn> : f32
// ARITHFAST: math.cos %{{.*}} fastmath<afn> : f32
// NVFAST: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
// NVFAST: arith.mulf %{{.*}}, %{{.*}} : f32
// NVFAST: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.ftz.f"
// NVFAST: llvm.call_intrinsic "llvm.nvvm.cos.approx.ftz.f"
// CHECK-NOT: sin
// CHECK: return
func.func @randn(%seed: i32, %offset: i32) -> f32 {
  %n = rng.randn %seed, %offset : i32, i32
  return %n : f32
}

// rng.hash_randn: sqrt(-2 * log(1 - u1)) * cos(t), the same steps.
// CHECK-LABEL: func.func @hash_randn
// ACCURATE-NOT: fastmath
// ARITHFAST: math.log %{{.*}} fastmath<afn> : f32
// ARITHFAST: math.sqrt %{{.*}} fastmath<afn> : f32
// ARITHFAST: math.cos %{{.*}} fastmath<afn> : f32
// NVFAST: arith.subf
// NVFAST: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
// NVFAST: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.ftz.f"
// NVFAST: llvm.call_intrinsic "llvm.nvvm.cos.approx.ftz.f"
// NVFAST-NOT: math.
// CHECK: return
func.func @hash_randn(%seed: i32, %counter: i32) -> f32 {
  %n = rng.hash_randn %seed, %counter : i32, i32
  return %n : f32
}

// Scalable vectors cannot be unrolled: the math ops with afn stay
// (libdevice's __nv_fast_* functions, the same bits).
// CHECK-LABEL: func.func @randn_scalable
// NVFAST-NOT: llvm.call_intrinsic "llvm.nvvm.{{.*}}approx
// NVFAST-DAG: math.log %{{.*}} fastmath<afn> : vector<[4]xf32>
// NVFAST-DAG: math.sqrt %{{.*}} fastmath<afn> : vector<[4]xf32>
// NVFAST-DAG: math.cos %{{.*}} fastmath<afn> : vector<[4]xf32>
// CHECK: return
func.func @randn_scalable(%seed: i32, %offset: vector<[4]xi32>) -> vector<[4]xf32> {
  %n = rng.randn %seed, %offset : i32, vector<[4]xi32>
  return %n : vector<[4]xf32>
}

// CHECK-LABEL: func.func @rand
// FAST-NOT: fastmath
// NVFAST-NOT: fastmath
// NVFAST-NOT: approx
// CHECK: return
func.func @rand(%seed: i32, %offset: i32) -> f32 {
  %u = rng.rand %seed, %offset : i32, i32
  return %u : f32
}

// BAD: for the --fast-math option: 'maybe' is invalid value for boolean argument
