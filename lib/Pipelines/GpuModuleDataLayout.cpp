//===- GpuModuleDataLayout.cpp - Give gpu.modules a data layout -----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PipelinePasses.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/Pass.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_GPUMODULEDATALAYOUTPASS
#include "rng/Pipelines/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

const llvm::Target *rng::lookupLLVMTarget(const llvm::Triple &triple,
                                          std::string &error) {
  static llvm::once_flag initialized;
  llvm::call_once(initialized, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
  });
  return llvm::TargetRegistry::lookupTarget(triple, error);
}

/// The data layout string of LLVM's target for `tripleName`, or nothing,
/// with the reason in `error`, when this LLVM has no such target.
static std::optional<std::string> getTargetDataLayout(StringRef tripleName,
                                                      std::string &error) {
  llvm::Triple triple(tripleName);
  const llvm::Target *target = lookupLLVMTarget(triple, error);
  if (!target)
    return std::nullopt;
  std::unique_ptr<llvm::TargetMachine> machine(
      target->createTargetMachine(triple, /*CPU=*/"", /*Features=*/"",
                                  llvm::TargetOptions(), std::nullopt));
  if (!machine) {
    error = "LLVM could not create its target machine";
    return std::nullopt;
  }
  return machine->createDataLayout().getStringRepresentation();
}

namespace {

/// Gives each gpu.module without a data layout (neither `llvm.data_layout`
/// nor a DLTI spec) the layout of LLVM's target for `triple` as
/// `llvm.data_layout`, which mlir-translate (and gpu-module-to-binary) use
/// for the alignment of every load and store they emit. Without it the
/// translation takes LLVM's default layout, whose i64 is 4-byte aligned, and
/// the NVPTX back end splits each i64 access into two 32-bit ones. A triple
/// this LLVM has no target for is an error; the GPU pipelines add the pass
/// only where LLVM has their target.
struct GpuModuleDataLayoutPass final
    : rng::impl::GpuModuleDataLayoutPassBase<GpuModuleDataLayoutPass> {
  using Base::Base;
  // The pass manager copies initialized passes for its threads.
  GpuModuleDataLayoutPass(const GpuModuleDataLayoutPass &other)
      : GpuModuleDataLayoutPassBase(other), dataLayout(other.dataLayout) {}

  LogicalResult initialize(MLIRContext *context) override {
    std::string error;
    std::optional<std::string> layout = getTargetDataLayout(triple, error);
    if (!layout)
      return emitError(UnknownLoc::get(context))
             << "rng-gpu-module-data-layout: no LLVM target for triple '"
             << triple << "' (" << error
             << "); expected a triple this LLVM has a target for, such as "
                "nvptx64-nvidia-cuda or amdgcn-amd-amdhsa";
    dataLayout = StringAttr::get(context, *layout);
    return success();
  }

  void runOnOperation() override {
    gpu::GPUModuleOp gpuModule = getOperation();
    if (gpuModule->hasAttr(DLTIDialect::kDataLayoutAttrName) ||
        gpuModule->hasAttr(LLVM::LLVMDialect::getDataLayoutAttrName()))
      return markAllAnalysesPreserved();
    gpuModule->setAttr(LLVM::LLVMDialect::getDataLayoutAttrName(), dataLayout);
  }

  StringAttr dataLayout;
};

} // namespace

std::unique_ptr<Pass> rng::createGpuModuleDataLayoutPass(StringRef triple) {
  return createGpuModuleDataLayoutPass(
      GpuModuleDataLayoutPassOptions{triple.str()});
}
