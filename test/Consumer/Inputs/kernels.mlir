// A GPU kernel for the target pipelines: the C consumer lowers it with
// `rng-to-nvvm` and `rng-to-rocdl`, the C++ consumer's own pass with its
// NVVM option.

gpu.module @kernels {
  gpu.func @random(%out: memref<?xbf16>, %seed: i64, %base: i32) kernel {
    %tid = gpu.thread_id x
    %i = arith.index_cast %tid : index to i32
    %offset = arith.addi %base, %i : i32
    %w:4 = rng.randint4x %seed, %offset : i64, i32
    %u = rng.rand %seed, %offset : i64, i32
    %b = round.stochastic %u, %w#1 : f32, i32 -> bf16
    memref.store %b, %out[%tid] : memref<?xbf16>
    gpu.return
  }

  // A scalar rng.jax_normal: rng-to-nvvm branches around ErfInv's tail
  // (scf.if, then control flow); populateRngToNVVMConversionPatterns keeps
  // the selects.
  gpu.func @normal(%out: memref<?xf32>, %k0: i32, %k1: i32) kernel {
    %tid = gpu.thread_id x
    %i = arith.index_cast %tid : index to i32
    %n = rng.jax_normal %k0, %k1, %i : i32, i32
    memref.store %n, %out[%tid] : memref<?xf32>
    gpu.return
  }
}
