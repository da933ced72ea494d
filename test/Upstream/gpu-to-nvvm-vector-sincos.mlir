// Upstream defect (LLVM 22, Debian's mlir-opt): convert-gpu-to-nvvm (and
// convert-math-to-nvvm) turn a scalar math.sincos into a call to
// libdevice's __nv_sincosf but leave a vector one behind, and succeed: the
// libdevice patterns scalarize every vector math op they lower
// (ScalarizeVectorOpLowering) except sincos, whose two results that
// pattern does not handle. mlir-translate then fails ("Dialect `math' not
// found"). math-sincos-fusion makes such ops out of vector sin/cos pairs.
//
// We work around it in rng-to-nvvm (lib/Pipelines/Pipelines.cpp): after
// math-sincos-fusion, rng-unroll-vector-sincos unrolls vector sincos into
// scalar ones. The patch text is docs/upstream/gpu-to-nvvm-vector-sincos.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: rng-unroll-vector-sincos can go.
//
// RUN: %llvm_tools_dir/mlir-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm))' \
// RUN:   | FileCheck %s

// CHECK-LABEL: llvm.func @sincos(
// CHECK:         math.sincos %{{.*}} : vector<4xf32>
// CHECK:         llvm.call @__nv_sincosf(
gpu.module @kernels {
  gpu.func @sincos(%v: vector<4xf32>, %s: f32, %out: memref<?xvector<4xf32>>,
                   %outs: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %vsin, %vcos = math.sincos %v : vector<4xf32>
    memref.store %vsin, %out[%c0] : memref<?xvector<4xf32>>
    memref.store %vcos, %out[%c1] : memref<?xvector<4xf32>>
    %ssin, %scos = math.sincos %s : f32
    memref.store %ssin, %outs[%c0] : memref<?xf32>
    memref.store %scos, %outs[%c1] : memref<?xf32>
    gpu.return
  }
}
