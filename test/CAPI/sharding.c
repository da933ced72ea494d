/*===- sharding.c - C API test of the sharding models ---------------------===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* A context made with mlirRegisterRngDialects partitions a program with our *|
|* ops (rng-shard-partition: upstream's sharding-propagation and            *|
|* shard-partition), and an uneven split is reported as a diagnostic.        *|
|* sharding.test runs it.                                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "TestHelpers.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>

static const char *kProgram =
    "shard.grid @grid(shape = 4)\n"
    "func.func @draws(%seed: i32) -> tensor<SIZExf32> {\n"
    "  %split = shard.sharding @grid split_axes = [[0]] : !shard.sharding\n"
    "  %ctr0 = rng.linear_index : tensor<SIZExi32>\n"
    "  %ctr = shard.shard %ctr0 to %split : tensor<SIZExi32>\n"
    "  %u0 = rng.rand %seed, %ctr : i32, tensor<SIZExi32>\n"
    "  %u = shard.shard %u0 to %split : tensor<SIZExf32>\n"
    "  return %u : tensor<SIZExf32>\n"
    "}\n";

/* Partitions kProgram with SIZE replaced by `size`; prints the result. */
static void partition(MlirContext ctx, const char *size) {
  char text[1024];
  const char *in = kProgram;
  char *out = text;
  while (*in) {
    if (strncmp(in, "SIZE", 4) == 0) {
      out += sprintf(out, "%s", size);
      in += 4;
    } else {
      *out++ = *in++;
    }
  }
  *out = 0;
  MlirModule module = mlirModuleCreateParse(ctx, str(text));
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, str("builtin.module"));
  mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                        str("builtin.module(rng-shard-partition)"),
                        printToStdout, NULL);
  int failed = mlirLogicalResultIsFailure(
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  printf("size %s: %s\n", size, failed ? "refused" : "partitioned");
  if (!failed) {
    mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
    printf("\n");
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
}

int main(void) {
  MlirContext ctx = createTestContext();
  partition(ctx, "16");
  partition(ctx, "10");
  mlirContextDestroy(ctx);
  return 0;
}
