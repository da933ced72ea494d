// The seed property of the lowbias32 generator (SPEC §5), run on the CPU:
// the seed enters by XOR, so
//   hash_rand(s2, c) == hash_rand(s1, c ^ hash32(s1) ^ hash32(s2))
// for every counter c: two seeds' streams are the same values at
// XOR-permuted counters (the permuted counters are computed with
// rng.lowbias32 at run time). At the same counters the streams differ.
// Where many independent streams matter, use the Philox family.
//
// RUN: rng-opt %s --rng-to-llvm | %run_cpu | FileCheck %s
// CHECK:      seeds 1, 2: permuted counters give equal draws: 1024 of 1024; same counters: 0 of 1024
// CHECK-NEXT: seeds 0, -1: permuted counters give equal draws: 1024 of 1024; same counters: 0 of 1024
// CHECK-NEXT: seeds -2147483648, 123: permuted counters give equal draws: 1024 of 1024; same counters: 0 of 1024

// Counts, over the counters base + 0..1023 (wrapping), where
// hash_rand(s2, c) equals hash_rand(s1, c ^ hash32(s1) ^ hash32(s2)), and
// where it equals hash_rand(s1, c).
func.func @property(%s1: i32, %s2: i32, %base: i32) -> (i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c16 = arith.constant 16 : i32
  %zero = arith.constant 0 : i64
  %lanes = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : vector<16xi32>
  %h1 = rng.lowbias32 %s1 : i32
  %h2 = rng.lowbias32 %s2 : i32
  %h12 = arith.xori %h1, %h2 : i32
  %shift = vector.broadcast %h12 : i32 to vector<16xi32>
  %r:2 = scf.for %i = %c0 to %c64 step %c1 iter_args(%permuted = %zero, %same = %zero) -> (i64, i64) {
    %i32 = arith.index_cast %i : index to i32
    %block = arith.muli %i32, %c16 : i32
    %first = arith.addi %base, %block : i32
    %firsts = vector.broadcast %first : i32 to vector<16xi32>
    %c = arith.addi %firsts, %lanes : vector<16xi32>
    %moved = arith.xori %c, %shift : vector<16xi32>
    %u2 = rng.hash_rand %s2, %c : i32, vector<16xi32>
    %u1_moved = rng.hash_rand %s1, %moved : i32, vector<16xi32>
    %u1 = rng.hash_rand %s1, %c : i32, vector<16xi32>
    %eq = arith.cmpf oeq, %u2, %u1_moved : vector<16xf32>
    %eq_same = arith.cmpf oeq, %u2, %u1 : vector<16xf32>
    %ones = arith.extui %eq : vector<16xi1> to vector<16xi64>
    %count = vector.reduction <add>, %ones : vector<16xi64> into i64
    %ones_same = arith.extui %eq_same : vector<16xi1> to vector<16xi64>
    %count_same = vector.reduction <add>, %ones_same : vector<16xi64> into i64
    %p2 = arith.addi %permuted, %count : i64
    %s2n = arith.addi %same, %count_same : i64
    scf.yield %p2, %s2n : i64, i64
  }
  return %r#0, %r#1 : i64, i64
}

func.func @show(%s1: i32, %s2: i32, %base: i32) {
  %r:2 = func.call @property(%s1, %s2, %base) : (i32, i32, i32) -> (i64, i64)
  vector.print str "seeds "
  vector.print %s1 : i32 punctuation <no_punctuation>
  vector.print str ", "
  vector.print %s2 : i32 punctuation <no_punctuation>
  vector.print str ": permuted counters give equal draws: "
  vector.print %r#0 : i64 punctuation <no_punctuation>
  vector.print str " of 1024; same counters: "
  vector.print %r#1 : i64 punctuation <no_punctuation>
  vector.print str " of 1024\n"
  return
}

func.func @main() {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %minus_one = arith.constant -1 : i32
  %int_min = arith.constant -2147483648 : i32
  %seed = arith.constant 123 : i32
  %near_wrap = arith.constant 2147483136 : i32
  func.call @show(%one, %two, %zero) : (i32, i32, i32) -> ()
  func.call @show(%zero, %minus_one, %near_wrap) : (i32, i32, i32) -> ()
  func.call @show(%int_min, %seed, %minus_one) : (i32, i32, i32) -> ()
  return
}
