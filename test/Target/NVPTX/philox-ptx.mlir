// The PTX of a 10-round Philox from convert-rng-to-nvvm (inside rng-to-nvvm):
// 20 mul.hi.u32 + 20 mul.lo.s32 and no 64-bit multiply. The generic
// arith.mului_extended path (second RUN, for contrast) leaves 64-bit
// multiplies (mul.wide.u32 here, mul.lo.s64 in larger kernels) and no
// mul.hi.u32.

// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=sm_90 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

// RUN: rng-opt %s --convert-rng-to-arith --rng-to-nvvm=chip=sm_90 \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -mcpu=sm_90 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,GENERIC

// Every multiply of the kernel: the 20 high and 20 low products, nothing
// 64-bit (no mul.wide, mul.lo.s64, mad.*).
// RUN: %python %test_lib/count_isa.py '\b(?:mul|mad)\.[\w.]+' %t.ptx \
// RUN:   | FileCheck %s --check-prefix=PTX
// PTX:      mul.hi.u32: 20
// PTX-NEXT: mul.lo.s32: 20
// PTX-NEXT: total: 40

// Both paths emit the kernel as a PTX entry.
// CHECK:     .visible .entry philox(
// GENERIC-NOT: mul.hi.u32
// GENERIC:   {{mul\.(wide\.u32|lo\.s64)}}
// GENERIC-NOT: mul.hi.u32

gpu.module @kernels {
  // The counter words and keys come in as arguments (nothing folds), the
  // outputs go to memory at constant indices (no index arithmetic).
  gpu.func @philox(%out: memref<4xi32>, %c0: i32, %c1: i32, %c2: i32,
                   %c3: i32, %k0: i32, %k1: i32) kernel {
    %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 : i32, i32
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    memref.store %x#0, %out[%i0] : memref<4xi32>
    memref.store %x#1, %out[%i1] : memref<4xi32>
    memref.store %x#2, %out[%i2] : memref<4xi32>
    memref.store %x#3, %out[%i3] : memref<4xi32>
    gpu.return
  }
}
