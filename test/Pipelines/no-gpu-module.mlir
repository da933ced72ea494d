// A module holding host code but no gpu.module: the pipelines say that they
// found no gpu.module (not that host code stands beside one).
// RUN: rng-opt %s --verify-diagnostics --rng-to-nvvm=chip=sm_90
// RUN: rng-opt %s --verify-diagnostics --rng-to-rocdl=chipset=gfx942

// expected-error @below {{found no gpu.module holding the kernels (the GPU pipelines lower kernels inside a gpu.module; lower host code with rng-to-llvm)}}
module {
  func.func @host(%x: i32) -> i32 {
    return %x : i32
  }
}
