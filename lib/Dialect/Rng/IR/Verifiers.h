//===- Verifiers.h - Checks shared by the rng op verifiers ------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What the verifiers of ops defined in different files of this directory
// check alike.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_LIB_DIALECT_RNG_IR_VERIFIERS_H
#define RNG_LIB_DIALECT_RNG_IR_VERIFIERS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

namespace mlir {
namespace rng {

/// Checks the key of a counter-based op (rng.philox_4x32, rng.threefry_2x32):
/// `keyType` must be scalar i32 or the counter type `counterType`.
LogicalResult verifyKeyType(Operation *op, Type keyType, Type counterType);

/// Checks that the defaulted attribute `name` is present. Parsers and
/// builders always set it, but C++ `removeAttr` leaves the property null,
/// and the attribute's ODS getter (which a verifier calls next) would
/// dereference it.
LogicalResult verifyDefaultedAttr(Operation *op, Attribute attr, StringRef name,
                                  StringRef meaning, int64_t defaultValue);

/// Checks the `rounds` attribute of an op that runs Philox: present and in
/// [kMinPhiloxRounds, kMaxPhiloxRounds].
LogicalResult verifyPhiloxRounds(Operation *op, IntegerAttr rounds);

/// The first shaped type among `types`, or the first type if none is shaped:
/// the shape an elementwise op's inferred results take.
Type getShapeSource(TypeRange types);

/// Checks that the shaped operands and results of `op` all have one shape
/// (ElementwiseMappable alone accepts a dynamic size beside a static one and
/// does not compare scalable dimensions).
LogicalResult verifyOneShape(Operation *op);

} // namespace rng
} // namespace mlir

#endif // RNG_LIB_DIALECT_RNG_IR_VERIFIERS_H
