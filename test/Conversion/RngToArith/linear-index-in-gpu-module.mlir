// The lowering itself (convert-rng-to-arith, convert-rng-to-nvvm) refuses
// rng.linear_index inside a gpu.module, whose kernels hold no tensors, with
// the way out (the thread's coordinates); the GPU pipelines reject it up
// front (test/Pipelines/linear-index-gpu-invalid.mlir). The result is used:
// an unused op would be erased, not lowered.
// RUN: rng-opt %s --convert-rng-to-arith --verify-diagnostics
// RUN: rng-opt %s --convert-rng-to-nvvm --verify-diagnostics

gpu.module @kernels {
  gpu.func @linear_index(%base: i32, %out: memref<8xi32>) kernel {
    // expected-error @+2 {{'rng.linear_index' op on tensors cannot lower inside a gpu.module (kernels hold no tensors); compute the index from the thread's coordinates instead}}
    // expected-error @+1 {{failed to legalize operation 'rng.linear_index'}}
    %i = rng.linear_index %base : tensor<8xi32>
    %c0 = arith.constant 0 : index
    %first = tensor.extract %i[%c0] : tensor<8xi32>
    memref.store %first, %out[%c0] : memref<8xi32>
    gpu.return
  }
}
