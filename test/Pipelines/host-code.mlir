// The GPU pipelines lower the kernels of gpu.modules only. rng and round
// ops outside a gpu.module are rejected up front, each with a diagnostic,
// with or without keep-gpu-module (never left behind with exit status 0),
// and a module with no gpu.module at all is reported as such.
// RUN: rng-opt %s --split-input-file --verify-diagnostics --rng-to-nvvm=chip=sm_90
// RUN: rng-opt %s --split-input-file --verify-diagnostics \
// RUN:   --rng-to-nvvm="chip=sm_90 keep-gpu-module=true"
// RUN: rng-opt %s --split-input-file --verify-diagnostics --rng-to-rocdl=chipset=gfx942
// RUN: rng-opt %s --split-input-file --verify-diagnostics \
// RUN:   --rng-to-rocdl="chipset=gfx942 keep-gpu-module=true"

// Host functions only.
func.func @host(%seed: i32, %offset: i32, %x: f32, %rbits: i16) -> (f32, bf16) {
  // expected-error @+1 {{lowers the kernels of gpu.modules only; lower host code with rng-to-llvm (or convert-rng-to-arith and convert-round-to-arith)}}
  %u = rng.rand %seed, %offset : i32, i32
  // expected-error @+1 {{'round.stochastic' op outside a gpu.module}}
  %y = round.stochastic %x, %rbits : f32, i16 -> bf16
  return %u, %y : f32, bf16
}

// -----

// Host code beside a kernel.
func.func @host(%seed: i32, %offset: i32) -> f32 {
  // expected-error @+1 {{'rng.randn' op outside a gpu.module}}
  %n = rng.randn %seed, %offset : i32, i32
  return %n : f32
}
gpu.module @kernels {
  gpu.func @kernel(%seed: i32, %out: memref<?xf32>) kernel {
    %tid = gpu.thread_id x
    %i = arith.index_cast %tid : index to i32
    %u = rng.rand %seed, %i : i32, i32
    memref.store %u, %out[%tid] : memref<?xf32>
    gpu.return
  }
}
