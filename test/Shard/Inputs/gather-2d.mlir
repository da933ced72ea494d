// A sharded kernel and its driver on a 2-D grid, upstream ops only
// (test/Shard/run-mpi.test replaces GRID by the grid's shape, 1x1 or 2x2, and
// IMPL by the MPI implementation). @rows and @cols hash the row-major counter
// of a 4x6 tensor (lowbias32 of c ^ 0x5bd1e995), @rows split along grid axis
// 0 (rows), @cols along grid axis 1 (columns), and return the replicated
// result: each all_gather runs over one axis of the grid, so the MPI lowering
// splits the communicator. Every process prints both results.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "IMPL">} {
  shard.grid @grid(shape = GRID)

  // Rows split over grid axis 0: all_gather along dimension 0.
  func.func @rows() -> tensor<4x6xi32> {
    %empty = tensor.empty() : tensor<4x6xi32>
    %counter = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>],
                               iterator_types = ["parallel", "parallel"]}
        outs(%empty : tensor<4x6xi32>) {
    ^bb0(%out: i32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %c6 = arith.constant 6 : index
      %row = arith.muli %i, %c6 : index
      %l = arith.addi %row, %j : index
      %c = arith.index_cast %l : index to i32
      linalg.yield %c : i32
    } -> tensor<4x6xi32>
    %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %counter_r = shard.shard %counter to %replicated : tensor<4x6xi32>
    %counter_s = shard.shard %counter_r to %split annotate_for_users : tensor<4x6xi32>
    %empty2 = tensor.empty() : tensor<4x6xi32>
    %hash = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                            iterator_types = ["parallel", "parallel"]}
        ins(%counter_s : tensor<4x6xi32>) outs(%empty2 : tensor<4x6xi32>) {
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
    } -> tensor<4x6xi32>
    %hash_s = shard.shard %hash to %split : tensor<4x6xi32>
    %hash_r = shard.shard %hash_s to %replicated annotate_for_users : tensor<4x6xi32>
    return %hash_r : tensor<4x6xi32>
  }

  // Columns split over grid axis 1: all_gather along dimension 1.
  func.func @cols() -> tensor<4x6xi32> {
    %empty = tensor.empty() : tensor<4x6xi32>
    %counter = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>],
                               iterator_types = ["parallel", "parallel"]}
        outs(%empty : tensor<4x6xi32>) {
    ^bb0(%out: i32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %c6 = arith.constant 6 : index
      %row = arith.muli %i, %c6 : index
      %l = arith.addi %row, %j : index
      %c = arith.index_cast %l : index to i32
      linalg.yield %c : i32
    } -> tensor<4x6xi32>
    %replicated = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %split = shard.sharding @grid split_axes = [[], [1]] : !shard.sharding
    %counter_r = shard.shard %counter to %replicated : tensor<4x6xi32>
    %counter_s = shard.shard %counter_r to %split annotate_for_users : tensor<4x6xi32>
    %empty2 = tensor.empty() : tensor<4x6xi32>
    %hash = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                            iterator_types = ["parallel", "parallel"]}
        ins(%counter_s : tensor<4x6xi32>) outs(%empty2 : tensor<4x6xi32>) {
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
    } -> tensor<4x6xi32>
    %hash_s = shard.shard %hash to %split : tensor<4x6xi32>
    %hash_r = shard.shard %hash_s to %replicated annotate_for_users : tensor<4x6xi32>
    return %hash_r : tensor<4x6xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %init = mpi.init : !mpi.retval
    %rows = call @rows() : () -> tensor<4x6xi32>
    %cols = call @cols() : () -> tensor<4x6xi32>
    %rows_buf = bufferization.to_buffer %rows : tensor<4x6xi32> to memref<4x6xi32>
    %cols_buf = bufferization.to_buffer %cols : tensor<4x6xi32> to memref<4x6xi32>
    %rows_any = memref.cast %rows_buf : memref<4x6xi32> to memref<*xi32>
    %cols_any = memref.cast %cols_buf : memref<4x6xi32> to memref<*xi32>
    call @printMemrefI32(%rows_any) : (memref<*xi32>) -> ()
    call @printMemrefI32(%cols_any) : (memref<*xi32>) -> ()
    %fin = mpi.finalize : !mpi.retval
    return
  }
}
