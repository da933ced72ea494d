// Unregistered ops beside rng ops: the outlining count walk and the
// outlining pattern look at every op's dialect, which is absent for these.
// RUN: rng-opt %s --allow-unregistered-dialect --convert-rng-to-arith=outline-above=0 \
// RUN:   | FileCheck %s
// RUN: rng-opt %s --allow-unregistered-dialect --convert-rng-to-arith \
// RUN:   | FileCheck %s --check-prefix=INLINE

// CHECK: func.func private @rng.hash_rand_i32_i32_f32(
// CHECK: func.func private @rng.triton_r10_i32_i32_randint(
// CHECK-LABEL: func.func @f(
// CHECK:   "test.before"()
// CHECK:   call @rng.triton_r10_i32_i32_randint(
// CHECK:   call @rng.hash_rand_i32_i32_f32(
// CHECK:   "test.after"(
// INLINE-LABEL: func.func @f(
// INLINE-NOT:     call
// INLINE:         "test.after"(
func.func @f(%s: i32, %o: i32) {
  "test.before"() : () -> ()
  %a = rng.randint %s, %o : i32, i32
  %h = rng.hash_rand %s, %o : i32, i32
  "test.after"(%a, %h) : (i32, f32) -> ()
  return
}
