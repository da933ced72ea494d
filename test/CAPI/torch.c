/*===- torch.c - C API test of the cuRAND and PyTorch builders ------------===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Builds every op of rng-c/Dialect/RngTorch.h into a parsed function, shows  *|
|* the builders' refusals (a diagnostic and a null operation), prints the     *|
|* function and lowers it with the rng-to-llvm pipeline. torch.test runs it.  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "TestHelpers.h"

#include "rng-c/Dialect/RngTorch.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <stdio.h>

static const char *kModule =
    "func.func @f(%seed: i64, %pos: i64, %idx: vector<4xi64>, %from: f32,"
    "             %to: f32, %p: f32, %pd: f64, %x: vector<4xbf16>,"
    "             %threads: i64, %n: i64, %pos32: i32)"
    "    -> (i32, i32, f32, f32, f64, f64, f64, vector<4xf32>,"
    "        vector<4xbf16>, i1, i64, vector<4xbf16>, vector<4xi1>, i64,"
    "        i64) {\n"
    "  %c100 = arith.constant 100 : i64\n"
    "  %c6 = arith.constant 6 : i64\n"
    "  %p15 = arith.constant 1.5 : f64\n"
    "  %w = arith.constant 0 : i32\n"
    "  %u = arith.constant 0.0 : f32\n"
    "  %d = arith.constant 0.0 : f64\n"
    "  %vu = arith.constant dense<0.0> : vector<4xf32>\n"
    "  %vb = arith.constant dense<0.0> : vector<4xbf16>\n"
    "  %b = arith.constant false\n"
    "  %vk = arith.constant dense<false> : vector<4xi1>\n"
    "  return %w, %w, %u, %u, %d, %d, %d, %vu, %vb, %b, %n, %vb, %vk, %n, %n\n"
    "      : i32, i32, f32, f32, f64, f64, f64, vector<4xf32>,"
    "        vector<4xbf16>, i1, i64, vector<4xbf16>, vector<4xi1>, i64,"
    "        i64\n"
    "}\n";

/* The result of the op defined by the `index`th operation of `block`. */
static MlirValue resultOfOp(MlirBlock block, int index) {
  MlirOperation op = mlirBlockGetFirstOperation(block);
  for (int i = 0; i < index; ++i)
    op = mlirOperationGetNextInBlock(op);
  return mlirOperationGetResult(op, 0);
}

int main(void) {
  MlirContext ctx = createTestContext();

  MlirModule module = mlirModuleCreateParse(ctx, str(kModule));
  if (mlirModuleIsNull(module))
    return 1;
  MlirOperation function = getFirstOperation(module);
  MlirBlock entry = getEntryBlock(function);
  MlirOperation ret = mlirBlockGetTerminator(entry);
  MlirLocation loc = mlirOperationGetLocation(ret);
  MlirValue seed = mlirBlockGetArgument(entry, 0);
  MlirValue pos = mlirBlockGetArgument(entry, 1);
  MlirValue idx = mlirBlockGetArgument(entry, 2);
  MlirValue from = mlirBlockGetArgument(entry, 3);
  MlirValue to = mlirBlockGetArgument(entry, 4);
  MlirValue p = mlirBlockGetArgument(entry, 5);
  MlirValue pd = mlirBlockGetArgument(entry, 6);
  MlirValue x = mlirBlockGetArgument(entry, 7);
  MlirValue threads = mlirBlockGetArgument(entry, 8);
  MlirValue n = mlirBlockGetArgument(entry, 9);
  MlirValue pos32 = mlirBlockGetArgument(entry, 10);
  MlirValue c100 = resultOfOp(entry, 0);
  MlirValue c6 = resultOfOp(entry, 1);
  MlirValue p15 = resultOfOp(entry, 2);
  MlirValue null = {NULL};
  MlirType nullType = {NULL};
  int64_t four = 4;
  MlirType bf16x4 = mlirVectorTypeGet(1, &four, mlirBF16TypeGet(ctx));

  /* Refusals: a diagnostic each and no op. */
  report("curand of an i32 position",
         mlirRngCurandCreate(loc, seed, seed, pos32));
  report("curand_normal2 null subsequence",
         mlirRngCurandNormal2Create(loc, seed, null, pos));
  report("torch_uniform from f32, to f64",
         mlirRngTorchUniformCreate(loc, seed, pos, threads, idx, from, pd));
  report("torch_uniform of i32 bounds",
         mlirRngTorchUniformCreate(loc, seed, pos, threads, idx, pos32, pos32));
  report(
      "torch_normal -> vector<4xbf16> with f64 mean",
      mlirRngTorchNormalCreate(loc, bf16x4, seed, pos, threads, idx, pd, pd));
  report(
      "torch_normal null type",
      mlirRngTorchNormalCreate(loc, nullType, seed, pos, threads, idx, p, p));
  report("torch_bernoulli threads 100",
         mlirRngTorchBernoulliCreate(loc, seed, pos, c100, idx, p));
  report("torch_bernoulli offset 6",
         mlirRngTorchBernoulliCreate(loc, seed, c6, threads, idx, p));
  report("torch_random null range",
         mlirRngTorchRandomCreate(loc, seed, pos, threads, idx, seed, null,
                                  false));
  report("torch_dropout vec 3",
         mlirRngTorchDropoutCreate(loc, x, pd, seed, pos, threads, idx, 3));
  report("torch_dropout p 1.5",
         mlirRngTorchDropoutCreate(loc, x, p15, seed, pos, threads, idx, 4));
  report("torch_dropout f32 p",
         mlirRngTorchDropoutCreate(loc, x, p, seed, pos, threads, idx, 1));
  report("torch_threads multiprocessors 0",
         mlirRngTorchThreadsCreate(loc, n, 0, 2048));
  report("torch_threads 128 per multiprocessor",
         mlirRngTorchThreadsCreate(loc, n, 132, 128));
  report("torch_offset_increment unroll 3",
         mlirRngTorchOffsetIncrementCreate(loc, n, threads, 3));
  report("torch_offset_increment threads of another type",
         mlirRngTorchOffsetIncrementCreate(loc, n, idx, 4));

  /* Every op, each result returned once: the given result of each op, both
   * of the dropout, and the offset increment of the thread count S that
   * rng.torch_threads computes. */
  MlirOperation sm = mlirRngTorchThreadsCreate(loc, n, 132, 2048);
  if (mlirOperationIsNull(sm))
    return 1;
  struct {
    MlirOperation op;
    intptr_t result;
  } built[] = {
      {mlirRngCurandCreate(loc, seed, seed, pos), 0},
      {mlirRngCurand4Create(loc, seed, seed, pos), 3},
      {mlirRngCurandUniformCreate(loc, seed, seed, pos), 0},
      {mlirRngCurandNormal2Create(loc, seed, seed, pos), 1},
      {mlirRngCurandUniformDoubleCreate(loc, seed, seed, pos), 0},
      {mlirRngCurandUniform2DoubleCreate(loc, seed, seed, pos), 1},
      {mlirRngCurandNormal2DoubleCreate(loc, seed, seed, pos), 0},
      {mlirRngTorchUniformCreate(loc, seed, pos, threads, idx, from, to), 0},
      {mlirRngTorchNormalCreate(loc, bf16x4, seed, pos, threads, idx, from, to),
       0},
      {mlirRngTorchBernoulliCreate(loc, seed, pos, threads, pos, p), 0},
      {mlirRngTorchRandomCreate(loc, seed, pos, threads, pos, seed, seed, true),
       0},
      {mlirRngTorchDropoutCreate(loc, x, pd, seed, pos, threads, idx, 4), 0},
      {{NULL}, 1}, /* the dropout's mask */
      {sm, 0},
      {mlirRngTorchOffsetIncrementCreate(loc, n, mlirOperationGetResult(sm, 0),
                                         4),
       0}};
  intptr_t count = (intptr_t)(sizeof(built) / sizeof(built[0]));
  MlirOperation previous = {NULL};
  for (intptr_t i = 0; i < count; ++i) {
    MlirOperation op = built[i].op.ptr ? built[i].op : previous;
    if (mlirOperationIsNull(op))
      return 1;
    if (op.ptr != previous.ptr)
      mlirBlockInsertOwnedOperationBefore(entry, ret, op);
    mlirOperationSetOperand(ret, i,
                            mlirOperationGetResult(op, built[i].result));
    previous = op;
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
