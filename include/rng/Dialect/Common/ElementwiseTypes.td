//===- ElementwiseTypes.td - Operand types of the elementwise ops -*- td -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The one type-constraint class of the `rng` and `round` dialects. Every op
// of both is elementwise (ElementwiseMappable): an operand or result is a
// scalar, a vector (fixed or scalable, any rank) or a ranked tensor (static
// or dynamic sizes) of its element type. Shapes are checked by the
// Elementwise trait and the op verifiers, so that the message can say what
// is wrong.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_DIALECT_COMMON_ELEMENTWISETYPES_TD
#define RNG_DIALECT_COMMON_ELEMENTWISETYPES_TD

include "mlir/IR/CommonTypeConstraints.td"

// A scalar of one of `elementTypes`, or a vector or ranked tensor of one;
// `elementSummary` names the element types in diagnostics.
class RngMLIR_ElementwiseLike<list<Type> elementTypes, string elementSummary>
    : TypeConstraint<Or<[
        AnyTypeOf<elementTypes>.predicate,
        VectorOfAnyRankOf<elementTypes>.predicate,
        RankedTensorOf<elementTypes>.predicate]>,
      elementSummary # ", or a vector (fixed or scalable) or ranked tensor "
      "(static or dynamic sizes) of " # elementSummary>;

#endif // RNG_DIALECT_COMMON_ELEMENTWISETYPES_TD
