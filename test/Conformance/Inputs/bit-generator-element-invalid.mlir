// three_fry takes a 2-word state.
func.func @f(%s0: i64, %s1: i64, %s2: i64, %e: i64) -> i32 {
  %v = "test.bit_generator_element"(%s0, %s1, %s2, %e) {algorithm = "three_fry", shape = array<i64: 4>} : (i64, i64, i64, i64) -> i32
  return %v : i32
}
