// The PTX of the lowbias32 hash family (rng-to-nvvm): pure 32-bit integer
// work. rng.hash_rand is two hashes (the seed's and the counter's), so four
// mul.lo.s32 and no other multiply: no 64-bit multiply (mul.wide, mul.lo.s64,
// mad.*) and no mul.hi. hash_dropout adds one f32 division.

// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=sm_90 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

// Every integer multiply of the module: two per hash.
// RUN: %python %test_lib/count_isa.py '\b(?:mul|mad)\.(?:lo|hi|wide)\.[\w.]+' %t.ptx \
// RUN:   | FileCheck %s --check-prefix=PTX
// PTX:      mul.lo.s32: 8
// PTX-NEXT: total: 8

// CHECK: .visible .entry hash_rand(
// CHECK: .visible .entry hash_dropout(
// CHECK: div.rn.f32

gpu.module @kernels {
  // One draw per thread: counter = base + thread id. The result goes to a
  // constant index (no address arithmetic, whose multiply would be counted).
  gpu.func @hash_rand(%out: memref<1xf32>, %seed: i32, %base: i32) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i32
    %counter = arith.addi %base, %t : i32
    %u = rng.hash_rand %seed, %counter : i32, i32
    memref.store %u, %out[%c0] : memref<1xf32>
    gpu.return
  }

  // Phobos' dropout of one element per thread.
  gpu.func @hash_dropout(%x: memref<1xf32>, %y: memref<1xf32>, %p: f32,
                         %seed: i32, %base: i32) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i32
    %counter = arith.addi %base, %t : i32
    %xv = memref.load %x[%c0] : memref<1xf32>
    %yv = rng.hash_dropout %xv, %p, %seed, %counter : f32, f32, i32, i32
    memref.store %yv, %y[%c0] : memref<1xf32>
    gpu.return
  }
}
