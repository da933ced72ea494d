// A sharded rng.bit_generator (test/Integration/MPI/bitgen-*.test replace
// GRID by the grid's shape, SPLIT by the split axes of the output, MID by
// the split that the gather passes through (LLVM 22 reshards one grid axis
// at a time; [[]] when one axis splits), ALGO by the algorithm, NS by the
// number of state words, STATE by the state's words, SHAPE by the output
// shape and W by its element width; OUTDECL declares the
// printer of iW when W is not 64). Each process computes only its
// shard of the output; @gen returns the new state (replicated: every
// process computes it) and the gathered output, which every process prints.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "IMPL">} {
  shard.grid @grid(shape = GRID)

  func.func @gen(%state: tensor<NSxi64>) -> (tensor<NSxi64>, tensor<SHAPExiW>) {
    %split = shard.sharding @grid split_axes = SPLIT : !shard.sharding
    %mid = shard.sharding @grid split_axes = MID : !shard.sharding
    %whole = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %new, %out0 = rng.bit_generator ALGO %state : tensor<NSxi64> -> tensor<SHAPExiW>
    %out = shard.shard %out0 to %split : tensor<SHAPExiW>
    %out_m = shard.shard %out to %mid annotate_for_users : tensor<SHAPExiW>
    %out_n = shard.shard %out_m to %mid : tensor<SHAPExiW>
    %out_r = shard.shard %out_n to %whole annotate_for_users : tensor<SHAPExiW>
    return %new, %out_r : tensor<NSxi64>, tensor<SHAPExiW>
  }

  func.func private @printMemrefI64(memref<*xi64>)
  OUTDECL

  func.func @main() {
    %init = mpi.init : !mpi.retval
    %state = arith.constant dense<[STATE]> : tensor<NSxi64>
    %new, %out = call @gen(%state)
        : (tensor<NSxi64>) -> (tensor<NSxi64>, tensor<SHAPExiW>)
    %sm = bufferization.to_buffer %new : tensor<NSxi64> to memref<NSxi64>
    %sa = memref.cast %sm : memref<NSxi64> to memref<*xi64>
    call @printMemrefI64(%sa) : (memref<*xi64>) -> ()
    %om = bufferization.to_buffer %out : tensor<SHAPExiW> to memref<SHAPExiW>
    %oa = memref.cast %om : memref<SHAPExiW> to memref<*xiW>
    call @printMemrefIW(%oa) : (memref<*xiW>) -> ()
    %fin = mpi.finalize : !mpi.retval
    return
  }
}
