// RUN: rng-opt %s --rng-to-rocdl="chipset=gfx950 unverified-sr-instructions=true" \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HOIST
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx950 | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: rng-opt %s --rng-to-rocdl="chipset=gfx942 keep-gpu-module=true" \
// RUN:   | FileCheck %s --check-prefixes=CHECK,KEEP

// HOIST:       module @kernels attributes {llvm.data_layout = "{{.+}}", llvm.target = #llvm.target<triple = "amdgcn-amd-amdhsa", chip = "gfx950">, llvm.target_triple = "amdgcn-amd-amdhsa"} {
// HOIST-NOT:   gpu.module
// DEFAULT-NOT: gpu.module
// KEEP:        gpu.module @kernels [#rocdl.target<O = 3, chip = "gfx942">]
// Either way the kernel is a ROCDL kernel whose cos goes to ocml.
// CHECK:         llvm.func @philox(
// CHECK-SAME:        rocdl.kernel
// HOIST-NOT:       rng.
// KEEP-NOT:        llvm.amdgcn.cvt.sr
// DEFAULT-NOT:     llvm.amdgcn.cvt.sr
// CHECK:           llvm.call @__ocml_cos_f32
// HOIST:           llvm.call_intrinsic "llvm.amdgcn.cvt.sr.bf16.f32"
// HOIST-NOT:       round.
// KEEP-NOT:        llvm.amdgcn.cvt.sr
// DEFAULT-NOT:     llvm.amdgcn.cvt.sr
// CHECK:           llvm.return

gpu.module @kernels {
  gpu.func @philox(%out: memref<?xf32>, %bf: memref<?xbf16>, %c0: i32,
                   %k0: i32) kernel {
    %tid = gpu.thread_id x
    %x:4 = rng.philox_4x32 %c0, %c0, %c0, %c0 key %k0, %k0 : i32, i32
    // cos/sin of the normal distributions go to ROCm's ocml.
    %f = arith.uitofp %x#0 : i32 to f32
    %c = math.cos %f : f32
    memref.store %c, %out[%tid] : memref<?xf32>
    // Stochastic rounding: v_cvt_sr_bf16_f32 on gfx950 with
    // unverified-sr-instructions, integer arith otherwise.
    %b = round.stochastic %c, %x#1 : f32, i32 -> bf16
    memref.store %b, %bf[%tid] : memref<?xbf16>
    gpu.return
  }
}
