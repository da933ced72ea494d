// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 > %t.sm90.mlir
// RUN: FileCheck %s < %t.sm90.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.sm90.mlir -o %t.sm90.ll
// RUN: llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.sm90.ll -o %t.sm90.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.sm90.ptx
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_100a | FileCheck %s
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_100a | mlir-translate --mlir-to-llvmir -o /dev/null
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 > %t.gfx942.mlir
// RUN: FileCheck %s < %t.gfx942.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.gfx942.mlir -o %t.gfx942.ll
// RUN: llc -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.gfx942.ll -o - | FileCheck %s --check-prefix=GCN
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx950 | mlir-translate --mlir-to-llvmir -o /dev/null

// Every Threefry and JAX op, scalar and vector, every result used, inside a
// gpu.module kernel: both GPU pipelines lower everything (no rng or math op
// is left), the result translates to LLVM IR, and Threefry's rotations
// become funnel shifts (PTX shf.l.wrap, GCN v_alignbit_b32).

// CHECK-NOT: rng.
// CHECK-NOT: math.
// CHECK: llvm.func @jax
// CHECK-NOT: rng.
// CHECK-NOT: math.

// On NVVM rng.jax_normal's log1p is PTX lg2.approx.ftz.f32 of 1 - u * u times
// ln 2 (scalar, and the vector unrolled); the universal lowering
// (rng-to-rocdl) takes its exact f64 route through log.
// RUN: FileCheck %s --check-prefix=NVLOG < %t.sm90.mlir
// NVLOG-NOT: __nv_log
// NVLOG: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
// NVLOG-NOT: __nv_log
// RUN: FileCheck %s --check-prefix=PTXLOG < %t.sm90.ptx
// PTXLOG: lg2.approx.ftz.f32
// RUN: FileCheck %s --check-prefix=AMDLOG < %t.gfx942.mlir
// AMDLOG: __ocml_log_f64
// AMDLOG-NOT: __ocml_log1p_f32

// PTX: shf.l.wrap.b32
// GCN: v_alignbit_b32

gpu.module @kernels {
  gpu.func @jax(%o32: memref<?xi32>, %o64: memref<?xi64>, %of: memref<?xf32>, %od: memref<?xf64>,
                %k0: i32, %k1: i32, %base: i64) kernel {
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i64
    %i = arith.addi %base, %t : i64
    %a:2 = rng.threefry_2x32 %k0, %k1 key %k0, %k1 : i32, i32
    %f:2 = rng.jax_fold_in %k0, %k1, %i : i32, i64
    %b8 = rng.jax_bits %k0, %k1, %i : i32, i64 -> i8
    %b64 = rng.jax_bits %k0, %k1, %i : i32, i64 -> i64
    %u = rng.jax_uniform %k0, %k1, %i : i32, i64 -> f32
    %ud = rng.jax_uniform %k0, %k1, %i : i32, i64 -> f64
    %n = rng.jax_normal %k0, %k1, %i : i32, i64
    %lo = arith.constant -5 : i32
    %hi = arith.constant 1000 : i32
    %r = rng.jax_randint %k0, %k1, %i, %lo, %hi : i32, i64, i32
    %lo64 = arith.constant -5 : i64
    %hi64 = arith.constant 1000000000000 : i64
    %r64 = rng.jax_randint %k0, %k1, %i, %lo64, %hi64 : i32, i64, i64
    %v = vector.broadcast %i : i64 to vector<4xi64>
    %vn = rng.jax_normal %k0, %k1, %v : i32, vector<4xi64>
    %vr = rng.jax_randint %k0, %k1, %v, %lo, %hi : i32, vector<4xi64>, i32
    %vn0 = vector.extract %vn[0] : f32 from vector<4xf32>
    %vr0 = vector.extract %vr[1] : i32 from vector<4xi32>
    %b8e = arith.extui %b8 : i8 to i32
    %s0 = arith.addi %a#0, %a#1 : i32
    %s1 = arith.addi %s0, %f#0 : i32
    %s2 = arith.addi %s1, %f#1 : i32
    %s3 = arith.addi %s2, %b8e : i32
    %s4 = arith.addi %s3, %r : i32
    %s5 = arith.addi %s4, %vr0 : i32
    memref.store %s5, %o32[%tid] : memref<?xi32>
    %w = arith.addi %b64, %r64 : i64
    memref.store %w, %o64[%tid] : memref<?xi64>
    %nf = arith.addf %n, %u : f32
    %nf2 = arith.addf %nf, %vn0 : f32
    memref.store %nf2, %of[%tid] : memref<?xf32>
    memref.store %ud, %od[%tid] : memref<?xf64>
    gpu.return
  }
}
