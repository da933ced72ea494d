//===- TypeUtilities.h - Type helpers shared by rng-mlir --------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Type helpers the dialects and their lowerings share. Header-only: every
// user already links MLIRIR.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_SUPPORT_TYPEUTILITIES_H
#define RNG_SUPPORT_TYPEUTILITIES_H

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Types.h"

namespace mlir {
namespace rng {

/// `like`'s shape with element type `elementType`: a vector or ranked tensor
/// of `like`'s sizes (and scalable dims), or `elementType` itself when `like`
/// is a scalar. The elementwise ops use it to derive one operand's or
/// result's type from another's.
inline Type getTypeWithElementType(Type like, Type elementType) {
  if (auto shaped = dyn_cast<ShapedType>(like))
    return shaped.clone(elementType);
  return elementType;
}

/// True if `a` and `b` are both scalars, or both vectors or both ranked
/// tensors of one shape, element types aside (sizes, scalable dims, dynamic
/// sizes and tensor encodings must match): the shape agreement the
/// elementwise ops require beyond ElementwiseMappable, which would accept a
/// dynamic size beside a static one.
inline bool haveSameShape(Type a, Type b) {
  auto shapedA = dyn_cast<ShapedType>(a);
  auto shapedB = dyn_cast<ShapedType>(b);
  if (!shapedA || !shapedB)
    return !shapedA && !shapedB;
  return shapedA.clone(shapedB.getElementType()) == b;
}

} // namespace rng
} // namespace mlir

#endif // RNG_SUPPORT_TYPEUTILITIES_H
