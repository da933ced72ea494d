//===- Target.cpp - Python bindings: rng_mlir.target ----------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// LLVM IR and target assembly (PTX, AMDGCN, host) for modules lowered to the
// LLVM dialect: mlir::translateModuleToLLVMIR, the LLVM optimization
// pipeline, then an LLVM TargetMachine, as `mlir-translate | llc` would. A
// `gpu.module` (lowered by the rng-to-nvvm / rng-to-rocdl pipelines) is
// translated on its own, the way gpu-module-to-binary does. Also reads the
// objects that gpu-module-to-binary embeds in `gpu.binary` ops.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

using namespace mlir;
using namespace rng_python;

/// The operation to translate: `op` itself, or the gpu.module named
/// `gpuModule` (or the only one) when `op` holds gpu.modules.
static Operation *selectModule(Operation *op,
                               const std::optional<std::string> &gpuModule) {
  if (isa<gpu::GPUModuleOp>(op)) {
    if (gpuModule && cast<gpu::GPUModuleOp>(op).getName() != *gpuModule)
      throw py::value_error("the gpu.module is named '" +
                            cast<gpu::GPUModuleOp>(op).getName().str() +
                            "', not '" + *gpuModule + "'");
    return op;
  }
  if (!isa<ModuleOp>(op))
    throw py::type_error("expected a builtin.module or a gpu.module, got '" +
                         op->getName().getStringRef().str() + "'");
  SmallVector<gpu::GPUModuleOp> gpuModules;
  op->walk([&](gpu::GPUModuleOp m) { gpuModules.push_back(m); });
  if (gpuModule) {
    for (gpu::GPUModuleOp m : gpuModules)
      if (m.getName() == *gpuModule)
        return m;
    throw py::value_error("no gpu.module named '" + *gpuModule + "'");
  }
  if (gpuModules.empty())
    return op;
  if (gpuModules.size() > 1)
    throw py::value_error("the module holds several gpu.modules; pick one "
                          "with gpu_module=");
  return gpuModules.front();
}

static std::unique_ptr<llvm::Module> translate(Operation *op,
                                               llvm::LLVMContext &llvmContext) {
  DiagnosticCapture capture(op->getContext());
  if (failed(mlir::verify(op)))
    capture.raise("The module is invalid");
  std::unique_ptr<llvm::Module> module =
      translateModuleToLLVMIR(op, llvmContext, "rng_mlir");
  if (!module)
    capture.raise("Failed to translate to LLVM IR (is everything lowered to "
                  "the LLVM dialect and its target dialects?)");
  capture.warnAboutNonErrors();
  return module;
}

static void initializeAllTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
  });
}

static std::string toLLVMIR(py::object operation,
                            std::optional<std::string> gpuModule) {
  Operation *op = selectModule(toOperation(operation).get(), gpuModule);
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> module = translate(op, llvmContext);
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, nullptr);
  return text;
}

static std::string emitAssembly(py::object operation, const std::string &triple,
                                const std::string &chip,
                                const std::string &features, int optLevel,
                                std::optional<std::string> gpuModule) {
  if (optLevel < 0 || optLevel > 3)
    throw py::value_error("opt_level must be in [0, 3]");
  Operation *op = selectModule(toOperation(operation).get(), gpuModule);
  initializeAllTargets();

  llvm::Triple targetTriple(triple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(targetTriple, error);
  if (!target)
    throw py::value_error("unknown target triple '" + triple + "': " + error);
  // LLVM only warns (on stderr) about an unknown processor: reject it here.
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(targetTriple, chip, features));
  if (!subtarget || !subtarget->isCPUStringValid(chip))
    throw py::value_error("'" + chip + "' is not a processor of target '" +
                          triple + "'");
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      targetTriple, chip, features, llvm::TargetOptions(), std::nullopt,
      std::nullopt, static_cast<llvm::CodeGenOptLevel>(optLevel)));
  if (!machine)
    throw py::value_error("cannot create a target machine for '" + triple +
                          "'");

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> module = translate(op, llvmContext);
  module->setTargetTriple(targetTriple);
  module->setDataLayout(machine->createDataLayout());
  std::function<llvm::Error(llvm::Module *)> optimize =
      makeOptimizingTransformer(optLevel, /*sizeLevel=*/0, machine.get());
  if (llvm::Error err = optimize(module.get()))
    throw MLIRErrorException("LLVM optimization failed: " +
                             llvm::toString(std::move(err)));

  llvm::SmallString<0> buffer;
  llvm::raw_svector_ostream os(buffer);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, os, nullptr,
                                   llvm::CodeGenFileType::AssemblyFile))
    throw py::value_error("target '" + triple + "' cannot emit assembly");
  codegen.run(*module);
  return std::string(buffer.str());
}

void rng_python::populateTarget(py::module_ &m) {
  m.def("translate_to_llvm_ir", &toLLVMIR, py::arg("operation"),
        py::arg("gpu_module") = py::none(),
        "LLVM IR text of a module (or of its gpu.module) in the LLVM "
        "dialect.");
  m.def("emit_assembly", &emitAssembly, py::arg("operation"), py::arg("triple"),
        py::arg("chip"), py::arg("features") = "", py::arg("opt_level") = 2,
        py::arg("gpu_module") = py::none(),
        "Target assembly of a module (or of its gpu.module) in the LLVM "
        "dialect, through LLVM's TargetMachine.");
  m.def(
      "gpu_binary_objects",
      [](py::object operation) {
        Operation *op = toOperation(operation).get();
        py::list objects;
        op->walk([&](gpu::BinaryOp binary) {
          for (Attribute attr : binary.getObjects()) {
            auto object = dyn_cast<gpu::ObjectAttr>(attr);
            if (!object)
              continue;
            py::dict entry;
            entry["binary"] = binary.getName().str();
            entry["target"] = printToString(object.getTarget());
            entry["format"] =
                gpu::stringifyCompilationTarget(object.getFormat()).str();
            entry["object"] = py::bytes(object.getObject().getValue().str());
            objects.append(entry);
          }
        });
        return objects;
      },
      py::arg("operation"),
      "The objects in the gpu.binary ops under `operation` (after "
      "gpu-module-to-binary): dicts with binary, target, format, object "
      "(bytes; the assembly text for format=isa).");
}
