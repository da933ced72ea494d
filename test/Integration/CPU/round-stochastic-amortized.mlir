// The amortized idiom: the four i32 words of one Philox4x32-10 block,
// bitcast to vector<8xi16>, are the random bits of eight f32 -> bf16
// roundings (K = 16 each). Lowered with rng-to-llvm, compiled to a shared
// library and checked against the independent model (test/lib) with a
// Python Philox reference, itself checked against the known answers.

// RUN: rng-opt %s --rng-to-llvm | mlir-translate --mlir-to-llvmir \
// RUN:   | llc -O2 -filetype=obj -relocation-model=pic -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %python %test_lib/stochastic_rounding_harness.py amortized %t.so \
// RUN:   --kat %vectors/philox4x32_10_kat.txt | FileCheck %s

// CHECK: amortized bf16 key=(0x0, 0x0): 32768 Philox blocks x 8 roundings: 0 mismatches
// CHECK: amortized bf16 key=(0xdeadbeef, 0x12345678): 32768 Philox blocks x 8 roundings: 0 mismatches

// out[8b .. 8b+7] = stochastic rounding of x[8b .. 8b+7] with the words of
// Philox4x32-10(counter (b, 0, 0, 0), key (k0, k1)); lane 2i gets the low
// half of word i, lane 2i + 1 its high half.
func.func @round_bf16_philox(%x: memref<?xf32>, %out: memref<?xbf16>,
                             %k0: i32, %k1: i32) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c8 {
    %block = arith.divui %i, %c8 : index
    %counter = arith.index_cast %block : index to i32
    %w:4 = rng.philox_4x32 %counter, %zero, %zero, %zero key %k0, %k1
        : i32, i32
    %words = vector.from_elements %w#0, %w#1, %w#2, %w#3 : vector<4xi32>
    %rbits = vector.bitcast %words : vector<4xi32> to vector<8xi16>
    %values = vector.load %x[%i] : memref<?xf32>, vector<8xf32>
    %rounded = round.stochastic %values, %rbits
        : vector<8xf32>, vector<8xi16> -> vector<8xbf16>
    vector.store %rounded, %out[%i] : memref<?xbf16>, vector<8xbf16>
  }
  return
}
