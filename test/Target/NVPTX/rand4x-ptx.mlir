// A Triton-style uniform fill (rng.rand4x: one Philox block per thread)
// through rng-to-nvvm: the Philox of the Triton-family ops uses mul.hi.u32
// too. Every multiply of the kernel: 20 mul.hi.u32, 19 mul.lo.s32 (the
// first round's c2 * M1 folds: c2 = 0), the four u2f f32 multiplies, and
// one mul.wide.u32: the store address (thread id * 16), not Philox.

// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -mcpu=sm_90 -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
// RUN: %python %test_lib/count_isa.py '\b(?:mul|mad)\.[\w.]+' %t.ptx \
// RUN:   | FileCheck %s
// CHECK:      mul.hi.u32: 20
// CHECK-NEXT: mul.lo.s32: 19
// CHECK-NEXT: mul.rn.f32: 4
// CHECK-NEXT: mul.wide.u32: 1
// CHECK-NEXT: total: 44

gpu.module @kernels {
  gpu.func @uniform(%out: memref<?xvector<4xf32>>, %seed: i32, %base: i32) kernel {
    %tid = gpu.thread_id x
    %t = arith.index_cast %tid : index to i32
    %offset = arith.addi %base, %t : i32
    %u:4 = rng.rand4x %seed, %offset : i32, i32
    %v = vector.from_elements %u#0, %u#1, %u#2, %u#3 : vector<4xf32>
    memref.store %v, %out[%tid] : memref<?xvector<4xf32>>
    gpu.return
  }
}
