// rng.tr_dropout_sample lowers completely through the GPU pipelines, on
// scalars and on vectors inside a gpu.module kernel (every result used), and
// the result translates to LLVM IR and compiles with llc: rng-to-nvvm
// (sm_90; the scalar 128-bit products become PTX mul.hi.u64 / mul.lo.s64)
// and rng-to-rocdl (gfx942).
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | FileCheck %s
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 | FileCheck %s
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 | FileCheck %s --check-prefix=PTX
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 | FileCheck %s --check-prefix=AMDGCN

// CHECK-LABEL: llvm.func @sample(
// CHECK-NOT:     rng.
// CHECK-NOT:     math.
// CHECK:         llvm.uitofp
// CHECK-NOT:     rng.
// CHECK:         llvm.return

// PTX-LABEL: .entry sample(
// PTX:       mul.hi.u64
// PTX:       cvt.rn.f32.u32
// PTX:       ret;

// AMDGCN-LABEL: sample:
// AMDGCN:       v_mad_u64_u32
// AMDGCN:       v_cvt_f32_u32
// AMDGCN:       s_endpgm

gpu.module @kernels {
  gpu.func @sample(%out: memref<?xf32>, %out4: memref<?xvector<4xf32>>,
                   %seed_lo: i64, %seed_hi: i64, %base: i64) kernel {
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i64
    %offset = arith.addi %base, %t : i64
    %u = rng.tr_dropout_sample %seed_lo, %seed_hi, %offset : i64, i64, i64
    memref.store %u, %out[%tid] : memref<?xf32>
    %lanes = arith.constant dense<[0, 1, 2, 3]> : vector<4xi64>
    %four = arith.constant 4 : i64
    %first = arith.muli %offset, %four : i64
    %firsts = vector.broadcast %first : i64 to vector<4xi64>
    %offsets = arith.addi %firsts, %lanes : vector<4xi64>
    %v = rng.tr_dropout_sample %seed_lo, %seed_hi, %offsets : i64, i64, vector<4xi64>
    memref.store %v, %out4[%tid] : memref<?xvector<4xf32>>
    gpu.return
  }
}
