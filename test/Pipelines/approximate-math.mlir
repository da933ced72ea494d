// RUN: rng-opt %s --rng-approximate-math | FileCheck %s
// RUN: rng-opt %s --rng-to-llvm=fast-math=true | FileCheck %s --check-prefix=LLVM
// RUN: rng-opt %s --rng-to-llvm | FileCheck %s --check-prefix=ACCURATE

// rng-approximate-math replaces the f32 math.log, math.sin and math.cos that
// allow approximate functions (fastmath<afn>, or `fast`, which includes it)
// with upstream's polynomial approximations, and nothing else: ops without
// afn, other functions (sqrt stays exact; exp is not one of the normals'),
// and f64 and f16 (no f32 polynomial for them) stay math ops.
// CHECK-LABEL: func.func @only_afn_f32_log_sin_cos(
// CHECK-SAME:      %[[X:.*]]: f32, %[[V:.*]]: vector<8xf32>, %[[D:.*]]: f64, %[[H:.*]]: f16)
// CHECK-NOT:     math.log %[[X]] fastmath<afn>
// CHECK-NOT:     math.sin
// CHECK:         %[[C:.*]] = math.cos %[[D]] fastmath<afn> : f64
// CHECK-NEXT:    %[[E:.*]] = math.log %[[X]] : f32
// CHECK-NEXT:    %[[S:.*]] = math.sqrt %[[X]] fastmath<afn> : f32
// CHECK-NEXT:    %[[G:.*]] = math.log %[[H]] fastmath<afn> : f16
// CHECK-NEXT:    %[[T:.*]] = math.exp %[[X]] fastmath<afn> : f32
// CHECK-NEXT:    return %{{.*}}, %{{.*}}, %[[C]], %[[E]], %[[S]], %[[G]], %[[T]]
func.func @only_afn_f32_log_sin_cos(%x: f32, %v: vector<8xf32>, %d: f64, %h: f16)
    -> (f32, vector<8xf32>, f64, f32, f32, f16, f32) {
  %a = math.log %x fastmath<afn> : f32
  %b = math.sin %v fastmath<fast> : vector<8xf32>
  %c = math.cos %d fastmath<afn> : f64
  %e = math.log %x : f32
  %s = math.sqrt %x fastmath<afn> : f32
  %g = math.log %h fastmath<afn> : f16
  %t = math.exp %x fastmath<afn> : f32
  return %a, %b, %c, %e, %s, %g, %t : f32, vector<8xf32>, f64, f32, f32, f16, f32
}

// rng-to-llvm{fast-math=true}: the normals' log, sin and cos are
// polynomials in the lowered code (no libm call, so they vectorize); the
// square root stays (an exact instruction). Without fast-math they are the
// math library's functions.
// LLVM-LABEL: llvm.func @normals(
// LLVM-NOT:     llvm.intr.log
// LLVM-NOT:     llvm.intr.sin
// LLVM-NOT:     llvm.intr.cos
// LLVM:         llvm.intr.sqrt
// LLVM:         llvm.return
// ACCURATE-LABEL: llvm.func @normals(
// ACCURATE-DAG:   llvm.intr.log
// ACCURATE-DAG:   llvm.intr.cos
// ACCURATE-DAG:   llvm.intr.sin
// ACCURATE:       llvm.return
func.func @normals(%seed: i32, %offsets: vector<16xi32>) -> vector<16xf32> {
  %n:4 = rng.randn4x %seed, %offsets : i32, vector<16xi32>
  %s = arith.addf %n#0, %n#3 : vector<16xf32>
  return %s : vector<16xf32>
}

// Every shape class the host pipeline takes: scalable and 2-D vectors and
// dynamic tensors get the polynomials too.
// LLVM-LABEL: llvm.func @shapes(
// LLVM-NOT:     llvm.intr.log
// LLVM-NOT:     llvm.intr.cos
// LLVM:         llvm.return
func.func @shapes(%s: i32, %o: vector<[4]xi32>, %t: tensor<?xi32>, %m: vector<2x3xi32>)
    -> (vector<[4]xf32>, tensor<?xf32>, vector<2x3xf32>) {
  %n:4 = rng.randn4x %s, %o : i32, vector<[4]xi32>
  %h = rng.hash_randn %s, %t : i32, tensor<?xi32>
  %k = rng.randn %s, %m : i32, vector<2x3xi32>
  return %n#0, %h, %k : vector<[4]xf32>, tensor<?xf32>, vector<2x3xf32>
}
