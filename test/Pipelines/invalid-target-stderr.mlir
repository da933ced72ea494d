// A bad chip or chipset is reported by our diagnostic alone: one line on
// stderr, with no LLVM warning such as "is not a recognized processor for
// this target" and no stack dump. (Given through --pass-pipeline, MLIR's
// pipeline parser adds its own "failed to add" line, checked below.)

// RUN: not rng-opt %s --rng-to-nvvm=chip=sm_999 2>&1 | count 1
// RUN: not rng-opt %s --rng-to-nvvm=chip=gfx950 2>&1 | count 1
// RUN: not rng-opt %s --rng-to-rocdl=chipset=gfx999 2>&1 | count 1
// RUN: not rng-opt %s --rng-to-rocdl=chipset=sm_90 2>&1 | count 1
// RUN: not rng-opt %s --convert-round-to-nvvm=chip=sm_1 2>&1 | count 1
// RUN: not rng-opt %s --convert-round-to-rocdl=chipset=gfx1 2>&1 | count 1
// RUN: not rng-opt %s --convert-round-to-nvvm=chip= 2>&1 | count 1
// RUN: not rng-opt %s --convert-round-to-rocdl 2>&1 | count 1
// RUN: not rng-opt %s --pass-pipeline='builtin.module(rng-to-nvvm{chip=sm_999})' 2>&1 \
// RUN:   | FileCheck %s

// CHECK:      error: rng-to-nvvm: unknown chip 'sm_999'
// CHECK-NEXT: failed to add `rng-to-nvvm` with options `chip=sm_999`
// CHECK-NOT:  {{.}}

gpu.module @kernels {
}
