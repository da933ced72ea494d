//===- RngToArith.h - Universal lowering of the rng dialect -----*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Library: RngToArith (CMake: RngMLIR::RngToArith). Pass:
// `convert-rng-to-arith`, createConvertRngToArithPass() in
// rng/Conversion/Passes.h.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H
#define RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace rng {

/// Adds the universal lowering of every `rng` op to `patterns`: Philox rounds
/// become `arith.mului_extended` (the 32x32->64-bit products), `arith.xori`
/// and `arith.addi`; the uniform and normal distributions add `arith`
/// conversions and `math.log`/`math.sqrt`/`math.cos`/`math.sin`. Shapes are
/// preserved (scalars, vectors, ranked tensors), so the generated IR is valid
/// for any target.
///
/// Each pattern replaces its op completely; use them with the dialect
/// conversion driver (`applyPartialConversion` with the `rng` dialect marked
/// illegal), possibly next to patterns of your own. A pass that uses them must
/// declare the `arith`, `math`, `vector` and `tensor` dialects as dependent
/// dialects.
void populateRngToArithConversionPatterns(RewritePatternSet &patterns,
                                          PatternBenefit benefit = 1);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_RNGTOARITH_RNGTOARITH_H
