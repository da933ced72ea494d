// The kernel of test/GPU/hash-h200.sh: one element per thread, element i
// uses counter/offset i - 4096 (negative counters included) and x = i/8 - 3;
// every op of SPEC §5-7 is computed and stored. rng.tr_dropout_sample runs
// as a scalar (the 128-bit product through arith.mului_extended) at offset
// tr_base + i, and as a vector<4> (the product from 32-bit halves) at
// offsets tr_base + 4i + (0, 1, 2, 3).
gpu.module @hash {
  gpu.func @hash_all(%h: memref<?xi32>, %u: memref<?xf32>, %nrm: memref<?xf32>,
                     %hd: memref<?xf32>, %hg: memref<?xf32>, %d: memref<?xf32>,
                     %dg: memref<?xf32>, %sm: memref<?xi64>,
                     %tr: memref<?xf32>, %tr4: memref<?xf32>,
                     %seed: i32, %seed64: i64, %p: f32, %n: index,
                     %seed_lo: i64, %seed_hi: i64, %tr_base: i64) kernel {
    %bid = gpu.block_id x
    %bdim = gpu.block_dim x
    %tid = gpu.thread_id x
    %base = arith.muli %bid, %bdim : index
    %i = arith.addi %base, %tid : index
    %inb = arith.cmpi ult, %i, %n : index
    scf.if %inb {
      %i32 = arith.index_cast %i : index to i32
      %c4096 = arith.constant 4096 : i32
      %counter = arith.subi %i32, %c4096 : i32
      %f = arith.sitofp %i32 : i32 to f32
      %eighth = arith.constant 0.125 : f32
      %three = arith.constant 3.0 : f32
      %scaled = arith.mulf %f, %eighth : f32
      %x = arith.subf %scaled, %three : f32
      %half = arith.constant -0.5 : f32
      %g = arith.constant 0.75 : f32
      %xh = arith.mulf %x, %half : f32
      %grad = arith.addf %xh, %g : f32
      %hv = rng.lowbias32 %counter : i32
      %uv = rng.hash_rand %seed, %counter : i32, i32
      %nv = rng.hash_randn %seed, %counter : i32, i32
      %hdv = rng.hash_dropout %x, %p, %seed, %counter : f32, f32, i32, i32
      %hgv = rng.hash_dropout %grad, %p, %seed, %counter : f32, f32, i32, i32
      %dv = rng.dropout %x, %p, %seed64, %counter : f32, f32, i64, i32
      %dgv = rng.dropout %grad, %p, %seed64, %counter : f32, f32, i64, i32
      %c64 = arith.extsi %counter : i32 to i64
      %smv = rng.splitmix64 %c64 : i64
      memref.store %hv, %h[%i] : memref<?xi32>
      memref.store %uv, %u[%i] : memref<?xf32>
      memref.store %nv, %nrm[%i] : memref<?xf32>
      memref.store %hdv, %hd[%i] : memref<?xf32>
      memref.store %hgv, %hg[%i] : memref<?xf32>
      memref.store %dv, %d[%i] : memref<?xf32>
      memref.store %dgv, %dg[%i] : memref<?xf32>
      memref.store %smv, %sm[%i] : memref<?xi64>
      %i64 = arith.index_cast %i : index to i64
      %tr_offset = arith.addi %tr_base, %i64 : i64
      %trv = rng.tr_dropout_sample %seed_lo, %seed_hi, %tr_offset : i64, i64, i64
      memref.store %trv, %tr[%i] : memref<?xf32>
      %c4 = arith.constant 4 : i64
      %i4 = arith.muli %i64, %c4 : i64
      %first = arith.addi %tr_base, %i4 : i64
      %firsts = vector.broadcast %first : i64 to vector<4xi64>
      %lanes = arith.constant dense<[0, 1, 2, 3]> : vector<4xi64>
      %offsets4 = arith.addi %firsts, %lanes : vector<4xi64>
      %tr4v = rng.tr_dropout_sample %seed_lo, %seed_hi, %offsets4 : i64, i64, vector<4xi64>
      %c4i = arith.constant 4 : index
      %j = arith.muli %i, %c4i : index
      vector.store %tr4v, %tr4[%j] : memref<?xf32>, vector<4xf32>
    }
    gpu.return
  }
}
