// The AMDGCN of a 10-round Philox from the generic product
// (arith.mului_extended, inside rng-to-rocdl): each of the 20 32x32->64-bit
// products is one v_mad_u64_u32 (both halves at once; by LLVM's gfx942 /
// gfx950 scheduling models the same throughput as v_mul_hi_u32 +
// v_mul_lo_u32 with half the instructions), and no 64x64-bit multiply
// sequence. docs/Targets.md explains why ROCDL keeps the generic product.

// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=gfx942 -o %t.gfx942.s
// RUN: %python %test_lib/count_isa.py '\bv_(?:mul|mad)\w*' %t.gfx942.s | FileCheck %s
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx950 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=gfx950 -o %t.gfx950.s
// RUN: %python %test_lib/count_isa.py '\bv_(?:mul|mad)\w*' %t.gfx950.s | FileCheck %s

// Every vector multiply of the kernel.
// CHECK:      v_mad_u64_u32: 20
// CHECK-NEXT: total: 20

gpu.module @kernels {
  // Counter words that differ per lane (thread id), so that the products
  // run on the vector ALU; the other words and the keys are arguments.
  gpu.func @philox(%out: memref<?xi32>, %c1: i32, %c2: i32, %c3: i32,
                   %k0: i32, %k1: i32) kernel {
    %tid = gpu.thread_id x
    %c0 = arith.index_cast %tid : index to i32
    %c2t = arith.xori %c2, %c0 : i32
    %x:4 = rng.philox_4x32 %c0, %c1, %c2t, %c3 key %k0, %k1 : i32, i32
    %a = arith.xori %x#0, %x#1 : i32
    %b = arith.xori %x#2, %x#3 : i32
    %s = arith.addi %a, %b : i32
    memref.store %s, %out[%tid] : memref<?xi32>
    gpu.return
  }
}
