/*===- linear-index.c - C API test of the rng.linear_index builders ------===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Builds rng.linear_index with and without a base into a parsed function,   *|
|* shows the builders' refusals (a diagnostic and a null operation), prints  *|
|* the function and lowers it with the rng-to-llvm pipeline.                 *|
|* linear-index.test runs it.                                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "TestHelpers.h"

#include "rng-c/Dialect/Rng.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <stdio.h>

static const char *kModule =
    "func.func @f(%b: i32, %w: i64, %x: f32)"
    "    -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<i64>) {\n"
    "  %o = arith.constant dense<0> : tensor<2x3xi32>\n"
    "  %s = arith.constant dense<0> : tensor<i64>\n"
    "  return %o, %o, %s : tensor<2x3xi32>, tensor<2x3xi32>, tensor<i64>\n"
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
  MlirValue b = mlirBlockGetArgument(entry, 0);
  MlirValue w = mlirBlockGetArgument(entry, 1);
  MlirValue x = mlirBlockGetArgument(entry, 2);
  MlirValue null = {NULL};
  MlirType nullType = {NULL};
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  int64_t shape[] = {2, 3};
  MlirType tensor2x3 =
      mlirRankedTensorTypeGet(2, shape, i32, mlirAttributeGetNull());
  MlirType scalar64 =
      mlirRankedTensorTypeGet(0, NULL, i64, mlirAttributeGetNull());
  MlirType dynamic =
      mlirRankedTensorTypeGet(1, (int64_t[]){mlirShapedTypeGetDynamicSize()},
                              i32, mlirAttributeGetNull());
  MlirType floats = mlirRankedTensorTypeGet(2, shape, mlirF32TypeGet(ctx),
                                            mlirAttributeGetNull());
  MlirType vector = mlirVectorTypeGet(2, shape, i32);

  /* Another context's type. */
  MlirContext other = mlirContextCreate();
  MlirType foreign = mlirRankedTensorTypeGet(
      2, shape, mlirIntegerTypeGet(other, 32), mlirAttributeGetNull());

  /* Refusals: a diagnostic each and no op. */
  report("null type", mlirRngLinearIndexCreate(loc, nullType));
  report("null type, with base",
         mlirRngLinearIndexWithBaseCreate(loc, nullType, b));
  report("null base", mlirRngLinearIndexWithBaseCreate(loc, tensor2x3, null));
  report("base of another width",
         mlirRngLinearIndexWithBaseCreate(loc, tensor2x3, w));
  report("f32 base", mlirRngLinearIndexWithBaseCreate(loc, tensor2x3, x));
  report("dynamic shape", mlirRngLinearIndexCreate(loc, dynamic));
  report("f32 elements", mlirRngLinearIndexCreate(loc, floats));
  report("vector", mlirRngLinearIndexCreate(loc, vector));
  report("type of another context", mlirRngLinearIndexCreate(loc, foreign));
  mlirContextDestroy(other);

  MlirOperation ops[] = {mlirRngLinearIndexCreate(loc, tensor2x3),
                         mlirRngLinearIndexWithBaseCreate(loc, tensor2x3, b),
                         mlirRngLinearIndexWithBaseCreate(loc, scalar64, w)};
  for (intptr_t j = 0; j < (intptr_t)(sizeof(ops) / sizeof(ops[0])); ++j) {
    if (mlirOperationIsNull(ops[j]))
      return 1;
    mlirBlockInsertOwnedOperationBefore(entry, ret, ops[j]);
    mlirOperationSetOperand(ret, j, mlirOperationGetResult(ops[j], 0));
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
