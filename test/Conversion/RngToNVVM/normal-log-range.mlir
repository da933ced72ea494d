// The normals' logs on NVVM: convert-rng-to-nvvm tells LLVM the range of
// each log's argument (assumeFloatRangeNVVM: `fcmp oge x, lo` and the bits
// of x `ule` those of hi, each an llvm.intr.assume) -- [1.0e-7f, 1] for
// Triton's clamped u1 and hash_randn's 1 - u1, [2^-54, 1] for cuRAND's
// double uniform. cuRAND's float log is no call (inline, curand.mlir) and
// gets none. Fast math's Triton and hash logs are the lg2.approx
// instruction and get none (cuRAND's ops have no fast math); the
// universal lowering none.
// RUN: rng-opt %s --pass-pipeline='builtin.module(gpu.module(convert-rng-to-nvvm))' | FileCheck %s
// RUN: rng-opt %s --pass-pipeline='builtin.module(gpu.module(convert-rng-to-nvvm{fast-math}))' | FileCheck %s --check-prefix=FAST
// RUN: rng-opt %s --convert-rng-to-arith | FileCheck %s --check-prefix=ARITH
//
// With libdevice linked, LLVM then drops __nv_logf's paths for zero,
// subnormal (the scaling by 2^23), infinite and NaN arguments (the fma by
// +inf): only the polynomial and its recombination with the exponent are
// left. The bits are the same: the paths are dead for these arguments.
// RUN: %if libdevice %{ rng-opt %s --rng-to-nvvm=chip=sm_90 \
// RUN:   | mlir-translate --mlir-to-llvmir -o %t.ll %}
// RUN: %if libdevice %{ llvm-link %t.ll %libdevice --only-needed --internalize -o %t.bc %}
// RUN: %if libdevice %{ opt -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.bc -S \
// RUN:   | FileCheck %s --check-prefix=OPT %}

// CHECK-LABEL: gpu.func @randn
// CHECK-DAG: %[[LO:.*]] = llvm.mlir.constant(1.000000e-07 : f32) : f32
// CHECK-DAG: %[[HI:.*]] = llvm.mlir.constant(1065353216 : i32) : i32
// CHECK: %[[GE:.*]] = llvm.fcmp "oge" %[[V:.*]], %[[LO]] : f32
// CHECK-NEXT: llvm.intr.assume %[[GE]] : i1
// CHECK-NEXT: %[[BITS:.*]] = llvm.bitcast %[[V]] : f32 to i32
// CHECK-NEXT: %[[LE:.*]] = llvm.icmp "ule" %[[BITS]], %[[HI]] : i32
// CHECK-NEXT: llvm.intr.assume %[[LE]] : i1
// CHECK: math.log %[[V]] : f32
// CHECK-LABEL: gpu.func @hash_randn
// CHECK: llvm.intr.assume
// CHECK: llvm.intr.assume
// CHECK: math.log
// CHECK-LABEL: gpu.func @torch_normal
// CHECK-NOT: llvm.intr.assume
// CHECK-NOT: math.log
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @torch_normal_f64
// CHECK-DAG: %[[LO64:.*]] = llvm.mlir.constant(5.5511151231257827E-17 : f64) : f64
// CHECK-DAG: %[[HI64:.*]] = llvm.mlir.constant(4607182418800017408 : i64) : i64
// CHECK: llvm.fcmp "oge" %[[V64:.*]], %[[LO64]] : f64
// CHECK: llvm.intr.assume
// CHECK: llvm.icmp "ule" %{{.*}}, %[[HI64]] : i64
// CHECK: llvm.intr.assume
// CHECK: math.log %[[V64]] : f64
// FAST-LABEL: gpu.func @randn
// FAST-NOT: llvm.intr.assume
// FAST-LABEL: gpu.func @torch_normal_f64
// FAST: llvm.intr.assume
// ARITH-NOT: llvm.intr.assume
//
// OPT-LABEL: define ptx_kernel void @randn(
// OPT-NOT: 0x4160000000000000
// OPT-NOT: float 0x7FF0000000000000, float 0x7FF0000000000000
// OPT: 0x3FE62E4300000000
// OPT: ret void
// OPT-LABEL: define ptx_kernel void @hash_randn(
// OPT-NOT: 0x4160000000000000
// OPT-NOT: float 0x7FF0000000000000, float 0x7FF0000000000000
// OPT: 0x3FE62E4300000000
// OPT: ret void
// OPT-LABEL: define ptx_kernel void @torch_normal(
// OPT-NOT: 0x3FE62E4300000000
// OPT: fneg float
// OPT: call float @llvm.fma.f32(float %{{.*}}, float 0xBE862E4300000000, float %{{.*}})
// OPT-NOT: 0x3FE62E4300000000
// OPT: ret void

module attributes {gpu.container_module} {
gpu.module @k {
  gpu.func @randn(%seed: i32, %offset: i32, %out: memref<1xf32>) kernel {
    %c0 = arith.constant 0 : index
    %n = rng.randn %seed, %offset : i32, i32
    memref.store %n, %out[%c0] : memref<1xf32>
    gpu.return
  }
  gpu.func @hash_randn(%seed: i32, %counter: i32, %out: memref<1xf32>) kernel {
    %c0 = arith.constant 0 : index
    %n = rng.hash_randn %seed, %counter : i32, i32
    memref.store %n, %out[%c0] : memref<1xf32>
    gpu.return
  }
  gpu.func @torch_normal(%seed: i64, %offset: i64, %threads: i64, %e: i64,
                         %out: memref<1xf32>) kernel {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %n = rng.torch_normal %seed, %offset, %threads, %e, %zero, %one
        : (i64, i64, i64, i64, f32, f32) -> f32
    memref.store %n, %out[%c0] : memref<1xf32>
    gpu.return
  }
  gpu.func @torch_normal_f64(%seed: i64, %offset: i64, %threads: i64, %e: i64,
                             %out: memref<1xf64>) kernel {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f64
    %one = arith.constant 1.0 : f64
    %n = rng.torch_normal %seed, %offset, %threads, %e, %zero, %one
        : (i64, i64, i64, i64, f64, f64) -> f64
    memref.store %n, %out[%c0] : memref<1xf64>
    gpu.return
  }
}
}
