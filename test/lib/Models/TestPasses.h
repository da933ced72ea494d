//===- TestPasses.h - rng-mlir test-only passes -----------------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_TEST_LIB_MODELS_TESTPASSES_H
#define RNG_TEST_LIB_MODELS_TESTPASSES_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace rng {
namespace test {

/// Models of the NVVM operations our lowerings emit (NVVMModels.cpp).
void populateNVVMModelPatterns(RewritePatternSet &patterns);

/// Models of the AMDGPU operations our lowerings emit (ROCDLModels.cpp);
/// `fnuz` selects the gfx942 (FNUZ) rather than the gfx950 (OCP) meaning of
/// the fp8/bf8 conversions.
void populateROCDLModelPatterns(RewritePatternSet &patterns, bool fnuz);

/// Registers `test-rng-lower-greedily` (TestLowerGreedily.cpp).
void registerTestLowerGreedilyPass();

/// Registers `test-rng-bit-generator-element` (TestBitGeneratorElement.cpp).
void registerTestBitGeneratorElementPass();

/// Registers `test-rng-curand-step-nvvm` (TestCurandStepNVVM.cpp).
void registerTestCurandStepNVVMPass();

/// Registers `test-rng-emulate-gpu-instructions`,
/// `test-rng-lower-greedily`, `test-rng-bit-generator-element` and
/// `test-rng-curand-step-nvvm`.
void registerTestPasses();

} // namespace test
} // namespace rng
} // namespace mlir

#endif // RNG_TEST_LIB_MODELS_TESTPASSES_H
