// Outlining for modules with many ops (outline-above): the lowering of a
// Philox block (with the Triton ops sharing it) or of a round op becomes a
// call of a private function with internal linkage, one per signature,
// marked always_inline (LLVM inlines every call, so the code runs as fast
// as the inline lowering's). The
// bits are checked by execution tests (philox-kat, triton-random-vectors,
// round-stochastic-random: outline-above=0).
// RUN: rng-opt %s --split-input-file --convert-rng-to-arith=outline-above=0 \
// RUN:   --convert-round-to-arith=outline-above=0 | FileCheck %s
// Not above the threshold (the default is 256; the first module has 5
// Triton-family ops and one philox_4x32, and 2 round ops): inline.
// RUN: rng-opt %s --split-input-file --convert-rng-to-arith=outline-above=6 \
// RUN:   --convert-round-to-arith | FileCheck %s --check-prefix=INLINE
// One above it: outlined.
// RUN: rng-opt %s --split-input-file --convert-rng-to-arith=outline-above=5 \
// RUN:   --convert-round-to-arith=outline-above=1 | FileCheck %s --check-prefix=ABOVE
// A pass nested on functions cannot add functions to the module: inline.
// RUN: rng-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(convert-rng-to-arith{outline-above=0},convert-round-to-arith{outline-above=0}))' \
// RUN:   | FileCheck %s --check-prefix=INLINE
// Nor a pass nested on a gpu.module (device code):
// RUN: rng-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(gpu.module(convert-rng-to-arith{outline-above=0}))' \
// RUN:   | FileCheck %s --check-prefix=NESTED-GPU

// The module already has a symbol of the Philox function's name: the new
// one gets a suffix. Two groups of the same kinds and types share one
// function; a group of other kinds gets its own.
// CHECK-LABEL: module {
// CHECK-DAG:   func.func private @rng.philox4x32_r10_i32_i32_0({{.*}}) -> (i32, i32, i32, i32) attributes {always_inline, llvm.linkage = #llvm.linkage<internal>}
// CHECK-DAG:   func.func private @rng.triton_r10_i32_i32_randint_randn4x(%{{.*}}: i32, %{{.*}}: i32) -> (i32, f32, f32, f32, f32) attributes {always_inline, llvm.linkage = #llvm.linkage<internal>}
// CHECK-DAG:   func.func private @rng.triton_r7_i32_v4_i32_rand(%{{.*}}: i32, %{{.*}}: vector<4xi32>) -> vector<4xf32>
// CHECK-DAG:   func.func private @round.stochastic_f32_i32_f8E4M3FN_saturate(%{{.*}}: f32, %{{.*}}: i32) -> f8E4M3FN
// CHECK-DAG:   func.func private @round.scaling_stochastic_v4_f32_v4_f8E8M0FNU_v4_i8_v4_f4E2M1FN_saturate(
// CHECK-LABEL: func.func @many(
// CHECK:         %[[G0:.+]]:5 = call @rng.triton_r10_i32_i32_randint_randn4x(%[[S:.+]], %[[O0:[^)]+]])
// CHECK:         %[[G1:.+]]:5 = call @rng.triton_r10_i32_i32_randint_randn4x(%[[S]], %[[O1:[^)]+]])
// CHECK:         call @rng.triton_r7_i32_v4_i32_rand(
// CHECK:         call @rng.philox4x32_r10_i32_i32_0(
// CHECK:         call @round.stochastic_f32_i32_f8E4M3FN_saturate(%[[G0]]#1, %[[G1]]#0)
// CHECK:         call @round.scaling_stochastic_v4_f32_v4_f8E8M0FNU_v4_i8_v4_f4E2M1FN_saturate(
// CHECK-NOT:     rng.
// CHECK-NOT:     round.
// CHECK:         return
// INLINE-LABEL: func.func @many(
// INLINE-NOT:     call
// INLINE:         return
// ABOVE: call @rng.triton_r10_i32_i32_randint_randn4x
// ABOVE: call @round.stochastic_f32_i32_f8E4M3FN_saturate
func.func private @rng.philox4x32_r10_i32_i32()

func.func @many(%s: i32, %o0: i32, %o1: i32, %v: vector<4xi32>, %x: vector<4xf32>,
                %e: vector<4xf8E8M0FNU>, %r: vector<4xi8>)
    -> (i32, f32, i32, f32, vector<4xf32>, i32, f8E4M3FN, vector<4xf4E2M1FN>) {
  %a = rng.randint %s, %o0 : i32, i32
  %b:4 = rng.randn4x %s, %o0 : i32, i32
  %c = rng.randint %s, %o1 : i32, i32
  %d:4 = rng.randn4x %s, %o1 : i32, i32
  %u = rng.rand %s, %v {rounds = 7 : i32} : i32, vector<4xi32>
  %w:4 = rng.philox_4x32 %o0, %o1, %o0, %o1 key %s, %s : i32, i32
  %q = round.stochastic %b#0, %c saturate : f32, i32 -> f8E4M3FN
  %m = round.scaling_stochastic %x, %e, %r saturate : vector<4xf32>, vector<4xf8E8M0FNU>, vector<4xi8> -> vector<4xf4E2M1FN>
  return %a, %b#0, %c, %d#3, %u, %w#2, %q, %m : i32, f32, i32, f32, vector<4xf32>, i32, f8E4M3FN, vector<4xf4E2M1FN>
}

// -----

// Every other rng op: a function whose body is the op itself, lowered inline
// there; one per op, types and attributes.
// CHECK-LABEL: module {
// CHECK-DAG:   func.func private @rng.threefry_2x32_i32_i32_i32_i32_i32_i32_rounds_13_i32(%[[A:[^:]+]]: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32) -> (i32, i32) attributes {always_inline, llvm.linkage = #llvm.linkage<internal>} {
// CHECK-DAG:   func.func private @rng.threefry_2x32_i32_i32_i32_i32_i32_i32_rounds_20_i32(
// CHECK-DAG:   func.func private @rng.jax_uniform_i32_i32_v4_i64_v4_f32(
// CHECK-DAG:   func.func private @rng.hash_rand_i32_i32_f32(
// CHECK-LABEL: func.func @others(
// CHECK:         call @rng.threefry_2x32_i32_i32_i32_i32_i32_i32_rounds_13_i32(
// CHECK:         call @rng.threefry_2x32_i32_i32_i32_i32_i32_i32_rounds_13_i32(
// CHECK:         call @rng.threefry_2x32_i32_i32_i32_i32_i32_i32_rounds_20_i32(
// CHECK:         call @rng.jax_uniform_i32_i32_v4_i64_v4_f32(
// CHECK:         call @rng.hash_rand_i32_i32_f32(
// CHECK-NOT:     rng.
// CHECK:         return
func.func @others(%a: i32, %b: i32, %i: vector<4xi64>)
    -> (i32, i32, i32, vector<4xf32>, f32) {
  %x:2 = rng.threefry_2x32 %a, %b key %b, %a rounds 13 : i32, i32
  %y:2 = rng.threefry_2x32 %b, %a key %a, %b rounds 13 : i32, i32
  %z:2 = rng.threefry_2x32 %b, %a key %a, %b : i32, i32
  %u = rng.jax_uniform %a, %b, %i : i32, vector<4xi64> -> vector<4xf32>
  %h = rng.hash_rand %a, %b : i32, i32
  return %x#0, %y#1, %z#0, %u, %h : i32, i32, i32, vector<4xf32>, f32
}

// -----

// Kernels in a gpu.module (a nested symbol table) stay inline: the pass
// runs on the outer module; a pass nested on the gpu.module does not
// outline either.
// NESTED-GPU-LABEL: gpu.module @kernels
// NESTED-GPU-NOT:     func.func
// NESTED-GPU-NOT:     call
// NESTED-GPU:         arith.mului_extended
// NESTED-GPU-NOT:     rng.randint
// NESTED-GPU:         gpu.return
// CHECK-LABEL: gpu.module @kernels
// CHECK-NOT:     func.func private
// CHECK-LABEL:   gpu.func @k(
// CHECK-NOT:       call
// CHECK:           gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%s: i32, %o: i32, %out: memref<2xi32>) kernel {
      %a = rng.randint %s, %o : i32, i32
      %c0 = arith.constant 0 : index
      memref.store %a, %out[%c0] : memref<2xi32>
      gpu.return
    }
  }
}

// -----

// Device code in a host function (a gpu.launch body) stays inline; the op
// beside it is outlined.
// CHECK-LABEL: func.func @launch(
// CHECK:         call @rng.triton_r10_i32_i32_randint(
// CHECK:         gpu.launch
// CHECK-NOT:       call
// CHECK:           gpu.terminator
func.func @launch(%s: i32, %o: i32, %out: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = rng.randint %s, %s : i32, i32
  memref.store %h, %out[%c1] : memref<2xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = rng.randint %s, %o : i32, i32
    memref.store %a, %out[%c0] : memref<2xi32>
    gpu.terminator
  }
  return
}
