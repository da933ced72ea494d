// Upstream defect (LLVM 22, Debian's mlir-opt): a memref of i1 is lowered
// with one byte per element (memref.load/store of i1), but vector.load,
// vector.store and vector.transfer_read/write of vector<Nxi1> on it become
// LLVM loads and stores of <N x i1>, which are bit-packed: the vector
// access reads (or writes) N bits where the elements are N bytes. Nothing
// diagnoses it; the values are wrong.
//
// We work around it where we read masks (rng.torch_dropout's keep):
// examples/torch.mlir widens the tensor<Nxi1> with arith.extui before the
// vector read, and docs/PyTorchRandom.md tells users to do the same. The
// patch text is docs/upstream/vector-i1-memref-packed.md.
//
// This test pins today's behaviour: elements 0, 2, 4 and 6 are stored true;
// read one by one they are, read as a vector only element 0 is (the first
// byte's bit 0). When it fails, Debian's LLVM has the fix: the widening
// in examples/torch.mlir can go.
//
// RUN: %llvm_tools_dir/mlir-opt %s --convert-vector-to-scf \
// RUN:   --convert-scf-to-cf --convert-vector-to-llvm \
// RUN:   --finalize-memref-to-llvm --convert-arith-to-llvm \
// RUN:   --convert-cf-to-llvm --convert-func-to-llvm \
// RUN:   --reconcile-unrealized-casts | %run_cpu | FileCheck %s

// CHECK:      elements: 1 0 1 0
// CHECK-NEXT: vector.load: ( 1, 0, 0, 0, 0, 0, 0, 0 )
// CHECK-NEXT: vector.transfer_read: ( 1, 0, 0, 0, 0, 0, 0, 0 )
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %true = arith.constant true
  %false = arith.constant false
  %m = memref.alloca() : memref<8xi1>
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %false, %m[%i] : memref<8xi1>
  }
  scf.for %i = %c0 to %c8 step %c2 {
    memref.store %true, %m[%i] : memref<8xi1>
  }
  vector.print str "elements: "
  scf.for %i = %c0 to %c3 step %c1 {
    %e = memref.load %m[%i] : memref<8xi1>
    vector.print %e : i1 punctuation <no_punctuation>
    vector.print str " "
  }
  %e3 = memref.load %m[%c3] : memref<8xi1>
  vector.print %e3 : i1
  vector.print str "vector.load: "
  %v = vector.load %m[%c0] : memref<8xi1>, vector<8xi1>
  vector.print %v : vector<8xi1>
  vector.print str "vector.transfer_read: "
  %t = vector.transfer_read %m[%c0], %false : memref<8xi1>, vector<8xi1>
  vector.print %t : vector<8xi1>
  return
}
