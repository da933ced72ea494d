/*===- hash.c - C API test of the hash, dropout and splitmix64 builders ---===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Builds every op of rng-c/Dialect/RngHash.h into a parsed function, shows   *|
|* the builders' refusals (a diagnostic and a null operation), prints the     *|
|* function and lowers it with the rng-to-llvm pipeline. hash.test runs it.   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "TestHelpers.h"

#include "rng-c/Dialect/Rng.h"
#include "rng-c/Dialect/RngHash.h"

#include "mlir-c/IR.h"

#include <stdio.h>

static const char *kModule =
    "func.func @f(%x: f32, %p: f32, %seed: i32, %counter: i32, %state: i64)"
    "    -> (i32, f32, f32, f32, f32, i64, f32) {\n"
    "  %one = arith.constant 1.0 : f32\n"
    "  return %seed, %x, %x, %x, %x, %state, %x\n"
    "      : i32, f32, f32, f32, f32, i64, f32\n"
    "}\n";

int main(void) {
  MlirContext ctx = createTestContext();

  MlirModule module = mlirModuleCreateParse(ctx, str(kModule));
  if (mlirModuleIsNull(module))
    return 1;
  MlirOperation function = getFirstOperation(module);
  MlirBlock entry = getEntryBlock(function);
  MlirOperation ret = mlirBlockGetTerminator(entry);
  MlirLocation loc = mlirOperationGetLocation(ret);
  MlirValue x = mlirBlockGetArgument(entry, 0);
  MlirValue p = mlirBlockGetArgument(entry, 1);
  MlirValue seed = mlirBlockGetArgument(entry, 2);
  MlirValue counter = mlirBlockGetArgument(entry, 3);
  MlirValue state = mlirBlockGetArgument(entry, 4);
  MlirValue one = mlirOperationGetResult(mlirBlockGetFirstOperation(entry), 0);
  MlirValue null = {NULL};

  /* A constant p outside [0, 1) is valid (SPEC 6: p = 1 drops everything):
   * built, no diagnostic. */
  report("hash_dropout p = 1",
         mlirRngHashDropoutCreate(loc, x, one, seed, counter));
  /* Refusals: a diagnostic each and no op. */
  report("lowbias32 of i64", mlirRngLowbias32Create(loc, state));
  report("dropout rounds 0", mlirRngDropoutCreate(loc, x, p, seed, counter, 0));
  report("hash_randn null seed", mlirRngHashRandnCreate(loc, null, counter));
  report("splitmix64 of i32", mlirRngSplitMix64Create(loc, seed));
  report("tr_dropout_sample of an i32 offset",
         mlirRngTrDropoutSampleCreate(loc, state, state, counter));
  /* A null location: no context to report in, so a null op alone. */
  report("lowbias32 null location",
         mlirRngLowbias32Create((MlirLocation){NULL}, counter));
  /* An operand of another context (which may be destroyed first). */
  {
    MlirContext other = createTestContext();
    MlirModule foreign = mlirModuleCreateParse(other, str(kModule));
    MlirBlock foreignEntry = getEntryBlock(getFirstOperation(foreign));
    report("hash_rand foreign seed",
           mlirRngHashRandCreate(loc, mlirBlockGetArgument(foreignEntry, 2),
                                 counter));
    mlirModuleDestroy(foreign);
    mlirContextDestroy(other);
  }

  MlirOperation ops[] = {
      mlirRngLowbias32Create(loc, counter),
      mlirRngHashRandCreate(loc, seed, counter),
      mlirRngHashRandnCreate(loc, seed, counter),
      mlirRngHashDropoutCreate(loc, x, p, seed, counter),
      mlirRngDropoutCreate(loc, x, p, state, counter, MLIR_RNG_DEFAULT_ROUNDS),
      mlirRngSplitMix64Create(loc, state),
      mlirRngTrDropoutSampleCreate(loc, state, state, state)};
  for (intptr_t i = 0; i < (intptr_t)(sizeof(ops) / sizeof(ops[0])); ++i) {
    if (mlirOperationIsNull(ops[i]))
      return 1;
    mlirBlockInsertOwnedOperationBefore(entry, ret, ops[i]);
    mlirOperationSetOperand(ret, i, mlirOperationGetResult(ops[i], 0));
  }
  mlirOperationPrint(function, printToStdout, NULL);
  fputc('\n', stdout);
  printf("verifies: %s\n",
         mlirOperationVerify(mlirModuleGetOperation(module)) ? "yes" : "no");

  int failed = lowerWithRngToLLVM(ctx, module);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return failed;
}
