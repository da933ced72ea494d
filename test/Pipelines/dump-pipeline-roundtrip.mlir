// The printed form of every named pipeline parses back (reproducers,
// --pass-pipeline): the gpu-module hoisting step is a registered pass,
// rng-hoist-gpu-module.
//
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 --dump-pass-pipeline -o /dev/null 2> %t.nvvm
// RUN: FileCheck %s --check-prefix=NVVM < %t.nvvm
// RUN: %python %test_lib/run_dumped_pipeline.py rng-opt %t.nvvm %s \
// RUN:   | FileCheck %s
// NVVM: rng-hoist-gpu-module{pipeline=rng-to-nvvm triple=nvptx64-nvidia-cuda}
//
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx950 --dump-pass-pipeline -o /dev/null 2> %t.rocdl
// RUN: FileCheck %s --check-prefix=ROCDL < %t.rocdl
// RUN: %python %test_lib/run_dumped_pipeline.py rng-opt %t.rocdl %s \
// RUN:   | FileCheck %s
// ROCDL: rng-hoist-gpu-module{pipeline=rng-to-rocdl triple=amdgcn-amd-amdhsa}
//
// CHECK-NOT: gpu.module
// CHECK:     llvm.func @k

gpu.module @kernels {
  gpu.func @k(%seed: i32, %offset: i32, %out: memref<1xf32>) kernel {
    %u = rng.rand %seed, %offset : i32, i32
    %c0 = arith.constant 0 : index
    memref.store %u, %out[%c0] : memref<1xf32>
    gpu.return
  }
}
