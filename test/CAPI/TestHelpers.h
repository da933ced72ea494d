/*===- TestHelpers.h - Shared helpers of the C API tests ----------*- C -*-===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* What every C API test does the same way: a context with every dialect and *|
|* pass registered and diagnostics (with their notes) printed on stdout, the *|
|* line a builder refusal prints, and the rng-to-llvm run that ends a test.  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RNG_TEST_CAPI_TESTHELPERS_H
#define RNG_TEST_CAPI_TESTHELPERS_H

#include "rng-c/Registration.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <string.h>

static inline MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static inline void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static inline MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                                void *userData) {
  (void)userData;
  fputs("diagnostic: ", stdout);
  mlirDiagnosticPrint(diagnostic, printToStdout, NULL);
  fputc('\n', stdout);
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(diagnostic); ++i) {
    fputs("note: ", stdout);
    mlirDiagnosticPrint(mlirDiagnosticGetNote(diagnostic, i), printToStdout,
                        NULL);
    fputc('\n', stdout);
  }
  return mlirLogicalResultSuccess();
}

/* A context with upstream's and rng-mlir's dialects and passes, printing
 * diagnostics on stdout. */
static inline MlirContext createTestContext(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirRegisterRngDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterRngPasses();
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  return ctx;
}

/* The first operation of `module` (the function a test builds into). */
static inline MlirOperation getFirstOperation(MlirModule module) {
  return mlirBlockGetFirstOperation(mlirModuleGetBody(module));
}

/* The entry block of `function`. */
static inline MlirBlock getEntryBlock(MlirOperation function) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(function, 0));
}

/* Prints whether a builder returned an op (and destroys it). */
static inline void report(const char *what, MlirOperation op) {
  printf("%s: %s\n", what, mlirOperationIsNull(op) ? "null" : "built");
  if (!mlirOperationIsNull(op))
    mlirOperationDestroy(op);
}

static inline MlirWalkResult countRngOps(MlirOperation op, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length > 4 && strncmp(name.data, "rng.", 4) == 0)
    ++*(int *)userData;
  return MlirWalkResultAdvance;
}

/* Runs rng-to-llvm on `module`, prints the outcome and the rng ops left;
 * returns nonzero on failure. */
static inline int lowerWithRngToLLVM(MlirContext ctx, MlirModule module) {
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, str("builtin.module"));
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  int failed = mlirLogicalResultIsFailure(mlirParsePassPipeline(
      opm, str("builtin.module(rng-to-llvm)"), printToStdout, NULL));
  failed = failed || mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(
                         pm, mlirModuleGetOperation(module)));
  int remaining = 0;
  mlirOperationWalk(mlirModuleGetOperation(module), countRngOps, &remaining,
                    MlirWalkPreOrder);
  printf("lowered by rng-to-llvm: %s, %d rng ops left\n",
         failed ? "failed" : "ok", remaining);
  mlirPassManagerDestroy(pm);
  return failed;
}

#endif /* RNG_TEST_CAPI_TESTHELPERS_H */
