//===- HoistGpuModule.cpp - Hoist the gpu.module for mlir-translate -------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PipelinePasses.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_HOISTGPUMODULEPASS
#include "rng/Pipelines/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

/// The last #nvvm.target / #rocdl.target of `gpuModule` (the one the
/// pipeline's attach-target pass appended) as an #llvm.target (triple, chip,
/// features), or null.
static LLVM::TargetAttr getLLVMTarget(gpu::GPUModuleOp gpuModule,
                                      StringRef triple) {
  ArrayAttr targets = gpuModule.getTargetsAttr();
  if (!targets)
    return {};
  for (Attribute target : llvm::reverse(targets)) {
    StringRef chip, features;
    if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target)) {
      chip = nvvm.getChip();
      features = nvvm.getFeatures();
    } else if (auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(target)) {
      chip = rocdl.getChip();
      features = rocdl.getFeatures();
    } else {
      continue;
    }
    MLIRContext *ctx = gpuModule.getContext();
    return LLVM::TargetAttr::get(
        ctx, StringAttr::get(ctx, triple), StringAttr::get(ctx, chip),
        features.empty() ? LLVM::TargetFeaturesAttr()
                         : LLVM::TargetFeaturesAttr::get(ctx, features));
  }
  return {};
}

namespace {

/// Replaces the body of the top-level module by the body of its only
/// gpu.module (already in the LLVM dialect), with `llvm.target_triple` set,
/// so that `mlir-translate --mlir-to-llvmir` translates the device code
/// (it skips nested gpu.modules). The last step of the GPU pipelines unless
/// `keep-gpu-module`.
/// Moves the body of the only gpu.module of a module to the module itself,
/// so that mlir-translate sees the kernels. Registered (rng-hoist-gpu-module)
/// so that the printed rng-to-nvvm / rng-to-rocdl pipelines parse back.
struct HoistGpuModulePass final
    : rng::impl::HoistGpuModulePassBase<HoistGpuModulePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto gpuModules = module.getOps<gpu::GPUModuleOp>();
    if (gpuModules.empty()) {
      module.emitError() << pipeline
                         << ": found no gpu.module holding the kernels (the "
                            "GPU pipelines lower kernels inside a gpu.module; "
                            "lower host code with rng-to-llvm)";
      return signalPassFailure();
    }
    gpu::GPUModuleOp gpuModule = *gpuModules.begin();
    for (Operation &op : module.getBody()->getOperations()) {
      auto nested = dyn_cast<gpu::GPUModuleOp>(op);
      if (!nested) {
        op.emitError() << pipeline
                       << ": cannot hoist the gpu.module for mlir-translate: "
                          "its module also holds '"
                       << op.getName()
                       << "'; keep one gpu.module per file, or pass "
                          "keep-gpu-module=true to keep the nested form";
        return signalPassFailure();
      }
      if (nested != gpuModule) {
        nested.emitError()
            << pipeline
            << ": cannot hoist more than one gpu.module for mlir-translate; "
               "keep one gpu.module per file, or pass keep-gpu-module=true "
               "to keep the nested form";
        return signalPassFailure();
      }
    }

    // Only a lowered module can live at the top: gpu ops need their
    // gpu.module.
    WalkResult gpuOps = gpuModule.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == gpuModule || !isa<gpu::GPUDialect>(op->getDialect()))
        return WalkResult::advance();
      op->emitError() << pipeline << ": cannot hoist gpu.module @"
                      << gpuModule.getName() << ": it still holds '"
                      << op->getName()
                      << "' (not lowered to the LLVM dialect); run this "
                         "after convert-gpu-to-nvvm or convert-gpu-to-rocdl, "
                         "as rng-to-nvvm and rng-to-rocdl do";
      return WalkResult::interrupt();
    });
    if (gpuOps.wasInterrupted())
      return signalPassFailure();

    // The device module's own attributes (data layout, ...) travel along;
    // its symbol name names the module; its target attribute becomes
    // `llvm.target`, so that the module still says which chip it was
    // lowered for (mlir-translate ignores it; llc takes -mcpu).
    for (NamedAttribute attr : gpuModule->getDiscardableAttrs())
      module->setAttr(attr.getName(), attr.getValue());
    if (!triple.empty()) {
      module->setAttr(LLVM::LLVMDialect::getTargetTripleAttrName(),
                      StringAttr::get(&getContext(), triple));
      if (LLVM::TargetAttr target = getLLVMTarget(gpuModule, triple))
        module->setAttr(LLVM::LLVMDialect::getTargetAttrName(), target);
    }
    module.setSymName(gpuModule.getName());
    Block *body = module.getBody();
    body->getOperations().splice(body->end(),
                                 gpuModule.getBody()->getOperations());
    gpuModule.erase();
  }
};

} // namespace

std::unique_ptr<Pass> rng::createHoistGpuModulePass(StringRef pipeline,
                                                    StringRef triple) {
  return createHoistGpuModulePass(
      HoistGpuModulePassOptions{pipeline.str(), triple.str()});
}
