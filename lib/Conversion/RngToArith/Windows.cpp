//===- Windows.cpp - Position-dependent tensor ops over a window ----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RngToArith/Windows.h"
#include "rng/Conversion/RngToArith/BitGenerator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::rng;

Value rng::buildGlobalLinearIndex(OpBuilder &builder, Location loc,
                                  IntegerType type,
                                  ArrayRef<int64_t> globalShape,
                                  ValueRange offsets) {
  // sum_d (index_d + offset_d) * stride_d, each term wrapped to the width:
  // the same value modulo 2^N as the exact sum.
  Value result;
  uint64_t stride = 1;
  for (int64_t d = int64_t(globalShape.size()) - 1; d >= 0; --d) {
    Value index = linalg::IndexOp::create(builder, loc, d);
    if (!offsets.empty())
      index = arith::AddIOp::create(builder, loc, index, offsets[d]);
    Value term = arith::IndexCastUIOp::create(builder, loc, type, index);
    if (stride != 1)
      term = arith::MulIOp::create(
          builder, loc, term,
          arith::ConstantOp::create(
              builder, loc, type,
              builder.getIntegerAttr(type, APInt(type.getWidth(), stride,
                                                 /*isSigned=*/false,
                                                 /*implicitTrunc=*/true))));
    result = result ? Value(arith::AddIOp::create(builder, loc, result, term))
                    : term;
    stride *= uint64_t(globalShape[d]);
  }
  // Rank 0: the one element has index 0.
  if (!result)
    result = arith::ConstantIntOp::create(builder, loc, type, 0);
  return result;
}

/// A linalg.generic with one output of `windowType` (all loops parallel,
/// identity map) whose body yields `body`'s value.
static Value
buildWindowGeneric(OpBuilder &builder, Location loc,
                   RankedTensorType windowType,
                   function_ref<Value(OpBuilder &, Location)> body) {
  int64_t rank = windowType.getRank();
  Value init = tensor::EmptyOp::create(builder, loc, windowType, ValueRange{});
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(rank, builder.getContext());
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{windowType}, ValueRange{}, ValueRange{init},
      ArrayRef<AffineMap>{identity}, iterators,
      [&](OpBuilder &nested, Location bodyLoc, ValueRange) {
        linalg::YieldOp::create(nested, bodyLoc, body(nested, bodyLoc));
      });
  return generic.getResult(0);
}

Value rng::buildLinearIndexWindow(OpBuilder &builder, Location loc,
                                  RankedTensorType windowType,
                                  ArrayRef<int64_t> globalShape,
                                  ValueRange offsets, Value base) {
  auto type = cast<IntegerType>(windowType.getElementType());
  return buildWindowGeneric(
      builder, loc, windowType, [&](OpBuilder &nested, Location bodyLoc) {
        Value index =
            buildGlobalLinearIndex(nested, bodyLoc, type, globalShape, offsets);
        return base ? arith::AddIOp::create(nested, bodyLoc, base, index)
                          .getResult()
                    : index;
      });
}

std::pair<Value, Value>
rng::buildBitGeneratorWindow(OpBuilder &builder, BitGeneratorOp op,
                             RankedTensorType windowType, ValueRange offsets,
                             Value state) {
  Location loc = op.getLoc();
  if (!state)
    state = op.getState();
  BitGeneratorLayout layout = BitGeneratorLayout::get(op);
  SmallVector<Value> words;
  for (unsigned j = 0; j < layout.numStateWords; ++j) {
    Value index = arith::ConstantIndexOp::create(builder, loc, j);
    words.push_back(tensor::ExtractOp::create(builder, loc, state, index));
  }
  Value output = buildWindowGeneric(
      builder, loc, windowType, [&](OpBuilder &nested, Location bodyLoc) {
        Value e = buildGlobalLinearIndex(nested, bodyLoc, nested.getI64Type(),
                                         layout.shape, offsets);
        return buildBitGeneratorElement(nested, bodyLoc, layout, words, e);
      });
  SmallVector<Value> newWords =
      buildBitGeneratorNewState(builder, loc, layout, words);
  Value newState = tensor::FromElementsOp::create(
      builder, loc, op.getState().getType(), newWords);
  return {newState, output};
}
