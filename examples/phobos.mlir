// Phobos' std/random on the CPU: every random number is the lowbias32 hash
// of (seed, counter), a few integer instructions fused into the statement
// that uses it (SPEC §5-6).
//
//   build/bin/rng-opt --rng-to-llvm examples/phobos.mlir |
//     mlir-runner -e main -entry-point-result=void \
//       -shared-libs=<llvm-lib>/libmlir_c_runner_utils.so,<llvm-lib>/libmlir_runner_utils.so
//
// 1. Phobos' `dropout_rows` kernel: rows of 256, element (row, column) of
//    step r draws counter (r + row) * 256 + column and keeps x / (1 - p)
//    where hash_rand(seed, counter) >= p, p = 0.1. The backward pass applies
//    the same op to the gradient and recomputes the mask instead of storing
//    it: the two masks are equal. Step r + 1 draws the rows of step r shifted
//    by one.
// 2. Uniform and normal 16x16 tiles (counters 0..255) under seeds 1, 2 and
//    3: mean, variance, minimum and maximum. Seed 1's uniform mean is the
//    SPEC's 0.513.
//
// test/Integration/CPU/Rng/example-phobos.test checks every printed number
// against the independent host model in test/lib/hash_random_model.py.

// y = hash_dropout(x), counters (r + row) * 256 + column, 16 lanes at a time.
func.func @dropout_rows(%x: memref<?x256xf32>, %y: memref<?x256xf32>,
                        %seed: i32, %r: i32, %p: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c256_i32 = arith.constant 256 : i32
  %rows = memref.dim %x, %c0 : memref<?x256xf32>
  %lanes = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi32>
  scf.for %row = %c0 to %rows step %c1 {
    %row_i32 = arith.index_cast %row : index to i32
    %step_row = arith.addi %r, %row_i32 : i32
    %row_base = arith.muli %step_row, %c256_i32 : i32
    scf.for %col = %c0 to %c256 step %c16 {
      %col_i32 = arith.index_cast %col : index to i32
      %first = arith.addi %row_base, %col_i32 : i32
      %firsts = vector.broadcast %first : i32 to vector<16xi32>
      %counters = arith.addi %firsts, %lanes : vector<16xi32>
      %xv = vector.load %x[%row, %col] : memref<?x256xf32>, vector<16xf32>
      %yv = rng.hash_dropout %xv, %p, %seed, %counters
          : vector<16xf32>, f32, i32, vector<16xi32>
      vector.store %yv, %y[%row, %col] : memref<?x256xf32>, vector<16xf32>
    }
  }
  return
}

// The number of nonzero elements of %y and their sum.
func.func @kept(%y: memref<?x256xf32>) -> (i64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %count0 = arith.constant 0 : i64
  %sum0 = arith.constant 0.0 : f64
  %rows = memref.dim %y, %c0 : memref<?x256xf32>
  %r:2 = scf.for %i = %c0 to %rows step %c1 iter_args(%n = %count0, %s = %sum0) -> (i64, f64) {
    %q:2 = scf.for %j = %c0 to %c256 step %c1 iter_args(%n2 = %n, %s2 = %s) -> (i64, f64) {
      %v = memref.load %y[%i, %j] : memref<?x256xf32>
      %nonzero = arith.cmpf one, %v, %zero : f32
      %inc = arith.extui %nonzero : i1 to i64
      %n3 = arith.addi %n2, %inc : i64
      %v64 = arith.extf %v : f32 to f64
      %s3 = arith.addf %s2, %v64 : f64
      scf.yield %n3, %s3 : i64, f64
    }
    scf.yield %q#0, %q#1 : i64, f64
  }
  return %r#0, %r#1 : i64, f64
}

// The number of elements where exactly one of %a, %b is zero (where the
// masks differ), comparing row i of %a with row i + %shift of %b.
func.func @mask_differences(%a: memref<?x256xf32>, %b: memref<?x256xf32>,
                            %shift: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %count0 = arith.constant 0 : i64
  %rows_a = memref.dim %a, %c0 : memref<?x256xf32>
  %rows = arith.subi %rows_a, %shift : index
  %r = scf.for %i = %c0 to %rows step %c1 iter_args(%n = %count0) -> i64 {
    %ib = arith.addi %i, %shift : index
    %q = scf.for %j = %c0 to %c256 step %c1 iter_args(%n2 = %n) -> i64 {
      %va = memref.load %a[%i, %j] : memref<?x256xf32>
      %vb = memref.load %b[%ib, %j] : memref<?x256xf32>
      %za = arith.cmpf oeq, %va, %zero : f32
      %zb = arith.cmpf oeq, %vb, %zero : f32
      %differ = arith.xori %za, %zb : i1
      %inc = arith.extui %differ : i1 to i64
      %n3 = arith.addi %n2, %inc : i64
      scf.yield %n3 : i64
    }
    scf.yield %q : i64
  }
  return %r : i64
}

// Mean, variance, minimum and maximum of a 16x16 tile of values.
func.func @tile_stats(%t: vector<16x16xf32>) -> (f64, f64, f32, f32) {
  %flat = vector.shape_cast %t : vector<16x16xf32> to vector<256xf32>
  %d = arith.extf %flat : vector<256xf32> to vector<256xf64>
  %sq = arith.mulf %d, %d : vector<256xf64>
  %sum = vector.reduction <add>, %d : vector<256xf64> into f64
  %sumsq = vector.reduction <add>, %sq : vector<256xf64> into f64
  %n = arith.constant 256.0 : f64
  %mean = arith.divf %sum, %n : f64
  %meansq = arith.divf %sumsq, %n : f64
  %m2 = arith.mulf %mean, %mean : f64
  %var = arith.subf %meansq, %m2 : f64
  %min = vector.reduction <minimumf>, %flat : vector<256xf32> into f32
  %max = vector.reduction <maximumf>, %flat : vector<256xf32> into f32
  return %mean, %var, %min, %max : f64, f64, f32, f32
}

// The uniform and normal tiles of `seed`: counters 0..255 as 16x16.
func.func @tiles(%seed: i32) -> (vector<16x16xf32>, vector<16x16xf32>) {
  %rows = arith.constant dense<[[0], [16], [32], [48], [64], [80], [96], [112], [128], [144], [160], [176], [192], [208], [224], [240]]> : vector<16x1xi32>
  %cols = arith.constant dense<[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]]> : vector<1x16xi32>
  %r = vector.broadcast %rows : vector<16x1xi32> to vector<16x16xi32>
  %c = vector.broadcast %cols : vector<1x16xi32> to vector<16x16xi32>
  %counters = arith.addi %r, %c : vector<16x16xi32>
  %u = rng.hash_rand %seed, %counters : i32, vector<16x16xi32>
  %n = rng.hash_randn %seed, %counters : i32, vector<16x16xi32>
  return %u, %n : vector<16x16xf32>, vector<16x16xf32>
}

func.func @print_stats(%label: i32, %mean: f64, %var: f64, %min: f32, %max: f32) {
  vector.print %label : i32 punctuation <no_punctuation>
  vector.print str ": mean "
  vector.print %mean : f64 punctuation <no_punctuation>
  vector.print str ", variance "
  vector.print %var : f64 punctuation <no_punctuation>
  vector.print str ", min "
  vector.print %min : f32 punctuation <no_punctuation>
  vector.print str ", max "
  vector.print %max : f32
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = arith.constant 64 : index
  %seed = arith.constant 1 : i32
  %r0 = arith.constant 0 : i32
  %r1 = arith.constant 1 : i32
  %p = arith.constant 0.1 : f32
  %one = arith.constant 1.0 : f32
  %half = arith.constant -0.5 : f32
  %x = memref.alloc(%rows) : memref<?x256xf32>
  %dy = memref.alloc(%rows) : memref<?x256xf32>
  %y = memref.alloc(%rows) : memref<?x256xf32>
  %dx = memref.alloc(%rows) : memref<?x256xf32>
  %y1 = memref.alloc(%rows) : memref<?x256xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<?x256xf32>)
  linalg.fill ins(%half : f32) outs(%dy : memref<?x256xf32>)

  vector.print str "dropout_rows: 64 rows of 256, x = 1, p = 0.1, seed 1, counter (r + row) * 256 + column\n"
  // Forward at step 0, backward (the gradient dy = -0.5) with the same
  // p, seed and counters, and forward at step 1.
  func.call @dropout_rows(%x, %y, %seed, %r0, %p)
      : (memref<?x256xf32>, memref<?x256xf32>, i32, i32, f32) -> ()
  func.call @dropout_rows(%dy, %dx, %seed, %r0, %p)
      : (memref<?x256xf32>, memref<?x256xf32>, i32, i32, f32) -> ()
  func.call @dropout_rows(%x, %y1, %seed, %r1, %p)
      : (memref<?x256xf32>, memref<?x256xf32>, i32, i32, f32) -> ()
  %kept:2 = func.call @kept(%y) : (memref<?x256xf32>) -> (i64, f64)
  vector.print str "step 0: kept "
  vector.print %kept#0 : i64 punctuation <no_punctuation>
  vector.print str " of 16384, sum of y "
  vector.print %kept#1 : f64
  %kept1:2 = func.call @kept(%y1) : (memref<?x256xf32>) -> (i64, f64)
  vector.print str "step 1: kept "
  vector.print %kept1#0 : i64 punctuation <no_punctuation>
  vector.print str " of 16384, sum of y "
  vector.print %kept1#1 : f64
  %backward = func.call @mask_differences(%y, %dx, %c0)
      : (memref<?x256xf32>, memref<?x256xf32>, index) -> i64
  vector.print str "backward mask differs from forward mask at: "
  vector.print %backward : i64
  %shifted = func.call @mask_differences(%y1, %y, %c1)
      : (memref<?x256xf32>, memref<?x256xf32>, index) -> i64
  vector.print str "step 1 row i differs from step 0 row i + 1 at: "
  vector.print %shifted : i64

  vector.print str "tiles: counters 0..255 (uniform, then normal)\n"
  %seeds = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %s = vector.extract %seeds[%i] : i32 from vector<3xi32>
    %t:2 = func.call @tiles(%s) : (i32) -> (vector<16x16xf32>, vector<16x16xf32>)
    %us:4 = func.call @tile_stats(%t#0) : (vector<16x16xf32>) -> (f64, f64, f32, f32)
    vector.print str "uniform seed "
    func.call @print_stats(%s, %us#0, %us#1, %us#2, %us#3) : (i32, f64, f64, f32, f32) -> ()
    %ns:4 = func.call @tile_stats(%t#1) : (vector<16x16xf32>) -> (f64, f64, f32, f32)
    vector.print str "normal seed "
    func.call @print_stats(%s, %ns#0, %ns#1, %ns#2, %ns#3) : (i32, f64, f64, f32, f32) -> ()
  }
  memref.dealloc %x : memref<?x256xf32>
  memref.dealloc %dy : memref<?x256xf32>
  memref.dealloc %y : memref<?x256xf32>
  memref.dealloc %dx : memref<?x256xf32>
  memref.dealloc %y1 : memref<?x256xf32>
  return
}
