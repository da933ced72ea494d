//===- Pipelines.cpp - rng-mlir pass pipelines ----------------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Pipelines/Pipelines.h"
#include "PipelinePasses.h"
#include "rng/Conversion/Common/Targets.h"
#include "rng/Conversion/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace mlir::rng;

/// convert-scf-to-cf without pattern rollback: with it, upstream's pass
/// takes time and memory superlinear in the scf.if ops of one block, which
/// scalar lowerings on GPU targets create one per op
/// (docs/upstream/scf-to-cf-rollback.md); its patterns need no rollback.
static std::unique_ptr<Pass> createSCFToControlFlowWithoutRollbackPass() {
  SCFToControlFlowPassOptions options;
  options.allowPatternRollback = false;
  return createSCFToControlFlowPass(options);
}

void rng::buildRngToLLVMPipeline(OpPassManager &pm) {
  buildRngToLLVMPipeline(pm, RngToLLVMPipelineOptions());
}

void rng::buildRngToLLVMPipeline(OpPassManager &pm,
                                 const RngToLLVMPipelineOptions &options) {
  // Before the canonicalizer, which crashes on some shardings.
  pm.addPass(createCheckUnshardedInputPass());
  pm.addPass(createCheckScalableVectorsPass());
  // Our dialects, by their universal lowerings: the round ops first, while
  // the IR is small (the IR is verified after each pass that changes it,
  // and each Philox block the rng lowering builds is about 100 arith ops).
  pm.addPass(createConvertRoundToArithPass({options.outlineAbove}));
  // Lane-pair products: x86's vpmuludq forms 4/8/16 of Philox's products
  // in one instruction (bench/cpu_fill.py).
  pm.addPass(createConvertRngToArithPass(
      {options.fastMath, options.outlineAbove, /*lanePairProducts=*/true}));
  // Under fast-math, the normals' log/sin/cos (marked afn) as polynomials
  // that vectorize, instead of a libm call per lane.
  if (options.fastMath)
    pm.addPass(createApproximateMathPass());
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
  pm.addPass(createSCFToControlFlowWithoutRollbackPass());
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

namespace {

/// The PTX versions of LLVM's NVPTX back end (feature "ptx78" -> 78) and the
/// one it compiles `chip` with by default, the oldest it accepts for it.
struct PTXVersions {
  SmallVector<unsigned> known;
  unsigned minimum = 0;
};

} // namespace

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
  gpuPm.addPass(createSCFToControlFlowWithoutRollbackPass());
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
    pm.addNestedPass<gpu::GPUModuleOp>(createGpuModuleDataLayoutPass(triple));
}

void rng::buildRngToNVVMPipeline(OpPassManager &pm,
                                 const RngToNVVMPipelineOptions &options) {
  std::optional<NVVMChip> chip = parseNVVMChip(options.chip);
  pm.addPass(
      createCheckGpuPipelineInputPass("rng-to-nvvm", "nvvm", options.chip));
  // The target first: the lowering reads the chip from it (cuRAND's square
  // root inline where ptxas's expansion of sqrt.rn.f32 is known).
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
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  gpuPm.addPass(createConvertRngToNVVMPass({options.fastMath}));
  // Box-Muller's cos(t) and sin(t) -> one math.sincos (libdevice's
  // __nv_sincosf: one shared range reduction, the same bits as __nv_cosf
  // and __nv_sinf), unrolled on vectors into scalar ones, which
  // convert-gpu-to-nvvm lowers.
  gpuPm.addPass(math::createMathSincosFusionPass());
  gpuPm.addPass(createUnrollVectorSincosPass());
  gpuPm.addPass(createConvertRoundToNVVMPass(
      {options.chip, options.unverifiedSRInstructions}));
  addGpuModuleLowering(gpuPm, createConvertGpuOpsToNVVMOps());
  addDataLayoutPass(pm, "nvptx64-nvidia-cuda");
  if (!options.keepGpuModule)
    pm.addPass(createHoistGpuModulePass("rng-to-nvvm", "nvptx64-nvidia-cuda"));
}

void rng::buildRngToROCDLPipeline(OpPassManager &pm,
                                  const RngToROCDLPipelineOptions &options) {
  pm.addPass(createCheckGpuPipelineInputPass("rng-to-rocdl", "rocdl",
                                             options.chipset));
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
    pm.addPass(createHoistGpuModulePass("rng-to-rocdl", "amdgcn-amd-amdhsa"));
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

LogicalResult rng::checkModuleAnchor(
    OpPassManager &pm, StringRef name,
    function_ref<LogicalResult(const Twine &)> errorHandler) {
  if (pm.getOpAnchorName() == ModuleOp::getOperationName())
    return success();
  return errorHandler(name + " runs on a 'builtin.module', not nested on '" +
                      pm.getOpAnchorName() + "': write builtin.module(" + name +
                      ") or run it on the top-level module");
}

void rng::registerRngPipelines() {
  // Their helper passes too, so that a printed pipeline parses back.
  registerRngPipelinePasses();
  registerModulePipeline<RngToLLVMPipelineOptions>(
      "rng-to-llvm",
      "Lower rng/round ops and the upstream dialects they produce to the "
      "LLVM dialect for the host CPU (runnable with mlir-runner)",
      buildRngToLLVMPipeline);
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
