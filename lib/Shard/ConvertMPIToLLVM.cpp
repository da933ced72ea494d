//===- ConvertMPIToLLVM.cpp - mpi to LLVM calls, OpenMPI fixed ------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Upstream's mpi -> LLVM patterns (those convert-to-llvm applies) with two
// OpenMPI defects of LLVM 22 fixed:
//  * mpi.comm_split stores the new communicator through a pointer-sized slot
//    but loads it as an i32 (docs/upstream/mpi-comm-split-openmpi.md): a
//    pattern of higher benefit loads the pointer;
//  * the reduction operations reference `ompi_mpi_<op>`; OpenMPI's symbols
//    are `ompi_mpi_op_<op>` (docs/upstream/mpi-openmpi-reduction-symbols.md):
//    renamed after the conversion.
//
//===----------------------------------------------------------------------===//

#include "rng/Shard/Passes.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MPIToLLVM/MPIToLLVM.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CONVERTMPITOLLVMPASS
#include "rng/Shard/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

/// The MPI_Op objects whose symbols LLVM 22 misspells for OpenMPI:
/// `ompi_mpi_<name>` instead of `ompi_mpi_op_<name>` (OpenMPI's mpi.h:
/// `#define MPI_SUM OMPI_PREDEFINED_GLOBAL(MPI_Op, ompi_mpi_op_sum)`).
static constexpr StringLiteral kOpenMPIReductionOps[] = {
    "max", "min",  "sum",  "prod",   "land",   "band",    "lor",
    "bor", "lxor", "bxor", "minloc", "maxloc", "replace", "no_op"};

namespace {
/// OpenMPI's mpi.comm_split, whose MPI_Comm is a pointer. Upstream's
/// communicator value is an i64 (the pointer's bits):
///   %c    = llvm.inttoptr %comm : i64 to !llvm.ptr
///   %slot = llvm.alloca %one x !llvm.ptr
///   %rv   = llvm.call @MPI_Comm_split(%c, %color, %key, %slot)
///   %p    = llvm.load %slot : !llvm.ptr -> !llvm.ptr     (upstream: i32)
///   %new  = llvm.ptrtoint %p : !llvm.ptr to i64
struct OpenMPICommSplitOpLowering final
    : ConvertOpToLLVMPattern<mpi::CommSplitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(mpi::CommSplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return rewriter.notifyMatchFailure(op, "not inside a module");
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Type i32 = rewriter.getI32Type();
    Type i64 = rewriter.getI64Type();
    Type ptr = LLVM::LLVMPointerType::get(ctx);

    // int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
    auto splitType = LLVM::LLVMFunctionType::get(i32, {ptr, i32, i32, ptr});
    auto split = module.lookupSymbol<LLVM::LLVMFuncOp>("MPI_Comm_split");
    if (!split) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      split =
          LLVM::LLVMFuncOp::create(rewriter, loc, "MPI_Comm_split", splitType);
    } else if (split.getFunctionType() != splitType) {
      return rewriter.notifyMatchFailure(op, "MPI_Comm_split declared with "
                                             "another type");
    }

    Value comm =
        LLVM::IntToPtrOp::create(rewriter, loc, ptr, adaptor.getComm());
    Value one = LLVM::ConstantOp::create(rewriter, loc, i32, 1);
    Value slot = LLVM::AllocaOp::create(rewriter, loc, ptr, ptr, one);
    auto call = LLVM::CallOp::create(
        rewriter, loc, split,
        ValueRange{comm, adaptor.getColor(), adaptor.getKey(), slot});
    Value newComm = LLVM::LoadOp::create(rewriter, loc, ptr, slot);
    newComm = LLVM::PtrToIntOp::create(rewriter, loc, i64, newComm);

    SmallVector<Value> results;
    if (op.getRetval())
      results.push_back(call.getResult());
    results.push_back(newComm);
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ConvertMPIToLLVMPass final
    : rng::impl::ConvertMPIToLLVMPassBase<ConvertMPIToLLVMPass> {
  void runOnOperation() override;

  /// Gives the module an explicit "MPI:Implementation" = "MPICH" entry, so
  /// that upstream's lookup finds one (it reports an error for a missing
  /// entry, then uses MPICH).
  void addDefaultImplementation(ModuleOp module);

  /// Renames upstream's `ompi_mpi_<op>` globals to OpenMPI's
  /// `ompi_mpi_op_<op>`.
  void renameOpenMPIReductionOps(ModuleOp module);
};
} // namespace

void ConvertMPIToLLVMPass::addDefaultImplementation(ModuleOp module) {
  if (succeeded(dlti::query(module, {kMPIImplementationKey})))
    return;
  MLIRContext *ctx = module.getContext();
  SmallVector<DataLayoutEntryInterface> entries;
  if (auto map = module->getAttrOfType<MapAttr>(DLTIDialect::kMapAttrName))
    llvm::append_range(entries, map.getEntries());
  entries.push_back(
      DataLayoutEntryAttr::get(StringAttr::get(ctx, kMPIImplementationKey),
                               StringAttr::get(ctx, "MPICH")));
  module->setAttr(DLTIDialect::kMapAttrName, MapAttr::get(ctx, entries));
}

void ConvertMPIToLLVMPass::renameOpenMPIReductionOps(ModuleOp module) {
  SymbolTable symbols(module);
  for (StringRef name : kOpenMPIReductionOps) {
    std::string wrong = ("ompi_mpi_" + name).str();
    std::string right = ("ompi_mpi_op_" + name).str();
    auto global = symbols.lookup<LLVM::GlobalOp>(wrong);
    if (!global)
      continue;
    if (!symbols.lookup(right)) {
      (void)symbols.rename(global, right);
      continue;
    }
    // Declared already (by the user): use that declaration.
    if (succeeded(SymbolTable::replaceAllSymbolUses(
            global, StringAttr::get(module.getContext(), right), module)))
      symbols.erase(global);
  }
}

void ConvertMPIToLLVMPass::runOnOperation() {
  ModuleOp module = getOperation();
  FailureOr<MPIImplementation> implementation =
      getMPIImplementation(module, getArgument());
  if (failed(implementation))
    return signalPassFailure();
  addDefaultImplementation(module);

  MLIRContext *ctx = &getContext();
  LowerToLLVMOptions options(ctx, DataLayout(module));
  LLVMTypeConverter converter(ctx, options);
  RewritePatternSet patterns(ctx);
  mpi::populateMPIToLLVMConversionPatterns(converter, patterns);
  if (*implementation == MPIImplementation::OpenMPI)
    patterns.add<OpenMPICommSplitOpLowering>(converter, /*benefit=*/2);

  LLVMConversionTarget target(*ctx);
  target.addIllegalDialect<mpi::MPIDialect>();
  if (failed(applyPartialConversion(module, target, std::move(patterns))))
    return signalPassFailure();

  if (*implementation == MPIImplementation::OpenMPI)
    renameOpenMPIReductionOps(module);
}
