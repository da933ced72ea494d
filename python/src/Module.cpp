//===- Module.cpp - Python bindings: the _rng_mlir extension module -------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `rng_mlir._mlir_libs._rng_mlir`, with the submodules `ir`, `passmanager`,
// `execution_engine` and `target` that the pure-Python modules of the
// `rng_mlir` package re-export.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

using namespace rng_python;

PYBIND11_MODULE(_rng_mlir, m) {
  m.doc() = "rng-mlir Python bindings (native part)";

  py::module_ ir = m.def_submodule("ir", "Core IR");
  // `rng_mlir.ir.MLIRError`, raised with MLIR's diagnostics attached.
  static py::exception<MLIRErrorException> mlirError(ir, "MLIRError",
                                                     PyExc_Exception);
  mlirError.attr("__module__") = "rng_mlir.ir";
  mlirError.attr("__doc__") =
      "An MLIR operation failed; `message` says what was attempted and "
      "`error_diagnostics` holds MLIR's diagnostics (DiagnosticInfo).";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const MLIRErrorException &e) {
      py::object instance = py::handle(mlirError.ptr())(e.full);
      instance.attr("message") = e.message;
      instance.attr("error_diagnostics") = py::cast(e.diagnostics);
      PyErr_SetObject(mlirError.ptr(), instance.ptr());
    } catch (const StaleHandleError &e) {
      PyErr_SetString(PyExc_RuntimeError, e.what());
    }
  });

  populateIRCore(ir);
  populateIRTypes(ir);
  populateIRAttributes(ir);
  populateOpBuilders(ir);

  py::module_ passmanager = m.def_submodule("passmanager", "Pass management");
  populatePassManager(passmanager);

  py::module_ executionEngine =
      m.def_submodule("execution_engine", "CPU execution");
  populateExecutionEngine(executionEngine);
  executionEngine.attr("RUNNER_UTILS") = std::vector<std::string>{
      RNG_MLIR_LIBRARY_DIR "/libmlir_c_runner_utils.so",
      RNG_MLIR_LIBRARY_DIR "/libmlir_runner_utils.so"};

  py::module_ target = m.def_submodule("target", "LLVM IR and assembly");
  populateTarget(target);
}
