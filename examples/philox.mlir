// Philox4x32 on the CPU: the Random123 known-answer inputs, lowered by
//   rng-opt --rng-to-llvm examples/philox.mlir | mlir-runner -e main ...
// Each line prints `counter | key -> words` in hex; compare with
// test/vectors/philox4x32_10_kat.txt (and SPEC §1 for the 7-round line).

func.func private @putchar(i32) -> i32

// Prints `w` as eight lower-case hex digits (through libc's putchar).
func.func @print_hex(%w: i32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : i32
  %c28 = arith.constant 28 : i32
  %mask = arith.constant 15 : i32
  %ten = arith.constant 10 : i32
  %zero = arith.constant 48 : i32   // '0'
  %alpha = arith.constant 87 : i32  // 'a' - 10
  scf.for %i = %c0 to %c8 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %s = arith.muli %ii, %c4 : i32
    %amount = arith.subi %c28, %s : i32
    %d0 = arith.shrui %w, %amount : i32
    %d = arith.andi %d0, %mask : i32
    %isdigit = arith.cmpi ult, %d, %ten : i32
    %base = arith.select %isdigit, %zero, %alpha : i32
    %ch = arith.addi %base, %d : i32
    func.call @putchar(%ch) : (i32) -> i32
  }
  return
}

func.func @print_words(%a: i32, %b: i32, %c: i32, %d: i32) {
  %space = arith.constant 32 : i32
  func.call @print_hex(%a) : (i32) -> ()
  func.call @putchar(%space) : (i32) -> i32
  func.call @print_hex(%b) : (i32) -> ()
  func.call @putchar(%space) : (i32) -> i32
  func.call @print_hex(%c) : (i32) -> ()
  func.call @putchar(%space) : (i32) -> i32
  func.call @print_hex(%d) : (i32) -> ()
  return
}

// Computes one Philox block at run time (all inputs are arguments) and
// prints `c0 c1 c2 c3 | k0 k1 -> x0 x1 x2 x3`.
func.func @philox_line(%c0: i32, %c1: i32, %c2: i32, %c3: i32, %k0: i32, %k1: i32, %rounds: i32) {
  %seven = arith.constant 7 : i32
  %is7 = arith.cmpi eq, %rounds, %seven : i32
  %x:4 = scf.if %is7 -> (i32, i32, i32, i32) {
    %r:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 rounds 7 : i32, i32
    scf.yield %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
  } else {
    %r:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 : i32, i32
    scf.yield %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
  }
  vector.print str "Philox4x32-"
  vector.print %rounds : i32 punctuation <no_punctuation>
  vector.print str "  "
  func.call @print_words(%c0, %c1, %c2, %c3) : (i32, i32, i32, i32) -> ()
  vector.print str " | "
  %space = arith.constant 32 : i32
  func.call @print_hex(%k0) : (i32) -> ()
  func.call @putchar(%space) : (i32) -> i32
  func.call @print_hex(%k1) : (i32) -> ()
  vector.print str " -> "
  func.call @print_words(%x#0, %x#1, %x#2, %x#3) : (i32, i32, i32, i32) -> ()
  vector.print str "\n"
  return
}

func.func @main() {
  %zero = arith.constant 0 : i32
  %ones = arith.constant 0xffffffff : i32
  %one = arith.constant 1 : i32
  %ten = arith.constant 10 : i32
  %seven = arith.constant 7 : i32
  %p0 = arith.constant 0x243f6a88 : i32
  %p1 = arith.constant 0x85a308d3 : i32
  %p2 = arith.constant 0x13198a2e : i32
  %p3 = arith.constant 0x03707344 : i32
  %p4 = arith.constant 0xa4093822 : i32
  %p5 = arith.constant 0x299f31d0 : i32
  func.call @philox_line(%zero, %zero, %zero, %zero, %zero, %zero, %ten) : (i32, i32, i32, i32, i32, i32, i32) -> ()
  func.call @philox_line(%ones, %ones, %ones, %ones, %ones, %ones, %ten) : (i32, i32, i32, i32, i32, i32, i32) -> ()
  func.call @philox_line(%p0, %p1, %p2, %p3, %p4, %p5, %ten) : (i32, i32, i32, i32, i32, i32, i32) -> ()
  func.call @philox_line(%one, %zero, %zero, %zero, %zero, %zero, %ten) : (i32, i32, i32, i32, i32, i32, i32) -> ()
  func.call @philox_line(%zero, %one, %zero, %zero, %zero, %zero, %ten) : (i32, i32, i32, i32, i32, i32, i32) -> ()
  func.call @philox_line(%zero, %zero, %zero, %zero, %zero, %zero, %seven) : (i32, i32, i32, i32, i32, i32, i32) -> ()
  return
}
