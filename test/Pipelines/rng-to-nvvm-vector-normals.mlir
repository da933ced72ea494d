// rng.randn4x on a vector inside a kernel, all four results used, through
// rng-to-nvvm: Box-Muller's cos and sin are fused into math.sincos and the
// vector sincos unrolled into one __nv_sincosf call per element and pair
// (two pairs per lane, four lanes; with fast-math one cos.approx.ftz and
// one sin.approx.ftz), so no math op is left and
// mlir-translate takes the result. (convert-gpu-to-nvvm alone would leave
// the vector math.sincos behind; test/Upstream/gpu-to-nvvm-vector-sincos.mlir.)
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | FileCheck %s
// RUN: rng-opt %s '--rng-to-nvvm=chip=sm_90 fast-math' | FileCheck %s --check-prefix=FAST
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_100a | mlir-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=LLVMIR

// CHECK-LABEL: llvm.func @normals(
// CHECK-NOT:     math.
// CHECK-COUNT-8: llvm.call @__nv_sincosf(
// CHECK-NOT:     math.
// CHECK-NOT:     llvm.call @__nv_sincosf(
// CHECK:         llvm.return
// Fast math: the .ftz approximate instructions, one per element and pair.
// FAST-COUNT-8:  llvm.call_intrinsic "llvm.nvvm.cos.approx.ftz.f"
// FAST-NOT:      __nv_fast_sincosf
// LLVMIR-LABEL: define ptx_kernel void @normals(
// LLVMIR-COUNT-8: call void @__nv_sincosf(
gpu.module @kernels {
  gpu.func @normals(%out: memref<?xvector<4xf32>>, %seed: i32,
                    %offsets: memref<?xvector<4xi32>>) kernel {
    %tid = gpu.thread_id x
    %o = memref.load %offsets[%tid] : memref<?xvector<4xi32>>
    %n:4 = rng.randn4x %seed, %o : i32, vector<4xi32>
    %s01 = arith.addf %n#0, %n#1 : vector<4xf32>
    %s23 = arith.addf %n#2, %n#3 : vector<4xf32>
    %s = arith.addf %s01, %s23 : vector<4xf32>
    memref.store %s, %out[%tid] : memref<?xvector<4xf32>>
    gpu.return
  }
}
