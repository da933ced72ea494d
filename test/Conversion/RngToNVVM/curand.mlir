// RUN: rng-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(convert-rng-to-nvvm))' | FileCheck %s
// RUN: rng-opt %s --split-input-file --convert-rng-to-arith | FileCheck %s --check-prefix=ARITH

// cuRAND's float Box-Muller on NVVM: its device primitives (sin.approx.f32,
// cos.approx.f32), -2 logf(u) inline as libdevice's logf computes it on u in
// [2^-33, 1] (its coefficients times 2^(k-9), so that the exponent's
// scaling and the product by -2 fold into constants: -(2 log) is one fma of
// negated operands; test/Conversion/RngToNVVM/curand-log.test runs it
// against __nv_logf itself) and, in a gpu.module for a chip whose ptxas
// expansion of sqrt.rn.f32 is known (sm_75 to sm_90), sqrt.rn.f32 as its
// fast path computes it: y = rsqrt(s), r = s * y, fma(fma(-r, r, s),
// y * 0.5, r), the zeros (-2 log 1) kept. The universal lowering keeps the
// accurate math ops.
// CHECK-LABEL: gpu.func @normal2
// CHECK-NOT: math.log
// CHECK: %[[UB:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[MASK:.*]] = arith.constant -8388608 : i32
// CHECK: %[[OFFSET:.*]] = arith.constant 1059760811 : i32
// CHECK: %[[D:.*]] = arith.subi %[[UB]], %[[OFFSET]] : i32
// CHECK: %[[EXP:.*]] = arith.andi %[[D]], %[[MASK]] : i32
// CHECK: %[[MB:.*]] = arith.subi %[[UB]], %[[EXP]] : i32
// CHECK: %[[M:.*]] = arith.bitcast %[[MB]] : i32 to f32
// CHECK: %[[MTWO:.*]] = arith.constant -2.000000e+00 : f32
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[G:.*]] = llvm.intr.fma(%[[M]], %[[TWO]], %[[MTWO]])
// CHECK: %[[C1:.*]] = arith.constant 5.50180092E-4 : f32
// CHECK: %[[C0:.*]] = arith.constant -2.5427455E-4 : f32
// CHECK: %[[H1:.*]] = llvm.intr.fma(%[[C0]], %[[G]], %[[C1]])
// CHECK: %[[C2:.*]] = arith.constant -9.49111534E-4 : f32
// CHECK: %[[H2:.*]] = llvm.intr.fma(%[[H1]], %[[G]], %[[C2]])
// CHECK: %[[C3:.*]] = arith.constant 0.00218447042 : f32
// CHECK: %[[H3:.*]] = llvm.intr.fma(%[[H2]], %[[G]], %[[C3]])
// CHECK: %[[C4:.*]] = arith.constant -0.00521382364 : f32
// CHECK: %[[H4:.*]] = llvm.intr.fma(%[[H3]], %[[G]], %[[C4]])
// CHECK: %[[C5:.*]] = arith.constant 0.0125076873 : f32
// CHECK: %[[H5:.*]] = llvm.intr.fma(%[[H4]], %[[G]], %[[C5]])
// CHECK: %[[C6:.*]] = arith.constant -0.0312495865 : f32
// CHECK: %[[H6:.*]] = llvm.intr.fma(%[[H5]], %[[G]], %[[C6]])
// CHECK: %[[C7:.*]] = arith.constant 0.0833329558 : f32
// CHECK: %[[H7:.*]] = llvm.intr.fma(%[[H6]], %[[G]], %[[C7]])
// CHECK: %[[C8:.*]] = arith.constant -2.500000e-01 : f32
// CHECK: %[[H8:.*]] = llvm.intr.fma(%[[H7]], %[[G]], %[[C8]])
// CHECK: %[[T:.*]] = arith.mulf %[[H8]], %[[G]] : f32
// CHECK: %[[Q:.*]] = llvm.intr.fma(%[[T]], %[[G]], %[[G]])
// CHECK: %[[NEGQ:.*]] = arith.negf %[[Q]] : f32
// CHECK: %[[LN2:.*]] = arith.constant -1.65259166E-7 : f32
// CHECK: %[[E:.*]] = arith.sitofp %[[EXP]] : i32 to f32
// CHECK: %[[S:.*]] = llvm.intr.fma(%[[E]], %[[LN2]], %[[NEGQ]])
// CHECK: %[[Y:.*]] = llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"(%[[S]]) : (f32) -> f32
// CHECK: %[[R:.*]] = arith.mulf %[[S]], %[[Y]] : f32
// CHECK: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[H:.*]] = arith.mulf %[[Y]], %[[HALF]] : f32
// CHECK: %[[NEG:.*]] = arith.negf %[[R]] : f32
// CHECK: %[[ERR:.*]] = llvm.intr.fma(%[[NEG]], %[[R]], %[[S]])
// CHECK: %[[ROOT:.*]] = llvm.intr.fma(%[[ERR]], %[[H]], %[[R]])
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
// ARITH-NOT: llvm.intr.fma
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
