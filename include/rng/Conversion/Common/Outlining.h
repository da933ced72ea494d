//===- Outlining.h - Lowerings as calls of private functions ----*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// For modules with thousands of rng/round ops: a lowering that is the same
// IR for many ops (a Philox block, a rounding) is built once, as the body
// of a private function, and each op becomes a call. The passes after the
// lowering (canonicalize, cse, the conversions to LLVM, verification) then
// take time proportional to the ops that remain. The bits do not change;
// LLVM's inliner decides later what to inline.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_COMMON_OUTLINING_H
#define RNG_CONVERSION_COMMON_OUTLINING_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace mlir {
namespace rng {

/// Creates private functions in `symbolTableOp` (a module) and calls them.
/// Each function is created once per name, at the start of the module,
/// with internal linkage (`llvm.linkage`), so that modules that each hold
/// one link together; a name the module already uses gets a suffix. Only
/// ops whose nearest symbol table is `symbolTableOp` may call them (kernels
/// in a nested `gpu.module` cannot). Functions and calls are created
/// through the builder passed in, so a rewriter sees them.
class FunctionOutliner {
public:
  using BodyBuilder = llvm::function_ref<SmallVector<Value>(
      OpBuilder &builder, Location loc, ValueRange arguments)>;

  explicit FunctionOutliner(Operation *symbolTableOp)
      : symbolTableOp(symbolTableOp) {}

  /// True if `op` may be replaced by a call of one of the functions: its
  /// nearest symbol table is the outliner's, it is not in device code
  /// (a `gpu.launch`, `omp.target` or OpenACC region), and not in the body
  /// of one of the functions (whose ops are lowered inline).
  bool canOutline(Operation *op) const;

  /// Builds a call of the function `name` on `operands`, returning
  /// `resultTypes`; on first use of `name` creates it, its body built by
  /// `buildBody` from the entry block's arguments. The caller makes `name`
  /// determine the body (types, attributes, options).
  SmallVector<Value> buildCall(OpBuilder &builder, Location loc, StringRef name,
                               ValueRange operands, TypeRange resultTypes,
                               BodyBuilder buildBody);

  /// A function name for `op`'s lowering: its name, the spellings of its
  /// operand and result types (mangleType) and its attributes, printed with
  /// '-' as 'm', '.' as 'p' and other characters but letters, digits and
  /// '_' as '_' (e.g. rng.threefry_2x32_i32_i32_i32_i32_i32_i32_rounds_13_i32,
  /// round.stochastic_f32_i32_f8E4M3FN_saturate).
  static std::string getSignatureName(Operation *op);

  /// A distinct short spelling of an integer or float type, or a vector of
  /// one, for function names: i32, f32, v4_i32, vs4_i32 (scalable),
  /// v2x4_f8E4M3FN, v_i32 (0-D).
  static std::string mangleType(Type type);

private:
  Operation *symbolTableOp;
  llvm::StringMap<Operation *> functions;
  llvm::SmallPtrSet<Operation *, 8> created;
};

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_COMMON_OUTLINING_H
