// Triton's dropout tutorial on the CPU (triton-lang.org, "Low-Memory
// Dropout"): y[i] = rand(seed, i) > p ? x[i] / (1 - p) : 0 with p = 0.2 and
// seed = 123 over a buffer of 2^20 ones, vectorized 16 lanes at a time.
//
//   build/bin/rng-opt --rng-to-llvm examples/dropout.mlir |
//     mlir-runner -e main -entry-point-result=void \
//       -shared-libs=<llvm-lib>/libmlir_c_runner_utils.so,<llvm-lib>/libmlir_runner_utils.so
//
// rng.rand reproduces tl.rand bit for bit, so the mask is the one Triton's
// kernel draws on a GPU for the same seed and offsets: about 80% of the
// elements are kept, each scaled to 1 / 0.8 = 1.25, so the mean of y stays
// close to the mean of x (1). The output is the same on every run.

// The kernel: `seed` and `p` are arguments and `x` is loaded from memory,
// so the random numbers are computed at run time.
func.func @dropout(%x: memref<?xf32>, %y: memref<?xf32>, %seed: i32, %p: f32) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %one = arith.constant 1.0 : f32
  %keep_scale = arith.subf %one, %p : f32
  %scale = vector.broadcast %keep_scale : f32 to vector<16xf32>
  %threshold = vector.broadcast %p : f32 to vector<16xf32>
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %lanes = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi32>
  scf.for %i = %c0 to %n step %c16 {
    // offsets = i + arange(16)
    %i32 = arith.index_cast %i : index to i32
    %base = vector.broadcast %i32 : i32 to vector<16xi32>
    %offsets = arith.addi %base, %lanes : vector<16xi32>
    // random = tl.rand(seed, offsets); x_keep = random > p
    %random = rng.rand %seed, %offsets : i32, vector<16xi32>
    %keep = arith.cmpf ogt, %random, %threshold : vector<16xf32>
    // output = tl.where(x_keep, x / (1 - p), 0.0)
    %xv = vector.load %x[%i] : memref<?xf32>, vector<16xf32>
    %scaled = arith.divf %xv, %scale : vector<16xf32>
    %yv = arith.select %keep, %scaled, %zero : vector<16xi1>, vector<16xf32>
    vector.store %yv, %y[%i] : memref<?xf32>, vector<16xf32>
  }
  return
}

// Prints how many elements were kept, the mean of y and its distinct values
// (its minimum and maximum, and how many elements are neither).
func.func @report(%y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  %sum0 = arith.constant 0.0 : f64
  %count0 = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %r:4 = scf.for %i = %c0 to %n step %c1
      iter_args(%kept = %count0, %sum = %sum0, %lo = %inf, %hi = %ninf)
      -> (i64, f64, f32, f32) {
    %v = memref.load %y[%i] : memref<?xf32>
    %nonzero = arith.cmpf one, %v, %zero : f32
    %inc = arith.extui %nonzero : i1 to i64
    %kept2 = arith.addi %kept, %inc : i64
    %v64 = arith.extf %v : f32 to f64
    %sum2 = arith.addf %sum, %v64 : f64
    %lo2 = arith.minimumf %lo, %v : f32
    %hi2 = arith.maximumf %hi, %v : f32
    scf.yield %kept2, %sum2, %lo2, %hi2 : i64, f64, f32, f32
  }
  %others = scf.for %i = %c0 to %n step %c1 iter_args(%count = %count0) -> i64 {
    %v = memref.load %y[%i] : memref<?xf32>
    %is_lo = arith.cmpf oeq, %v, %r#2 : f32
    %is_hi = arith.cmpf oeq, %v, %r#3 : f32
    %known = arith.ori %is_lo, %is_hi : i1
    %count2 = scf.if %known -> i64 {
      scf.yield %count : i64
    } else {
      %c = arith.addi %count, %one : i64
      scf.yield %c : i64
    }
    scf.yield %count2 : i64
  }
  %n64 = arith.index_cast %n : index to i64
  %nf = arith.sitofp %n64 : i64 to f64
  %keptf = arith.sitofp %r#0 : i64 to f64
  %fraction = arith.divf %keptf, %nf : f64
  %mean = arith.divf %r#1, %nf : f64
  vector.print str "kept: "
  vector.print %r#0 : i64 punctuation <no_punctuation>
  vector.print str " of "
  vector.print %n64 : i64 punctuation <no_punctuation>
  vector.print str " (fraction "
  vector.print %fraction : f64 punctuation <no_punctuation>
  vector.print str ")\n"
  vector.print str "mean of y: "
  vector.print %mean : f64
  vector.print str "distinct values of y: "
  vector.print %r#2 : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %r#3 : f32 punctuation <no_punctuation>
  vector.print str " (other values: "
  vector.print %others : i64 punctuation <no_punctuation>
  vector.print str ")\n"
  return
}

func.func @main() {
  %n = arith.constant 1048576 : index
  %seed = arith.constant 123 : i32
  %p = arith.constant 0.2 : f32
  %one = arith.constant 1.0 : f32
  %x = memref.alloc(%n) : memref<?xf32>
  %y = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%x : memref<?xf32>)
  vector.print str "dropout: y = rand(seed, i) > p ? x / (1 - p) : 0, x = 1, p = 0.2, seed = 123, n = "
  vector.print %n : index
  func.call @dropout(%x, %y, %seed, %p) : (memref<?xf32>, memref<?xf32>, i32, f32) -> ()
  func.call @report(%y) : (memref<?xf32>) -> ()
  memref.dealloc %x : memref<?xf32>
  memref.dealloc %y : memref<?xf32>
  return
}
