gpu.module @kernels {
  gpu.func @sr_bf16(%x: memref<?xf32>, %out: memref<?xbf16>, %k0: i32, %k1: i32) kernel {
    %bid = gpu.block_id x
    %tid = gpu.thread_id x
    %bdim = arith.constant 256 : index
    %base = arith.muli %bid, %bdim : index
    %i = arith.addi %base, %tid : index
    %c = arith.index_cast %i : index to i32
    %z = arith.constant 0 : i32
    %w:4 = rng.philox_4x32 %c, %z, %z, %z key %k0, %k1 : i32, i32
    %v = memref.load %x[%i] : memref<?xf32>
    %l = math.log %v : f32
    %y = round.stochastic %l, %w#0 : f32, i32 -> bf16
    memref.store %y, %out[%i] : memref<?xbf16>
    gpu.return
  }
}
