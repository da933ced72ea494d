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
}
