// The GPU pipelines attach their target to each gpu.module; one that already
// carries a target of another dialect or chip is refused (the module would
// be built for both). The hoisted module's llvm.target is the pipeline's
// (with its features, even beside a target of the same chip without them).
// The chip's required PTX version stays beside other user features, and a
// +ptx<N> of the user's replaces it.
// RUN: rng-opt %s --split-input-file --verify-diagnostics --rng-to-nvvm=chip=sm_100a
// RUN: not rng-opt %s --split-input-file --rng-to-rocdl=chipset=gfx950 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROCDL
// RUN: rng-opt %s --split-input-file '--rng-to-nvvm=chip=sm_100a features=-foo' \
// RUN:   --verify-diagnostics | FileCheck %s --check-prefixes=CHECK,ADDED
// RUN: rng-opt %s --split-input-file '--rng-to-nvvm=chip=sm_100a features=+ptx88' \
// RUN:   --verify-diagnostics | FileCheck %s --check-prefixes=CHECK,OWN

// Both: the module of @same, hoisted, with the pipeline's target.
// CHECK: module @same attributes
// ADDED-SAME: #llvm.target<triple = "nvptx64-nvidia-cuda", chip = "sm_100a", features = <["+ptx87", "-foo"]>>
// OWN-SAME: #llvm.target<triple = "nvptx64-nvidia-cuda", chip = "sm_100a", features = <["+ptx88"]>>

// The pipeline's own target: accepted.
gpu.module @same [#nvvm.target<chip = "sm_100a">] {
  gpu.func @k(%seed: i32, %off: i32, %out: memref<1xf32>) kernel {
    %u = rng.rand %seed, %off : i32, i32
    %c0 = arith.constant 0 : index
    memref.store %u, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

// expected-error @+1 {{gpu.module @older already has the target #nvvm.target<chip = "sm_80">, but rng-to-nvvm compiles it for nvvm sm_100a: remove the target or run the pipeline for its chip}}
gpu.module @older [#nvvm.target<chip = "sm_80">] {
}

// -----

// expected-error @+1 {{gpu.module @amd already has the target #rocdl.target<chip = "gfx942">, but rng-to-nvvm compiles it for nvvm sm_100a}}
gpu.module @amd [#rocdl.target<chip = "gfx942">] {
}
// ROCDL: error: gpu.module @same already has the target #nvvm.target<chip = "sm_100a">, but rng-to-rocdl compiles it for rocdl gfx950
// ROCDL: error: gpu.module @older already has the target
// ROCDL: error: gpu.module @amd already has the target #rocdl.target<chip = "gfx942">, but rng-to-rocdl compiles it for rocdl gfx950
