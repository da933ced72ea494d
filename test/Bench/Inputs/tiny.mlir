// A one-kernel gpu.module for test/Bench/sass-local.test: lowered with
// rng-to-nvvm, llc and ptxas into the cubin whose header the test rewrites.
gpu.module @tiny {
  gpu.func @tiny(%seed: i32, %out: memref<1xf32>) kernel {
    %c0 = arith.constant 0 : index
    %i = gpu.thread_id x
    %o = arith.index_cast %i : index to i32
    %u = rng.rand %seed, %o : i32, i32
    memref.store %u, %out[%c0] : memref<1xf32>
    gpu.return
  }
}
