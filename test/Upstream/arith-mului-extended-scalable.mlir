// Upstream defect (LLVM 22, Debian's mlir-opt): arith-to-llvm lowers
// arith.mului_extended (and mulsi_extended) on a scalable vector to an
// llvm.zext whose result type drops the scalable dimension, which the
// verifier rejects: the widened type is built with VectorType::get(shape,
// ...) instead of VectorType::clone.
//
// We work around it in buildMulHiLoExtended (lib/Conversion/Common/
// Philox.cpp): 64-bit products on every scalable vector. The patch text is
// docs/upstream/arith-mului-extended-scalable.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: scalable 1-D vectors may go back to arith.mului_extended.
//
// RUN: not %llvm_tools_dir/mlir-opt %s --convert-arith-to-llvm \
// RUN:   --split-input-file 2>&1 >/dev/null | FileCheck %s
// The fixed-size vector is fine.
// RUN: not %llvm_tools_dir/mlir-opt %s --convert-arith-to-llvm \
// RUN:   --split-input-file 2>/dev/null | FileCheck %s --check-prefix=FIXED

// CHECK: error: input and output vectors are of incompatible shape
// CHECK: llvm.zext{{.*}}(vector<[4]xi32>) -> vector<4xi64>
func.func @scalable(%a: vector<[4]xi32>, %b: vector<[4]xi32>)
    -> (vector<[4]xi32>, vector<[4]xi32>) {
  %low, %high = arith.mului_extended %a, %b : vector<[4]xi32>
  return %low, %high : vector<[4]xi32>, vector<[4]xi32>
}

// -----

// FIXED-LABEL: func.func @fixed
// FIXED:         llvm.zext {{.*}} : vector<4xi32> to vector<4xi64>
// FIXED:         llvm.mul {{.*}} : vector<4xi64>
func.func @fixed(%a: vector<4xi32>, %b: vector<4xi32>)
    -> (vector<4xi32>, vector<4xi32>) {
  %low, %high = arith.mului_extended %a, %b : vector<4xi32>
  return %low, %high : vector<4xi32>, vector<4xi32>
}
