/*===-- rng-c/Passes.h - C API for the rng-mlir passes ------------*- C -*-===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Creation and registration of every rng-mlir pass, generated from           *|
|* rng/Conversion/Passes.td. For each pass `<Name>` of that file (e.g.        *|
|* ConvertRngToArithPass, `convert-rng-to-arith`):                            *|
|*                                                                            *|
|*   MlirPass mlirCreateRngConversion<Name>(void);                            *|
|*       a new instance with default options, for mlirPassManagerAddOwnedPass *|
|*       or mlirOpPassManagerAddOwnedPass (pass options, e.g. `chip=sm_100a`, *|
|*       go through a textual pipeline: mlirOpPassManagerAddPipeline);        *|
|*   void mlirRegisterRngConversion<Name>(void);                              *|
|*       registers it for textual pipelines;                                  *|
|*                                                                            *|
|* and mlirRegisterRngConversionPasses() registers all of them. To register   *|
|* the named pipelines (`rng-to-llvm`, ...) as well, call                     *|
|* mlirRegisterRngPasses() from rng-c/Registration.h.                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RNG_C_PASSES_H
#define RNG_C_PASSES_H

#include "mlir-c/Pass.h"

#include "rng-c/Passes.capi.h.inc"

#endif /* RNG_C_PASSES_H */
