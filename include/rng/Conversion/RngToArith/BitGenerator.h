//===- BitGenerator.h - rng.bit_generator's per-element rule ----*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// rng.bit_generator (StableHLO's rng_bit_generator as XLA lowers it, SPEC
// §8) draws its output from counters ("blocks"): one Threefry-2x32 block
// gives one 64-bit or two narrower output elements, one Philox4x32 block two
// 64-bit or four narrower ones. These builders compute an output element, or
// a block's elements, from the state words and an index, with the
// elementwise ops rng.threefry_2x32 and rng.philox_4x32 (then lowered like
// any rng op). The tensor lowering of rng.bit_generator uses them; so can a
// GPU kernel, which holds no tensors: element `e` it computes is element `e`
// of the tensor op's output, bit for bit.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_CONVERSION_RNGTOARITH_BITGENERATOR_H
#define RNG_CONVERSION_RNGTOARITH_BITGENERATOR_H

#include "rng/Dialect/Rng/IR/RngOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace mlir {
namespace rng {

/// The static parameters of a rng.bit_generator: its algorithm (`default`
/// is `philox`), the number of state words (2 or 3), the output shape and
/// the output element width (8, 16, 32 or 64).
struct BitGeneratorLayout {
  BitGeneratorLayout(Algorithm algorithm, unsigned numStateWords,
                     ArrayRef<int64_t> shape, unsigned width);
  /// The layout of `op`.
  static BitGeneratorLayout get(BitGeneratorOp op);

  bool isThreeFry() const { return algorithm == Algorithm::ThreeFry; }
  /// The number of output elements n.
  int64_t getNumElements() const;
  /// The number of blocks drawn, which the state's counter advances by:
  /// three_fry: n (64-bit), 1 (rank 0) or |H| (the halved shape);
  /// philox: ceil(n / 4) (narrow) or ceil(n / 2) (64-bit).
  int64_t getNumBlocks() const;
  /// The number of output elements a block fills: 1, 2 or 4 (the last block
  /// may fill fewer; see getBlockElement).
  unsigned getValuesPerBlock() const;

  Algorithm algorithm;
  unsigned numStateWords;
  SmallVector<int64_t> shape;
  unsigned width;
  /// three_fry with a narrow output of rank >= 1: the dimension d split into
  /// pairs, the product of the dimensions after it, and ceil(shape[d] / 2).
  unsigned splitDim = 0;
  int64_t inner = 1;
  int64_t halfSize = 1;
};

/// Builds the values of block `block` (i64, scalar) of the output of a
/// rng.bit_generator with `layout`, from the state words `state` (i64
/// scalars, 2 or 3): getValuesPerBlock() values of the output element type,
/// value k going to the output element getBlockElement(block, k) (values
/// whose element is beyond the output are to be dropped).
SmallVector<Value> buildBitGeneratorBlock(OpBuilder &builder, Location loc,
                                          const BitGeneratorLayout &layout,
                                          ArrayRef<Value> state, Value block);

/// Builds the row-major output index (i64) that value `k` of block `block`
/// (i64) fills. For three_fry's narrow outputs the two values of a block lie
/// at 2 * h_d and 2 * h_d + 1 along the split dimension; otherwise block b
/// fills elements b * getValuesPerBlock() + k. The index may lie beyond the
/// output (an odd size's last pair, Philox's last block).
Value buildBitGeneratorBlockElement(OpBuilder &builder, Location loc,
                                    const BitGeneratorLayout &layout,
                                    Value block, unsigned k);

/// Builds output element `e` (i64, scalar; row-major index in [0, n)) of a
/// rng.bit_generator with `layout` and state words `state`: one block and a
/// select of its value.
Value buildBitGeneratorElement(OpBuilder &builder, Location loc,
                               const BitGeneratorLayout &layout,
                               ArrayRef<Value> state, Value e);

/// Builds the new state words (i64 scalars) of a rng.bit_generator with
/// `layout`: the counter advanced by getNumBlocks(), with Philox's carry into
/// the third word.
SmallVector<Value> buildBitGeneratorNewState(OpBuilder &builder, Location loc,
                                             const BitGeneratorLayout &layout,
                                             ArrayRef<Value> state);

} // namespace rng
} // namespace mlir

#endif // RNG_CONVERSION_RNGTOARITH_BITGENERATOR_H
