// A sharded kernel and its driver, upstream ops only (test/Shard/run-mpi.test
// replaces GRID by the grid's shape and IMPL by the MPI implementation).
// @hash_i32 and @hash_f32 hash a counter 0..15 (lowbias32 of c ^ 0x5bd1e995),
// each process its quarter (or half) of it, and return the replicated result
// (an all_gather of the shards); @hash_f32 returns the bits as f32, with -0.0
// at 3 and a NaN with payload 1 at 10. Every process prints both results.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "IMPL">} {
  shard.grid @grid(shape = GRID)

  func.func @hash_i32() -> tensor<16xi32> {
    %empty = tensor.empty() : tensor<16xi32>
    %counter = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>],
                               iterator_types = ["parallel"]}
        outs(%empty : tensor<16xi32>) {
    ^bb0(%out: i32):
      %i = linalg.index 0 : index
      %c = arith.index_cast %i : index to i32
      linalg.yield %c : i32
    } -> tensor<16xi32>
    %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %counter_r = shard.shard %counter to %replicated : tensor<16xi32>
    %counter_s = shard.shard %counter_r to %split annotate_for_users : tensor<16xi32>
    %empty2 = tensor.empty() : tensor<16xi32>
    %hash = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                            iterator_types = ["parallel"]}
        ins(%counter_s : tensor<16xi32>) outs(%empty2 : tensor<16xi32>) {
    ^bb0(%c: i32, %out: i32):
      %seed = arith.constant 1540483477 : i32
      %c15 = arith.constant 15 : i32
      %c16 = arith.constant 16 : i32
      %m1 = arith.constant 2146121005 : i32
      %m2 = arith.constant -2073254261 : i32
      %x0 = arith.xori %c, %seed : i32
      %s0 = arith.shrui %x0, %c16 : i32
      %x1 = arith.xori %x0, %s0 : i32
      %x2 = arith.muli %x1, %m1 : i32
      %s2 = arith.shrui %x2, %c15 : i32
      %x3 = arith.xori %x2, %s2 : i32
      %x4 = arith.muli %x3, %m2 : i32
      %s4 = arith.shrui %x4, %c16 : i32
      %x5 = arith.xori %x4, %s4 : i32
      linalg.yield %x5 : i32
    } -> tensor<16xi32>
    %hash_s = shard.shard %hash to %split : tensor<16xi32>
    %hash_r = shard.shard %hash_s to %replicated annotate_for_users : tensor<16xi32>
    return %hash_r : tensor<16xi32>
  }

  func.func @hash_f32() -> tensor<16xf32> {
    %empty = tensor.empty() : tensor<16xi32>
    %counter = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>],
                               iterator_types = ["parallel"]}
        outs(%empty : tensor<16xi32>) {
    ^bb0(%out: i32):
      %i = linalg.index 0 : index
      %c = arith.index_cast %i : index to i32
      linalg.yield %c : i32
    } -> tensor<16xi32>
    %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %counter_r = shard.shard %counter to %replicated : tensor<16xi32>
    %counter_s = shard.shard %counter_r to %split annotate_for_users : tensor<16xi32>
    %empty2 = tensor.empty() : tensor<16xf32>
    %bits = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                            iterator_types = ["parallel"]}
        ins(%counter_s : tensor<16xi32>) outs(%empty2 : tensor<16xf32>) {
    ^bb0(%c: i32, %out: f32):
      %seed = arith.constant 1540483477 : i32
      %c15 = arith.constant 15 : i32
      %c16 = arith.constant 16 : i32
      %m1 = arith.constant 2146121005 : i32
      %m2 = arith.constant -2073254261 : i32
      %x0 = arith.xori %c, %seed : i32
      %s0 = arith.shrui %x0, %c16 : i32
      %x1 = arith.xori %x0, %s0 : i32
      %x2 = arith.muli %x1, %m1 : i32
      %s2 = arith.shrui %x2, %c15 : i32
      %x3 = arith.xori %x2, %s2 : i32
      %x4 = arith.muli %x3, %m2 : i32
      %s4 = arith.shrui %x4, %c16 : i32
      %x5 = arith.xori %x4, %s4 : i32
      // -0.0 at 3, a quiet NaN with payload 1 (0x7FC00001) at 10.
      %c3 = arith.constant 3 : i32
      %c10 = arith.constant 10 : i32
      %negzero = arith.constant -2147483648 : i32
      %nan = arith.constant 2143289345 : i32
      %is3 = arith.cmpi eq, %c, %c3 : i32
      %is10 = arith.cmpi eq, %c, %c10 : i32
      %y0 = arith.select %is3, %negzero, %x5 : i32
      %y1 = arith.select %is10, %nan, %y0 : i32
      %f = arith.bitcast %y1 : i32 to f32
      linalg.yield %f : f32
    } -> tensor<16xf32>
    %bits_s = shard.shard %bits to %split : tensor<16xf32>
    %bits_r = shard.shard %bits_s to %replicated annotate_for_users : tensor<16xf32>
    return %bits_r : tensor<16xf32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %init = mpi.init : !mpi.retval
    %i = call @hash_i32() : () -> tensor<16xi32>
    %f = call @hash_f32() : () -> tensor<16xf32>
    %f_bits = arith.bitcast %f : tensor<16xf32> to tensor<16xi32>
    %i_buf = bufferization.to_buffer %i : tensor<16xi32> to memref<16xi32>
    %f_buf = bufferization.to_buffer %f_bits : tensor<16xi32> to memref<16xi32>
    %i_any = memref.cast %i_buf : memref<16xi32> to memref<*xi32>
    %f_any = memref.cast %f_buf : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%i_any) : (memref<*xi32>) -> ()
    call @printMemrefI32(%f_any) : (memref<*xi32>) -> ()
    %fin = mpi.finalize : !mpi.retval
    return
  }
}
