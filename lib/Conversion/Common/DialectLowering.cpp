//===- DialectLowering.cpp - Lower one dialect completely -----------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/DialectLowering.h"

#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::rng;

/// Erases the unused rng and round ops nested in `root` (see
/// eraseDeadRngOps) and returns the remaining ops of `dialectNamespace` in
/// program order (pre-order). Sets `erased` if it erased an op.
static SmallVector<Operation *>
eraseDeadAndCollect(Operation *root, StringRef dialectNamespace, bool &erased) {
  SmallVector<Operation *> ops;
  // Reverse post-order: an op's users (later in its block, or nested in
  // later ops) are visited, and erased if dead, before the op itself.
  root->walk<WalkOrder::PostOrder, ReverseIterator>([&](Operation *op) {
    StringRef dialect = op->getName().getDialectNamespace();
    if (op == root || (dialect != "rng" && dialect != "round"))
      return;
    if (isOpTriviallyDead(op)) {
      op->erase();
      erased = true;
      return;
    }
    if (dialect == dialectNamespace)
      ops.push_back(op);
  });
  std::reverse(ops.begin(), ops.end());
  return ops;
}

bool rng::eraseDeadRngOps(Operation *root) {
  bool erased = false;
  (void)eraseDeadAndCollect(root, /*dialectNamespace=*/"", erased);
  return erased;
}

namespace {

/// The rewriter of applyDialectLowering: the ops of the dialect that
/// patterns create join the worklist; the ops that patterns erase (or
/// replace) leave it.
struct WorklistRewriter final : PatternRewriter, RewriterBase::Listener {
  WorklistRewriter(MLIRContext *context, StringRef dialectNamespace,
                   SmallVectorImpl<Operation *> &worklist)
      : PatternRewriter(context, /*listener=*/this),
        dialectNamespace(dialectNamespace), worklist(worklist) {
    for (auto [index, op] : llvm::enumerate(worklist))
      indices[op] = index;
  }

  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    // Newly created ops only (a moved op is on the worklist already).
    if (previous.isSet() ||
        op->getName().getDialectNamespace() != dialectNamespace)
      return;
    indices[op] = worklist.size();
    worklist.push_back(op);
  }

  /// Appends `op`, already on the worklist, to its end.
  void requeue(Operation *op) {
    worklist[indices[op]] = nullptr;
    indices[op] = worklist.size();
    worklist.push_back(op);
  }

  void notifyOperationErased(Operation *op) override {
    // Forget the op rather than remember it: a later op may reuse its
    // address.
    auto it = indices.find(op);
    if (it == indices.end())
      return;
    worklist[it->second] = nullptr;
    indices.erase(it);
  }

  StringRef dialectNamespace;
  SmallVectorImpl<Operation *> &worklist;
  llvm::DenseMap<Operation *, size_t> indices;
};

} // namespace

LogicalResult rng::applyDialectLowering(Operation *root,
                                        StringRef dialectNamespace,
                                        const FrozenRewritePatternSet &patterns,
                                        bool *changed) {
  bool erased = false;
  SmallVector<Operation *> worklist =
      eraseDeadAndCollect(root, dialectNamespace, erased);
  if (changed)
    *changed = erased || !worklist.empty();
  if (worklist.empty())
    return success();

  PatternApplicator applicator(patterns);
  applicator.applyDefaultCostModel();
  WorklistRewriter rewriter(root->getContext(), dialectNamespace, worklist);
  // The worklist grows while it is walked.
  for (size_t i = 0; i < worklist.size(); ++i) {
    Operation *op = worklist[i];
    if (!op)
      continue;
    rewriter.setInsertionPoint(op);
    SmallVector<Value> folded;
    if (succeeded(rewriter.tryFold(op, folded)) && !folded.empty()) {
      rewriter.replaceOp(op, folded);
      continue;
    }
    if (failed(applicator.matchAndRewrite(op, rewriter)))
      return op->emitError()
             << "failed to legalize operation '" << op->getName() << "'";
    // A pattern that updated the op in place leaves it to be visited again.
    if (rewriter.indices.contains(op))
      rewriter.requeue(op);
  }
  return success();
}
