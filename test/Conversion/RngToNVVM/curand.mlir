// RUN: rng-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(convert-rng-to-nvvm))' | FileCheck %s
// RUN: rng-opt %s --split-input-file --convert-rng-to-arith | FileCheck %s --check-prefix=ARITH

// cuRAND's float Box-Muller on NVVM: its device primitives (sin.approx.f32,
// cos.approx.f32; the log stays math.log, libdevice's logf, after
// assumptions of its argument's range [2^-33, 1]: 2^-33 and the bits of
// 1.0) and, in a gpu.module for a chip whose ptxas expansion of
// sqrt.rn.f32 is known (sm_75 to sm_90), sqrt.rn.f32 as its fast path
// computes it: y = rsqrt(s), r = s * y, fma(fma(-r, r, s), y * 0.5, r),
// the zeros (-2 log 1) kept. The universal lowering keeps the accurate math
// ops, no assume.
// CHECK-LABEL: gpu.func @normal2
// CHECK-DAG: %[[LO:.*]] = llvm.mlir.constant(1.16415322E-10 : f32) : f32
// CHECK-DAG: %[[HI:.*]] = llvm.mlir.constant(1065353216 : i32) : i32
// CHECK: %[[GE:.*]] = llvm.fcmp "oge" %[[U:.*]], %[[LO]] : f32
// CHECK: llvm.intr.assume %[[GE]] : i1
// CHECK: %[[BITS:.*]] = llvm.bitcast %[[U]] : f32 to i32
// CHECK: %[[LE:.*]] = llvm.icmp "ule" %[[BITS]], %[[HI]] : i32
// CHECK: llvm.intr.assume %[[LE]] : i1
// CHECK: %[[LOG:.*]] = math.log %[[U]] : f32
// CHECK: %[[S:.*]] = arith.mulf %{{.*}}, %[[LOG]] : f32
// CHECK: %[[Y:.*]] = llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"(%[[S]]) : (f32) -> f32
// CHECK: %[[R:.*]] = arith.mulf %[[S]], %[[Y]] : f32
// CHECK: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[H:.*]] = arith.mulf %[[Y]], %[[HALF]] : f32
// CHECK: %[[NEG:.*]] = arith.negf %[[R]] : f32
// CHECK: %[[E:.*]] = llvm.intr.fma(%[[NEG]], %[[R]], %[[S]])
// CHECK: %[[ROOT:.*]] = llvm.intr.fma(%[[E]], %[[H]], %[[R]])
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[IS0:.*]] = arith.cmpf oeq, %[[S]], %[[ZERO]] : f32
// CHECK: %[[SQRT:.*]] = arith.select %[[IS0]], %[[S]], %[[ROOT]] : f32
// CHECK-NOT: sqrt.rn
// CHECK: llvm.call_intrinsic "llvm.nvvm.sin.approx.f"
// CHECK: llvm.call_intrinsic "llvm.nvvm.cos.approx.f"
// CHECK-NOT: math.sin
// CHECK: arith.mulf %{{.*}}, %[[SQRT]] : f32
// CHECK: arith.mulf %{{.*}}, %[[SQRT]] : f32
// ARITH-LABEL: gpu.func @normal2
// ARITH-DAG: math.log {{.*}} : f32
// ARITH-DAG: math.sqrt {{.*}} : f32
// ARITH-DAG: math.sin {{.*}} : f32
// ARITH-DAG: math.cos {{.*}} : f32
gpu.module @k [#nvvm.target<chip = "sm_90">] {
  gpu.func @normal2(%s: i64, %t: i64, %p: i64, %out: memref<2xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n:2 = rng.curand_normal2 %s, %t, %p : i64, i64, i64
    memref.store %n#0, %out[%c0] : memref<2xf32>
    memref.store %n#1, %out[%c1] : memref<2xf32>
    gpu.return
  }
}

// -----

// Elsewhere sqrt.rn.f32 itself: no target (the chip unknown), a chip whose
// expansion is not known here (sm_100a), or targets of which one is such.
// CHECK-LABEL: gpu.func @no_target
// CHECK-NOT: rsqrt
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"
// CHECK-LABEL: gpu.func @blackwell
// CHECK-NOT: rsqrt
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"
// CHECK-LABEL: gpu.func @hopper_and_blackwell
// CHECK-NOT: rsqrt
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"
// CHECK-LABEL: gpu.func @ampere
// CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"
// CHECK-NOT: sqrt.rn
// CHECK: gpu.return
gpu.module @none {
  gpu.func @no_target(%s: i64, %t: i64, %p: i64, %out: memref<2xf32>) kernel {
    %c0 = arith.constant 0 : index
    %n:2 = rng.curand_normal2 %s, %t, %p : i64, i64, i64
    memref.store %n#0, %out[%c0] : memref<2xf32>
    gpu.return
  }
}
gpu.module @b [#nvvm.target<chip = "sm_100a">] {
  gpu.func @blackwell(%s: i64, %t: i64, %p: i64, %out: memref<2xf32>) kernel {
    %c0 = arith.constant 0 : index
    %n:2 = rng.curand_normal2 %s, %t, %p : i64, i64, i64
    memref.store %n#0, %out[%c0] : memref<2xf32>
    gpu.return
  }
}
gpu.module @hb [#nvvm.target<chip = "sm_90">, #nvvm.target<chip = "sm_120">] {
  gpu.func @hopper_and_blackwell(%s: i64, %t: i64, %p: i64, %out: memref<2xf32>) kernel {
    %c0 = arith.constant 0 : index
    %n:2 = rng.curand_normal2 %s, %t, %p : i64, i64, i64
    memref.store %n#0, %out[%c0] : memref<2xf32>
    gpu.return
  }
}
gpu.module @a [#nvvm.target<chip = "sm_80">] {
  gpu.func @ampere(%s: i64, %t: i64, %p: i64, %out: memref<2xf32>) kernel {
    %c0 = arith.constant 0 : index
    %n:2 = rng.curand_normal2 %s, %t, %p : i64, i64, i64
    memref.store %n#0, %out[%c0] : memref<2xf32>
    gpu.return
  }
}

// -----

// The double transform: libdevice's __nv_sinpi and __nv_cospi as llvm.func
// declarations (C-interface names would not resolve against libdevice).
// CHECK-DAG: llvm.func @__nv_cospi(f64) -> f64
// CHECK-DAG: llvm.func @__nv_sinpi(f64) -> f64
// CHECK-LABEL: gpu.func @normal2_double
// CHECK: llvm.mlir.constant(5.5511151231257827E-17 : f64) : f64
// CHECK: llvm.mlir.constant(4607182418800017408 : i64) : i64
// CHECK: llvm.intr.assume
// CHECK: llvm.intr.assume
// CHECK: math.log {{.*}} : f64
// CHECK: llvm.call @__nv_sinpi
// CHECK: llvm.call @__nv_cospi
// ARITH-LABEL: gpu.func @normal2_double
// ARITH-NOT: __nv_
// ARITH: math.roundeven
gpu.module @k {
  gpu.func @normal2_double(%s: i64, %t: i64, %p: i64, %out: memref<2xf64>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n:2 = rng.curand_normal2_double %s, %t, %p : i64, i64, i64
    memref.store %n#0, %out[%c0] : memref<2xf64>
    memref.store %n#1, %out[%c1] : memref<2xf64>
    gpu.return
  }
}

// -----

// A torch draw's position is a multiple of 4: one Philox block (ten rounds,
// two mul.hi.u32 each), not the two blocks of an unaligned curand4. The
// index is divided by S in 32 bits where both fit, in 64 elsewhere (a
// branch: on NVPTX the 64-bit division is the costlier by far).
// CHECK-LABEL: gpu.func @one_block
// CHECK: arith.divui {{.*}} : i32
// CHECK: %[[OR:.*]] = arith.ori %[[E:.*]], %[[S:.*]] : i64
// CHECK: %[[HIGH:.*]] = arith.shrui %[[OR]]
// CHECK: %[[FITS:.*]] = arith.cmpi eq, %[[HIGH]]
// CHECK: scf.if %[[FITS]] -> (i64)
// CHECK: } else {
// CHECK: arith.divui %[[E]], %[[S]] : i64
// CHECK: }
// ARITH-LABEL: gpu.func @one_block
// ARITH-NOT: scf.if
// ARITH: arith.divui {{.*}} : i64
// ARITH-NOT: arith.divui
// ARITH: gpu.return
// CHECK-COUNT-20: llvm.nvvm.mulhi.ui
// CHECK-NOT: llvm.nvvm.mulhi.ui
// CHECK: gpu.return
gpu.module @k {
  gpu.func @one_block(%s: i64, %o: i64, %th: i64, %e: i64, %out: memref<2xf32>) kernel {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %u = rng.torch_uniform %s, %o, %th, %e, %zero, %one : (i64, i64, i64, i64, f32, f32) -> f32
    memref.store %u, %out[%c0] : memref<2xf32>
    gpu.return
  }
}

// -----

// A draw group (indices e and e + S): one Philox block for both and a
// branch on e's component (0: both from that block, no second one).
// CHECK-LABEL: gpu.func @group
// CHECK-COUNT-20: llvm.nvvm.mulhi.ui
// CHECK: scf.if
// CHECK-NOT: llvm.nvvm.mulhi.ui
// CHECK: } else {
// CHECK-COUNT-20: llvm.nvvm.mulhi.ui
// CHECK-NOT: llvm.nvvm.mulhi.ui
// CHECK: gpu.return
gpu.module @k {
  gpu.func @group(%s: i64, %o: i64, %th: i64, %e: i64, %out: memref<2xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %e1 = arith.addi %e, %th : i64
    %u0 = rng.torch_uniform %s, %o, %th, %e, %zero, %one : (i64, i64, i64, i64, f32, f32) -> f32
    %u1 = rng.torch_uniform %s, %o, %th, %e1, %zero, %one : (i64, i64, i64, i64, f32, f32) -> f32
    memref.store %u0, %out[%c0] : memref<2xf32>
    memref.store %u1, %out[%c1] : memref<2xf32>
    gpu.return
  }
}

// -----

// A member whose bound is defined after the leader cannot be computed at
// the leader: it is lowered in place from the leader's block and the next
// one (no branch).
// CHECK-LABEL: gpu.func @group_late_operand
// CHECK: arith.divui {{.*}} : i64
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: scf.if
// CHECK-COUNT-40: llvm.nvvm.mulhi.ui
// CHECK-NOT: llvm.nvvm.mulhi.ui
// CHECK: gpu.return
gpu.module @k {
  gpu.func @group_late_operand(%s: i64, %o: i64, %th: i64, %e: i64, %out: memref<2xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %e1 = arith.addi %e, %th : i64
    %u0 = rng.torch_uniform %s, %o, %th, %e, %zero, %one : (i64, i64, i64, i64, f32, f32) -> f32
    %two = arith.addf %one, %one : f32
    %u1 = rng.torch_uniform %s, %o, %th, %e1, %zero, %two : (i64, i64, i64, i64, f32, f32) -> f32
    memref.store %u0, %out[%c0] : memref<2xf32>
    memref.store %u1, %out[%c1] : memref<2xf32>
    gpu.return
  }
}
