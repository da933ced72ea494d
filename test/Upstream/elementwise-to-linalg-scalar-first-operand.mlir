// Upstream defect (LLVM 22, Debian's mlir-opt): convert-elementwise-to-linalg
// sizes the outputs it creates from the op's first operand. When that is a
// scalar and no operand has the result's type, the output is a 0-D tensor
// and the linalg.generic is invalid (builds with assertions crash in
// tensor::getMixedSizes). Upstream ops only: tosa.apply_scale is
// ElementwiseMappable and takes scalars beside tensors.
//
// We work around it with rng-elementwise-to-linalg (RngToArith.cpp; our
// lowerings size outputs from a tensor operand). The patch text is
// docs/upstream/elementwise-to-linalg-scalar-first-operand.md.
//
// This test pins today's behaviour. When it fails, Debian's LLVM has the
// fix: run upstream's pass in front of ours in the Composability tests and
// say so in docs/Library.md and docs/upstream/README.md.
//
// RUN: not %llvm_tools_dir/mlir-opt %s --convert-elementwise-to-linalg 2>&1 \
// RUN:   | FileCheck %s

// CHECK: error: 'linalg.generic' op expected type of operand #3 ('tensor<i32>') to match type of corresponding result ('tensor<?xi32>')
func.func @scalar_first_operand(%value: i48, %multiplier: i32,
                                %shift: tensor<?xi8>) -> tensor<?xi32> {
  %r = tosa.apply_scale %value, %multiplier, %shift {rounding_mode = DOUBLE_ROUND}
      : (i48, i32, tensor<?xi8>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}
