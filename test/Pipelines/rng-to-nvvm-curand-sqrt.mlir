// rng-to-nvvm attaches its chip's #nvvm.target before lowering, so cuRAND's
// float square root (rng.curand_normal2, rng.torch_normal) is ptxas's own
// sqrt.rn.f32 fast path inline on the chips whose expansion was read
// (sm_75 to sm_90; docs/Targets.md), and sqrt.rn.f32 itself elsewhere.
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s --check-prefixes=CHECK,INLINE
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_75 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_75 | FileCheck %s --check-prefixes=CHECK,INLINE
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_100a | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_100a | FileCheck %s --check-prefixes=CHECK,SQRTRN
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_120 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_120 | FileCheck %s --check-prefixes=CHECK,SQRTRN

// Both: the kernel and its -2 logf(u), inline (no call of libdevice's
// logf): ending in one fma of negated operands, s.
// CHECK-LABEL: .entry normal
// CHECK-NOT: __nv_logf
// CHECK: fma.rn.f32 [[G:%r[0-9]+]], {{%r[0-9]+}}, 0f40000000, 0fC0000000;
// CHECK: mul.rn.f32 [[T:%r[0-9]+]], {{%r[0-9]+}}, [[G]];
// CHECK: fma.rn.f32 [[Q:%r[0-9]+]], [[T]], [[G]], [[G]];
// CHECK: neg.f32 [[NEGQ:%r[0-9]+]], [[Q]];
// CHECK: fma.rn.f32 [[S:%r[0-9]+]], {{%r[0-9]+}}, 0fB4317218, [[NEGQ]];
// INLINE-NOT: sqrt.rn
// INLINE: rsqrt.approx.ftz.f32 [[Y:%r[0-9]+]], [[S]];
// INLINE: mul.rn.f32 [[R:%r[0-9]+]], [[S]], [[Y]];
// INLINE: mul.rn.f32 [[H:%r[0-9]+]], [[Y]], 0f3F000000;
// INLINE: fma.rn.f32 [[E:%r[0-9]+]], {{%r[0-9]+}}, [[R]], [[S]];
// INLINE: fma.rn.f32 [[ROOT:%r[0-9]+]], [[E]], [[H]], [[R]];
// INLINE: setp.eq.f32 [[Z:%p[0-9]+]], [[S]], 0f00000000;
// INLINE: selp.f32 {{%r[0-9]+}}, [[S]], [[ROOT]], [[Z]];
// INLINE-NOT: sqrt.rn

// SQRTRN-NOT: rsqrt
// SQRTRN: sqrt.rn.f32 {{%r[0-9]+}}, [[S]];
// SQRTRN-NOT: rsqrt
gpu.module @k {
  gpu.func @normal(%seed: i64, %sub: i64, %pos: i64, %out: memref<2xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n:2 = rng.curand_normal2 %seed, %sub, %pos : i64, i64, i64
    memref.store %n#0, %out[%c0] : memref<2xf32>
    memref.store %n#1, %out[%c1] : memref<2xf32>
    gpu.return
  }
}
