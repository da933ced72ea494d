/*===-- rng-c/Registration.h - Register rng-mlir from C -----------*- C -*-===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* One-call registration of every rng-mlir dialect, pass and pipeline: the C  *|
|* counterparts of mlir::rng::registerRngDialects and                         *|
|* mlir::rng::registerRngPasses (rng/InitRng.h). Together with upstream's     *|
|* mlir-c/RegisterEverything.h (also in libRngMLIR-C.so) they set up a        *|
|* context that parses, lowers and runs programs that use our ops.           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RNG_C_REGISTRATION_H
#define RNG_C_REGISTRATION_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Inserts every rng-mlir dialect into `registry`; append the registry to a
 * context with mlirContextAppendDialectRegistry. The per-dialect handles
 * (mlirGetDialectHandle__rng__ ...) are in rng-c/Dialect/. */
MLIR_CAPI_EXPORTED void mlirRegisterRngDialects(MlirDialectRegistry registry);

/** Registers every rng-mlir pass (`convert-rng-to-arith`, ...) and named
 * pipeline (`rng-to-llvm`, ...) with the global registry, so that
 * mlirParsePassPipeline and mlirOpPassManagerAddPipeline know them. Safe to
 * call more than once. */
MLIR_CAPI_EXPORTED void mlirRegisterRngPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* RNG_C_REGISTRATION_H */
