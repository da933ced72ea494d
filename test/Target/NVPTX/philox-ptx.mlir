// The PTX of a 10-round Philox from convert-rng-to-nvvm (inside rng-to-nvvm):
// 20 mul.hi.u32 + 20 mul.lo.s32 and no 64-bit multiply. The generic
// arith.mului_extended path (second RUN, for contrast) leaves 64-bit
// multiplies (mul.wide.u32 here, mul.lo.s64 in larger kernels) and no
// mul.hi.u32.

// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=sm_90 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

// RUN: rng-opt %s --convert-rng-to-arith --rng-to-nvvm=chip=sm_90 \
// RUN:   | mlir-translate --mlir-to-llvmir | llc -mcpu=sm_90 \
// RUN:   | FileCheck %s --check-prefix=GENERIC

// PTX:       .visible .entry philox(
// PTX-COUNT-20: mul.hi.u32
// PTX-NOT:   mul.hi.u32
// PTX:       ret;

// The low products, and no 64-bit multiply anywhere.
// RUN: grep -c "mul.lo.s32" %t.ptx | FileCheck %s --check-prefix=LOW
// RUN: not grep -E "mul\.(wide|lo\.[su]64|hi\.[su]64)" %t.ptx
// LOW: {{^}}20{{$}}

// GENERIC:   .visible .entry philox(
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
