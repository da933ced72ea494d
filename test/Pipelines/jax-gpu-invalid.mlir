// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 --verify-diagnostics --split-input-file
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 --verify-diagnostics --split-input-file

// rng.bit_generator works on tensors, which kernels do not hold: inside a
// gpu.module the pipelines reject it up front with the way out (the
// per-element builder).

gpu.module @kernels {
  gpu.func @bit_generator(%s: tensor<2xi64>) kernel {
    // expected-error @+1 {{'rng.bit_generator' op on tensors cannot lower inside a gpu.module (kernels hold no tensors); compute each output element in the kernel with buildBitGeneratorElement (rng/Conversion/RngToArith/BitGenerator.h) instead}}
    %n, %o = rng.bit_generator philox %s : tensor<2xi64> -> tensor<8xi32>
    gpu.return
  }
}

// -----

// The same for the other algorithms and state sizes, and a rank-0 output.
gpu.module @kernels {
  gpu.func @bit_generator_threefry(%s: tensor<2xi64>) kernel {
    // expected-error @+1 {{'rng.bit_generator' op on tensors cannot lower inside a gpu.module (kernels hold no tensors)}}
    %n, %o = rng.bit_generator three_fry %s : tensor<2xi64> -> tensor<i32>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @bit_generator_philox3(%s: tensor<3xi64>) kernel {
    // expected-error @+1 {{'rng.bit_generator' op on tensors cannot lower inside a gpu.module (kernels hold no tensors)}}
    %n, %o = rng.bit_generator philox %s : tensor<3xi64> -> tensor<3x5xi8>
    gpu.return
  }
}
