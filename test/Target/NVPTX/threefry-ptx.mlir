// The PTX of Threefry-2x32 from convert-rng-to-nvvm (inside rng-to-nvvm;
// Conversion/RngToNVVM/threefry.mlir has the IR): one `min.u32` of
// %nctaid.x and 1, which ptxas cannot fold, and one `mad.lo.s32` by it per
// round that follows a key injection. LLVM neither folds the 1 nor
// distributes the product over the injection's constant (which would give
// ptxas its three-input add back). The rotations are funnel shifts.

// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=sm_90 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

// CHECK-LABEL: .entry twenty(
// CHECK:         mov.u32 %rng_nctaid, %nctaid.x; min.u32 %r[[ONE:[0-9]+]], %rng_nctaid, 1;
// CHECK-COUNT-5: mad.lo.s32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r[[ONE]], %r{{[0-9]+}};
// CHECK-NOT:     mad.lo
// CHECK:         ret;

// JAX's uniform at an i32 index (the counter's high word is 0): the same
// five products, and 20 funnel-shift rotations.
// CHECK-LABEL: .entry uniform(
// CHECK:         min.u32 %r[[ONE:[0-9]+]], %rng_nctaid, 1;
// CHECK-COUNT-5: mad.lo.s32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r[[ONE]], %r{{[0-9]+}};
// CHECK-NOT:     mad.lo
// CHECK:         ret;
// RUN: FileCheck %s --check-prefix=SHF < %t.ptx
// SHF-LABEL: .entry uniform(
// SHF-COUNT-20: shf.l.wrap.b32
// SHF-NOT:     shf.l.wrap.b32
// SHF:         ret;

// Thirteen rounds: injections before rounds 1, 5, 9 and 13.
// CHECK-LABEL: .entry thirteen(
// CHECK:         min.u32 %r[[ONE:[0-9]+]], %rng_nctaid, 1;
// CHECK-COUNT-4: mad.lo.s32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r[[ONE]], %r{{[0-9]+}};
// CHECK-NOT:     mad.lo
// CHECK:         ret;

gpu.module @kernels {
  gpu.func @twenty(%out: memref<?xi32>, %k0: i32, %k1: i32) kernel {
    %tid = gpu.thread_id x
    %x = arith.index_cast %tid : index to i32
    %y:2 = rng.threefry_2x32 %x, %x key %k0, %k1 : i32, i32
    %s = arith.addi %y#0, %y#1 : i32
    memref.store %s, %out[%tid] : memref<?xi32>
    gpu.return
  }
  gpu.func @uniform(%out: memref<?xf32>, %k0: i32, %k1: i32) kernel {
    %tid = gpu.thread_id x
    %i = arith.index_cast %tid : index to i32
    %u = rng.jax_uniform %k0, %k1, %i : i32, i32 -> f32
    memref.store %u, %out[%tid] : memref<?xf32>
    gpu.return
  }
  gpu.func @thirteen(%out: memref<?xi32>, %k0: i32, %k1: i32) kernel {
    %tid = gpu.thread_id x
    %x = arith.index_cast %tid : index to i32
    %y:2 = rng.threefry_2x32 %x, %k1 key %k0, %k1 rounds 13 : i32, i32
    %s = arith.addi %y#0, %y#1 : i32
    memref.store %s, %out[%tid] : memref<?xi32>
    gpu.return
  }
}
