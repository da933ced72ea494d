// Input of the C consumer (examples/consumer/consumer.c), which builds an
// rng.philox_4x32 with 7 rounds into @built and JIT-runs both functions
// (through their C interfaces: the words come back through a pointer).

func.func @philox(%c0: i32, %c1: i32, %c2: i32, %c3: i32, %k0: i32, %k1: i32)
    -> (i32, i32, i32, i32) attributes {llvm.emit_c_interface} {
  %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 : i32, i32
  return %x#0, %x#1, %x#2, %x#3 : i32, i32, i32, i32
}

func.func @built(%c0: i32, %c1: i32, %c2: i32, %c3: i32, %k0: i32, %k1: i32,
                 %not_a_word: f32) -> (i32, i32, i32, i32)
    attributes {llvm.emit_c_interface} {
  return %c0, %c1, %c2, %c3 : i32, i32, i32, i32
}

// The C program builds a saturating round.stochastic to bf16 in place of the
// truncf and calls @round_built, which returns the bf16 bits.
func.func @round_built(%x: f32, %rbits: i32) -> i16
    attributes {llvm.emit_c_interface} {
  %placeholder = arith.truncf %x : f32 to bf16
  %bits = arith.bitcast %placeholder : bf16 to i16
  return %bits : i16
}

// The C program builds a saturating round.scaling_stochastic to f4E2M1FN in
// place of the truncf (after two rejected requests).
func.func @scaling_built(%x: f32, %scale: f8E8M0FNU, %rbits: i32) -> i8 {
  %placeholder = arith.truncf %x : f32 to f4E2M1FN
  %bits = arith.bitcast %placeholder : f4E2M1FN to i4
  %byte = arith.extui %bits : i4 to i8
  return %byte : i8
}

// The C program builds one op of each Triton-compatible kind (randint,
// randint4x, rand, rand4x, randn, randn4x, in that order) before the return
// and returns their 15 results in place of the zeros.
func.func @triton_built(%seed: i32, %offset: i32, %not_an_offset: f32)
    -> (i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32, f32,
        f32) attributes {llvm.emit_c_interface} {
  %i = arith.constant 0 : i32
  %f = arith.constant 0.0 : f32
  return %i, %i, %i, %i, %i, %f, %f, %f, %f, %f, %f, %f, %f, %f, %f
      : i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32, f32,
        f32
}
