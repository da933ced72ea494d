/*===- jax.c - C API test of the Threefry, JAX and bit-generator builders ===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Builds every op of rng-c/Dialect/RngJax.h into a parsed function, shows    *|
|* the builders' refusals (a diagnostic and a null operation), prints the     *|
|* function and lowers it with the rng-to-llvm pipeline. jax.test runs it.    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "TestHelpers.h"

#include "rng-c/Dialect/Rng.h"
#include "rng-c/Dialect/RngJax.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <stdio.h>

static const char *kModule =
    "func.func @f(%k: i32, %i: i64, %m: i32, %s: tensor<3xi64>)"
    "    -> (i32, i32, i64, f32, f32, i32, tensor<3xi64>, tensor<5xi16>) {\n"
    "  %o = arith.constant dense<0> : tensor<5xi16>\n"
    "  %l = arith.constant 0 : i64\n"
    "  %f = arith.constant 0.0 : f32\n"
    "  return %k, %k, %l, %f, %f, %k, %s, %o\n"
    "      : i32, i32, i64, f32, f32, i32, tensor<3xi64>, tensor<5xi16>\n"
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
  MlirValue k = mlirBlockGetArgument(entry, 0);
  MlirValue i = mlirBlockGetArgument(entry, 1);
  MlirValue m = mlirBlockGetArgument(entry, 2);
  MlirValue s = mlirBlockGetArgument(entry, 3);
  MlirValue null = {NULL};
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType f16 = mlirF16TypeGet(ctx);
  int64_t five = 5;
  MlirType output = mlirRankedTensorTypeGet(
      1, &five, mlirIntegerTypeGet(ctx, 16), mlirAttributeGetNull());
  MlirType dynamic =
      mlirRankedTensorTypeGet(1, (int64_t[]){mlirShapedTypeGetDynamicSize()},
                              i64, mlirAttributeGetNull());
  MlirType nullType = {NULL};

  /* Refusals: a diagnostic each and no op. */
  report("threefry rounds 33", mlirRngThreefry2x32Create(loc, k, k, k, k, 33));
  report("jax_bits of key i64", mlirRngJaxBitsCreate(loc, i64, i, i, i));
  report("jax_uniform -> f16", mlirRngJaxUniformCreate(loc, f16, k, k, i));
  report("jax_uniform null type",
         mlirRngJaxUniformCreate(loc, nullType, k, k, i));
  report("jax_normal null key", mlirRngJaxNormalCreate(loc, null, k, i));
  report(
      "bit_generator three_fry, 3 words",
      mlirRngBitGeneratorCreate(loc, MLIR_RNG_ALGORITHM_THREE_FRY, s, output));
  report("bit_generator dynamic output",
         mlirRngBitGeneratorCreate(loc, MLIR_RNG_ALGORITHM_PHILOX, s, dynamic));
  report("bit_generator algorithm 7",
         mlirRngBitGeneratorCreate(loc, (MlirRngAlgorithm)7, s, output));

  MlirOperation threefry = mlirRngThreefry2x32Create(
      loc, k, k, k, k, MLIR_RNG_THREEFRY_DEFAULT_ROUNDS);
  MlirOperation foldIn = mlirRngJaxFoldInCreate(loc, k, k, m);
  MlirOperation ops[] = {
      threefry,
      foldIn,
      mlirRngJaxBitsCreate(loc, i64, k, k, i),
      mlirRngJaxUniformCreate(loc, f32, k, k, i),
      mlirRngJaxNormalCreate(loc, k, k, i),
      mlirRngJaxRandintCreate(loc, k, k, i, m, m),
      mlirRngBitGeneratorCreate(loc, MLIR_RNG_ALGORITHM_PHILOX, s, output)};
  for (intptr_t j = 0; j < (intptr_t)(sizeof(ops) / sizeof(ops[0])); ++j) {
    if (mlirOperationIsNull(ops[j]))
      return 1;
    mlirBlockInsertOwnedOperationBefore(entry, ret, ops[j]);
  }
  /* Every result used: threefry y0, fold_in k1', the samplers, the new state
   * and the output. */
  mlirOperationSetOperand(ret, 0, mlirOperationGetResult(threefry, 0));
  mlirOperationSetOperand(ret, 1, mlirOperationGetResult(foldIn, 1));
  for (intptr_t j = 2; j < 6; ++j)
    mlirOperationSetOperand(ret, j, mlirOperationGetResult(ops[j], 0));
  mlirOperationSetOperand(ret, 6, mlirOperationGetResult(ops[6], 0));
  mlirOperationSetOperand(ret, 7, mlirOperationGetResult(ops[6], 1));
  mlirOperationPrint(function, printToStdout, NULL);
  fputc('\n', stdout);
  printf("verifies: %s\n",
         mlirOperationVerify(mlirModuleGetOperation(module)) ? "yes" : "no");

  int failed = lowerWithRngToLLVM(ctx, module);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return failed;
}
