// Input of the C++ consumer (examples/consumer/consumer-opt.cpp): @philox is
// lowered by the consumer's own pass, the rest by the installed rng-opt
// (rng-to-llvm), and @main prints the words of three known answers.

func.func @philox(%c0: i32, %c1: i32, %c2: i32, %c3: i32, %k0: i32, %k1: i32) {
  %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 : i32, i32
  %v = vector.from_elements %x#0, %x#1, %x#2, %x#3 : vector<4xi32>
  %u = arith.extui %v : vector<4xi32> to vector<4xi64>
  vector.print %u : vector<4xi64>
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
  return
}
