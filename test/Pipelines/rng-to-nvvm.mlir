// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | FileCheck %s --check-prefixes=CHECK,HOIST
// RUN: rng-opt %s --rng-to-nvvm="chip=sm_100a keep-gpu-module=true" \
// RUN:   | FileCheck %s --check-prefixes=CHECK,KEEP100A
// RUN: rng-opt %s --rng-to-nvvm="chip=sm_90 keep-gpu-module=true" \
// RUN:   | FileCheck %s --check-prefixes=CHECK,KEEP90
// RUN: rng-opt %s --rng-to-nvvm="chip=sm_100a features=+ptx88 keep-gpu-module=true" \
// RUN:   | FileCheck %s --check-prefixes=CHECK,FEATURES
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_100a | FileCheck %s --check-prefix=HOIST100A
// sm_103a: LLVM's default PTX for it (8.8) has cvt.rs, so no feature is added
// (+ptx87 would be older than LLVM accepts for sm_103a), and llc takes it.
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_103a | FileCheck %s --check-prefix=HOIST103A
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_103a | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_103a -o - | FileCheck %s --check-prefix=PTX103A
// PTX103A: .version 8.8

// By default the gpu.module's body becomes the module (named after it, with
// the NVPTX triple) for mlir-translate; everything is LLVM/NVVM dialect. The
// nvvm.target's chip and features stay on it as llvm.target; NVPTX's data
// layout comes along (gpu-data-layout.mlir).
// HOIST:       module @kernels attributes {llvm.data_layout = "e-p6:32:32-i64:64-{{.*}}", llvm.target = #llvm.target<triple = "nvptx64-nvidia-cuda", chip = "sm_90">, llvm.target_triple = "nvptx64-nvidia-cuda"} {
// HOIST-NOT:   gpu.module
// HOIST103A:   llvm.target = #llvm.target<triple = "nvptx64-nvidia-cuda", chip = "sm_103a">,
// HOIST100A:   module @kernels attributes {llvm.data_layout = "{{.+}}", llvm.target = #llvm.target<triple = "nvptx64-nvidia-cuda", chip = "sm_100a", features = <["+ptx87"]>>, llvm.target_triple = "nvptx64-nvidia-cuda"} {

// keep-gpu-module=true: the nested form with the nvvm.target, whose PTX
// features are what the chip's instructions need (+ptx87 for cvt.rs on
// sm_100a) unless given.
// KEEP100A:    gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx87">] attributes {llvm.data_layout = "e-p6:32:32-i64:64-{{.*}}"}
// KEEP90:      gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] attributes {llvm.data_layout = "{{.+}}"}
// FEATURES:    gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx88">] attributes {llvm.data_layout = "{{.+}}"}

// Whichever form, the kernel is an NVVM kernel with Philox's multiplies on
// mulhi and the log from libdevice.
// CHECK:         llvm.func @philox(
// CHECK-SAME:        nvvm.kernel
// CHECK:           llvm.call_intrinsic "llvm.nvvm.mulhi.ui"
// HOIST-NOT:       rng.
// CHECK:           llvm.call @__nv_logf
// HOIST-NOT:       nvvm.convert
// HOIST-NOT:       round.
// KEEP100A:        nvvm.convert.f32x2.to.bf16x2 {{.+}} {rnd = #nvvm.fp_rnd_mode<rs>} : vector<2xbf16>
// CHECK:           llvm.return

gpu.module @kernels {
  gpu.func @philox(%out: memref<?xf32>, %bf: memref<?xbf16>, %c0: i32,
                   %k0: i32) kernel {
    %tid = gpu.thread_id x
    %x:4 = rng.philox_4x32 %c0, %c0, %c0, %c0 key %k0, %k0 : i32, i32
    // The math of the normal distributions goes to libdevice.
    %f = arith.uitofp %x#0 : i32 to f32
    %l = math.log %f : f32
    memref.store %l, %out[%tid] : memref<?xf32>
    // Stochastic rounding: cvt.rs on sm_100a, integer arith on sm_90.
    %b = round.stochastic %l, %x#1 : f32, i32 -> bf16
    memref.store %b, %bf[%tid] : memref<?xbf16>
    gpu.return
  }
}
