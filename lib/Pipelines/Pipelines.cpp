//===- Pipelines.cpp - rng-mlir pass pipelines ----------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Pipelines/Pipelines.h"
#include "rng/Conversion/Common/Philox.h"
#include "rng/Conversion/Common/Targets.h"
#include "rng/Conversion/Passes.h"
#include "rng/Dialect/Rng/IR/RngOps.h"
#include "rng/Dialect/Round/IR/RoundDialect.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace mlir::rng;

static std::unique_ptr<Pass> createCheckElementwiseToLinalgInputPass();
static std::unique_ptr<Pass> createCheckScalableVectorsPass();
static std::unique_ptr<Pass> createExpandVectorMulUIExtendedPass();

void rng::buildRngToLLVMPipeline(OpPassManager &pm) {
  buildRngToLLVMPipeline(pm, RngToLLVMPipelineOptions());
}

void rng::buildRngToLLVMPipeline(OpPassManager &pm,
                                 const RngToLLVMPipelineOptions &options) {
  pm.addPass(createCheckScalableVectorsPass());
  // Our dialects, by their universal lowerings: the round ops first, while
  // the IR is small (the IR is verified after each pass that changes it,
  // and each Philox block the rng lowering builds is about 100 arith ops).
  pm.addPass(createConvertRoundToArithPass({options.outlineAbove}));
  pm.addPass(
      createConvertRngToArithPass({options.fastMath, options.outlineAbove}));
  // Each tensor op's lowering (a linalg.generic) writes into a
  // `tensor.empty`; CSE would merge every empty tensor of one type into one
  // value that all of them write, and one-shot bufferization's analysis of
  // those conflicts grows with the cube of the op count (800 chained
  // rng.bit_generator ops: 36 s). As allocations they stay apart.
  pm.addPass(bufferization::createEmptyTensorToAllocTensorPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Ranked tensors: elementwise arith on tensors -> linalg -> loops on
  // memrefs (after rejecting what upstream's pass cannot convert).
  pm.addPass(createCheckElementwiseToLinalgInputPass());
  pm.addPass(createConvertElementwiseToLinalgPass());
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  // A state threaded through a loop (scf.for iter_args feeding
  // rng.bit_generator) yields a new buffer each iteration.
  bufferizeOptions.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  pm.addPass(createConvertLinalgToLoopsPass());

  // Everything to the LLVM dialect (masked vector ops, as masked
  // vectorization leaves them, to masked transfers first).
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMaskPass());
  pm.addPass(createConvertVectorToSCFPass());
  // Affine before scf: lower-affine turns affine.for into scf.for, and
  // expand-strided-metadata leaves affine.apply.
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createExpandVectorMulUIExtendedPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

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
    : PassWrapper<HoistGpuModulePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HoistGpuModulePass)

  HoistGpuModulePass() = default;
  HoistGpuModulePass(const HoistGpuModulePass &other) : PassWrapper(other) {}
  HoistGpuModulePass(StringRef pipelineName, StringRef targetTriple) {
    pipeline = pipelineName.str();
    triple = targetTriple.str();
  }

  StringRef getArgument() const final { return "rng-hoist-gpu-module"; }
  StringRef getDescription() const final {
    return "Hoist the body of the only gpu.module to the top-level module "
           "(the last step of rng-to-nvvm and rng-to-rocdl)";
  }

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

  Option<std::string> pipeline{
      *this, "pipeline", llvm::cl::desc("The pipeline named in diagnostics"),
      llvm::cl::init("rng-hoist-gpu-module")};
  Option<std::string> triple{
      *this, "triple",
      llvm::cl::desc("Target triple given to the hoisted module (empty: none)"),
      llvm::cl::init("")};
};

/// LLVM's target for `triple` (its registry initialized once), or null with
/// the reason in `error`.
static const llvm::Target *lookupLLVMTarget(const llvm::Triple &triple,
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

/// The PTX versions of LLVM's NVPTX back end (feature "ptx78" -> 78) and the
/// one it compiles `chip` with by default, the oldest it accepts for it.
struct PTXVersions {
  SmallVector<unsigned> known;
  unsigned minimum = 0;
};

/// PTXVersions for `chip` from LLVM itself: its feature table, and the
/// `.version` of the PTX it emits for an empty module; nullopt when this LLVM
/// has no NVPTX target.
static std::optional<PTXVersions> getPTXVersions(StringRef chip) {
  std::string error;
  llvm::Triple triple("nvptx64-nvidia-cuda");
  const llvm::Target *target = lookupLLVMTarget(triple, error);
  if (!target)
    return std::nullopt;
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, chip, ""));
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, chip, "", llvm::TargetOptions(), std::nullopt));
  if (!info || !machine)
    return std::nullopt;
  PTXVersions versions;
  for (const llvm::SubtargetFeatureKV &feature :
       info->getAllProcessorFeatures()) {
    StringRef key = feature.Key;
    unsigned version;
    if (key.consume_front("ptx") && !key.getAsInteger(10, version))
      versions.known.push_back(version);
  }
  llvm::LLVMContext context;
  llvm::Module module("ptx-version", context);
  module.setTargetTriple(triple);
  module.setDataLayout(machine->createDataLayout());
  SmallString<256> ptx;
  llvm::raw_svector_ostream stream(ptx);
  llvm::legacy::PassManager passes;
  if (machine->addPassesToEmitFile(passes, stream, nullptr,
                                   llvm::CodeGenFileType::AssemblyFile))
    return std::nullopt;
  passes.run(module);
  StringRef text = ptx;
  size_t at = text.find(".version ");
  unsigned major, minor;
  if (at == StringRef::npos)
    return std::nullopt;
  StringRef number = text.substr(at + 9).take_until(llvm::isSpace);
  auto [majorText, minorText] = number.split('.');
  if (majorText.getAsInteger(10, major) || minorText.getAsInteger(10, minor))
    return std::nullopt;
  versions.minimum = major * 10 + minor;
  return versions;
}

/// The PTX version `chip`'s instructions need (cvt.rs: 87), or 0.
static unsigned getInstructionPTXVersion(const NVVMChip &chip) {
  StringRef required = chip.getRequiredFeatures();
  unsigned version;
  if (!required.consume_front("+ptx") || required.getAsInteger(10, version))
    return 0;
  return version;
}

/// "+ptx<N>" where the chip's instructions need a PTX version beyond the one
/// LLVM gives the chip by default (sm_100a: 8.7 over 8.6; sm_103a's default
/// 8.8 already has cvt.rs), else "".
static std::string getNeededPTXFeature(const NVVMChip &chip,
                                       StringRef chipName) {
  unsigned needed = getInstructionPTXVersion(chip);
  std::optional<PTXVersions> versions = getPTXVersions(chipName);
  if (!needed || (versions && versions->minimum >= needed))
    return "";
  return "+ptx" + std::to_string(needed);
}

/// Gives each gpu.module without a data layout (neither `llvm.data_layout`
/// nor a DLTI spec) the layout of LLVM's target for `triple` as
/// `llvm.data_layout`, which mlir-translate (and gpu-module-to-binary) use
/// for the alignment of every load and store they emit. Without it the
/// translation takes LLVM's default layout, whose i64 is 4-byte aligned, and
/// the NVPTX back end splits each i64 access into two 32-bit ones. A triple
/// this LLVM has no target for is an error; the GPU pipelines add the pass
/// only where LLVM has their target.
struct GpuModuleDataLayoutPass final
    : PassWrapper<GpuModuleDataLayoutPass, OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GpuModuleDataLayoutPass)

  GpuModuleDataLayoutPass() = default;
  // The pass manager copies initialized passes for its threads.
  GpuModuleDataLayoutPass(const GpuModuleDataLayoutPass &other)
      : PassWrapper(other), dataLayout(other.dataLayout) {}
  explicit GpuModuleDataLayoutPass(StringRef targetTriple) {
    triple = targetTriple.str();
  }

  StringRef getArgument() const final { return "rng-gpu-module-data-layout"; }
  StringRef getDescription() const final {
    return "Set llvm.data_layout on gpu.modules that have no data layout, "
           "from LLVM's target for `triple` (a step of rng-to-nvvm and "
           "rng-to-rocdl)";
  }

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

  Option<std::string> triple{
      *this, "triple",
      llvm::cl::desc("The LLVM target triple whose data layout is set"),
      llvm::cl::init("")};
  StringAttr dataLayout;
};

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

/// The first step of the GPU pipelines: rejects, each with a diagnostic,
/// the rng and round ops they cannot lower, instead of leaving them behind:
/// ops outside any gpu.module (the pipelines lower only the kernels of
/// gpu.modules) and, inside one, ops on ranked tensors (kernels hold no
/// tensors) or on scalable vectors (NVPTX and AMDGPU have none).
struct CheckGpuPipelineInputPass final
    : PassWrapper<CheckGpuPipelineInputPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckGpuPipelineInputPass)

  CheckGpuPipelineInputPass() = default;
  CheckGpuPipelineInputPass(const CheckGpuPipelineInputPass &other)
      : PassWrapper(other) {}
  CheckGpuPipelineInputPass(StringRef pipelineName, StringRef dialect,
                            StringRef chipName) {
    pipeline = pipelineName.str();
    targetDialect = dialect.str();
    chip = chipName.str();
  }

  StringRef getArgument() const final { return "rng-check-gpu-input"; }
  StringRef getDescription() const final {
    return "Reject the rng and round ops that the GPU pipelines cannot lower "
           "(outside a gpu.module; on tensors or scalable vectors inside "
           "one), each with a diagnostic (the first step of rng-to-nvvm and "
           "rng-to-rocdl)";
  }

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

  Option<std::string> pipeline{
      *this, "pipeline", llvm::cl::desc("The pipeline named in diagnostics"),
      llvm::cl::init("rng-check-gpu-input")};
  Option<std::string> targetDialect{
      *this, "target-dialect",
      llvm::cl::desc("nvvm or rocdl: a gpu.module may only already carry a "
                     "target of this dialect and `chip` (empty: no check)"),
      llvm::cl::init("")};
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("The chip the pipeline compiles for"),
                           llvm::cl::init("")};
};

/// Unrolls math.sincos on fixed-size vectors into one scalar math.sincos per
/// element: convert-gpu-to-nvvm (LLVM 22) turns only scalar sincos into
/// __nv_sincosf and leaves a vector one behind (docs/upstream/), while it
/// scalarizes vector sin and cos itself. So the pipeline fuses Box-Muller's
/// sin and cos (math-sincos-fusion) and then unrolls the fused op.
struct UnrollVectorSincos final : OpRewritePattern<math::SincosOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::SincosOp op,
                                PatternRewriter &rewriter) const override {
    auto vectorType = dyn_cast<VectorType>(op.getOperand().getType());
    if (!vectorType)
      return rewriter.notifyMatchFailure(op, "not a vector");
    if (vectorType.isScalable())
      return rewriter.notifyMatchFailure(op, "scalable vector");
    Location loc = op.getLoc();
    SmallVector<Value> sines, cosines;
    SmallVector<int64_t> strides = computeStrides(vectorType.getShape());
    for (int64_t i = 0, e = vectorType.getNumElements(); i < e; ++i) {
      SmallVector<int64_t> position = delinearize(i, strides);
      Value element =
          vector::ExtractOp::create(rewriter, loc, op.getOperand(), position);
      auto scalar =
          math::SincosOp::create(rewriter, loc, element, op.getFastmath());
      sines.push_back(scalar.getSin());
      cosines.push_back(scalar.getCos());
    }
    rewriter.replaceOp(
        op,
        {vector::FromElementsOp::create(rewriter, loc, vectorType, sines),
         vector::FromElementsOp::create(rewriter, loc, vectorType, cosines)});
    return success();
  }
};

struct UnrollVectorSincosPass final
    : PassWrapper<UnrollVectorSincosPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(UnrollVectorSincosPass)

  StringRef getArgument() const final { return "rng-unroll-vector-sincos"; }
  StringRef getDescription() const final {
    return "Unroll math.sincos on fixed-size vectors into scalar math.sincos "
           "(which convert-gpu-to-nvvm lowers; a step of rng-to-nvvm)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<vector::VectorDialect>();
  }

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<UnrollVectorSincos>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

/// arith.mului_extended on an n-D or scalable vector, which arith-to-llvm
/// (LLVM 22) cannot lower (docs/upstream/), computed as our lowerings do
/// (buildMulHiLoExtended): our ops never build one, but vectorizing their
/// scalar lowering (a linalg.generic lowered by convert-rng-to-arith, then
/// vectorized) does.
struct ExpandVectorMulUIExtended final
    : OpRewritePattern<arith::MulUIExtendedOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::MulUIExtendedOp op,
                                PatternRewriter &rewriter) const override {
    auto vectorType = dyn_cast<VectorType>(op.getLhs().getType());
    if (!vectorType || (vectorType.getRank() <= 1 && !vectorType.isScalable()))
      return rewriter.notifyMatchFailure(op, "arith-to-llvm lowers it");
    auto [high, low] =
        buildMulHiLoExtended(rewriter, op.getLoc(), op.getLhs(), op.getRhs());
    rewriter.replaceOp(op, {low, high});
    return success();
  }
};

struct ExpandVectorMulUIExtendedPass final
    : PassWrapper<ExpandVectorMulUIExtendedPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandVectorMulUIExtendedPass)

  StringRef getArgument() const final {
    return "rng-expand-vector-mului-extended";
  }
  StringRef getDescription() const final {
    return "Rewrite arith.mului_extended on n-D or scalable vectors, which "
           "arith-to-llvm cannot lower, into 1-D or 64-bit arithmetic (a step "
           "of rng-to-llvm, rng-to-nvvm and rng-to-rocdl)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, vector::VectorDialect>();
  }

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandVectorMulUIExtended>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

/// Rejects, with a diagnostic, rng and round ops on scalable vectors with a
/// scalable dimension other than the last alone (vector<[4]x2xi32>,
/// vector<[2]x[4]xi32>): upstream's arith-to-llvm (LLVM 22) unrolls only
/// leading fixed dimensions, and would leave their lowering behind with exit
/// status 0.
struct CheckScalableVectorsPass final
    : PassWrapper<CheckScalableVectorsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckScalableVectorsPass)

  StringRef getArgument() const final { return "rng-check-scalable-vectors"; }
  StringRef getDescription() const final {
    return "Reject rng and round ops on scalable vectors whose scalable "
           "dimension is not the last one alone, which upstream's "
           "arith-to-llvm cannot lower (a step of rng-to-llvm)";
  }

  static bool isLowerable(Type type) {
    auto vectorType = dyn_cast<VectorType>(type);
    if (!vectorType || !vectorType.isScalable())
      return true;
    ArrayRef<bool> scalable = vectorType.getScalableDims();
    return llvm::none_of(scalable.drop_back(), [](bool s) { return s; });
  }

  void runOnOperation() override {
    bool anyFailed = false;
    getOperation()->walk(
        [&](Operation *op) {
          if (!isa_and_present<rng::RngDialect, rounding::RoundDialect>(
                  op->getDialect()))
            return;
          for (Type type : llvm::concat<const Type>(op->getOperandTypes(),
                                                    op->getResultTypes())) {
            if (isLowerable(type))
              continue;
            op->emitOpError()
                << "on " << type
                << ": rng-to-llvm lowers scalable vectors whose only scalable "
                   "dimension is the last (vector<2x[4]xi32>); upstream's "
                   "arith-to-llvm (LLVM 22) unrolls leading fixed dimensions "
                   "only";
            anyFailed = true;
            return;
          }
        });
    if (anyFailed)
      signalPassFailure();
  }
};

/// Rejects, with a diagnostic, the inputs on which LLVM 22's
/// convert-elementwise-to-linalg crashes or builds invalid IR (rng-to-llvm
/// runs it after our lowerings, for elementwise arith on tensors): an
/// ElementwiseMappable op on ranked tensors whose first operand is a scalar
/// and one of whose result types no operand has, so that the pass sizes a
/// new output from that scalar (docs/upstream/). Our own ops never reach it:
/// our lowerings size their outputs from a tensor operand.
struct CheckElementwiseToLinalgInputPass final
    : PassWrapper<CheckElementwiseToLinalgInputPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(
      CheckElementwiseToLinalgInputPass)

  StringRef getArgument() const final {
    return "rng-check-elementwise-to-linalg-input";
  }
  StringRef getDescription() const final {
    return "Reject the elementwise ops upstream's convert-elementwise-to-"
           "linalg (LLVM 22) cannot convert: a scalar first operand beside "
           "ranked tensors and a result type no operand has (a step of "
           "rng-to-llvm)";
  }

  void runOnOperation() override {
    bool anyFailed = false;
    getOperation()->walk([&](Operation *op) {
      if (!OpTrait::hasElementwiseMappableTraits(op) ||
          op->getNumOperands() == 0 ||
          isa<RankedTensorType>(op->getOperand(0).getType()) ||
          llvm::none_of(op->getOperandTypes(), llvm::IsaPred<RankedTensorType>))
        return;
      bool newOutput = llvm::any_of(op->getResultTypes(), [&](Type type) {
        return !llvm::is_contained(op->getOperandTypes(), type);
      });
      if (!newOutput)
        return;
      op->emitOpError()
          << "has a scalar first operand beside ranked tensor operands and a "
             "result type that no operand has, which upstream's "
             "convert-elementwise-to-linalg (LLVM 22, run by rng-to-llvm) "
             "cannot convert: put a tensor operand first or convert the op "
             "to linalg before the pipeline "
             "(docs/upstream/elementwise-to-linalg-scalar-first-operand.md)";
      anyFailed = true;
    });
    if (anyFailed)
      signalPassFailure();
  }
};

} // namespace

static std::unique_ptr<Pass> createCheckScalableVectorsPass() {
  return std::make_unique<CheckScalableVectorsPass>();
}

static std::unique_ptr<Pass> createExpandVectorMulUIExtendedPass() {
  return std::make_unique<ExpandVectorMulUIExtendedPass>();
}

static std::unique_ptr<Pass> createCheckElementwiseToLinalgInputPass() {
  return std::make_unique<CheckElementwiseToLinalgInputPass>();
}

/// The lowering of every gpu.module's contents shared by the GPU pipelines,
/// between our target passes and the upstream GPU-to-target pass.
static void addGpuModuleLowering(OpPassManager &gpuPm,
                                 std::unique_ptr<Pass> targetLowering) {
  // linalg ops on memrefs in a kernel (the tensor forms are rejected
  // before) become loops like on the host.
  gpuPm.addPass(createConvertLinalgToLoopsPass());
  gpuPm.addPass(createCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
  gpuPm.addPass(createConvertVectorToSCFPass());
  // Affine before scf (see buildRngToLLVMPipeline).
  gpuPm.addPass(memref::createExpandStridedMetadataPass());
  gpuPm.addPass(createLowerAffinePass());
  gpuPm.addPass(createSCFToControlFlowPass());
  gpuPm.addPass(createExpandVectorMulUIExtendedPass());
  // Vector ops to LLVM first: convert-gpu-to-nvvm/rocdl lower only 1-D
  // vector.shape_cast and would leave the n-D ones of n-D vector forms
  // behind (docs/upstream/).
  gpuPm.addPass(createConvertVectorToLLVMPass());
  gpuPm.addPass(std::move(targetLowering));
  gpuPm.addPass(createCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
  gpuPm.addPass(createReconcileUnrealizedCastsPass());
}

/// Appends rng-gpu-module-data-layout for `triple` to `pm`, where this LLVM
/// has a target for it (without one, the module keeps no layout, as before).
static void addDataLayoutPass(OpPassManager &pm, StringRef triple) {
  std::string error;
  if (lookupLLVMTarget(llvm::Triple(triple), error))
    pm.addNestedPass<gpu::GPUModuleOp>(
        std::make_unique<GpuModuleDataLayoutPass>(triple));
}

void rng::buildRngToNVVMPipeline(OpPassManager &pm,
                                 const RngToNVVMPipelineOptions &options) {
  std::optional<NVVMChip> chip = parseNVVMChip(options.chip);
  pm.addPass(std::make_unique<CheckGpuPipelineInputPass>("rng-to-nvvm", "nvvm",
                                                         options.chip));
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  gpuPm.addPass(createConvertRngToNVVMPass({options.fastMath}));
  // Box-Muller's cos(t) and sin(t) -> one math.sincos (libdevice's
  // __nv_sincosf: one shared range reduction, the same bits as __nv_cosf
  // and __nv_sinf), unrolled on vectors into scalar ones, which
  // convert-gpu-to-nvvm lowers.
  gpuPm.addPass(math::createMathSincosFusionPass());
  gpuPm.addPass(std::make_unique<UnrollVectorSincosPass>());
  gpuPm.addPass(createConvertRoundToNVVMPass(
      {options.chip, options.unverifiedSRInstructions}));
  addGpuModuleLowering(gpuPm, createConvertGpuOpsToNVVMOps());

  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  // The PTX version the chip's instructions need stays unless the user's
  // features name one (validateNVVMOptions refused one that is too old).
  std::string needed = chip ? getNeededPTXFeature(*chip, options.chip) : "";
  if (!needed.empty() && !StringRef(options.features).contains("+ptx"))
    target.features = options.features.empty()
                          ? needed
                          : needed + "," + options.features.getValue();
  target.optLevel = 3;
  pm.addPass(createGpuNVVMAttachTarget(target));
  addDataLayoutPass(pm, "nvptx64-nvidia-cuda");
  if (!options.keepGpuModule)
    pm.addPass(std::make_unique<HoistGpuModulePass>("rng-to-nvvm",
                                                    "nvptx64-nvidia-cuda"));
}

void rng::buildRngToROCDLPipeline(OpPassManager &pm,
                                  const RngToROCDLPipelineOptions &options) {
  pm.addPass(std::make_unique<CheckGpuPipelineInputPass>(
      "rng-to-rocdl", "rocdl", options.chipset));
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  gpuPm.addPass(createConvertRngToArithPass());
  gpuPm.addPass(createConvertRoundToROCDLPass(
      {options.chipset, options.unverifiedSRInstructions}));
  ConvertGpuOpsToROCDLOpsOptions lowering;
  lowering.chipset = options.chipset;
  addGpuModuleLowering(gpuPm, createConvertGpuOpsToROCDLOps(lowering));

  GpuROCDLAttachTargetOptions target;
  target.chip = options.chipset;
  target.optLevel = 3;
  pm.addPass(createGpuROCDLAttachTarget(target));
  addDataLayoutPass(pm, "amdgcn-amd-amdhsa");
  if (!options.keepGpuModule)
    pm.addPass(std::make_unique<HoistGpuModulePass>("rng-to-rocdl",
                                                    "amdgcn-amd-amdhsa"));
}

/// The pipelines hold passes that only run on a `builtin.module`
/// (bufferization, the GPU module passes): nested on another op
/// (`func.func(rng-to-llvm)`), adding them would abort the process, so that is
/// a parse error instead.
static LogicalResult
checkModuleAnchor(OpPassManager &pm, StringRef name,
                  function_ref<LogicalResult(const Twine &)> errorHandler) {
  if (pm.getOpAnchorName() == ModuleOp::getOperationName())
    return success();
  return errorHandler(name + " runs on a 'builtin.module', not nested on '" +
                      pm.getOpAnchorName() + "': write builtin.module(" + name +
                      ") or run it on the top-level module");
}

/// Registers pipeline `name` with options `Options`; `validate` checks the
/// parsed options and returns an error message, or "" if they are valid.
template <typename Options>
static void registerModulePipeline(StringRef name, StringRef description,
                                   void (*build)(OpPassManager &,
                                                 const Options &),
                                   std::string (*validate)(const Options &)) {
  registerPassPipeline(
      name, description,
      [build, validate,
       name](OpPassManager &pm, StringRef optionsString,
             function_ref<LogicalResult(const Twine &)> errorHandler) {
        if (failed(checkModuleAnchor(pm, name, errorHandler)))
          return failure();
        Options options;
        if (failed(options.parseFromString(optionsString)))
          return failure();
        std::string error = validate(options);
        if (!error.empty())
          return errorHandler(error);
        build(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optionHandler) {
        optionHandler(Options());
      });
}

static std::string validateLLVMOptions(const RngToLLVMPipelineOptions &) {
  // Every value of both options is meaningful.
  return "";
}

static std::string validateNVVMOptions(const RngToNVVMPipelineOptions &opts) {
  std::optional<NVVMChip> chip = parseNVVMChip(opts.chip);
  if (!chip)
    return ("rng-to-nvvm: unknown chip '" + opts.chip + "'; expected " +
            getNVVMChipHelp())
        .str();
  if (opts.features.empty())
    return "";
  // LLVM's feature list: comma-separated +name / -name entries; a PTX
  // version LLVM knows, not older than the chip (LLVM aborts on an older one)
  // nor than its instructions need.
  std::optional<PTXVersions> versions = getPTXVersions(opts.chip);
  unsigned chipMinimum = versions ? versions->minimum : 0;
  unsigned instructionMinimum = getInstructionPTXVersion(*chip);
  auto versionText = [](unsigned version) {
    return std::to_string(version / 10) + "." + std::to_string(version % 10);
  };
  SmallVector<StringRef> entries;
  StringRef(opts.features).split(entries, ',');
  for (StringRef entry : entries) {
    if (entry.size() < 2 || (entry[0] != '+' && entry[0] != '-'))
      return "rng-to-nvvm: features '" + opts.features +
             "': each comma-separated entry must be +<feature> or "
             "-<feature> (e.g. +ptx87)";
    StringRef digits = entry.drop_front();
    if (!digits.consume_front("ptx"))
      continue;
    if (entry[0] == '-')
      return "rng-to-nvvm: features '" + opts.features +
             "': a PTX version cannot be removed; name the one to use as "
             "+ptx<N>";
    unsigned version;
    if (digits.getAsInteger(10, version) || digits.starts_with("0") ||
        (versions && !llvm::is_contained(versions->known, version)))
      return "rng-to-nvvm: features '" + opts.features + "': '" + entry.str() +
             "' is not a PTX version LLVM knows (+ptx<N>, e.g. +ptx88 for "
             "PTX 8.8)";
    if (version < chipMinimum)
      return "rng-to-nvvm: features '" + opts.features + "' select PTX " +
             versionText(version) + ", but LLVM compiles " + opts.chip +
             " with PTX " + versionText(chipMinimum) + " or later (+ptx" +
             std::to_string(chipMinimum) + ")";
    if (version < instructionMinimum)
      return "rng-to-nvvm: features '" + opts.features + "' select PTX " +
             versionText(version) + ", but " + opts.chip +
             "'s stochastic-rounding instructions (cvt.rs) need +ptx" +
             std::to_string(instructionMinimum) + " or later";
  }
  return "";
}

static std::string validateROCDLOptions(const RngToROCDLPipelineOptions &opts) {
  if (parseROCDLChipset(opts.chipset))
    return "";
  return "rng-to-rocdl: unknown chipset '" + opts.chipset +
         "'; expected an AMDGPU processor name LLVM knows, gfx<major>"
         "<minor><stepping> such as gfx90a, gfx942 or gfx950";
}

void rng::registerRngPipelines() {
  PassRegistration<CheckElementwiseToLinalgInputPass>();
  PassRegistration<CheckGpuPipelineInputPass>();
  PassRegistration<HoistGpuModulePass>();
  PassRegistration<GpuModuleDataLayoutPass>();
  PassRegistration<UnrollVectorSincosPass>();
  PassRegistration<ExpandVectorMulUIExtendedPass>();
  PassRegistration<CheckScalableVectorsPass>();
  registerModulePipeline<RngToLLVMPipelineOptions>(
      "rng-to-llvm",
      "Lower rng/round ops and the upstream dialects they produce to the "
      "LLVM dialect for the host CPU (runnable with mlir-runner)",
      buildRngToLLVMPipeline, validateLLVMOptions);
  registerModulePipeline<RngToNVVMPipelineOptions>(
      "rng-to-nvvm",
      "Lower the kernels of gpu.modules using rng/round ops to NVVM + LLVM "
      "dialect for an NVIDIA chip, ready for mlir-translate and llc",
      buildRngToNVVMPipeline, validateNVVMOptions);
  registerModulePipeline<RngToROCDLPipelineOptions>(
      "rng-to-rocdl",
      "Lower the kernels of gpu.modules using rng/round ops to ROCDL + LLVM "
      "dialect for an AMD chipset, ready for mlir-translate and llc",
      buildRngToROCDLPipeline, validateROCDLOptions);
}
