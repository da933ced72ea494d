//===- BitGenerator.cpp - rng.bit_generator's per-element rule ------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/RngToArith/BitGenerator.h"
#include "rng/Conversion/Common/Utils.h"
#include "rng/Support/Philox.h"
#include "rng/Support/Threefry.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::rng;

BitGeneratorLayout::BitGeneratorLayout(Algorithm algorithm,
                                       unsigned numStateWords,
                                       ArrayRef<int64_t> shape, unsigned width)
    : algorithm(algorithm == Algorithm::Default ? Algorithm::Philox
                                                : algorithm),
      numStateWords(numStateWords), shape(shape), width(width) {
  if (!isThreeFry() || width == 64 || shape.empty())
    return;
  // The first dimension of even size, else the first of the largest size.
  const int64_t *even =
      llvm::find_if(shape, [](int64_t size) { return size % 2 == 0; });
  splitDim = even != shape.end() ? even - shape.begin()
                                 : llvm::max_element(shape) - shape.begin();
  for (int64_t size : shape.drop_front(splitDim + 1))
    inner *= size;
  halfSize = (shape[splitDim] + 1) / 2;
}

BitGeneratorLayout BitGeneratorLayout::get(BitGeneratorOp op) {
  auto stateType = cast<RankedTensorType>(op.getState().getType());
  auto outputType = cast<RankedTensorType>(op.getOutput().getType());
  return BitGeneratorLayout(op.getAlgorithm(), stateType.getDimSize(0),
                            outputType.getShape(),
                            outputType.getElementTypeBitWidth());
}

int64_t BitGeneratorLayout::getNumElements() const {
  int64_t n = 1;
  for (int64_t size : shape)
    n *= size;
  return n;
}

int64_t BitGeneratorLayout::getNumBlocks() const {
  int64_t n = getNumElements();
  if (n == 0)
    return 0;
  if (!isThreeFry())
    return width == 64 ? (n + 1) / 2 : (n + 3) / 4;
  if (width == 64)
    return n;
  if (shape.empty())
    return 1;
  return n / shape[splitDim] * halfSize;
}

unsigned BitGeneratorLayout::getValuesPerBlock() const {
  if (isThreeFry())
    return width == 64 || shape.empty() ? 1 : 2;
  return width == 64 ? 2 : 4;
}

/// Constants and integer steps on i64 scalars.
namespace {
struct I64Builder {
  OpBuilder &builder;
  Location loc;

  Value constant(uint64_t value) {
    return createScalarOrSplatBits(builder, loc, builder.getI64Type(), value);
  }
  Value add(Value a, Value b) {
    return arith::AddIOp::create(builder, loc, a, b);
  }
  Value mul(Value a, int64_t b) {
    return arith::MulIOp::create(builder, loc, a, constant(b));
  }
  Value div(Value a, int64_t b) {
    return arith::DivUIOp::create(builder, loc, a, constant(b));
  }
  Value rem(Value a, int64_t b) {
    return arith::RemUIOp::create(builder, loc, a, constant(b));
  }
  Value lo32(Value a) {
    return arith::TruncIOp::create(builder, loc, builder.getI32Type(), a);
  }
  Value hi32(Value a) {
    return lo32(arith::ShRUIOp::create(builder, loc, a, constant(32)));
  }
  /// zext(lo) | zext(hi) << 32.
  Value join(Value lo, Value hi) {
    Type i64 = builder.getI64Type();
    Value wideHi = arith::ExtUIOp::create(builder, loc, i64, hi);
    return arith::OrIOp::create(
        builder, loc, arith::ExtUIOp::create(builder, loc, i64, lo),
        arith::ShLIOp::create(builder, loc, wideHi, constant(32)));
  }
};
} // namespace

/// The output element from a 32-bit word (narrow outputs: truncated).
static Value narrowWord(OpBuilder &builder, Location loc, Value word,
                        unsigned width) {
  if (width == 32)
    return word;
  return arith::TruncIOp::create(builder, loc, builder.getIntegerType(width),
                                 word);
}

SmallVector<Value> rng::buildBitGeneratorBlock(OpBuilder &builder, Location loc,
                                               const BitGeneratorLayout &layout,
                                               ArrayRef<Value> state,
                                               Value block) {
  I64Builder b{builder, loc};
  Value k0 = b.lo32(state[0]);
  Value k1 = b.hi32(state[0]);
  if (layout.isThreeFry()) {
    Value counter = b.add(state[1], block);
    auto threefry = Threefry2x32Op::create(
        builder, loc, b.lo32(counter), b.hi32(counter), k0, k1,
        builder.getI32IntegerAttr(kDefaultThreefryRounds));
    Value y0 = threefry.getY0(), y1 = threefry.getY1();
    if (layout.width == 64)
      return {b.join(y0, y1)};
    if (layout.shape.empty())
      return {narrowWord(builder, loc, y0, layout.width)};
    return {narrowWord(builder, loc, y0, layout.width),
            narrowWord(builder, loc, y1, layout.width)};
  }
  // Philox: the 128-bit counter C + block, with the carry into the high
  // half.
  Value high = layout.numStateWords == 3 ? state[2] : state[0];
  Value low = b.add(state[1], block);
  Value carry = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                      low, block);
  high = b.add(
      high, arith::ExtUIOp::create(builder, loc, builder.getI64Type(), carry));
  auto philox = Philox4x32Op::create(
      builder, loc, b.lo32(low), b.hi32(low), b.lo32(high), b.hi32(high), k0,
      k1, builder.getI32IntegerAttr(kDefaultPhiloxRounds));
  if (layout.width == 64)
    return {b.join(philox.getX0(), philox.getX1()),
            b.join(philox.getX2(), philox.getX3())};
  SmallVector<Value> values;
  for (Value word : philox.getResults())
    values.push_back(narrowWord(builder, loc, word, layout.width));
  return values;
}

Value rng::buildBitGeneratorBlockElement(OpBuilder &builder, Location loc,
                                         const BitGeneratorLayout &layout,
                                         Value block, unsigned k) {
  I64Builder b{builder, loc};
  unsigned perBlock = layout.getValuesPerBlock();
  if (!layout.isThreeFry() || perBlock == 1)
    return b.add(b.mul(block, perBlock), b.constant(k));
  // block = (outer * halfSize + h_d) * inner + t.
  Value t = b.rem(block, layout.inner);
  Value q = b.div(block, layout.inner);
  Value half = b.rem(q, layout.halfSize);
  Value outer = b.div(q, layout.halfSize);
  Value index = b.add(b.mul(half, 2), b.constant(k));
  Value row = b.add(b.mul(outer, layout.shape[layout.splitDim]), index);
  return b.add(b.mul(row, layout.inner), t);
}

Value rng::buildBitGeneratorElement(OpBuilder &builder, Location loc,
                                    const BitGeneratorLayout &layout,
                                    ArrayRef<Value> state, Value e) {
  I64Builder b{builder, loc};
  unsigned perBlock = layout.getValuesPerBlock();
  Value block, position;
  if (!layout.isThreeFry() || perBlock == 1) {
    block = perBlock == 1 ? e : b.div(e, perBlock);
    position = perBlock == 1 ? Value() : b.rem(e, perBlock);
  } else {
    // e = (outer * size + index) * inner + t along the split dimension;
    // its block is (outer * halfSize + index / 2) * inner + t.
    // (An empty output computes no element: any nonzero size will do.)
    int64_t size = std::max<int64_t>(layout.shape[layout.splitDim], 1);
    Value t = b.rem(e, layout.inner);
    Value q = b.div(e, layout.inner);
    Value index = b.rem(q, size);
    Value outer = b.div(q, size);
    Value half = b.add(b.mul(outer, layout.halfSize), b.div(index, 2));
    block = b.add(b.mul(half, layout.inner), t);
    position = b.rem(index, 2);
  }
  SmallVector<Value> values =
      buildBitGeneratorBlock(builder, loc, layout, state, block);
  Value result = values.front();
  for (unsigned k = 1; k < values.size(); ++k) {
    Value isK = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                      position, b.constant(k));
    result = arith::SelectOp::create(builder, loc, isK, values[k], result);
  }
  return result;
}

SmallVector<Value>
rng::buildBitGeneratorNewState(OpBuilder &builder, Location loc,
                               const BitGeneratorLayout &layout,
                               ArrayRef<Value> state) {
  I64Builder b{builder, loc};
  Value advance = b.constant(layout.getNumBlocks());
  SmallVector<Value> newState{state[0], b.add(state[1], advance)};
  if (layout.numStateWords == 3) {
    Value carry = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ult,
                                        newState[1], advance);
    newState.push_back(
        b.add(state[2], arith::ExtUIOp::create(builder, loc,
                                               builder.getI64Type(), carry)));
  }
  return newState;
}
