// A sharded program with every family of elementwise draw (test/Integration/
// MPI/draws-*.test replace GRID by the grid's shape, SPLIT by the split axes
// of the 8x16 tensors, MID (below) and IMPL by the MPI implementation). The counters come
// from rng.linear_index, so each process draws the numbers of its own
// elements; @draws returns every result replicated (an all_gather of the
// shards) and every process prints them as bit patterns.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "IMPL">} {
  shard.grid @grid(shape = GRID)

  func.func @draws(%seed: i32, %seed64: i64, %k0: i32, %k1: i32, %p: f32,
                   %base: i64)
      -> (tensor<8x16xi32>, tensor<8x16xf32>, tensor<8x16xf32>,
          tensor<8x16xf32>, tensor<8x16xbf16>, tensor<8x16xf32>) {
    %split = shard.sharding @grid split_axes = SPLIT : !shard.sharding
    %whole = shard.sharding @grid split_axes = [[]] : !shard.sharding
    // LLVM 22 reshards one grid axis at a time: a 2-D split is gathered
    // through MID (the split of dimension 0 alone; [[]] on 1-D grids).
    %mid = shard.sharding @grid split_axes = MID : !shard.sharding
    %ctr0 = rng.linear_index : tensor<8x16xi32>
    %ctr = shard.shard %ctr0 to %split : tensor<8x16xi32>
    %wide0 = rng.linear_index %base : tensor<8x16xi64>
    %wide = shard.shard %wide0 to %split : tensor<8x16xi64>
    // Triton: rand, randint, dropout of the uniforms (x = u). Each result
    // is used through its annotation (shard-partition reads a result's
    // sharding from its one user).
    %u0 = rng.rand %seed, %ctr : i32, tensor<8x16xi32>
    %u = shard.shard %u0 to %split : tensor<8x16xf32>
    %bits0 = rng.randint %seed, %ctr : i32, tensor<8x16xi32>
    %bits = shard.shard %bits0 to %split : tensor<8x16xi32>
    %y0 = rng.dropout %u, %p, %seed64, %ctr
        : tensor<8x16xf32>, f32, i64, tensor<8x16xi32>
    %y = shard.shard %y0 to %split : tensor<8x16xf32>
    // JAX: uniform at the element's index.
    %j0 = rng.jax_uniform %k0, %k1, %ctr : i32, tensor<8x16xi32> -> tensor<8x16xf32>
    %j = shard.shard %j0 to %split : tensor<8x16xf32>
    // Stochastic rounding of the JAX uniforms with Triton's bits.
    %q0 = round.stochastic %j, %bits
        : tensor<8x16xf32>, tensor<8x16xi32> -> tensor<8x16xbf16>
    %q = shard.shard %q0 to %split : tensor<8x16xbf16>
    // 64-bit counters with a base.
    %w0 = rng.rand %seed, %wide : i32, tensor<8x16xi64>
    %w = shard.shard %w0 to %split : tensor<8x16xf32>

    %ctr_m = shard.shard %ctr to %mid annotate_for_users : tensor<8x16xi32>
    %ctr_n = shard.shard %ctr_m to %mid : tensor<8x16xi32>
    %ctr_r = shard.shard %ctr_n to %whole annotate_for_users : tensor<8x16xi32>
    %u_m = shard.shard %u to %mid annotate_for_users : tensor<8x16xf32>
    %u_n = shard.shard %u_m to %mid : tensor<8x16xf32>
    %u_r = shard.shard %u_n to %whole annotate_for_users : tensor<8x16xf32>
    %y_m = shard.shard %y to %mid annotate_for_users : tensor<8x16xf32>
    %y_n = shard.shard %y_m to %mid : tensor<8x16xf32>
    %y_r = shard.shard %y_n to %whole annotate_for_users : tensor<8x16xf32>
    %j_m = shard.shard %j to %mid annotate_for_users : tensor<8x16xf32>
    %j_n = shard.shard %j_m to %mid : tensor<8x16xf32>
    %j_r = shard.shard %j_n to %whole annotate_for_users : tensor<8x16xf32>
    %q_m = shard.shard %q to %mid annotate_for_users : tensor<8x16xbf16>
    %q_n = shard.shard %q_m to %mid : tensor<8x16xbf16>
    %q_r = shard.shard %q_n to %whole annotate_for_users : tensor<8x16xbf16>
    %w_m = shard.shard %w to %mid annotate_for_users : tensor<8x16xf32>
    %w_n = shard.shard %w_m to %mid : tensor<8x16xf32>
    %w_r = shard.shard %w_n to %whole annotate_for_users : tensor<8x16xf32>
    return %ctr_r, %u_r, %y_r, %j_r, %q_r, %w_r
        : tensor<8x16xi32>, tensor<8x16xf32>, tensor<8x16xf32>,
          tensor<8x16xf32>, tensor<8x16xbf16>, tensor<8x16xf32>
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI16(memref<*xi16>) attributes {llvm.emit_c_interface}

  func.func @print_f32(%t: tensor<8x16xf32>) {
    %b = arith.bitcast %t : tensor<8x16xf32> to tensor<8x16xi32>
    %m = bufferization.to_buffer %b : tensor<8x16xi32> to memref<8x16xi32>
    %a = memref.cast %m : memref<8x16xi32> to memref<*xi32>
    call @printMemrefI32(%a) : (memref<*xi32>) -> ()
    return
  }

  func.func @main() {
    %init = mpi.init : !mpi.retval
    %seed = arith.constant 123 : i32
    %seed64 = arith.constant 81985529216486895 : i64
    %k0 = arith.constant 0 : i32
    %k1 = arith.constant 42 : i32
    %p = arith.constant 0.25 : f32
    %base = arith.constant 4294967290 : i64
    %ctr, %u, %y, %j, %q, %w = call @draws(%seed, %seed64, %k0, %k1, %p, %base)
        : (i32, i64, i32, i32, f32, i64)
        -> (tensor<8x16xi32>, tensor<8x16xf32>, tensor<8x16xf32>,
            tensor<8x16xf32>, tensor<8x16xbf16>, tensor<8x16xf32>)
    %cm = bufferization.to_buffer %ctr : tensor<8x16xi32> to memref<8x16xi32>
    %ca = memref.cast %cm : memref<8x16xi32> to memref<*xi32>
    call @printMemrefI32(%ca) : (memref<*xi32>) -> ()
    call @print_f32(%u) : (tensor<8x16xf32>) -> ()
    call @print_f32(%y) : (tensor<8x16xf32>) -> ()
    call @print_f32(%j) : (tensor<8x16xf32>) -> ()
    %qb = arith.bitcast %q : tensor<8x16xbf16> to tensor<8x16xi16>
    %qm = bufferization.to_buffer %qb : tensor<8x16xi16> to memref<8x16xi16>
    %qa = memref.cast %qm : memref<8x16xi16> to memref<*xi16>
    call @printMemrefI16(%qa) : (memref<*xi16>) -> ()
    call @print_f32(%w) : (tensor<8x16xf32>) -> ()
    %fin = mpi.finalize : !mpi.retval
    return
  }
}
