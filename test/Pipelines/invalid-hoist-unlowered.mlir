// rng-hoist-gpu-module (the last step of rng-to-nvvm and rng-to-rocdl) run
// alone on a gpu.module that is not lowered yet: a diagnostic, not the
// verifier's complaint about a gpu.func without its gpu.module.
// RUN: rng-opt %s --rng-hoist-gpu-module --verify-diagnostics

gpu.module @kernels {
  // expected-error @below {{rng-hoist-gpu-module: cannot hoist gpu.module @kernels: it still holds 'gpu.func' (not lowered to the LLVM dialect); run this after convert-gpu-to-nvvm or convert-gpu-to-rocdl, as rng-to-nvvm and rng-to-rocdl do}}
  gpu.func @k() kernel {
    gpu.return
  }
}
