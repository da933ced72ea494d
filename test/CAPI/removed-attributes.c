/*===- removed-attributes.c - Ops whose defaulted attribute is gone -------===*\
|*                                                                            *|
|* Part of the rng-mlir project.                                              *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* Parsers and builders always set the defaulted attributes (`rounds`,        *|
|* `vec`); removing one through the API leaves the op without it. Each op is  *|
|* then verified: a diagnostic naming the attribute, not a crash in its       *|
|* getter. removed-attributes.test runs it.                                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "TestHelpers.h"

#include "mlir-c/IR.h"

#include <stdio.h>

static const char *kModule =
    "func.func @f(%s: i32, %o: i32, %x: f32, %p: f32, %s64: i64, "
    "             %pd: f64) {\n"
    "  %a = rng.rand %s, %o rounds 7 : i32, i32\n"
    "  %b:4 = rng.randn4x %s, %o : i32, i32\n"
    "  %c:4 = rng.philox_4x32 %s, %s, %s, %s key %s, %s : i32, i32\n"
    "  %d = rng.dropout %x, %p, %s, %o : f32, f32, i32, i32\n"
    "  %e:2 = rng.threefry_2x32 %s, %s key %s, %s rounds 13 : i32, i32\n"
    "  %f:2 = rng.torch_dropout %x, %pd, %s64, %s64, %s64, %s64 {vec = 4 : "
    "i32}\n"
    "      : (f32, f64, i64, i64, i64, i64) -> (f32, i1)\n"
    "  return\n"
    "}\n";

int main(void) {
  MlirContext ctx = createTestContext();
  MlirModule module = mlirModuleCreateParse(ctx, str(kModule));
  if (mlirModuleIsNull(module))
    return 1;
  MlirOperation function = getFirstOperation(module);
  MlirBlock entry = getEntryBlock(function);
  for (MlirOperation op = mlirBlockGetFirstOperation(entry);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirIdentifier name = mlirOperationGetName(op);
    MlirStringRef text = mlirIdentifierStr(name);
    const char *attr = strcmp("rng.torch_dropout", text.data) == 0 ? "vec"
                       : strncmp("rng.", text.data, 4) == 0        ? "rounds"
                                                                   : NULL;
    if (!attr)
      continue;
    printf("%.*s: verifies %d", (int)text.length, text.data,
           mlirOperationVerify(op));
    printf(", '%s' removed %d\n", attr,
           mlirOperationRemoveAttributeByName(op, str(attr)));
    printf("verifies %d\n", mlirOperationVerify(op));
  }
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
