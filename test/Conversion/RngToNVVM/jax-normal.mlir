// RUN: rng-opt %s --convert-rng-to-nvvm --split-input-file | FileCheck %s
// RUN: rng-opt %s --convert-rng-to-nvvm=fast-math=true --split-input-file \
// RUN:   | FileCheck %s --check-prefix=FAST

// convert-rng-to-nvvm lowers rng.jax_normal's log1p(-(u * u)) as PTX
// lg2.approx.ftz.f32 of 1 - u * u times fl(ln 2) (the bound it keeps:
// jax-normal-lg2-envelope.test), and for a scalar chooses ErfInv's
// polynomial with an scf.if: the central side (w < 5) has no square root,
// the tail side has it. Vectors, tensors and scalars in a linalg body keep
// the selects (bits: jax-normal-branch.test). The polynomials' fused
// multiply-adds are llvm.intr.fma and the tail's square root
// llvm.nvvm.sqrt.approx.f (libdevice's __nv_fmaf and __nv_sqrtf bits,
// without libdevice: test/Target/NVPTX/jax-normal-no-libdevice.mlir).

// CHECK-LABEL: func.func @scalar
// CHECK-NOT: math.log
// CHECK: %[[SQ:.*]] = arith.mulf %[[U:.*]], %[[U]] : f32
// CHECK-NEXT: %[[NEG:.*]] = arith.negf %[[SQ]] : f32
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[T:.*]] = arith.addf %[[ONE]], %[[NEG]] : f32
// CHECK-NEXT: %[[L2:.*]] = llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"(%[[T]]) : (f32) -> f32
// CHECK-NEXT: %[[LN2:.*]] = arith.constant 0.693147182 : f32
// CHECK-NEXT: %[[LOG:.*]] = arith.mulf %[[L2]], %[[LN2]] : f32
// CHECK-NEXT: %[[W:.*]] = arith.negf %[[LOG]] : f32
// CHECK-NOT: math.log
// CHECK-NOT: math.sqrt
// CHECK: %[[C:.*]] = arith.cmpf olt, %[[W]], %{{.*}} : f32
// CHECK: %[[P:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NOT: llvm.nvvm.sqrt
// CHECK-COUNT-8: llvm.intr.fma
// CHECK-NEXT: scf.yield
// CHECK-NEXT: } else {
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"(%[[W]]) : (f32) -> f32
// CHECK-COUNT-8: llvm.intr.fma
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: arith.select
// CHECK: arith.mulf %[[P]]
// CHECK: return
// With fast-math the same log2 and afn on the tail's square root.
// FAST-LABEL: func.func @scalar
// FAST-NOT: math.log
// FAST: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
// FAST-NOT: math.log
// FAST: scf.if
// FAST: } else {
// FAST: math.sqrt %{{.*}} fastmath<afn> : f32
func.func @scalar(%k0: i32, %k1: i32, %i: i64) -> f32 {
  %n = rng.jax_normal %k0, %k1, %i : i32, i64
  return %n : f32
}

// -----

// CHECK-LABEL: func.func @vector
// CHECK-NOT: scf.if
// CHECK: %[[VSQ:.*]] = arith.mulf %[[VU:.*]], %[[VU]] : vector<4xf32>
// CHECK-NEXT: %[[VNEG:.*]] = arith.negf %[[VSQ]] : vector<4xf32>
// CHECK-NEXT: %[[VONE:.*]] = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK-NEXT: %[[VT:.*]] = arith.addf %[[VONE]], %[[VNEG]] : vector<4xf32>
// CHECK-COUNT-4: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"({{.*}}) : (f32) -> f32
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NOT: math.log
// CHECK-COUNT-4: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"({{.*}}) : (f32) -> f32
// CHECK-COUNT-10: arith.select %{{.*}} : vector<4xi1>, vector<4xf32>
// CHECK-NOT: scf.if
// CHECK: return
func.func @vector(%k0: i32, %k1: i32, %i: vector<4xi32>) -> vector<4xf32> {
  %n = rng.jax_normal %k0, %k1, %i : i32, vector<4xi32>
  return %n : vector<4xf32>
}

// -----

// A tensor becomes a linalg.generic whose scalar body keeps the selects
// (linalg's vectorizer takes no scf.if in a body); so does a scalar op that
// the user put in a linalg body.
// CHECK-LABEL: func.func @tensor
// CHECK-NOT: scf.if
// CHECK: linalg.generic
// CHECK: llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"({{.*}}) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"({{.*}}) : (f32) -> f32
// CHECK-COUNT-10: arith.select %{{.*}} : f32
// CHECK-NOT: scf.if
// CHECK: return
func.func @tensor(%k0: i32, %k1: i32, %i: tensor<?xi32>) -> tensor<?xf32> {
  %n = rng.jax_normal %k0, %k1, %i : i32, tensor<?xi32>
  return %n : tensor<?xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @in_linalg_body
// CHECK-NOT: scf.if
// CHECK: linalg.generic
// CHECK-COUNT-10: arith.select %{{.*}} : f32
// CHECK-NOT: scf.if
// CHECK: return
func.func @in_linalg_body(%k0: i32, %k1: i32, %i: tensor<8xi32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%i : tensor<8xi32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: i32, %o: f32):
    %n = rng.jax_normal %k0, %k1, %x : i32, i32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Anywhere inside a linalg body (here under an scf.if in it): selects.
#map = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @nested_in_linalg_body
// CHECK: linalg.generic
// CHECK: scf.if %{{.*}} -> (f32) {
// CHECK-NOT: scf.if
// CHECK-COUNT-10: arith.select %{{.*}} : f32
// CHECK-NOT: scf.if
// CHECK: return
func.func @nested_in_linalg_body(%k0: i32, %k1: i32, %i: tensor<8xi32>, %c: i1) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%i : tensor<8xi32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: i32, %o: f32):
    %v = scf.if %c -> (f32) {
      %n = rng.jax_normal %k0, %k1, %x : i32, i32
      scf.yield %n : f32
    } else {
      scf.yield %o : f32
    }
    linalg.yield %v : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Other regions that hold a scalar op take the branch (and verify).
// CHECK-LABEL: func.func @in_regions
// CHECK: scf.forall
// CHECK: scf.if %{{.*}} -> (f32) {
// CHECK: gpu.launch
// CHECK: scf.if %{{.*}} -> (f32) {
func.func @in_regions(%k0: i32, %k1: i32, %out: memref<8xf32>) {
  scf.forall (%j) in (8) {
    %x = arith.index_cast %j : index to i32
    %n = rng.jax_normal %k0, %k1, %x : i32, i32
    memref.store %n, %out[%j] : memref<8xf32>
  }
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = arith.index_cast %tx : index to i32
    %n = rng.jax_normal %k0, %k1, %x : i32, i32
    memref.store %n, %out[%tx] : memref<8xf32>
    gpu.terminator
  }
  return
}

// -----

// Scalable vectors cannot be unrolled into the scalar intrinsic, and vectors
// of more than 64 elements are not: the target's f32 log1p (libdevice's
// __nv_log1pf, within 1 ulp).
// CHECK-LABEL: func.func @scalable
// CHECK-NOT: llvm.nvvm.lg2.approx.ftz.f
// CHECK: math.log1p %{{.*}} : vector<[4]xf32>
// CHECK-NOT: llvm.nvvm.lg2.approx.ftz.f
// CHECK: return
func.func @scalable(%k0: i32, %k1: i32, %i: vector<[4]xi32>) -> vector<[4]xf32> {
  %n = rng.jax_normal %k0, %k1, %i : i32, vector<[4]xi32>
  return %n : vector<[4]xf32>
}

// -----

// CHECK-LABEL: func.func @wide
// CHECK-NOT: llvm.nvvm.lg2.approx.ftz.f
// CHECK: math.log1p %{{.*}} : vector<65xf32>
// CHECK-NOT: llvm.nvvm.lg2.approx.ftz.f
// CHECK: return
func.func @wide(%k0: i32, %k1: i32, %i: vector<65xi32>) -> vector<65xf32> {
  %n = rng.jax_normal %k0, %k1, %i : i32, vector<65xi32>
  return %n : vector<65xf32>
}
