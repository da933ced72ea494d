// Tech-Renaissance's random-number recipes on the CPU, built from rng-mlir's
// ops (SPEC §7):
//
//   build/bin/rng-opt --rng-to-llvm examples/tech_renaissance.mlir |
//     mlir-runner -e main -entry-point-result=void \
//       -shared-libs=<llvm-lib>/libmlir_c_runner_utils.so,<llvm-lib>/libmlir_runner_utils.so
//
// * Per-rank seeds: splitmix64(global_seed + rank) (rng.splitmix64).
// * Per-worker seeds: global_seed ^ (worker << 32).
// * Draws: Philox4x32-10 (rng.philox_4x32) of the counter
//   (lo32(offset), hi32(offset), 0, 0) under the key (lo32(seed), hi32(seed));
//   uniform = (r0 >> 8) * 2^-24 (24 bits, exact, in [0, 1)); normal pair
//   from u1 = ((r0 >> 8) | 1) * 2^-24 (never 0) and u2 = (r1 >> 8) * 2^-24:
//   radius = sqrt(-2 log u1), (radius cos(2 pi u2), radius sin(2 pi u2)).
// * In-graph seed rotation by xorshift64*, so that a captured graph replays
//   with a fresh seed each step: s = (s == 0) ? 0x9E3779B97F4A7C15 : s;
//   s ^= s >> 12; s ^= s << 25; s ^= s >> 27; s * 0x2545F4914F6CDD1D. The
//   seed lives in device memory (here a memref) and the graph updates it.
// * Dropout masks (rng.tr_dropout_sample, the sampler of Tech-Renaissance's
//   dropout kernel): per rank, the rank's seed is rotated once per step and
//   each step's mask is keep = u >= p with
//   u = tr_dropout_sample(lo32(seed), hi32(seed), offset) (the halves
//   zero-extended to i64; SPEC §7's example convention), here p = 0.5 over
//   offsets 0..15, for steps 0..2 of ranks 0 and 1.
//
// Float results are also printed as their f32 bit patterns ("bits" lines):
// test/Integration/CPU/Rng/example-tech-renaissance.test checks every
// printed value against the independent host model in
// test/lib/hash_random_model.py (integers and uniforms exactly, normals
// within 3 ulp).

// The four Philox4x32-10 words of the counters (lo32(offset), hi32(offset),
// 0, 0) under the key (lo32(seed), hi32(seed)).
func.func @tr_words(%seed: i64, %offsets: vector<8xi64>)
    -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>) {
  %c32 = arith.constant 32 : i64
  %c32v = arith.constant dense<32> : vector<8xi64>
  %zero = arith.constant dense<0> : vector<8xi32>
  %c0 = arith.trunci %offsets : vector<8xi64> to vector<8xi32>
  %hi = arith.shrui %offsets, %c32v : vector<8xi64>
  %c1 = arith.trunci %hi : vector<8xi64> to vector<8xi32>
  %k0 = arith.trunci %seed : i64 to i32
  %seed_hi = arith.shrui %seed, %c32 : i64
  %k1 = arith.trunci %seed_hi : i64 to i32
  %r:4 = rng.philox_4x32 %c0, %c1, %zero, %zero key %k0, %k1 : vector<8xi32>, i32
  return %r#0, %r#1, %r#2, %r#3 : vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>
}

// (r >> 8) * 2^-24: the top 24 bits of a word as an exact f32 in [0, 1).
func.func @tr_uniform(%r: vector<8xi32>) -> vector<8xf32> {
  %c8 = arith.constant dense<8> : vector<8xi32>
  %scale = arith.constant dense<0x33800000> : vector<8xf32>  // 2^-24
  %top = arith.shrui %r, %c8 : vector<8xi32>
  %f = arith.uitofp %top : vector<8xi32> to vector<8xf32>
  %u = arith.mulf %f, %scale : vector<8xf32>
  return %u : vector<8xf32>
}

// The normal pair of (r0, r1).
func.func @tr_normal_pair(%r0: vector<8xi32>, %r1: vector<8xi32>)
    -> (vector<8xf32>, vector<8xf32>) {
  %c8 = arith.constant dense<8> : vector<8xi32>
  %c1 = arith.constant dense<1> : vector<8xi32>
  %scale = arith.constant dense<0x33800000> : vector<8xf32>     // 2^-24
  %minus_two = arith.constant dense<-2.0> : vector<8xf32>
  %two_pi = arith.constant dense<0x40C90FDB> : vector<8xf32>    // 6.2831855
  %top0 = arith.shrui %r0, %c8 : vector<8xi32>
  %odd0 = arith.ori %top0, %c1 : vector<8xi32>
  %f0 = arith.uitofp %odd0 : vector<8xi32> to vector<8xf32>
  %u1 = arith.mulf %f0, %scale : vector<8xf32>
  %top1 = arith.shrui %r1, %c8 : vector<8xi32>
  %f1 = arith.uitofp %top1 : vector<8xi32> to vector<8xf32>
  %u2 = arith.mulf %f1, %scale : vector<8xf32>
  %log = math.log %u1 : vector<8xf32>
  %m = arith.mulf %minus_two, %log : vector<8xf32>
  %radius = math.sqrt %m : vector<8xf32>
  %angle = arith.mulf %two_pi, %u2 : vector<8xf32>
  %cos = math.cos %angle : vector<8xf32>
  %sin = math.sin %angle : vector<8xf32>
  %n0 = arith.mulf %radius, %cos : vector<8xf32>
  %n1 = arith.mulf %radius, %sin : vector<8xf32>
  return %n0, %n1 : vector<8xf32>, vector<8xf32>
}

// splitmix64(global + rank) for ranks 0..7.
func.func @rank_seeds(%global: i64) -> vector<8xi64> {
  %ranks = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi64>
  %g = vector.broadcast %global : i64 to vector<8xi64>
  %states = arith.addi %g, %ranks : vector<8xi64>
  %seeds = rng.splitmix64 %states : vector<8xi64>
  return %seeds : vector<8xi64>
}

// global ^ (worker << 32) for workers 0..3.
func.func @worker_seeds(%global: i64) -> vector<4xi64> {
  %workers = arith.constant dense<[0, 1, 2, 3]> : vector<4xi64>
  %c32 = arith.constant dense<32> : vector<4xi64>
  %shifted = arith.shli %workers, %c32 : vector<4xi64>
  %g = vector.broadcast %global : i64 to vector<4xi64>
  %seeds = arith.xori %g, %shifted : vector<4xi64>
  return %seeds : vector<4xi64>
}

// One xorshift64* rotation of the seed held in %state[0].
func.func @rotate_seed(%state: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  %gamma = arith.constant 0x9E3779B97F4A7C15 : i64
  %c12 = arith.constant 12 : i64
  %c25 = arith.constant 25 : i64
  %c27 = arith.constant 27 : i64
  %mult = arith.constant 0x2545F4914F6CDD1D : i64
  %s0 = memref.load %state[%c0] : memref<1xi64>
  %is_zero = arith.cmpi eq, %s0, %zero : i64
  %s1 = arith.select %is_zero, %gamma, %s0 : i64
  %a = arith.shrui %s1, %c12 : i64
  %s2 = arith.xori %s1, %a : i64
  %b = arith.shli %s2, %c25 : i64
  %s3 = arith.xori %s2, %b : i64
  %c = arith.shrui %s3, %c27 : i64
  %s4 = arith.xori %s3, %c : i64
  %s5 = arith.muli %s4, %mult : i64
  memref.store %s5, %state[%c0] : memref<1xi64>
  return
}

// The dropout mask of one step: u = tr_dropout_sample(lo32(seed),
// hi32(seed), offset), keep = u >= p.
func.func @tr_dropout_mask(%seed: i64, %offsets: vector<16xi64>, %p: f32)
    -> (vector<16xf32>, vector<16xi1>) {
  %c32 = arith.constant 32 : i64
  %low_mask = arith.constant 0xFFFFFFFF : i64
  %lo = arith.andi %seed, %low_mask : i64
  %hi = arith.shrui %seed, %c32 : i64
  %u = rng.tr_dropout_sample %lo, %hi, %offsets : i64, i64, vector<16xi64>
  %ps = vector.broadcast %p : f32 to vector<16xf32>
  %keep = arith.cmpf oge, %u, %ps : vector<16xf32>
  return %u, %keep : vector<16xf32>, vector<16xi1>
}

// Prints the uniforms and normal pairs of `seed` at offsets 0..7, as values
// and as f32 bit patterns.
func.func @draws(%seed: i64) {
  %offsets = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi64>
  %r:4 = func.call @tr_words(%seed, %offsets)
      : (i64, vector<8xi64>) -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
  %u = func.call @tr_uniform(%r#0) : (vector<8xi32>) -> vector<8xf32>
  %n:2 = func.call @tr_normal_pair(%r#0, %r#1)
      : (vector<8xi32>, vector<8xi32>) -> (vector<8xf32>, vector<8xf32>)
  %ub = arith.bitcast %u : vector<8xf32> to vector<8xi32>
  %cb = arith.bitcast %n#0 : vector<8xf32> to vector<8xi32>
  %sb = arith.bitcast %n#1 : vector<8xf32> to vector<8xi32>
  vector.print str "  uniform "
  vector.print %u : vector<8xf32>
  vector.print str "  normal cos "
  vector.print %n#0 : vector<8xf32>
  vector.print str "  normal sin "
  vector.print %n#1 : vector<8xf32>
  vector.print str "  uniform bits "
  vector.print %ub : vector<8xi32>
  vector.print str "  cos bits "
  vector.print %cb : vector<8xi32>
  vector.print str "  sin bits "
  vector.print %sb : vector<8xi32>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %global = arith.constant 123 : i64

  %ranks = func.call @rank_seeds(%global) : (i64) -> vector<8xi64>
  vector.print str "rank seeds of global seed 123, ranks 0..7: "
  vector.print %ranks : vector<8xi64>
  %workers = func.call @worker_seeds(%global) : (i64) -> vector<4xi64>
  vector.print str "worker seeds of global seed 123, workers 0..3: "
  vector.print %workers : vector<4xi64>

  scf.for %rank = %c0 to %c2 step %c1 {
    %seed = vector.extract %ranks[%rank] : i64 from vector<8xi64>
    vector.print str "rank "
    vector.print %rank : index punctuation <no_punctuation>
    vector.print str ", seed "
    vector.print %seed : i64
    func.call @draws(%seed) : (i64) -> ()
  }

  // Seed rotation in the graph: from 0 (the special case) and from 123.
  %state = memref.alloc() : memref<1xi64>
  %starts = arith.constant dense<[0, 123]> : vector<2xi64>
  scf.for %k = %c0 to %c2 step %c1 {
    %start = vector.extract %starts[%k] : i64 from vector<2xi64>
    memref.store %start, %state[%c0] : memref<1xi64>
    vector.print str "xorshift64* rotations of "
    vector.print %start : i64
    scf.for %step = %c0 to %c3 step %c1 {
      func.call @rotate_seed(%state) : (memref<1xi64>) -> ()
      %s = memref.load %state[%c0] : memref<1xi64>
      vector.print str "  step "
      vector.print %step : index punctuation <no_punctuation>
      vector.print str ": seed "
      vector.print %s : i64
    }
  }

  // Per-rank dropout masks over rotated seeds: each step rotates the rank's
  // seed, then draws the step's mask with the new seed.
  %p = arith.constant 0.5 : f32
  %mask_offsets = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi64>
  scf.for %rank = %c0 to %c2 step %c1 {
    %rank_seed = vector.extract %ranks[%rank] : i64 from vector<8xi64>
    memref.store %rank_seed, %state[%c0] : memref<1xi64>
    scf.for %step = %c0 to %c3 step %c1 {
      func.call @rotate_seed(%state) : (memref<1xi64>) -> ()
      %seed = memref.load %state[%c0] : memref<1xi64>
      %u, %keep = func.call @tr_dropout_mask(%seed, %mask_offsets, %p)
          : (i64, vector<16xi64>, f32) -> (vector<16xf32>, vector<16xi1>)
      %keep_ints = arith.extui %keep : vector<16xi1> to vector<16xi32>
      %kept = vector.reduction <add>, %keep_ints : vector<16xi32> into i32
      %ubits = arith.bitcast %u : vector<16xf32> to vector<16xi32>
      vector.print str "dropout rank "
      vector.print %rank : index punctuation <no_punctuation>
      vector.print str ", step "
      vector.print %step : index punctuation <no_punctuation>
      vector.print str ", seed "
      vector.print %seed : i64 punctuation <no_punctuation>
      vector.print str ", p = 0.5: kept "
      vector.print %kept : i32 punctuation <no_punctuation>
      vector.print str " of 16\n"
      vector.print str "  keep "
      vector.print %keep_ints : vector<16xi32>
      vector.print str "  sample bits "
      vector.print %ubits : vector<16xi32>
    }
  }
  memref.dealloc %state : memref<1xi64>
  return
}
