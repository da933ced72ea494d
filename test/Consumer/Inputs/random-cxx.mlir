// Input of the C++ consumer (examples/consumer/consumer-opt.cpp): @philox,
// @round and @triton are lowered by the consumer's own pass, the rest by the
// installed rng-opt (rng-to-llvm), and @main prints the words of three Philox
// known answers, four stochastically rounded bf16 bit patterns and the words
// and first uniform of a Triton-compatible block.

func.func @philox(%c0: i32, %c1: i32, %c2: i32, %c3: i32, %k0: i32, %k1: i32) {
  %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 : i32, i32
  %v = vector.from_elements %x#0, %x#1, %x#2, %x#3 : vector<4xi32>
  %u = arith.extui %v : vector<4xi32> to vector<4xi64>
  vector.print %u : vector<4xi64>
  return
}

func.func @round(%x: f32, %rbits: i32) {
  %y = round.stochastic %x, %rbits : f32, i32 -> bf16
  %bits = arith.bitcast %y : bf16 to i16
  %wide = arith.extui %bits : i16 to i32
  vector.print %wide : i32
  return
}

func.func @triton(%seed: i64, %offset: i32) {
  %x:4 = rng.randint4x %seed, %offset : i64, i32
  %u = rng.rand %seed, %offset : i64, i32
  %ubits = arith.bitcast %u : f32 to i32
  %v = vector.from_elements %x#0, %x#1, %x#2, %x#3, %ubits : vector<5xi32>
  %w = arith.extui %v : vector<5xi32> to vector<5xi64>
  vector.print %w : vector<5xi64>
  return
}

func.func @main() {
  %zero = arith.constant 0 : i32
  func.call @philox(%zero, %zero, %zero, %zero, %zero, %zero)
      : (i32, i32, i32, i32, i32, i32) -> ()
  %ones = arith.constant 0xffffffff : i32
  func.call @philox(%ones, %ones, %ones, %ones, %ones, %ones)
      : (i32, i32, i32, i32, i32, i32) -> ()
  %c0 = arith.constant 0x243f6a88 : i32
  %c1 = arith.constant 0x85a308d3 : i32
  %c2 = arith.constant 0x13198a2e : i32
  %c3 = arith.constant 0x03707344 : i32
  %k0 = arith.constant 0xa4093822 : i32
  %k1 = arith.constant 0x299f31d0 : i32
  func.call @philox(%c0, %c1, %c2, %c3, %k0, %k1)
      : (i32, i32, i32, i32, i32, i32) -> ()

  // 1 + 2^-8 (bf16 discards 0x8000 of 0x10000): down below r = 0x8000, up
  // from it; bits above the low 16 of rbits are ignored.
  %x = arith.constant 0x3F808000 : f32
  %r_7fff = arith.constant 0x7FFF : i32
  %r_8000 = arith.constant 0xFFFF8000 : i32
  func.call @round(%x, %r_7fff) : (f32, i32) -> ()
  func.call @round(%x, %r_8000) : (f32, i32) -> ()
  // -(1 + 0xFFFF * 2^-23) with r = 1 rounds up in magnitude; +Inf stays +Inf
  // without saturate.
  %neg = arith.constant 0xBF80FFFF : f32
  %r_1 = arith.constant 1 : i32
  func.call @round(%neg, %r_1) : (f32, i32) -> ()
  %inf = arith.constant 0x7F800000 : f32
  func.call @round(%inf, %r_1) : (f32, i32) -> ()

  // Triton's seed 0xDEADBEEF (a uint32 in Python, so zero-extended) and
  // offset 5.
  %seed = arith.constant 0xDEADBEEF : i64
  %offset = arith.constant 5 : i32
  func.call @triton(%seed, %offset) : (i64, i32) -> ()
  return
}
