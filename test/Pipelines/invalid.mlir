// Bad options are rejected when the pipeline is parsed, naming the value.
// RUN: not rng-opt %s --rng-to-nvvm=chip=sm_999 2>&1 | FileCheck %s --check-prefixes=CHECK,CHIP
// RUN: not rng-opt %s --rng-to-nvvm=chip=gfx950 2>&1 | FileCheck %s --check-prefixes=CHECK,CHIP-AMD
// RUN: not rng-opt %s --rng-to-nvvm=chip=sm_80a 2>&1 | FileCheck %s --check-prefixes=CHECK,CHIP-SUFFIX
// RUN: not rng-opt %s --rng-to-rocdl=chipset=gfx999 2>&1 | FileCheck %s --check-prefixes=CHECK,CHIPSET
// RUN: not rng-opt %s --rng-to-rocdl=chipset=sm_90 2>&1 | FileCheck %s --check-prefixes=CHECK,CHIPSET-NV
// RUN: not rng-opt %s '--rng-to-nvvm=chip=sm_100a features=ptx87' 2>&1 | FileCheck %s --check-prefixes=CHECK,FEATURE-SIGN
// RUN: not rng-opt %s '--rng-to-nvvm=chip=sm_90 features=+ptx80,,+foo' 2>&1 | FileCheck %s --check-prefixes=CHECK,FEATURE-EMPTY
// RUN: not rng-opt %s '--rng-to-nvvm=chip=sm_100a features=+ptx86' 2>&1 | FileCheck %s --check-prefixes=CHECK,FEATURE-PTX
// RUN: not rng-opt %s '--rng-to-nvvm=chip=sm_90 features=+ptx60' 2>&1 | FileCheck %s --check-prefixes=CHECK,FEATURE-CHIP
// RUN: not rng-opt %s '--rng-to-nvvm=chip=sm_100a features=-ptx87' 2>&1 | FileCheck %s --check-prefixes=CHECK,FEATURE-REMOVE
// RUN: not rng-opt %s '--rng-to-nvvm=chip=sm_100a features=+ptx0087' 2>&1 | FileCheck %s --check-prefixes=CHECK,FEATURE-UNKNOWN
// RUN: not rng-opt %s '--rng-to-nvvm=chip=sm_90 features=+ptx59' 2>&1 | FileCheck %s --check-prefixes=CHECK,FEATURE-UNKNOWN59

// Each is reported as an error diagnostic.
// CHECK: error:
// CHIP-SAME: {{^}} rng-to-nvvm: unknown chip 'sm_999'; expected sm_<N> with N in {20,
// CHIP-AMD-SAME: {{^}} rng-to-nvvm: unknown chip 'gfx950'
// CHIP-SUFFIX-SAME: {{^}} rng-to-nvvm: unknown chip 'sm_80a'
// CHIPSET-SAME: {{^}} rng-to-rocdl: unknown chipset 'gfx999'; expected an AMDGPU processor name
// CHIPSET-NV-SAME: {{^}} rng-to-rocdl: unknown chipset 'sm_90'
// FEATURE-SIGN-SAME: {{^}} rng-to-nvvm: features 'ptx87': each comma-separated entry must be +<feature> or -<feature> (e.g. +ptx87)
// FEATURE-EMPTY-SAME: {{^}} rng-to-nvvm: features '+ptx80,,+foo': each comma-separated entry
// FEATURE-PTX-SAME: {{^}} rng-to-nvvm: features '+ptx86' select PTX 8.6, but sm_100a's stochastic-rounding instructions (cvt.rs) need +ptx87 or later
// FEATURE-CHIP-SAME: {{^}} rng-to-nvvm: features '+ptx60' select PTX 6.0, but LLVM compiles sm_90 with PTX 7.8 or later (+ptx78)
// FEATURE-REMOVE-SAME: {{^}} rng-to-nvvm: features '-ptx87': a PTX version cannot be removed; name the one to use as +ptx<N>
// FEATURE-UNKNOWN-SAME: {{^}} rng-to-nvvm: features '+ptx0087': '+ptx0087' is not a PTX version LLVM knows (+ptx<N>, e.g. +ptx88 for PTX 8.8)
// FEATURE-UNKNOWN59-SAME: {{^}} rng-to-nvvm: features '+ptx59': '+ptx59' is not a PTX version

gpu.module @kernels {
}
