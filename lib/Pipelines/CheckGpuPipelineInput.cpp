//===- CheckGpuPipelineInput.cpp - Check the GPU pipelines input ----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PipelinePasses.h"
#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace rng {
#define GEN_PASS_DEF_CHECKGPUPIPELINEINPUTPASS
#include "rng/Pipelines/Passes.h.inc"
} // namespace rng
} // namespace mlir

using namespace mlir;
using namespace mlir::rng;

/// Fails, with a diagnostic naming `pipeline`, if the GPU pipelines cannot
/// lower the rng or round op `op`: outside any gpu.module, or inside one on
/// ranked tensors or scalable vectors. The tensor-only ops (rng.bit_generator,
/// rng.linear_index) get the way out that the lowering's own refusal gives.
static LogicalResult checkGpuPipelineInput(Operation *op, StringRef pipeline) {
  if (!op->getParentOfType<gpu::GPUModuleOp>())
    return op->emitOpError()
           << "outside a gpu.module: " << pipeline
           << " lowers the kernels of gpu.modules only; lower host code with "
              "rng-to-llvm (or convert-rng-to-arith and "
              "convert-round-to-arith)";
  auto types = llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes());
  if (llvm::any_of(types, llvm::IsaPred<TensorType>)) {
    InFlightDiagnostic diag = op->emitOpError()
                              << "on tensors cannot lower inside a gpu.module "
                                 "(kernels hold no tensors); ";
    if (isa<rng::BitGeneratorOp>(op))
      diag << "compute each output element in the kernel with "
              "buildBitGeneratorElement "
              "(rng/Conversion/RngToArith/BitGenerator.h) instead";
    else if (isa<rng::LinearIndexOp>(op))
      diag << "compute the index from the thread's coordinates instead";
    else
      diag << "use scalars or fixed-size vectors, or bufferize the kernel and "
              "convert its linalg ops to loops first";
    return diag;
  }
  auto isScalable = [](Type type) {
    auto vectorType = dyn_cast<VectorType>(type);
    return vectorType && vectorType.isScalable();
  };
  if (llvm::any_of(types, isScalable))
    return op->emitOpError() << "on scalable vectors cannot lower inside a "
                                "gpu.module (GPU targets have no scalable "
                                "vectors); use scalars or fixed-size vectors";
  return success();
}

namespace {

/// The first step of the GPU pipelines: rejects, each with a diagnostic,
/// the rng and round ops they cannot lower, instead of leaving them behind:
/// ops outside any gpu.module (the pipelines lower only the kernels of
/// gpu.modules) and, inside one, ops on ranked tensors (kernels hold no
/// tensors) or on scalable vectors (NVPTX and AMDGPU have none).
struct CheckGpuPipelineInputPass final
    : rng::impl::CheckGpuPipelineInputPassBase<CheckGpuPipelineInputPass> {
  using Base::Base;

  void runOnOperation() override {
    bool anyFailed = false;
    getOperation().walk([&](Operation *op) {
      if (auto gpuModule = dyn_cast<gpu::GPUModuleOp>(op)) {
        if (failed(checkTargets(gpuModule)))
          anyFailed = true;
        return;
      }
      if (!isa_and_present<rng::RngDialect, rounding::RoundDialect>(
              op->getDialect()))
        return;
      if (failed(checkGpuPipelineInput(op, pipeline))) {
        anyFailed = true;
        return;
      }
      // The pipelines nest on the gpu.modules of the top-level module only.
      auto gpuModule = op->getParentOfType<gpu::GPUModuleOp>();
      if (gpuModule && gpuModule->getParentOp() != getOperation()) {
        op->emitOpError() << "in a gpu.module nested below the top-level "
                          << "module: " << pipeline
                          << " lowers the gpu.modules directly in the module "
                             "it runs on; move the gpu.module there";
        anyFailed = true;
      }
    });
    if (anyFailed)
      signalPassFailure();
  }

  /// A target already on `gpuModule` must be for the dialect and chip the
  /// pipeline attaches (after it: the lowered module and its binaries would
  /// be built for both).
  LogicalResult checkTargets(gpu::GPUModuleOp gpuModule) {
    ArrayAttr targets = gpuModule.getTargetsAttr();
    if (!targets || targetDialect.empty())
      return success();
    for (Attribute target : targets) {
      StringRef dialect, targetChip;
      if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target)) {
        dialect = "nvvm";
        targetChip = nvvm.getChip();
      } else if (auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(target)) {
        dialect = "rocdl";
        targetChip = rocdl.getChip();
      }
      if (dialect == targetDialect && targetChip == chip)
        continue;
      return gpuModule.emitError()
             << "gpu.module @" << gpuModule.getSymName()
             << " already has the target " << target << ", but " << pipeline
             << " compiles it for " << targetDialect << " " << chip
             << ": remove the target or run the pipeline for its chip";
    }
    return success();
  }
};

} // namespace

std::unique_ptr<Pass>
rng::createCheckGpuPipelineInputPass(StringRef pipeline,
                                     StringRef targetDialect, StringRef chip) {
  return createCheckGpuPipelineInputPass(CheckGpuPipelineInputPassOptions{
      pipeline.str(), targetDialect.str(), chip.str()});
}
