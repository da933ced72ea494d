// Sharded random numbers on MPI (docs/Sharding.md): two processes draw
// exactly the numbers of the unsharded program, each computing only its own
// half, with no communication until the results are gathered.
//
//   build/bin/rng-opt --rng-shard-to-llvm examples/sharded.mlir -o sharded.ll.mlir
//   mpirun -n 2 --tag-output mlir-runner sharded.ll.mlir -e main \
//     -entry-point-result=void \
//     -shared-libs=/usr/lib/x86_64-linux-gnu/libmpi.so,<llvm-lib>/libmlir_c_runner_utils.so,<llvm-lib>/libmlir_runner_utils.so
//
// @dropout is Triton's dropout (p = 0.2, seed = 123) over a 1024x512
// activation of ones, split by rows: the counters come from
// rng.linear_index, so process r draws rows [512 r, 512 r + 512) with their
// global offsets. @generate is StableHLO's rng_bit_generator (three_fry,
// state [1, 2]) with a 4x8 u32 output split by columns: each process
// computes its 4x4 half at the global positions (three_fry pairs along
// dimension 0) and returns the whole output's new state. Both results are
// gathered (replicated), so every process prints the same lines, which
// test/Integration/MPI/example.test compares with a 1-process run and
// with the models of test/lib.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
  shard.grid @grid(shape = 2)

  func.func @dropout(%seed: i32, %p: f32) -> tensor<1024x512xf32> {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %whole = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %ones = arith.constant dense<1.0> : tensor<1024x512xf32>
    %x = shard.shard %ones to %rows : tensor<1024x512xf32>
    %ctr0 = rng.linear_index : tensor<1024x512xi32>
    %ctr = shard.shard %ctr0 to %rows : tensor<1024x512xi32>
    %y0 = rng.dropout %x, %p, %seed, %ctr
        : tensor<1024x512xf32>, f32, i32, tensor<1024x512xi32>
    %y = shard.shard %y0 to %rows : tensor<1024x512xf32>
    %y_all = shard.shard %y to %whole annotate_for_users : tensor<1024x512xf32>
    return %y_all : tensor<1024x512xf32>
  }

  func.func @generate(%state: tensor<2xi64>) -> (tensor<2xi64>, tensor<4x8xi32>) {
    %columns = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
    %whole = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %new, %out0 = rng.bit_generator three_fry %state : tensor<2xi64> -> tensor<4x8xi32>
    %out = shard.shard %out0 to %columns : tensor<4x8xi32>
    %out_all = shard.shard %out to %whole annotate_for_users : tensor<4x8xi32>
    return %new, %out_all : tensor<2xi64>, tensor<4x8xi32>
  }

  func.func @main() {
    %init = mpi.init : !mpi.retval
    %world = mpi.comm_world : !mpi.comm
    %rc, %rank = mpi.comm_rank(%world) : !mpi.retval, i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %seed = arith.constant 123 : i32
    %p = arith.constant 0.2 : f32
    %y = call @dropout(%seed, %p) : (i32, f32) -> tensor<1024x512xf32>

    // Kept elements and the mean of y, over the whole gathered tensor.
    %zero = arith.constant 0.0 : f32
    %izero = arith.constant 0 : i64
    %init_sum = tensor.empty() : tensor<f32>
    %init_cnt = tensor.empty() : tensor<i64>
    %sum0 = linalg.fill ins(%zero : f32) outs(%init_sum : tensor<f32>) -> tensor<f32>
    %cnt0 = linalg.fill ins(%izero : i64) outs(%init_cnt : tensor<i64>) -> tensor<i64>
    %sum, %cnt = linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>,
                         affine_map<(i, j) -> ()>],
        iterator_types = ["reduction", "reduction"]}
        ins(%y : tensor<1024x512xf32>) outs(%sum0, %cnt0 : tensor<f32>, tensor<i64>) {
    ^bb0(%v: f32, %s: f32, %n: i64):
      %s1 = arith.addf %s, %v : f32
      %kept = arith.cmpf one, %v, %zero : f32
      %k = arith.extui %kept : i1 to i64
      %n1 = arith.addi %n, %k : i64
      linalg.yield %s1, %n1 : f32, i64
    } -> (tensor<f32>, tensor<i64>)
    %s = tensor.extract %sum[] : tensor<f32>
    %n = tensor.extract %cnt[] : tensor<i64>
    %total = arith.constant 524288.0 : f32
    %mean = arith.divf %s, %total : f32
    vector.print str "rank "
    vector.print %rank : i32
    vector.print str "dropout 1024x512 split by rows over 2 processes: kept "
    vector.print %n : i64
    vector.print str "mean of y "
    vector.print %mean : f32
    %y0 = tensor.extract %y[%c0, %c0] : tensor<1024x512xf32>
    %y1 = tensor.extract %y[%c0, %c1] : tensor<1024x512xf32>
    %y2 = tensor.extract %y[%c0, %c2] : tensor<1024x512xf32>
    %y3 = tensor.extract %y[%c0, %c3] : tensor<1024x512xf32>
    %yv = vector.from_elements %y0, %y1, %y2, %y3 : vector<4xf32>
    vector.print str "y[0, 0:4] "
    vector.print %yv : vector<4xf32>

    %state = arith.constant dense<[1, 2]> : tensor<2xi64>
    %new, %out = call @generate(%state) : (tensor<2xi64>) -> (tensor<2xi64>, tensor<4x8xi32>)
    %n0 = tensor.extract %new[%c0] : tensor<2xi64>
    %n1 = tensor.extract %new[%c1] : tensor<2xi64>
    %nv = vector.from_elements %n0, %n1 : vector<2xi64>
    vector.print str "rng_bit_generator three_fry [1, 2] 4x8 u32 split by columns: new state "
    vector.print %nv : vector<2xi64>
    %buf = bufferization.to_buffer %out : tensor<4x8xi32> to memref<4x8xi32>
    %pad = arith.constant 0 : i32
    scf.for %i = %c0 to %c4 step %c1 {
      %row = vector.transfer_read %buf[%i, %c0], %pad : memref<4x8xi32>, vector<8xi32>
      %wide = arith.extui %row : vector<8xi32> to vector<8xi64>
      vector.print %wide : vector<8xi64>
    }
    %fin = mpi.finalize : !mpi.retval
    return
  }
}
