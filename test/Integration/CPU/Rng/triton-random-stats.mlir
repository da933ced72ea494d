// Statistical tests of the Triton-compatible ops, lowered by rng-to-llvm and
// run on the CPU at run time: mean and variance of 2^20 draws of rng.rand,
// rng.rand4x, rng.randn and rng.randn4x (bounds at 5 standard errors), the
// range of the uniforms (the largest draw, as f32 bits, is at most 0x3F7FFFFF
// and above 0.9999: never 1.0) and of the normals (|n| <= sqrt(-2 ln
// 1e-7) = 5.6777, from the clamp of u1), and a chi-square test of uniformity
// of each rng.randint4x word (top and bottom byte, 256 bins, 2^20 draws; the
// bounds are the 0.1% and 99.9% quantiles of chi-square with 255 degrees of
// freedom). The seeds and offsets are function arguments so nothing folds.
//
// RUN: rng-opt %s --rng-to-llvm | %run_cpu | %python %test_lib/check_ranges.py \
// RUN:   rand_mean:0.49859:0.50141 rand_var:0.082970:0.083697 \
// RUN:   rand_min:0:0.0001 rand_max_bits:1065351538:1065353215 \
// RUN:   rand4x_mean:0.49859:0.50141 rand4x_var:0.082970:0.083697 \
// RUN:   rand4x_min:0:0.0001 rand4x_max_bits:1065351538:1065353215 \
// RUN:   randn_mean:-0.00489:0.00489 randn_var:0.99309:1.00691 randn_maxabs:4:5.6778 \
// RUN:   randn4x_mean:-0.00489:0.00489 randn4x_var:0.99309:1.00691 randn4x_maxabs:4:5.6778 \
// RUN:   chi2_w0_hi:190.8:330.5 chi2_w1_hi:190.8:330.5 chi2_w2_hi:190.8:330.5 chi2_w3_hi:190.8:330.5 \
// RUN:   chi2_w0_lo:190.8:330.5 chi2_w1_lo:190.8:330.5 chi2_w2_lo:190.8:330.5 chi2_w3_lo:190.8:330.5 \
// RUN:   | FileCheck %s
// CHECK: 22 of 22 statistics in range

// Offsets base + 16 * block + lane for lanes 0..15.
func.func @offsets(%base: i64, %block: index) -> vector<16xi64> {
  %c16 = arith.constant 16 : index
  %lanes = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi64>
  %first = arith.muli %block, %c16 : index
  %first64 = arith.index_cast %first : index to i64
  %start = arith.addi %base, %first64 : i64
  %splat = vector.broadcast %start : i64 to vector<16xi64>
  %offsets = arith.addi %splat, %lanes : vector<16xi64>
  return %offsets : vector<16xi64>
}


// Mean and variance of %count draws from per-lane sums and sums of squares.
func.func @moments(%sum: vector<16xf64>, %squares: vector<16xf64>, %count: f64) -> (f64, f64) {
  %s = vector.reduction <add>, %sum : vector<16xf64> into f64
  %q = vector.reduction <add>, %squares : vector<16xf64> into f64
  %mean = arith.divf %s, %count : f64
  %meansq = arith.divf %q, %count : f64
  %m2 = arith.mulf %mean, %mean : f64
  %var = arith.subf %meansq, %m2 : f64
  return %mean, %var : f64, f64
}

// Mean, variance, min and max of rng.rand over 2^20 offsets.
func.func @rand_stats(%seed: i32, %base: i64) -> (f64, f64, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cblocks = arith.constant 65536 : index  // 2^20 / 16 lanes
  %zero = arith.constant dense<0.0> : vector<16xf64>
  %big = arith.constant dense<2.0> : vector<16xf32>
  %small = arith.constant dense<-1.0> : vector<16xf32>
  %r:4 = scf.for %b = %c0 to %cblocks step %c1
      iter_args(%s = %zero, %q = %zero, %lo = %big, %hi = %small)
      -> (vector<16xf64>, vector<16xf64>, vector<16xf32>, vector<16xf32>) {
    %offsets = func.call @offsets(%base, %b) : (i64, index) -> vector<16xi64>
    %u = rng.rand %seed, %offsets : i32, vector<16xi64>
    %d = arith.extf %u : vector<16xf32> to vector<16xf64>
    %s2 = arith.addf %s, %d : vector<16xf64>
    %dd = arith.mulf %d, %d : vector<16xf64>
    %q2 = arith.addf %q, %dd : vector<16xf64>
    %lo2 = arith.minimumf %lo, %u : vector<16xf32>
    %hi2 = arith.maximumf %hi, %u : vector<16xf32>
    scf.yield %s2, %q2, %lo2, %hi2 : vector<16xf64>, vector<16xf64>, vector<16xf32>, vector<16xf32>
  }
  %count = arith.constant 1048576.0 : f64
  %mv:2 = func.call @moments(%r#0, %r#1, %count) : (vector<16xf64>, vector<16xf64>, f64) -> (f64, f64)
  %min = vector.reduction <minimumf>, %r#2 : vector<16xf32> into f32
  %max = vector.reduction <maximumf>, %r#3 : vector<16xf32> into f32
  return %mv#0, %mv#1, %min, %max : f64, f64, f32, f32
}

// The same over the four results of rng.rand4x on 2^18 offsets.
func.func @rand4x_stats(%seed: i32, %base: i64) -> (f64, f64, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cblocks = arith.constant 16384 : index
  %zero = arith.constant dense<0.0> : vector<16xf64>
  %big = arith.constant dense<2.0> : vector<16xf32>
  %small = arith.constant dense<-1.0> : vector<16xf32>
  %r:4 = scf.for %b = %c0 to %cblocks step %c1
      iter_args(%s = %zero, %q = %zero, %lo = %big, %hi = %small)
      -> (vector<16xf64>, vector<16xf64>, vector<16xf32>, vector<16xf32>) {
    %offsets = func.call @offsets(%base, %b) : (i64, index) -> vector<16xi64>
    %u:4 = rng.rand4x %seed, %offsets : i32, vector<16xi64>
    %d0 = arith.extf %u#0 : vector<16xf32> to vector<16xf64>
    %d1 = arith.extf %u#1 : vector<16xf32> to vector<16xf64>
    %d2 = arith.extf %u#2 : vector<16xf32> to vector<16xf64>
    %d3 = arith.extf %u#3 : vector<16xf32> to vector<16xf64>
    %s01 = arith.addf %d0, %d1 : vector<16xf64>
    %s23 = arith.addf %d2, %d3 : vector<16xf64>
    %s0123 = arith.addf %s01, %s23 : vector<16xf64>
    %s2 = arith.addf %s, %s0123 : vector<16xf64>
    %q0 = arith.mulf %d0, %d0 : vector<16xf64>
    %q1 = arith.mulf %d1, %d1 : vector<16xf64>
    %q2 = arith.mulf %d2, %d2 : vector<16xf64>
    %q3 = arith.mulf %d3, %d3 : vector<16xf64>
    %q01 = arith.addf %q0, %q1 : vector<16xf64>
    %q23 = arith.addf %q2, %q3 : vector<16xf64>
    %q0123 = arith.addf %q01, %q23 : vector<16xf64>
    %qn = arith.addf %q, %q0123 : vector<16xf64>
    %lo01 = arith.minimumf %u#0, %u#1 : vector<16xf32>
    %lo23 = arith.minimumf %u#2, %u#3 : vector<16xf32>
    %lo0123 = arith.minimumf %lo01, %lo23 : vector<16xf32>
    %lo2 = arith.minimumf %lo, %lo0123 : vector<16xf32>
    %hi01 = arith.maximumf %u#0, %u#1 : vector<16xf32>
    %hi23 = arith.maximumf %u#2, %u#3 : vector<16xf32>
    %hi0123 = arith.maximumf %hi01, %hi23 : vector<16xf32>
    %hi2 = arith.maximumf %hi, %hi0123 : vector<16xf32>
    scf.yield %s2, %qn, %lo2, %hi2 : vector<16xf64>, vector<16xf64>, vector<16xf32>, vector<16xf32>
  }
  %count = arith.constant 1048576.0 : f64
  %mv:2 = func.call @moments(%r#0, %r#1, %count) : (vector<16xf64>, vector<16xf64>, f64) -> (f64, f64)
  %min = vector.reduction <minimumf>, %r#2 : vector<16xf32> into f32
  %max = vector.reduction <maximumf>, %r#3 : vector<16xf32> into f32
  return %mv#0, %mv#1, %min, %max : f64, f64, f32, f32
}

// Mean, variance and max |n| of rng.randn over 2^20 offsets.
func.func @randn_stats(%seed: i64, %base: i64) -> (f64, f64, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cblocks = arith.constant 65536 : index  // 2^20 / 16 lanes
  %zero = arith.constant dense<0.0> : vector<16xf64>
  %zerof = arith.constant dense<0.0> : vector<16xf32>
  %r:3 = scf.for %b = %c0 to %cblocks step %c1
      iter_args(%s = %zero, %q = %zero, %hi = %zerof)
      -> (vector<16xf64>, vector<16xf64>, vector<16xf32>) {
    %offsets = func.call @offsets(%base, %b) : (i64, index) -> vector<16xi64>
    %n = rng.randn %seed, %offsets : i64, vector<16xi64>
    %d = arith.extf %n : vector<16xf32> to vector<16xf64>
    %s2 = arith.addf %s, %d : vector<16xf64>
    %dd = arith.mulf %d, %d : vector<16xf64>
    %q2 = arith.addf %q, %dd : vector<16xf64>
    %abs = math.absf %n : vector<16xf32>
    %hi2 = arith.maximumf %hi, %abs : vector<16xf32>
    scf.yield %s2, %q2, %hi2 : vector<16xf64>, vector<16xf64>, vector<16xf32>
  }
  %count = arith.constant 1048576.0 : f64
  %mv:2 = func.call @moments(%r#0, %r#1, %count) : (vector<16xf64>, vector<16xf64>, f64) -> (f64, f64)
  %max = vector.reduction <maximumf>, %r#2 : vector<16xf32> into f32
  return %mv#0, %mv#1, %max : f64, f64, f32
}

// The same over the four results of rng.randn4x on 2^18 offsets.
func.func @randn4x_stats(%seed: i64, %base: i64) -> (f64, f64, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cblocks = arith.constant 16384 : index
  %zero = arith.constant dense<0.0> : vector<16xf64>
  %zerof = arith.constant dense<0.0> : vector<16xf32>
  %r:3 = scf.for %b = %c0 to %cblocks step %c1
      iter_args(%s = %zero, %q = %zero, %hi = %zerof)
      -> (vector<16xf64>, vector<16xf64>, vector<16xf32>) {
    %offsets = func.call @offsets(%base, %b) : (i64, index) -> vector<16xi64>
    %n:4 = rng.randn4x %seed, %offsets : i64, vector<16xi64>
    %d0 = arith.extf %n#0 : vector<16xf32> to vector<16xf64>
    %d1 = arith.extf %n#1 : vector<16xf32> to vector<16xf64>
    %d2 = arith.extf %n#2 : vector<16xf32> to vector<16xf64>
    %d3 = arith.extf %n#3 : vector<16xf32> to vector<16xf64>
    %s01 = arith.addf %d0, %d1 : vector<16xf64>
    %s23 = arith.addf %d2, %d3 : vector<16xf64>
    %s0123 = arith.addf %s01, %s23 : vector<16xf64>
    %s2 = arith.addf %s, %s0123 : vector<16xf64>
    %q0 = arith.mulf %d0, %d0 : vector<16xf64>
    %q1 = arith.mulf %d1, %d1 : vector<16xf64>
    %q2 = arith.mulf %d2, %d2 : vector<16xf64>
    %q3 = arith.mulf %d3, %d3 : vector<16xf64>
    %q01 = arith.addf %q0, %q1 : vector<16xf64>
    %q23 = arith.addf %q2, %q3 : vector<16xf64>
    %q0123 = arith.addf %q01, %q23 : vector<16xf64>
    %qn = arith.addf %q, %q0123 : vector<16xf64>
    %a0 = math.absf %n#0 : vector<16xf32>
    %a1 = math.absf %n#1 : vector<16xf32>
    %a2 = math.absf %n#2 : vector<16xf32>
    %a3 = math.absf %n#3 : vector<16xf32>
    %h01 = arith.maximumf %a0, %a1 : vector<16xf32>
    %h23 = arith.maximumf %a2, %a3 : vector<16xf32>
    %h0123 = arith.maximumf %h01, %h23 : vector<16xf32>
    %hi2 = arith.maximumf %hi, %h0123 : vector<16xf32>
    scf.yield %s2, %qn, %hi2 : vector<16xf64>, vector<16xf64>, vector<16xf32>
  }
  %count = arith.constant 1048576.0 : f64
  %mv:2 = func.call @moments(%r#0, %r#1, %count) : (vector<16xf64>, vector<16xf64>, f64) -> (f64, f64)
  %max = vector.reduction <maximumf>, %r#2 : vector<16xf32> into f32
  return %mv#0, %mv#1, %max : f64, f64, f32
}

// Histograms of the top and bottom byte of each rng.randint4x word over
// 2^20 offsets: %hist[word][bin] and %hist[4 + word][bin].
func.func @randint4x_histograms(%seed: i32, %base: i64, %hist: memref<8x256xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %count = arith.constant 1048576 : index
  %one = arith.constant 1 : i32
  %c24 = arith.constant 24 : i32
  %c255 = arith.constant 255 : i32
  scf.for %i = %c0 to %count step %c1 {
    %i64 = arith.index_cast %i : index to i64
    %offset = arith.addi %base, %i64 : i64
    %x:4 = rng.randint4x %seed, %offset : i32, i64
    %words = vector.from_elements %x#0, %x#1, %x#2, %x#3 : vector<4xi32>
    scf.for %w = %c0 to %c4 step %c1 {
      %word = vector.extract %words[%w] : i32 from vector<4xi32>
      %top = arith.shrui %word, %c24 : i32
      %bottom = arith.andi %word, %c255 : i32
      %topi = arith.index_cast %top : i32 to index
      %bottomi = arith.index_cast %bottom : i32 to index
      %row = arith.addi %w, %c4 : index
      %t = memref.load %hist[%w, %topi] : memref<8x256xi32>
      %t1 = arith.addi %t, %one : i32
      memref.store %t1, %hist[%w, %topi] : memref<8x256xi32>
      %b = memref.load %hist[%row, %bottomi] : memref<8x256xi32>
      %b1 = arith.addi %b, %one : i32
      memref.store %b1, %hist[%row, %bottomi] : memref<8x256xi32>
    }
  }
  return
}

// Chi-square statistic of row %row of %hist against 4096 per bin.
func.func @chi2(%hist: memref<8x256xi32>, %row: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %expected = arith.constant 4096.0 : f64
  %zero = arith.constant 0.0 : f64
  %chi2 = scf.for %bin = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> f64 {
    %n = memref.load %hist[%row, %bin] : memref<8x256xi32>
    %nf = arith.sitofp %n : i32 to f64
    %d = arith.subf %nf, %expected : f64
    %d2 = arith.mulf %d, %d : f64
    %t = arith.divf %d2, %expected : f64
    %acc2 = arith.addf %acc, %t : f64
    scf.yield %acc2 : f64
  }
  return %chi2 : f64
}

func.func @main() {
  %seed32 = arith.constant 123 : i32
  %seed64 = arith.constant -81985529216486895 : i64   // 0xFEDCBA9876543211
  %base0 = arith.constant 0 : i64
  %base_high = arith.constant 4294967296 : i64       // 2^32
  %base_neg = arith.constant -524288 : i64            // -2^19

  %r:4 = func.call @rand_stats(%seed32, %base0) : (i32, i64) -> (f64, f64, f32, f32)
  vector.print str "rand_mean "
  vector.print %r#0 : f64
  vector.print str "rand_var "
  vector.print %r#1 : f64
  vector.print str "rand_min "
  vector.print %r#2 : f32
  // The bit pattern: 1.0 is 0x3F800000 = 1065353216, the largest value
  // below it 0x3F7FFFFF = 1065353215.
  %r_max_bits = arith.bitcast %r#3 : f32 to i32
  vector.print str "rand_max_bits "
  vector.print %r_max_bits : i32

  %r4:4 = func.call @rand4x_stats(%seed32, %base_high) : (i32, i64) -> (f64, f64, f32, f32)
  vector.print str "rand4x_mean "
  vector.print %r4#0 : f64
  vector.print str "rand4x_var "
  vector.print %r4#1 : f64
  vector.print str "rand4x_min "
  vector.print %r4#2 : f32
  // The bit pattern: 1.0 is 0x3F800000 = 1065353216, the largest value
  // below it 0x3F7FFFFF = 1065353215.
  %r4_max_bits = arith.bitcast %r4#3 : f32 to i32
  vector.print str "rand4x_max_bits "
  vector.print %r4_max_bits : i32

  %n:3 = func.call @randn_stats(%seed64, %base0) : (i64, i64) -> (f64, f64, f32)
  vector.print str "randn_mean "
  vector.print %n#0 : f64
  vector.print str "randn_var "
  vector.print %n#1 : f64
  vector.print str "randn_maxabs "
  vector.print %n#2 : f32

  %n4:3 = func.call @randn4x_stats(%seed64, %base_neg) : (i64, i64) -> (f64, f64, f32)
  vector.print str "randn4x_mean "
  vector.print %n4#0 : f64
  vector.print str "randn4x_var "
  vector.print %n4#1 : f64
  vector.print str "randn4x_maxabs "
  vector.print %n4#2 : f32

  %hist = memref.alloc() : memref<8x256xi32>
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%hist : memref<8x256xi32>)
  func.call @randint4x_histograms(%seed32, %base_high, %hist) : (i32, i64, memref<8x256xi32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %h0 = func.call @chi2(%hist, %c0) : (memref<8x256xi32>, index) -> f64
  vector.print str "chi2_w0_hi "
  vector.print %h0 : f64
  %h1 = func.call @chi2(%hist, %c1) : (memref<8x256xi32>, index) -> f64
  vector.print str "chi2_w1_hi "
  vector.print %h1 : f64
  %h2 = func.call @chi2(%hist, %c2) : (memref<8x256xi32>, index) -> f64
  vector.print str "chi2_w2_hi "
  vector.print %h2 : f64
  %h3 = func.call @chi2(%hist, %c3) : (memref<8x256xi32>, index) -> f64
  vector.print str "chi2_w3_hi "
  vector.print %h3 : f64
  %l0 = func.call @chi2(%hist, %c4) : (memref<8x256xi32>, index) -> f64
  vector.print str "chi2_w0_lo "
  vector.print %l0 : f64
  %l1 = func.call @chi2(%hist, %c5) : (memref<8x256xi32>, index) -> f64
  vector.print str "chi2_w1_lo "
  vector.print %l1 : f64
  %l2 = func.call @chi2(%hist, %c6) : (memref<8x256xi32>, index) -> f64
  vector.print str "chi2_w2_lo "
  vector.print %l2 : f64
  %l3 = func.call @chi2(%hist, %c7) : (memref<8x256xi32>, index) -> f64
  vector.print str "chi2_w3_lo "
  vector.print %l3 : f64
  memref.dealloc %hist : memref<8x256xi32>
  return
}
