// The lowering itself (convert-rng-to-arith, convert-rng-to-nvvm) refuses
// rng.bit_generator inside a gpu.module, whose kernels hold no tensors, with
// the way out (the per-element builder); the GPU pipelines reject it up
// front (test/Pipelines/jax-gpu-invalid.mlir). The output is used: an unused
// op would be erased, not lowered.
// RUN: rng-opt %s --convert-rng-to-arith --verify-diagnostics
// RUN: rng-opt %s --convert-rng-to-nvvm --verify-diagnostics

gpu.module @kernels {
  gpu.func @bit_generator(%s: tensor<2xi64>, %out: memref<8xi32>) kernel {
    // expected-error @+2 {{'rng.bit_generator' op on tensors cannot lower inside a gpu.module (kernels hold no tensors); compute each output element in the kernel with buildBitGeneratorElement (rng/Conversion/RngToArith/BitGenerator.h) instead}}
    // expected-error @+1 {{failed to legalize operation 'rng.bit_generator'}}
    %n, %o = rng.bit_generator philox %s : tensor<2xi64> -> tensor<8xi32>
    %c0 = arith.constant 0 : index
    %first = tensor.extract %o[%c0] : tensor<8xi32>
    memref.store %first, %out[%c0] : memref<8xi32>
    gpu.return
  }
}
