//===- Passes.h - rng-mlir conversion passes --------------------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Declarations and registration of every conversion pass of rng-mlir,
// generated from Passes.td. For each pass `<Name>Pass` there:
//
//   std::unique_ptr<Pass> create<Name>Pass();            // default options
//   std::unique_ptr<Pass> create<Name>Pass(const <Name>PassOptions &);
//                                         // only for passes with options
//   void register<Name>Pass();             // for textual pipelines
//
// and registerRngConversionPasses() registers all of them (registerRngPasses()
// in rng/InitRng.h adds the named pipelines). The C API equivalents are in
// rng-c/Passes.h.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_PASSES_H
#define RNG_CONVERSION_PASSES_H

#include "rng/Conversion/RngToArith/RngToArith.h"
#include "rng/Conversion/RngToNVVM/RngToNVVM.h"
#include "rng/Conversion/RoundToArith/RoundToArith.h"
#include "rng/Conversion/RoundToNVVM/RoundToNVVM.h"
#include "rng/Conversion/RoundToROCDL/RoundToROCDL.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace rng {

#define GEN_PASS_DECL
#define GEN_PASS_REGISTRATION
#include "rng/Conversion/Passes.h.inc"

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_PASSES_H
