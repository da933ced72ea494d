// Without keep-gpu-module, the pipelines need exactly one gpu.module and
// nothing else in the module.
// RUN: rng-opt %s --split-input-file --verify-diagnostics --rng-to-nvvm=chip=sm_90
// RUN: rng-opt %s --split-input-file --verify-diagnostics --rng-to-rocdl=chipset=gfx942

// expected-error @below {{cannot hoist the gpu.module for mlir-translate: its module also holds 'func.func'; keep one gpu.module per file, or pass keep-gpu-module=true to keep the nested form}}
func.func @host() {
  return
}
gpu.module @kernels {
}

// -----

gpu.module @first {
}
// expected-error @below {{cannot hoist more than one gpu.module for mlir-translate}}
gpu.module @second {
}

// -----

// expected-error @below {{found no gpu.module holding the kernels}}
module {
}
