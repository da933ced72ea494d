// The folder and the lowering compute the same function: for assorted
// counters, keys and round counts, @folded_* are folded to constants by the
// canonicalizer (checked by the first RUN line), @executed computes the same
// words at run time from its arguments, and @main prints both and whether
// every lane agrees.
//
// RUN: rng-opt %s --canonicalize | FileCheck %s --check-prefix=FOLDED
// RUN: rng-opt %s --rng-to-llvm | %run_cpu | FileCheck %s

// FOLDED-LABEL: func.func @folded_r10
// FOLDED-NOT: rng.philox_4x32
// FOLDED: return
// FOLDED-LABEL: func.func @folded_r1
// FOLDED-NOT: rng.philox_4x32
// FOLDED: return
// FOLDED-LABEL: func.func @folded_r16
// FOLDED-NOT: rng.philox_4x32
// FOLDED: return

func.func @folded_r10() -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>) {
  %c0 = arith.constant dense<[0, 1, -1, 0x7fffffff, -2147483648, 123456789, 42, -7]> : vector<8xi32>
  %c1 = arith.constant dense<[5, 0, -1, 1, 2, 3, 0x55555555, 99]> : vector<8xi32>
  %c2 = arith.constant dense<[0, 0, -1, 17, 0x0badf00d, 2, 1, -100]> : vector<8xi32>
  %c3 = arith.constant dense<[0, 7, -1, 0, 0x12345678, 1, 0, 3]> : vector<8xi32>
  %k0 = arith.constant 0xdeadbeef : i32
  %k1 = arith.constant 123 : i32
  %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 : vector<8xi32>, i32
  return %x#0, %x#1, %x#2, %x#3 : vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>
}

func.func @folded_r1() -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>) {
  %c0 = arith.constant dense<[0, 1, -1, 0x7fffffff, -2147483648, 123456789, 42, -7]> : vector<8xi32>
  %c1 = arith.constant dense<[5, 0, -1, 1, 2, 3, 0x55555555, 99]> : vector<8xi32>
  %c2 = arith.constant dense<[0, 0, -1, 17, 0x0badf00d, 2, 1, -100]> : vector<8xi32>
  %c3 = arith.constant dense<[0, 7, -1, 0, 0x12345678, 1, 0, 3]> : vector<8xi32>
  %k0 = arith.constant 0xdeadbeef : i32
  %k1 = arith.constant 123 : i32
  %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 rounds 1 : vector<8xi32>, i32
  return %x#0, %x#1, %x#2, %x#3 : vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>
}

func.func @folded_r16() -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>) {
  %c0 = arith.constant dense<[0, 1, -1, 0x7fffffff, -2147483648, 123456789, 42, -7]> : vector<8xi32>
  %c1 = arith.constant dense<[5, 0, -1, 1, 2, 3, 0x55555555, 99]> : vector<8xi32>
  %c2 = arith.constant dense<[0, 0, -1, 17, 0x0badf00d, 2, 1, -100]> : vector<8xi32>
  %c3 = arith.constant dense<[0, 7, -1, 0, 0x12345678, 1, 0, 3]> : vector<8xi32>
  %k0 = arith.constant 0xdeadbeef : i32
  %k1 = arith.constant 123 : i32
  %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 rounds 16 : vector<8xi32>, i32
  return %x#0, %x#1, %x#2, %x#3 : vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>
}

// The same computation with every input a run-time argument.
func.func @executed(%c0: vector<8xi32>, %c1: vector<8xi32>, %c2: vector<8xi32>, %c3: vector<8xi32>, %k0: i32, %k1: i32, %rounds: index)
    -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>) {
  %r:4 = scf.index_switch %rounds -> vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>
  case 1 {
    %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 rounds 1 : vector<8xi32>, i32
    scf.yield %x#0, %x#1, %x#2, %x#3 : vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>
  }
  case 16 {
    %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 rounds 16 : vector<8xi32>, i32
    scf.yield %x#0, %x#1, %x#2, %x#3 : vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>
  }
  default {
    %x:4 = rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 : vector<8xi32>, i32
    scf.yield %x#0, %x#1, %x#2, %x#3 : vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>
  }
  return %r#0, %r#1, %r#2, %r#3 : vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>
}

func.func @compare(%f0: vector<8xi32>, %f1: vector<8xi32>, %f2: vector<8xi32>, %f3: vector<8xi32>,
                   %e0: vector<8xi32>, %e1: vector<8xi32>, %e2: vector<8xi32>, %e3: vector<8xi32>) {
  vector.print %f0 : vector<8xi32>
  vector.print %e0 : vector<8xi32>
  %q0 = arith.cmpi eq, %f0, %e0 : vector<8xi32>
  %q1 = arith.cmpi eq, %f1, %e1 : vector<8xi32>
  %q2 = arith.cmpi eq, %f2, %e2 : vector<8xi32>
  %q3 = arith.cmpi eq, %f3, %e3 : vector<8xi32>
  %a = arith.andi %q0, %q1 : vector<8xi1>
  %b = arith.andi %q2, %q3 : vector<8xi1>
  %all = arith.andi %a, %b : vector<8xi1>
  %same = vector.reduction <and>, %all : vector<8xi1> into i1
  vector.print %same : i1
  return
}

func.func @main() {
  %c0 = arith.constant dense<[0, 1, -1, 0x7fffffff, -2147483648, 123456789, 42, -7]> : vector<8xi32>
  %c1 = arith.constant dense<[5, 0, -1, 1, 2, 3, 0x55555555, 99]> : vector<8xi32>
  %c2 = arith.constant dense<[0, 0, -1, 17, 0x0badf00d, 2, 1, -100]> : vector<8xi32>
  %c3 = arith.constant dense<[0, 7, -1, 0, 0x12345678, 1, 0, 3]> : vector<8xi32>
  %k0 = arith.constant 0xdeadbeef : i32
  %k1 = arith.constant 123 : i32
  %r10 = arith.constant 10 : index
  %r1 = arith.constant 1 : index
  %r16 = arith.constant 16 : index

  %f:4 = func.call @folded_r10() : () -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
  %e:4 = func.call @executed(%c0, %c1, %c2, %c3, %k0, %k1, %r10) : (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, i32, i32, index) -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
  func.call @compare(%f#0, %f#1, %f#2, %f#3, %e#0, %e#1, %e#2, %e#3) : (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>) -> ()
  // CHECK: ( [[R10:.*]] )
  // CHECK-NEXT: ( [[R10]] )
  // CHECK-NEXT: 1

  %g:4 = func.call @folded_r1() : () -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
  %h:4 = func.call @executed(%c0, %c1, %c2, %c3, %k0, %k1, %r1) : (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, i32, i32, index) -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
  func.call @compare(%g#0, %g#1, %g#2, %g#3, %h#0, %h#1, %h#2, %h#3) : (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>) -> ()
  // CHECK-NEXT: ( [[R1:.*]] )
  // CHECK-NEXT: ( [[R1]] )
  // CHECK-NEXT: 1

  %i:4 = func.call @folded_r16() : () -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
  %j:4 = func.call @executed(%c0, %c1, %c2, %c3, %k0, %k1, %r16) : (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, i32, i32, index) -> (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>)
  func.call @compare(%i#0, %i#1, %i#2, %i#3, %j#0, %j#1, %j#2, %j#3) : (vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>, vector<8xi32>) -> ()
  // CHECK-NEXT: ( [[R16:.*]] )
  // CHECK-NEXT: ( [[R16]] )
  // CHECK-NEXT: 1
  return
}
