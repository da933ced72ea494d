//===- TorchDrawGroups.h - PyTorch samplers that share a draw ---*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// PyTorch's layout puts the U components of one draw S elements apart, so a
// kernel that draws a whole draw in one thread writes the PyTorch samplers
// at e, e + S, e + 2S, e + 3S. These find such groups and prove when the
// first index starts its draw, for TorchToArith.cpp's lowering
// (docs/PyTorchRandom.md, "Lowering and libdevice").
//
//===----------------------------------------------------------------------===//

#ifndef RNG_LIB_CONVERSION_RNGTOARITH_TORCHDRAWGROUPS_H
#define RNG_LIB_CONVERSION_RNGTOARITH_TORCHDRAWGROUPS_H

#include "rng/Conversion/Common/Curand.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir {
namespace rng {

/// The i64 type of `op`'s shape (its first result's).
Type getI64ShapeType(Operation *op);

/// The launch operands of a PyTorch sampler in the row-major layout and its
/// U, or nullopt (not such an op: dropout's vectorized forms have their own
/// layout).
struct TorchLaunch {
  Value seed, offset, threads, index;
  unsigned unroll;
};

std::optional<TorchLaunch> matchTorchLaunch(Operation *op);

/// A member of a draw group: an op and its distance c (in components) from
/// the leader.
struct TorchMember {
  Operation *op;
  unsigned distance;
};

/// The ops that read the leader's draw or the next one: later ops of the
/// same block with the leader's launch whose index is `arith.addi` of the
/// leader's index and c * threads, 1 <= c < U, provably without wrapping,
/// and of the leader's shape (PyTorch's layout puts the U components of a
/// draw S elements apart: a kernel that draws them in one thread writes
/// exactly that). Found through the leader index's uses, so the cost is
/// linear in them.
SmallVector<TorchMember> getTorchMembers(Operation *leader,
                                         const TorchLaunch &launch);

/// True if an earlier op of the block is `op`'s leader (getTorchMembers):
/// `op` is lowered with it.
bool hasTorchLeader(Operation *op, const TorchLaunch &launch);

/// True if `launch.threads` is provably not 0 (a constant, or its range),
/// so that S = threads; a `threads` of 0 at run time is read as S = 1.
bool isThreadsNonzero(const TorchLaunch &launch);

/// Member c's distance in components from its leader: c, or 0 where threads
/// is 0 at run time (read as S = 1, the member's index e + c * threads is
/// the leader's own).
Value buildMemberDistance(OpBuilder &builder, Location loc,
                          const TorchLaunch &launch, unsigned distance,
                          Type type);

/// An index that provably starts its draw (component 0), split into its
/// terms: multiples of U * S and the rest (the thread, below S).
struct AlignedIndex {
  SmallVector<Value> periods, rest;
};

/// The terms of `launch.index` if its draw provably starts at it: the index
/// is a sum, through `arith.addi` with `nuw`, of multiples of U * S
/// (isPeriodMultiple) and of terms whose ranges add up to less than S (S a
/// constant; for any S, `arith.remui` by threads as the one such term, or
/// none where threads is provably not 0). This is how a kernel in PyTorch's
/// own structure writes thread t's index in iteration k, t + U k S with
/// t < S: its draw groups then need no next block, no branch and no
/// division.
std::optional<AlignedIndex> matchAlignedIndex(const TorchLaunch &launch);

/// The draw of an aligned index (matchAlignedIndex) from its terms: thread
/// t = the sum of the rest, iteration k = the sum of the multiples each
/// divided by U * S (buildExactQuotient); no division of the index.
TorchDrawValues buildAlignedDraw(OpBuilder &builder, Location loc,
                                 const TorchLaunch &launch,
                                 const AlignedIndex &terms, Type type);

} // namespace rng
} // namespace mlir

#endif // RNG_LIB_CONVERSION_RNGTOARITH_TORCHDRAWGROUPS_H
