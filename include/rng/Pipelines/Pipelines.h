//===- Pipelines.h - rng-mlir pass pipelines --------------------*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_PIPELINES_PIPELINES_H
#define RNG_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

namespace mlir {
namespace rng {

/// Appends `rng-to-llvm` to `pm` (anchored on builtin.module): lowers our
/// dialects with their universal lowerings, then arith, math, vector, scf,
/// cf, memref, func (and ranked tensors, through bufferization) to the LLVM
/// dialect for the host CPU. The result runs with `mlir-runner`. Empty
/// tensors become allocations before CSE (so that long chains of tensor ops
/// bufferize in near-linear time), and one-shot bufferization bufferizes
/// function boundaries and allows loops to yield new buffers (a
/// rng.bit_generator state threaded through scf.for). A program for one
/// device: sharding annotations are refused up front (a sharded program
/// takes `rng-shard-to-llvm`).
void buildRngToLLVMPipeline(OpPassManager &pm);

/// Options of `rng-to-llvm`: the knobs of its two lowering passes.
struct RngToLLVMPipelineOptions
    : PassPipelineOptions<RngToLLVMPipelineOptions> {
  Option<unsigned> outlineAbove{
      *this, "outline-above",
      llvm::cl::desc("convert-rng-to-arith's and convert-round-to-arith's "
                     "outline-above: above this many ops in the module, each "
                     "is lowered to a call of an always_inline function (one "
                     "per signature), which keeps the lowering linear; LLVM "
                     "inlines the calls, so the code runs as fast as "
                     "inline; 0: always"),
      llvm::cl::init(256)};
  Option<bool> fastMath{
      *this, "fast-math",
      llvm::cl::desc("convert-rng-to-arith's fast-math, then "
                     "rng-approximate-math: polynomial log/sin/cos for the "
                     "normals (within 1.9e-6 of the formula, no longer "
                     "within SPEC's bound). Off by default"),
      llvm::cl::init(false)};
};

/// `rng-to-llvm` with `options`.
void buildRngToLLVMPipeline(OpPassManager &pm,
                            const RngToLLVMPipelineOptions &options);

/// Options of `rng-to-nvvm`.
struct RngToNVVMPipelineOptions
    : PassPipelineOptions<RngToNVVMPipelineOptions> {
  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("NVIDIA chip the kernels are compiled for (sm_90, "
                     "sm_100a, ...); selects the stochastic-rounding "
                     "instructions and the nvvm.target"),
      llvm::cl::init("sm_90")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features of the attached nvvm.target, "
                     "comma-separated +name/-name entries; the PTX version "
                     "the chip's instructions need (+ptx87 on sm_100a) is "
                     "added unless they name a +ptx<N>, which must be one "
                     "LLVM knows and not older than the chip needs"),
      llvm::cl::init("")};
  Option<bool> keepGpuModule{
      *this, "keep-gpu-module",
      llvm::cl::desc("Leave the lowered gpu.module nested in its module "
                     "(for gpu-module-to-binary and host code) instead of "
                     "hoisting its body to the top for mlir-translate"),
      llvm::cl::init(false)};
  Option<bool> fastMath{
      *this, "fast-math",
      llvm::cl::desc("Approximate log/sqrt/cos/sin for the normals "
                     "(NVPTX's .approx.ftz instructions, the bits of "
                     "libdevice's __nv_fast_*f; faster, normals no longer "
                     "within SPEC's bound). Off by default"),
      llvm::cl::init(false)};
  Option<bool> unverifiedSRInstructions{
      *this, "unverified-sr-instructions",
      llvm::cl::desc("Also use the 4-wide cvt.rs.satfinite conversions "
                     "(FP8/FP6/FP4) under the pair-shared 16-bit random-bit "
                     "model, which NVIDIA does not document: results differ "
                     "from the universal lowering and the CPU. Off by "
                     "default"),
      llvm::cl::init(false)};
};

/// Options of `rng-to-rocdl`.
struct RngToROCDLPipelineOptions
    : PassPipelineOptions<RngToROCDLPipelineOptions> {
  Option<std::string> chipset{
      *this, "chipset",
      llvm::cl::desc("AMD chipset the kernels are compiled for (gfx942, "
                     "gfx950, ...); selects the stochastic-rounding "
                     "instructions and the rocdl.target"),
      llvm::cl::init("gfx942")};
  Option<bool> keepGpuModule{
      *this, "keep-gpu-module",
      llvm::cl::desc("Leave the lowered gpu.module nested in its module "
                     "(for gpu-module-to-binary and host code) instead of "
                     "hoisting its body to the top for mlir-translate"),
      llvm::cl::init(false)};
  Option<bool> unverifiedSRInstructions{
      *this, "unverified-sr-instructions",
      llvm::cl::desc("Use the v_cvt_sr_* conversions under AMD's host model "
                     "(high seed bits), which is not verified on hardware: "
                     "results may differ from the universal lowering and the "
                     "CPU. Off by default"),
      llvm::cl::init(false)};
};

/// Appends `rng-to-nvvm` to `pm` (anchored on builtin.module): first
/// rejects, each with a diagnostic, the rng and round ops it cannot lower
/// (outside a gpu.module; on tensors or scalable vectors inside one); then
/// attaches an `#nvvm.target` for `options.chip` (which
/// `convert-rng-to-nvvm` reads), lowers, inside every gpu.module, our
/// dialects for NVVM (`convert-rng-to-nvvm`, ...), then everything to the
/// NVVM + LLVM dialects (`convert-vector-to-llvm`, `convert-gpu-to-nvvm`:
/// math to libdevice calls) and, where the
/// gpu.module states no data layout, NVPTX's as `llvm.data_layout`
/// (`rng-gpu-module-data-layout`: translation then aligns i64/f64 accesses
/// to 8 bytes instead of LLVM's default 4, which splits them in two).
/// Unless `keepGpuModule`, the single gpu.module's body then replaces the
/// module's body, with `llvm.target_triple` set, so that `mlir-translate
/// --mlir-to-llvmir` and `llc` take the result directly. `options.chip`
/// must satisfy parseNVVMChip.
void buildRngToNVVMPipeline(OpPassManager &pm,
                            const RngToNVVMPipelineOptions &options);

/// Appends `rng-to-rocdl` to `pm`: as buildRngToNVVMPipeline for ROCDL
/// (`convert-gpu-to-rocdl`, math to ocml calls, `#rocdl.target`, AMDGPU's
/// data layout).
/// `options.chipset` must satisfy parseROCDLChipset.
void buildRngToROCDLPipeline(OpPassManager &pm,
                             const RngToROCDLPipelineOptions &options);

/// Registers the named pipelines (`rng-to-llvm`, ...) and their helper passes
/// (rng/Pipelines/Passes.h) with the global pass registry so that `rng-opt`
/// and `PassManager::parse` know them.
void registerRngPipelines();

/// The pipelines hold passes that only run on a `builtin.module`
/// (bufferization, the GPU module passes): nested on another op
/// (`func.func(rng-to-llvm)`), adding them would abort the process, so
/// pipeline `name` reports that as a parse error instead (through
/// `errorHandler`), saying where it runs.
LogicalResult
checkModuleAnchor(OpPassManager &pm, StringRef name,
                  function_ref<LogicalResult(const Twine &)> errorHandler);

/// Registers the pipeline `name`, anchored on builtin.module
/// (checkModuleAnchor), with options `Options` parsed from its textual form;
/// `validate`, when given, checks them and returns an error message, or ""
/// when they are valid. Our pipelines (rng-to-llvm, rng-to-nvvm,
/// rng-to-rocdl, rng-shard-to-llvm) are registered with it.
template <typename Options>
void registerModulePipeline(
    StringRef name, StringRef description,
    void (*build)(OpPassManager &, const Options &),
    std::string (*validate)(const Options &) = nullptr) {
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
        if (validate) {
          std::string error = validate(options);
          if (!error.empty())
            return errorHandler(error);
        }
        build(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optionHandler) {
        optionHandler(Options());
      });
}

} // namespace rng
} // namespace mlir

#endif // RNG_PIPELINES_PIPELINES_H
