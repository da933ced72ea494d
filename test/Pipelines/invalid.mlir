// Bad options are rejected when the pipeline is parsed, naming the value.
// RUN: not rng-opt %s --rng-to-nvvm=chip=sm_999 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not rng-opt %s --rng-to-nvvm=chip=gfx950 2>&1 | FileCheck %s --check-prefix=CHIP-AMD
// RUN: not rng-opt %s --rng-to-nvvm=chip=sm_80a 2>&1 | FileCheck %s --check-prefix=CHIP-SUFFIX
// RUN: not rng-opt %s --rng-to-rocdl=chipset=gfx999 2>&1 | FileCheck %s --check-prefix=CHIPSET
// RUN: not rng-opt %s --rng-to-rocdl=chipset=sm_90 2>&1 | FileCheck %s --check-prefix=CHIPSET-NV

// CHIP: rng-to-nvvm: unknown chip 'sm_999'; expected sm_<N> with N in {20,
// CHIP-AMD: rng-to-nvvm: unknown chip 'gfx950'
// CHIP-SUFFIX: rng-to-nvvm: unknown chip 'sm_80a'
// CHIPSET: rng-to-rocdl: unknown chipset 'gfx999'; expected an AMDGPU processor name
// CHIPSET-NV: rng-to-rocdl: unknown chipset 'sm_90'

gpu.module @kernels {
}
