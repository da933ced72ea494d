/*===- consumer.c - A C program that uses the rng-mlir C API --------------===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Usage: consumer-c <input.mlir> [<kernels.mlir>]                            *|
|*                                                                            *|
|* The input defines                                                          *|
|*   func.func @philox(%c0..%c3, %k0, %k1: i32) -> (4 x i32)                  *|
|*       the words of an rng.philox_4x32 with the default 10 rounds;          *|
|*   func.func @built(%c0..%c3, %k0, %k1: i32, %not_a_word: f32)              *|
|*       -> (4 x i32), which returns %c0..%c3 unchanged;                      *|
|*   func.func @round_built(%x: f32, %rbits: i32) -> i16, which returns the   *|
|*       bits of `arith.truncf %x : f32 to bf16`;                             *|
|*   func.func @scaling_built(%x: f32, %scale: f8E8M0FNU, %rbits: i32) -> i8, *|
|*       which returns the bits of `arith.truncf %x : f32 to f4E2M1FN`;       *|
|*   func.func @triton_built(%seed: i32, %offset: i32, %not_an_offset: f32)   *|
|*       -> (5 x i32, 10 x f32), which returns zeros;                         *|
|* all but @scaling_built with the `llvm.emit_c_interface` attribute.         *|
|*                                                                            *|
|* With libRngMLIR-C.so only (rng-mlir's C API and upstream MLIR's), the      *|
|* program registers every dialect, pass and pipeline; parses the input;      *|
|* builds, with the C builders, an rng.philox_4x32 with 7 rounds into @built, *|
|* a saturating round.stochastic in place of the truncf of @round_built, a    *|
|* saturating round.scaling_stochastic in place of that of @scaling_built and *|
|* one op of each Triton-compatible kind into @triton_built (and shows the    *|
|* builders rejecting bad arguments); lowers a clone with the passes made by  *|
|* mlirCreateRngConversionConvert{Rng,Round}ToArithPass; lowers the module    *|
|* with the `rng-to-llvm` pipeline; JIT-compiles it and prints the values the *|
|* functions compute. Diagnostics go to stdout.                               *|
|*                                                                            *|
|* <kernels.mlir> holds a gpu.module; the program lowers it with the          *|
|* `rng-to-nvvm` and `rng-to-rocdl` pipelines (keeping the gpu.module; AMD    *|
|* with the opt-in unverified-sr-instructions) and                            *|
|* prints the results.                                                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "rng-c/Dialect/Rng.h"
#include "rng-c/Dialect/Round.h"
#include "rng-c/Passes.h"
#include "rng-c/Registration.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  fputs("diagnostic: ", stdout);
  mlirDiagnosticPrint(diagnostic, printToStdout, NULL);
  fputc('\n', stdout);
  return mlirLogicalResultSuccess();
}

/* Counts the ops of our dialects, `rng` and `round`. */
static MlirWalkResult countOurOps(MlirOperation op, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if ((name.length > 4 && strncmp(name.data, "rng.", 4) == 0) ||
      (name.length > 6 && strncmp(name.data, "round.", 6) == 0))
    ++*(int *)userData;
  return MlirWalkResultAdvance;
}

static int numOurOps(MlirOperation op) {
  int count = 0;
  mlirOperationWalk(op, countOurOps, &count, MlirWalkPreOrder);
  return count;
}

static MlirOperation lookupFunction(MlirModule module, const char *name) {
  MlirSymbolTable table = mlirSymbolTableCreate(mlirModuleGetOperation(module));
  MlirOperation function = mlirSymbolTableLookup(table, str(name));
  mlirSymbolTableDestroy(table);
  return function;
}

static void printBuilderResult(const char *what, MlirOperation op) {
  printf("%s: %s\n", what, mlirOperationIsNull(op) ? "null" : "built");
  if (!mlirOperationIsNull(op))
    mlirOperationDestroy(op);
}

/* The entry block of the function `name` of `module` (null if none). */
static MlirBlock lookupEntryBlock(MlirModule module, const char *name) {
  MlirOperation function = lookupFunction(module, name);
  if (mlirOperationIsNull(function))
    return (MlirBlock){NULL};
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(function, 0));
}

/* Prints the function that holds `block`. */
static void printFunctionOf(MlirBlock block) {
  mlirOperationPrint(mlirBlockGetParentOperation(block), printToStdout, NULL);
  fputc('\n', stdout);
}

/* Puts `op` (one result, or null: a failed build) in place of the first op
 * of `entry`, an arith.truncf whose one user is the next op, and prints the
 * function. */
static int replaceTruncfAndPrint(MlirBlock entry, MlirOperation op) {
  if (mlirOperationIsNull(op))
    return 1;
  MlirOperation truncf = mlirBlockGetFirstOperation(entry);
  MlirOperation user = mlirOperationGetNextInBlock(truncf);
  mlirBlockInsertOwnedOperationBefore(entry, truncf, op);
  mlirOperationSetOperand(user, 0, mlirOperationGetResult(op, 0));
  mlirOperationDestroy(truncf);
  printFunctionOf(entry);
  return 0;
}

/* Builds `rng.philox_4x32 %c0, %c1, %c2, %c3 key %k0, %k1 rounds 7` before
 * the return of @built and returns its words instead. */
static int buildIntoBuilt(MlirModule module) {
  MlirBlock entry = lookupEntryBlock(module, "built");
  if (mlirBlockIsNull(entry))
    return 1;
  MlirOperation ret = mlirBlockGetTerminator(entry);
  MlirLocation loc = mlirOperationGetLocation(ret);
  MlirValue c0 = mlirBlockGetArgument(entry, 0);
  MlirValue c1 = mlirBlockGetArgument(entry, 1);
  MlirValue c2 = mlirBlockGetArgument(entry, 2);
  MlirValue c3 = mlirBlockGetArgument(entry, 3);
  MlirValue k0 = mlirBlockGetArgument(entry, 4);
  MlirValue k1 = mlirBlockGetArgument(entry, 5);
  MlirValue notAWord = mlirBlockGetArgument(entry, 6);
  MlirValue null = {NULL};

  /* Invalid requests: a diagnostic each and no op. */
  printBuilderResult("rounds 0",
                     mlirRngPhilox4x32Create(loc, c0, c1, c2, c3, k0, k1, 0));
  printBuilderResult("f32 counter",
                     mlirRngPhilox4x32Create(loc, notAWord, c1, c2, c3, k0, k1,
                                             MLIR_RNG_DEFAULT_ROUNDS));
  printBuilderResult("null key",
                     mlirRngPhilox4x32Create(loc, c0, c1, c2, c3, k0, null,
                                             MLIR_RNG_DEFAULT_ROUNDS));

  MlirOperation philox =
      mlirRngPhilox4x32Create(loc, c0, c1, c2, c3, k0, k1, 7);
  if (mlirOperationIsNull(philox))
    return 1;
  mlirBlockInsertOwnedOperationBefore(entry, ret, philox);
  for (intptr_t i = 0; i < 4; ++i)
    mlirOperationSetOperand(ret, i, mlirOperationGetResult(philox, i));
  printFunctionOf(entry);
  return 0;
}

/* Builds `round.stochastic %x, %rbits saturate : f32, i32 -> bf16` in
 * place of the truncf of @round_built. */
static int buildIntoRoundBuilt(MlirContext ctx, MlirModule module) {
  MlirBlock entry = lookupEntryBlock(module, "round_built");
  if (mlirBlockIsNull(entry))
    return 1;
  MlirLocation loc =
      mlirOperationGetLocation(mlirBlockGetFirstOperation(entry));
  MlirValue x = mlirBlockGetArgument(entry, 0);
  MlirValue rbits = mlirBlockGetArgument(entry, 1);
  MlirType bf16 = mlirBF16TypeGet(ctx);
  MlirType nullType = {NULL};

  /* Invalid requests: a diagnostic each and no op. */
  printBuilderResult("i32 result",
                     mlirRoundStochasticCreate(loc, mlirIntegerTypeGet(ctx, 32),
                                               x, rbits, /*saturate=*/true));
  printBuilderResult("null type",
                     mlirRoundStochasticCreate(loc, nullType, x, rbits, true));

  return replaceTruncfAndPrint(
      entry, mlirRoundStochasticCreate(loc, bf16, x, rbits, true));
}

/* Requests two invalid round.scaling_stochastic ops (an i32 scale; an
 * f4E2M1FN result without saturate), then builds a valid one to f4E2M1FN in
 * place of the truncf of @scaling_built and prints the function. */
static int buildIntoScalingBuilt(MlirContext ctx, MlirModule module) {
  MlirBlock entry = lookupEntryBlock(module, "scaling_built");
  if (mlirBlockIsNull(entry))
    return 1;
  MlirLocation loc =
      mlirOperationGetLocation(mlirBlockGetFirstOperation(entry));
  MlirValue x = mlirBlockGetArgument(entry, 0);
  MlirValue scale = mlirBlockGetArgument(entry, 1);
  MlirValue rbits = mlirBlockGetArgument(entry, 2);
  MlirType f4 = mlirFloat4E2M1FNTypeGet(ctx);

  printBuilderResult("i32 scale", mlirRoundScalingStochasticCreate(
                                      loc, f4, x, rbits, rbits, true));
  printBuilderResult("f4 without saturate",
                     mlirRoundScalingStochasticCreate(loc, f4, x, scale, rbits,
                                                      /*saturate=*/false));

  return replaceTruncfAndPrint(
      entry, mlirRoundScalingStochasticCreate(loc, f4, x, scale, rbits, true));
}

/* Builds rng.randint, rng.randint4x, rng.rand, rng.rand4x, rng.randn and
 * rng.randn4x of (%seed, %offset) with 10 rounds before the return of
 * @triton_built and returns their results in that order. */
static int buildIntoTritonBuilt(MlirModule module) {
  MlirBlock entry = lookupEntryBlock(module, "triton_built");
  if (mlirBlockIsNull(entry))
    return 1;
  MlirOperation ret = mlirBlockGetTerminator(entry);
  MlirLocation loc = mlirOperationGetLocation(ret);
  MlirValue seed = mlirBlockGetArgument(entry, 0);
  MlirValue offset = mlirBlockGetArgument(entry, 1);
  MlirValue notAnOffset = mlirBlockGetArgument(entry, 2);
  MlirValue null = {NULL};

  /* Invalid requests: a diagnostic each and no op. */
  printBuilderResult(
      "rand f32 offset",
      mlirRngRandCreate(loc, seed, notAnOffset, MLIR_RNG_DEFAULT_ROUNDS));
  printBuilderResult("randint rounds 17",
                     mlirRngRandIntCreate(loc, seed, offset, 17));
  printBuilderResult(
      "randn4x null seed",
      mlirRngRandn4xCreate(loc, null, offset, MLIR_RNG_DEFAULT_ROUNDS));

  typedef MlirOperation (*Builder)(MlirLocation, MlirValue, MlirValue, int32_t);
  static const Builder builders[] = {
      mlirRngRandIntCreate, mlirRngRandInt4xCreate, mlirRngRandCreate,
      mlirRngRand4xCreate,  mlirRngRandnCreate,     mlirRngRandn4xCreate};
  intptr_t result = 0;
  for (size_t i = 0; i < sizeof(builders) / sizeof(builders[0]); ++i) {
    MlirOperation op = builders[i](loc, seed, offset, MLIR_RNG_DEFAULT_ROUNDS);
    if (mlirOperationIsNull(op))
      return 1;
    mlirBlockInsertOwnedOperationBefore(entry, ret, op);
    for (intptr_t j = 0; j < mlirOperationGetNumResults(op); ++j)
      mlirOperationSetOperand(ret, result++, mlirOperationGetResult(op, j));
  }
  printFunctionOf(entry);
  return 0;
}

/* Runs the universal lowerings, passes created through the C API, on a clone
 * of the module. */
static int lowerCloneToArith(MlirContext ctx, MlirModule module) {
  MlirOperation clone = mlirOperationClone(mlirModuleGetOperation(module));
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, str("builtin.module"));
  mlirPassManagerAddOwnedPass(pm,
                              mlirCreateRngConversionConvertRngToArithPass());
  mlirPassManagerAddOwnedPass(pm,
                              mlirCreateRngConversionConvertRoundToArithPass());
  printf("rng/round ops before the universal lowerings: %d\n",
         numOurOps(clone));
  MlirLogicalResult result = mlirPassManagerRunOnOp(pm, clone);
  printf("rng/round ops after the universal lowerings: %d\n", numOurOps(clone));
  mlirPassManagerDestroy(pm);
  mlirOperationDestroy(clone);
  return mlirLogicalResultIsFailure(result);
}

/* Calls `name`, @philox or @built: six i32 arguments (and, for @built, an
 * f32 one, passed 0.0) and four i32 results, with the
 * `llvm.emit_c_interface` attribute. Its C interface returns the results
 * through a pointer passed first: void(uint32_t out[4], uint32_t x 6[, f32]).
 * The packed call passes a pointer to each argument. */
static int callPhilox(MlirExecutionEngine jit, const char *name,
                      const uint32_t in[6]) {
  uint32_t words[6], out[4];
  uint32_t *result = out;
  float notAWord = 0.0f;
  memcpy(words, in, sizeof(words));
  void *args[8] = {&result,   &words[0], &words[1], &words[2],
                   &words[3], &words[4], &words[5], &notAWord};
  if (mlirLogicalResultIsFailure(
          mlirExecutionEngineInvokePacked(jit, str(name), args))) {
    printf("error: cannot call @%s\n", name);
    return 1;
  }
  printf("%s(%08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32
         " | %08" PRIx32 " %08" PRIx32 ") = %08" PRIx32 " %08" PRIx32
         " %08" PRIx32 " %08" PRIx32 "\n",
         name, in[0], in[1], in[2], in[3], in[4], in[5], out[0], out[1], out[2],
         out[3]);
  return 0;
}

/* Calls @round_built on the f32 with the bits `xBits` and on `rbits`; its C
 * interface returns the bf16 bits as an i16. */
static int callRound(MlirExecutionEngine jit, uint32_t xBits, uint32_t rbits) {
  float x;
  uint16_t result;
  memcpy(&x, &xBits, sizeof(x));
  void *args[3] = {&x, &rbits, &result};
  if (mlirLogicalResultIsFailure(
          mlirExecutionEngineInvokePacked(jit, str("round_built"), args))) {
    printf("error: cannot call @round_built\n");
    return 1;
  }
  printf("round_built(%08" PRIx32 ", %08" PRIx32 ") = %04" PRIx16 "\n", xBits,
         rbits, result);
  return 0;
}

/* Calls @triton_built (%not_an_offset = 0.0); its C interface returns the 15
 * results, all 32 bits wide, through a pointer passed first. Prints the words
 * and the uniform floats' bits in hex and the normal floats (math-library
 * dependent in the last bits) to 4 decimals. */
static int callTriton(MlirExecutionEngine jit, int32_t seed, int32_t offset) {
  struct {
    uint32_t words[5];
    float uniforms[5];
    float normals[5];
  } out;
  void *result = &out;
  float notAnOffset = 0.0f;
  void *args[4] = {&result, &seed, &offset, &notAnOffset};
  if (mlirLogicalResultIsFailure(
          mlirExecutionEngineInvokePacked(jit, str("triton_built"), args))) {
    printf("error: cannot call @triton_built\n");
    return 1;
  }
  uint32_t uniformBits[5];
  memcpy(uniformBits, out.uniforms, sizeof(uniformBits));
  printf("triton_built(%" PRId32 ", %" PRId32 "):\n", seed, offset);
  printf("  randint %08" PRIx32 ", randint4x %08" PRIx32 " %08" PRIx32
         " %08" PRIx32 " %08" PRIx32 "\n",
         out.words[0], out.words[1], out.words[2], out.words[3], out.words[4]);
  printf("  rand %08" PRIx32 ", rand4x %08" PRIx32 " %08" PRIx32 " %08" PRIx32
         " %08" PRIx32 "\n",
         uniformBits[0], uniformBits[1], uniformBits[2], uniformBits[3],
         uniformBits[4]);
  printf("  randn %.4f, randn4x %.4f %.4f %.4f %.4f\n", out.normals[0],
         out.normals[1], out.normals[2], out.normals[3], out.normals[4]);
  return 0;
}

static int run(MlirContext ctx, const char *inputPath) {
  MlirModule module = mlirModuleCreateParseFromFile(ctx, str(inputPath));
  if (mlirModuleIsNull(module))
    return 1;
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  printf("parsed: %d rng/round ops\n", numOurOps(moduleOp));

  int failed = buildIntoBuilt(module) || buildIntoRoundBuilt(ctx, module) ||
               buildIntoScalingBuilt(ctx, module) ||
               buildIntoTritonBuilt(module);
  if (!failed && !mlirOperationVerify(moduleOp))
    failed = 1;
  if (!failed)
    failed = lowerCloneToArith(ctx, module);

  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, str("builtin.module"));
  if (!failed && mlirLogicalResultIsFailure(mlirParsePassPipeline(
                     mlirPassManagerGetAsOpPassManager(pm),
                     str("builtin.module(rng-to-llvm)"), printToStdout, NULL)))
    failed = 1;
  if (!failed &&
      mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, moduleOp)))
    failed = 1;
  mlirPassManagerDestroy(pm);

  if (!failed) {
    printf("lowered by rng-to-llvm: %d rng/round ops\n", numOurOps(moduleOp));
    MlirExecutionEngine jit = mlirExecutionEngineCreate(
        module, /*optLevel=*/2, /*numPaths=*/0, /*sharedLibPaths=*/NULL,
        /*enableObjectDump=*/false, /*enablePIC=*/false);
    if (mlirExecutionEngineIsNull(jit)) {
      printf("error: cannot JIT-compile the lowered module\n");
      failed = 1;
    } else {
      static const uint32_t zero[6] = {0, 0, 0, 0, 0, 0};
      static const uint32_t ones[6] = {0xffffffffu, 0xffffffffu, 0xffffffffu,
                                       0xffffffffu, 0xffffffffu, 0xffffffffu};
      static const uint32_t pi[6] = {0x243f6a88u, 0x85a308d3u, 0x13198a2eu,
                                     0x03707344u, 0xa4093822u, 0x299f31d0u};
      failed =
          callPhilox(jit, "philox", zero) || callPhilox(jit, "philox", ones) ||
          callPhilox(jit, "philox", pi) || callPhilox(jit, "built", zero) ||
          callRound(jit, 0x3f808000u, 0x00007fffu) ||
          callRound(jit, 0x3f808000u, 0xffff8000u) ||
          callRound(jit, 0xbf80ffffu, 0x00000001u) ||
          callRound(jit, 0x7f800000u, 0x00000000u) || callTriton(jit, 123, 5);
      mlirExecutionEngineDestroy(jit);
    }
  }
  mlirModuleDestroy(module);
  return failed;
}

/* Parses the gpu.module kernels in `path`, lowers them with the textual
 * pipeline `pipeline` and prints the result. */
static int lowerKernels(MlirContext ctx, const char *path,
                        const char *pipeline) {
  MlirModule module = mlirModuleCreateParseFromFile(ctx, str(path));
  if (mlirModuleIsNull(module))
    return 1;
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, str("builtin.module"));
  int failed = mlirLogicalResultIsFailure(
                   mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                         str(pipeline), printToStdout, NULL)) ||
               mlirLogicalResultIsFailure(
                   mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  if (!failed) {
    printf("%s:\n", pipeline);
    mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
    fputc('\n', stdout);
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  return failed;
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: %s <input.mlir> [<kernels.mlir>]\n", argv[0]);
    return 2;
  }

  /* Upstream MLIR's dialects and LLVM IR translations (for the JIT), then
   * rng-mlir's dialects, passes and pipelines. */
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirRegisterRngDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry,
                                                  /*threadingEnabled=*/false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(ctx);
  mlirRegisterRngPasses();
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);

  /* The standard dialect handles. */
  MlirDialectHandle handles[] = {mlirGetDialectHandle__rng__(),
                                 mlirGetDialectHandle__round__()};
  for (size_t i = 0; i < sizeof(handles) / sizeof(handles[0]); ++i) {
    MlirStringRef ns = mlirDialectHandleGetNamespace(handles[i]);
    MlirDialect dialect = mlirDialectHandleLoadDialect(handles[i], ctx);
    printf("dialect handle: %.*s, %s\n", (int)ns.length, ns.data,
           mlirDialectIsNull(dialect) ? "not loaded" : "loaded");
  }

  int failed = run(ctx, argv[1]);
  if (!failed && argc == 3)
    failed = lowerKernels(ctx, argv[2],
                          "builtin.module(rng-to-nvvm{chip=sm_100a "
                          "keep-gpu-module=true})") ||
             lowerKernels(ctx, argv[2],
                          "builtin.module(rng-to-rocdl{chipset=gfx950 "
                          "keep-gpu-module=true "
                          "unverified-sr-instructions=true})");
  mlirContextDestroy(ctx);
  printf("%s\n", failed ? "FAILED" : "done");
  return failed;
}
