//===- TorchDrawGroups.cpp - PyTorch samplers that share a draw -----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The analysis behind the PyTorch samplers' draw groups (TorchDrawGroups.h):
// which ops read one draw, S elements apart, and when a leader's index
// provably starts its draw. Local walks over the index's definition
// (InferIntRangeInterface, known divisors through `nuw` products), no
// dataflow solver, each bounded in depth.
//
//===----------------------------------------------------------------------===//

#include "TorchDrawGroups.h"

#include "rng/Conversion/Common/Utils.h"
#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Support/TypeUtilities.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

using namespace mlir;
using namespace mlir::rng;

Type rng::getI64ShapeType(Operation *op) {
  return getTypeWithElementType(op->getResult(0).getType(),
                                IntegerType::get(op->getContext(), 64));
}

/// `value` without the `vector.broadcast`s that define it: a broadcast
/// scalar serves every lane, so it stands for the vector in the facts below
/// (equality with threads, divisors, ranges).
static Value stripBroadcasts(Value value) {
  while (auto broadcast = value.getDefiningOp<vector::BroadcastOp>())
    value = broadcast.getSource();
  return value;
}

/// True if `value` is an integer constant (a splat, or a broadcast of one):
/// `constant` is set to it.
static bool matchConstantInt(Value value, APInt &constant) {
  return matchPattern(stripBroadcasts(value), m_ConstantInt(&constant));
}

static ConstantIntRanges inferLocalRange(Value value, unsigned depth);

/// The range of `arg` if it is the single induction variable of a loop
/// (LoopLikeOpInterface) whose bounds have non-negative ranges and whose
/// step is positive: from the lower bound to the upper bound's largest
/// value less one, or exactly to the last value where the bounds and the
/// step are constants (as upstream's integer range analysis does).
static std::optional<ConstantIntRanges> inferInductionRange(BlockArgument arg,
                                                            unsigned depth) {
  auto loop =
      dyn_cast_or_null<LoopLikeOpInterface>(arg.getOwner()->getParentOp());
  if (!loop || depth == 0 || loop.getSingleInductionVar() != Value(arg))
    return std::nullopt;
  std::optional<OpFoldResult> lower = loop.getSingleLowerBound(),
                              upper = loop.getSingleUpperBound(),
                              step = loop.getSingleStep();
  if (!lower || !upper || !step)
    return std::nullopt;
  unsigned width = ConstantIntRanges::getStorageBitwidth(arg.getType());
  auto rangeOf = [&](OpFoldResult bound) {
    if (auto value = dyn_cast<Value>(bound))
      return inferLocalRange(value, depth - 1);
    auto attr = dyn_cast<IntegerAttr>(cast<Attribute>(bound));
    return attr
               ? ConstantIntRanges::constant(attr.getValue().sextOrTrunc(width))
               : ConstantIntRanges::maxRange(width);
  };
  ConstantIntRanges lo = rangeOf(*lower), hi = rangeOf(*upper),
                    by = rangeOf(*step);
  // Signed and unsigned comparisons agree on non-negative bounds.
  if (lo.smin().isNegative() || hi.smin().isNegative() ||
      by.smin().isNegative() || by.umin().isZero() || hi.umax().isZero())
    return std::nullopt;
  APInt last = hi.umax() - 1;
  if (lo.umin() == lo.umax() && hi.umin() == hi.umax() &&
      by.umin() == by.umax() && hi.umin().ugt(lo.umin()))
    last = lo.umin() + (hi.umin() - lo.umin() - 1).udiv(by.umin()) * by.umin();
  if (last.ult(lo.umin()))
    return std::nullopt;
  return ConstantIntRanges::fromUnsigned(lo.umin(), last);
}

/// The unsigned range of integer or index `value` from the
/// InferIntRangeInterface of the ops that define it, `depth` ops deep: a
/// local walk (no dataflow solver), in which loop induction variables take
/// their bounds' range (inferInductionRange), and other block arguments,
/// ops without the interface and values deeper than `depth` the full range.
static ConstantIntRanges inferLocalRange(Value value, unsigned depth) {
  ConstantIntRanges full = ConstantIntRanges::maxRange(
      ConstantIntRanges::getStorageBitwidth(value.getType()));
  if (auto arg = dyn_cast<BlockArgument>(value))
    return inferInductionRange(arg, depth).value_or(full);
  Operation *def = value.getDefiningOp();
  auto range = dyn_cast_or_null<InferIntRangeInterface>(def);
  if (!range || depth == 0)
    return full;
  SmallVector<IntegerValueRange> operands;
  for (Value operand : def->getOperands())
    operands.push_back(
        ConstantIntRanges::getStorageBitwidth(operand.getType()) != 0
            ? IntegerValueRange(inferLocalRange(operand, depth - 1))
            : IntegerValueRange());
  std::optional<ConstantIntRanges> result;
  range.inferResultRangesFromOptional(operands,
                                      [&](Value v, const IntegerValueRange &r) {
                                        if (v == value && !r.isUninitialized())
                                          result = r.getValue();
                                      });
  return result.value_or(full);
}

/// A divisor of `value` known from its definition (without wrapping): a
/// constant's value, the product of the operands' for `arith.muli` with
/// `nuw`, x's times 2^c for `arith.shli` x, c with `nuw`, the source's for
/// `vector.broadcast`; otherwise 1. At most 2^32 (larger ones are capped to
/// a divisor of theirs below it, 1).
static uint64_t getKnownDivisor(Value value, unsigned depth = 4) {
  constexpr uint64_t limit = uint64_t(1) << 32;
  value = stripBroadcasts(value);
  APInt constant;
  if (matchConstantInt(value, constant))
    return constant.getActiveBits() <= 32 && !constant.isZero()
               ? constant.getZExtValue()
               : 1;
  auto nuw = [](auto op) {
    return bitEnumContainsAll(op.getOverflowFlags(),
                              arith::IntegerOverflowFlags::nuw);
  };
  uint64_t divisor = 1;
  if (auto mul = value.getDefiningOp<arith::MulIOp>();
      mul && nuw(mul) && depth > 0)
    divisor = getKnownDivisor(mul.getLhs(), depth - 1) *
              getKnownDivisor(mul.getRhs(), depth - 1);
  else if (auto shl = value.getDefiningOp<arith::ShLIOp>();
           shl && nuw(shl) && depth > 0 &&
           matchConstantInt(shl.getRhs(), constant) && constant.ult(32))
    divisor = getKnownDivisor(shl.getLhs(), depth - 1)
              << constant.getZExtValue();
  return divisor < limit ? divisor : 1;
}

std::optional<TorchLaunch> rng::matchTorchLaunch(Operation *op) {
  auto launch = [](auto o, bool twoComponents) {
    return std::optional<TorchLaunch>(TorchLaunch{o.getSeed(), o.getOffset(),
                                                  o.getThreads(), o.getIndex(),
                                                  twoComponents ? 2u : 4u});
  };
  auto isF64 = [](Value value) {
    return getElementTypeOrSelf(value.getType()).isF64();
  };
  return llvm::TypeSwitch<Operation *, std::optional<TorchLaunch>>(op)
      .Case([&](TorchUniformOp o) { return launch(o, isF64(o.getResult())); })
      .Case([&](TorchNormalOp o) { return launch(o, isF64(o.getResult())); })
      .Case([&](TorchBernoulliOp o) { return launch(o, isF64(o.getP())); })
      .Case([&](TorchRandomOp o) { return launch(o, o.getWide()); })
      .Case([&](TorchDropoutOp o) {
        return o.getVec() == 1 ? launch(o, false) : std::nullopt;
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// True if `a` and `b` draw from one layout: the same seed, offset and
/// threads values and the same U.
static bool sameLaunch(const TorchLaunch &a, const TorchLaunch &b) {
  return a.seed == b.seed && a.offset == b.offset && a.threads == b.threads &&
         a.unroll == b.unroll;
}

/// c if `value` is provably c * `threads` for a constant c >= 1: `threads`
/// itself, `arith.muli` of `threads` and a constant, or a constant when
/// `threads` is one (each also as a `vector.broadcast`, or of one).
static std::optional<uint64_t> matchThreadsMultiple(Value value,
                                                    Value threads) {
  value = stripBroadcasts(value);
  threads = stripBroadcasts(threads);
  if (value == threads)
    return 1;
  APInt constant;
  if (auto mul = value.getDefiningOp<arith::MulIOp>()) {
    for (unsigned i = 0; i < 2; ++i)
      if (stripBroadcasts(mul->getOperand(i)) == threads &&
          matchConstantInt(mul->getOperand(1 - i), constant) &&
          !constant.isZero())
        return constant.getZExtValue();
    return std::nullopt;
  }
  APInt s;
  if (matchConstantInt(value, constant) && matchConstantInt(threads, s) &&
      !s.isZero() && constant.urem(s).isZero() && !constant.isZero())
    return constant.udiv(s).getZExtValue();
  return std::nullopt;
}

/// True if the member index `add` = `base` + `other`, `other` written as
/// c * threads (matchThreadsMultiple), is provably base + c * S without
/// wrapping (an index that wraps past 2^64 is not c components on): the
/// product is exact (threads itself, a constant, `arith.muli` with `nuw`,
/// or the range of threads times c below 2^64), and so is the sum (`nuw`
/// on the add, or the ranges of base and c * threads).
static bool isNonWrapping(arith::AddIOp add, Value base, Value other,
                          uint64_t c, const TorchLaunch &launch) {
  auto nuw = arith::IntegerOverflowFlags::nuw;
  bool overflow = false;
  APInt span = inferLocalRange(launch.threads, 6)
                   .umax()
                   .zextOrTrunc(64)
                   .umul_ov(APInt(64, c), overflow);
  auto mul = stripBroadcasts(other).getDefiningOp<arith::MulIOp>();
  bool exactProduct =
      !mul || !overflow || bitEnumContainsAll(mul.getOverflowFlags(), nuw);
  if (!exactProduct)
    return false;
  if (bitEnumContainsAll(add.getOverflowFlags(), nuw))
    return true;
  if (!overflow)
    (void)inferLocalRange(base, 6).umax().zextOrTrunc(64).uadd_ov(span,
                                                                  overflow);
  return !overflow;
}

/// c if `add` is `base` + c * threads (either order) with 1 <= c < U and
/// does not wrap (isNonWrapping).
static std::optional<unsigned> getDistance(arith::AddIOp add, Value base,
                                           const TorchLaunch &launch) {
  if (add.getLhs() != base && add.getRhs() != base)
    return std::nullopt;
  Value other = add.getLhs() == base ? add.getRhs() : add.getLhs();
  std::optional<uint64_t> c = matchThreadsMultiple(other, launch.threads);
  if (!c || *c >= launch.unroll || !isNonWrapping(add, base, other, *c, launch))
    return std::nullopt;
  return unsigned(*c);
}

/// True if `op` (with launch `theirs`) is a later op of `leader`'s block
/// with the same launch and shape (a scalar index may serve ops of several
/// shapes; a group shares the leader's words, so it has one).
static bool drawsAfter(Operation *leader, const TorchLaunch &launch,
                       Operation *op, const TorchLaunch &theirs) {
  return sameLaunch(theirs, launch) && op->getBlock() == leader->getBlock() &&
         leader->isBeforeInBlock(op) &&
         getI64ShapeType(op) == getI64ShapeType(leader);
}

SmallVector<TorchMember> rng::getTorchMembers(Operation *leader,
                                              const TorchLaunch &launch) {
  SmallVector<TorchMember> members;
  for (Operation *user : launch.index.getUsers()) {
    auto add = dyn_cast<arith::AddIOp>(user);
    std::optional<unsigned> c =
        add ? getDistance(add, launch.index, launch) : std::nullopt;
    if (!c)
      continue;
    for (Operation *candidate : add->getUsers()) {
      std::optional<TorchLaunch> theirs = matchTorchLaunch(candidate);
      if (theirs && theirs->index == add.getResult() &&
          drawsAfter(leader, launch, candidate, *theirs))
        members.push_back({candidate, *c});
    }
  }
  llvm::sort(members, [](const TorchMember &a, const TorchMember &b) {
    return a.op->isBeforeInBlock(b.op);
  });
  members.erase(std::unique(members.begin(), members.end(),
                            [](const TorchMember &a, const TorchMember &b) {
                              return a.op == b.op;
                            }),
                members.end());
  return members;
}

bool rng::hasTorchLeader(Operation *op, const TorchLaunch &launch) {
  auto add = launch.index.getDefiningOp<arith::AddIOp>();
  if (!add)
    return false;
  for (Value base : {add.getLhs(), add.getRhs()}) {
    if (!getDistance(add, base, launch))
      continue;
    for (Operation *user : base.getUsers()) {
      std::optional<TorchLaunch> theirs = matchTorchLaunch(user);
      if (theirs && theirs->index == base &&
          drawsAfter(user, *theirs, op, launch))
        return true;
    }
  }
  return false;
}

bool rng::isThreadsNonzero(const TorchLaunch &launch) {
  APInt s;
  if (matchConstantInt(launch.threads, s))
    return !s.isZero();
  return !inferLocalRange(launch.threads, 6).umin().isZero();
}

Value rng::buildMemberDistance(OpBuilder &builder, Location loc,
                               const TorchLaunch &launch, unsigned distance,
                               Type type) {
  ScalarOrSplatBitsCache i64s(builder, loc, type);
  if (isThreadsNonzero(launch))
    return i64s.get(distance);
  Value noThreads = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq,
      broadcastToType(builder, loc, launch.threads, type), i64s.get(0));
  return arith::SelectOp::create(builder, loc, noThreads, i64s.get(0),
                                 i64s.get(distance));
}

/// x if `value` is `arith.muli` with `nuw` of threads and x, a known
/// multiple of U (getKnownDivisor), or a `vector.broadcast` of such a
/// product; otherwise null.
static Value getThreadsFactor(Value value, const TorchLaunch &launch) {
  auto mul = stripBroadcasts(value).getDefiningOp<arith::MulIOp>();
  if (!mul || !bitEnumContainsAll(mul.getOverflowFlags(),
                                  arith::IntegerOverflowFlags::nuw))
    return nullptr;
  Value threads = stripBroadcasts(launch.threads);
  for (auto [a, b] : {std::pair(mul.getLhs(), mul.getRhs()),
                      std::pair(mul.getRhs(), mul.getLhs())})
    if (stripBroadcasts(a) == threads &&
        getKnownDivisor(b) % launch.unroll == 0)
      return b;
  return nullptr;
}

/// True if `value` is provably a multiple of U * S (S = threads), without
/// wrapping: a known divisor (getKnownDivisor) that is one where S is a
/// constant, or `arith.muli` with `nuw` of threads and a multiple of U
/// (getThreadsFactor).
static bool isPeriodMultiple(Value value, const TorchLaunch &launch) {
  APInt s;
  if (matchConstantInt(launch.threads, s) && !s.isZero())
    return s.getActiveBits() <= 32 &&
           getKnownDivisor(value) % (s.getZExtValue() * launch.unroll) == 0;
  return getThreadsFactor(value, launch) != nullptr;
}

std::optional<AlignedIndex> rng::matchAlignedIndex(const TorchLaunch &launch) {
  if (isa<TensorType>(launch.index.getType()))
    return std::nullopt;
  AlignedIndex terms;
  SmallVector<Value> worklist = {launch.index};
  while (!worklist.empty() &&
         worklist.size() + terms.periods.size() + terms.rest.size() <= 8) {
    Value term = stripBroadcasts(worklist.pop_back_val());
    auto add = term.getDefiningOp<arith::AddIOp>();
    if (add && bitEnumContainsAll(add.getOverflowFlags(),
                                  arith::IntegerOverflowFlags::nuw)) {
      worklist.append({add.getLhs(), add.getRhs()});
      continue;
    }
    (isPeriodMultiple(term, launch) ? terms.periods : terms.rest)
        .push_back(term);
  }
  if (!worklist.empty())
    return std::nullopt;
  APInt s;
  if (!matchConstantInt(launch.threads, s) || s.isZero()) {
    auto rem = terms.rest.size() == 1
                   ? terms.rest[0].getDefiningOp<arith::RemUIOp>()
                   : arith::RemUIOp();
    if ((terms.rest.empty() && isThreadsNonzero(launch)) ||
        (rem &&
         stripBroadcasts(rem.getRhs()) == stripBroadcasts(launch.threads)))
      return terms;
    return std::nullopt;
  }
  APInt sum = APInt::getZero(64);
  for (Value term : terms.rest) {
    bool overflow = false;
    sum =
        sum.uadd_ov(inferLocalRange(term, 6).umax().zextOrTrunc(64), overflow);
    if (overflow)
      return std::nullopt;
  }
  if (!sum.ult(s.zextOrTrunc(64)))
    return std::nullopt;
  return terms;
}

/// `value` / `divisor` for a `value` that getKnownDivisor proves a multiple
/// of `divisor` (an exact division): the factors of `nuw` products and
/// shifts divided where they carry the divisor, so that PyTorch's k * U * S
/// gives k without a division; `arith.divui` where that fails.
static Value buildExactQuotient(OpBuilder &builder, Location loc, Value value,
                                uint64_t divisor, unsigned depth = 4) {
  if (divisor == 1)
    return value;
  if (auto broadcast = value.getDefiningOp<vector::BroadcastOp>())
    return vector::BroadcastOp::create(builder, loc, broadcast.getType(),
                                       buildExactQuotient(builder, loc,
                                                          broadcast.getSource(),
                                                          divisor, depth));
  Type type = value.getType();
  APInt constant;
  if (matchConstantInt(value, constant) && constant.getActiveBits() <= 64 &&
      constant.getZExtValue() % divisor == 0)
    return createScalarOrSplatBits(builder, loc, type,
                                   constant.getZExtValue() / divisor);
  auto nuw = arith::IntegerOverflowFlags::nuw;
  if (auto mul = value.getDefiningOp<arith::MulIOp>();
      mul && depth > 0 && bitEnumContainsAll(mul.getOverflowFlags(), nuw)) {
    for (auto [a, b] : {std::pair(mul.getLhs(), mul.getRhs()),
                        std::pair(mul.getRhs(), mul.getLhs())}) {
      uint64_t g = std::gcd(divisor, getKnownDivisor(a, depth - 1));
      if (getKnownDivisor(b, depth - 1) % (divisor / g) != 0)
        continue;
      return builder.createOrFold<arith::MulIOp>(
          loc, buildExactQuotient(builder, loc, a, g, depth - 1),
          buildExactQuotient(builder, loc, b, divisor / g, depth - 1), nuw);
    }
  }
  if (auto shl = value.getDefiningOp<arith::ShLIOp>();
      shl && depth > 0 && bitEnumContainsAll(shl.getOverflowFlags(), nuw) &&
      matchConstantInt(shl.getRhs(), constant) && constant.ult(32)) {
    uint64_t g = std::gcd(divisor, getKnownDivisor(shl.getLhs(), depth - 1));
    uint64_t rest = divisor / g;
    if (llvm::isPowerOf2_64(rest) &&
        llvm::Log2_64(rest) <= constant.getZExtValue())
      return builder.createOrFold<arith::ShLIOp>(
          loc, buildExactQuotient(builder, loc, shl.getLhs(), g, depth - 1),
          createScalarOrSplatBits(builder, loc, type,
                                  constant.getZExtValue() -
                                      llvm::Log2_64(rest)),
          nuw);
  }
  return arith::DivUIOp::create(
      builder, loc, value,
      createScalarOrSplatBits(builder, loc, type, divisor));
}

TorchDrawValues rng::buildAlignedDraw(OpBuilder &builder, Location loc,
                                      const TorchLaunch &launch,
                                      const AlignedIndex &terms, Type type) {
  auto nuw = arith::IntegerOverflowFlags::nuw;
  // Scalars (broadcast sources) are added as scalars where every term is
  // one, and broadcast to the shape otherwise.
  auto sum = [&](ArrayRef<Value> values) {
    Type sumType = llvm::any_of(values,
                                [](Value value) {
                                  return isa<ShapedType>(value.getType());
                                })
                       ? type
                       : builder.getI64Type();
    Value total = createScalarOrSplatBits(builder, loc, sumType, 0);
    for (Value value : values)
      total = builder.createOrFold<arith::AddIOp>(
          loc, total, broadcastToType(builder, loc, value, sumType), nuw);
    return total;
  };
  SmallVector<Value> iterations;
  APInt s;
  bool constantS = matchConstantInt(launch.threads, s) && !s.isZero();
  for (Value term : terms.periods) {
    if (constantS) {
      iterations.push_back(buildExactQuotient(
          builder, loc, term, s.getZExtValue() * launch.unroll));
      continue;
    }
    // Any S: threads times a multiple of U (getThreadsFactor).
    iterations.push_back(buildExactQuotient(
        builder, loc, getThreadsFactor(term, launch), launch.unroll));
  }
  return buildTorchAlignedDraw(builder, loc, launch.offset, sum(terms.rest),
                               sum(iterations), type);
}
