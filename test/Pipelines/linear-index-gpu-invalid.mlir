// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 --verify-diagnostics --split-input-file
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 --verify-diagnostics --split-input-file

// rng.linear_index works on tensors, which kernels do not hold: inside a
// gpu.module the pipelines reject it up front with the way out (the
// thread's coordinates), as the lowering itself does
// (test/Conversion/RngToArith/linear-index-in-gpu-module.mlir).

gpu.module @kernels {
  gpu.func @linear_index(%base: i32) kernel {
    // expected-error @+1 {{'rng.linear_index' op on tensors cannot lower inside a gpu.module (kernels hold no tensors); compute the index from the thread's coordinates instead}}
    %i = rng.linear_index %base : tensor<2x3xi32>
    gpu.return
  }
}

// -----

// Without a base, i64, rank 0.
gpu.module @kernels {
  gpu.func @linear_index_rank0() kernel {
    // expected-error @+1 {{'rng.linear_index' op on tensors cannot lower inside a gpu.module (kernels hold no tensors); compute the index from the thread's coordinates instead}}
    %i = rng.linear_index : tensor<i64>
    gpu.return
  }
}
