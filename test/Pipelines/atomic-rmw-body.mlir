// A memref.generic_atomic_rmw body must be free of side effects and one
// block: rng-to-nvvm lowers ops there without its llvm.call_intrinsic forms
// (mul.hi, lg2.approx) and without rng.jax_normal's tail branch, so the
// kernel lowers on both GPU pipelines and translates to LLVM IR.
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | FileCheck %s
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 | FileCheck %s
// RUN: rng-opt %s --rng-to-nvvm=chip=sm_90 | mlir-translate --mlir-to-llvmir -o /dev/null
// RUN: rng-opt %s --rng-to-rocdl=chipset=gfx942 | mlir-translate --mlir-to-llvmir -o /dev/null
// The rest of the kernel keeps the intrinsic forms.
// RUN: rng-opt %s --pass-pipeline='builtin.module(gpu.module(convert-rng-to-nvvm))' \
// RUN:   | FileCheck %s --check-prefix=NVVM

// CHECK-NOT: rng.
// CHECK: llvm.func @k

// NVVM-LABEL: gpu.func @k
// NVVM: memref.generic_atomic_rmw
// NVVM-NOT: llvm.call_intrinsic
// NVVM-NOT: scf.if
// NVVM: memref.atomic_yield
// NVVM: llvm.call_intrinsic "llvm.nvvm.mulhi.ui"
gpu.module @g {
  gpu.func @k(%m: memref<16xi32>, %k: i32, %i: i64) kernel {
    %c0 = arith.constant 0 : index
    %x = memref.generic_atomic_rmw %m[%c0] : memref<16xi32> {
    ^bb0(%cur: i32):
      %w:4 = rng.philox_4x32 %cur, %k, %k, %k key %k, %k : i32, i32
      memref.atomic_yield %w#0 : i32
    }
    %y = memref.generic_atomic_rmw %m[%c0] : memref<16xi32> {
    ^bb0(%cur: i32):
      %n = rng.jax_normal %k, %k, %i : i32, i64
      %b = arith.bitcast %n : f32 to i32
      %s = arith.xori %cur, %b : i32
      memref.atomic_yield %s : i32
    }
    %v:4 = rng.philox_4x32 %k, %k, %k, %k key %k, %k : i32, i32
    memref.store %v#0, %m[%c0] : memref<16xi32>
    gpu.return
  }
}
