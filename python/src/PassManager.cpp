//===- PassManager.cpp - Python bindings: rng_mlir.passmanager ------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `PassManager.parse(pipeline).run(op)`, as upstream. Every upstream pass and
// every rng-mlir pass and pipeline (`rng-to-llvm`, ...) is available.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <mutex>
#include <unistd.h>

using namespace mlir;
using namespace rng_python;

/// Parses `pipeline` with `parse(os)` and returns the error text: what the
/// parser wrote to `os`, and what LLVM's option parser wrote to stderr (it
/// reports a misspelled or malformed pass option on llvm::errs(), not on
/// the stream it is given), captured so that the exception carries it and
/// nothing reaches the process's stderr.
template <typename ParseFn>
static std::pair<LogicalResult, std::string>
parseCapturingStderr(ParseFn &&parse) {
  std::string errors;
  llvm::raw_string_ostream os(errors);
  llvm::errs().flush();
  std::fflush(stderr);
  std::FILE *capture = std::tmpfile();
  int saved = capture ? ::dup(STDERR_FILENO) : -1;
  if (saved < 0) {
    if (capture)
      std::fclose(capture);
    LogicalResult result = parse(os);
    return {result, StringRef(errors).trim().str()};
  }
  ::dup2(::fileno(capture), STDERR_FILENO);
  LogicalResult result = parse(os);
  llvm::errs().flush();
  std::fflush(stderr);
  ::dup2(saved, STDERR_FILENO);
  ::close(saved);
  std::string captured;
  std::rewind(capture);
  char buffer[4096];
  while (size_t n = std::fread(buffer, 1, sizeof(buffer), capture))
    captured.append(buffer, n);
  std::fclose(capture);
  // The option parser's own lines first, then the pass manager's summary.
  std::string text = StringRef(captured).trim().str();
  StringRef summary = StringRef(errors).trim();
  if (!summary.empty())
    text += (text.empty() ? "" : "; ") + summary.str();
  return {result, text};
}

namespace {
/// Before each pass of a `run`, records the function types of the public
/// functions directly in the root module into the root's
/// `sourceSignatures` (see RootState): what the ExecutionEngine needs to
/// check arrays against static memref sizes and to know narrow float
/// scalars, which the lowered signature no longer carries.
class SignatureRecorder : public PassInstrumentation {
public:
  void begin(Operation *rootOp, llvm::StringMap<FunctionType> *signatures) {
    std::lock_guard<std::mutex> lock(mutex);
    root = rootOp;
    into = signatures;
  }
  void end() { begin(nullptr, nullptr); }

  void runBeforePass(Pass *, Operation *op) override {
    std::lock_guard<std::mutex> lock(mutex);
    if (!into || !root)
      return;
    if (op == root) {
      if (auto module = dyn_cast<ModuleOp>(op))
        for (auto func : module.getOps<func::FuncOp>())
          record(func);
      return;
    }
    if (auto func = dyn_cast<func::FuncOp>(op))
      if (func->getParentOp() == root)
        record(func);
  }

private:
  void record(func::FuncOp func) {
    if (func.isPublic() && !func.isExternal())
      (*into)[func.getSymName()] = func.getFunctionType();
  }

  std::mutex mutex;
  Operation *root = nullptr;
  llvm::StringMap<FunctionType> *into = nullptr;
};

struct PassManagerW {
  PassManagerW(ContextRef context, std::unique_ptr<PassManager> manager)
      : context(std::move(context)), pm(std::move(manager)) {
    auto owned = std::make_unique<SignatureRecorder>();
    recorder = owned.get();
    pm->addInstrumentation(std::move(owned));
  }

  ContextRef context;
  std::unique_ptr<PassManager> pm;
  SignatureRecorder *recorder; // owned by pm
  bool verifyInput = true;
};
} // namespace

void rng_python::populatePassManager(py::module_ &m) {
  registerAllPassesOnce();

  py::class_<PassManagerW>(m, "PassManager",
                           "Runs a pass pipeline on an operation.")
      .def(py::init([](const std::string &anchorOp, py::object context) {
             ContextRef ctx = resolveContext(context);
             return PassManagerW{ctx, std::make_unique<PassManager>(
                                          ctx->get(), anchorOp,
                                          OpPassManager::Nesting::Implicit)};
           }),
           py::arg("anchor_op") = "any", py::arg("context") = py::none())
      .def_static(
          "parse",
          [](const std::string &pipeline, py::object context) {
            ContextRef ctx = resolveContext(context);
            FailureOr<OpPassManager> parsed = failure();
            auto [result, errors] =
                parseCapturingStderr([&](llvm::raw_ostream &os) {
                  parsed = parsePassPipeline(pipeline, os);
                  return success(succeeded(parsed));
                });
            if (failed(result))
              throw py::value_error("invalid pass pipeline '" + pipeline +
                                    "': " + errors);
            // Anchor the manager on the parsed pipeline's op: a manager
            // anchored elsewhere would silently run nothing.
            auto pm = std::make_unique<PassManager>(
                ctx->get(), parsed->getOpAnchorName(),
                OpPassManager::Nesting::Implicit);
            static_cast<OpPassManager &>(*pm) = std::move(*parsed);
            return PassManagerW{ctx, std::move(pm)};
          },
          py::arg("pipeline"), py::arg("context") = py::none(),
          "Parses a textual pipeline such as "
          "'builtin.module(rng-to-llvm)'; ValueError with MLIR's message if "
          "it is invalid (unknown pass or pipeline, bad option).")
      .def(
          "add",
          [](PassManagerW &self, const std::string &pipeline) {
            auto [result, errors] =
                parseCapturingStderr([&](llvm::raw_ostream &os) {
                  return parsePassPipeline(pipeline, *self.pm, os);
                });
            if (failed(result))
              throw py::value_error("invalid pass pipeline '" + pipeline +
                                    "': " + errors);
          },
          py::arg("pipeline"),
          "Appends passes given as a textual pipeline without anchor, e.g. "
          "'canonicalize,cse'.")
      .def(
          "enable_verifier",
          [](PassManagerW &self, bool enable) {
            self.pm->enableVerifier(enable);
            self.verifyInput = enable;
          },
          py::arg("enable"),
          "Whether to verify the input and the IR after each pass (default "
          "on). Running passes on invalid IR is undefined: leave it on.")
      .def(
          "enable_ir_printing",
          [](PassManagerW &self, bool printAfterAll, bool printBeforeAll) {
            self.pm->getContext()->disableMultithreading();
            self.pm->enableIRPrinting(
                [printBeforeAll](Pass *, Operation *) {
                  return printBeforeAll;
                },
                [printAfterAll](Pass *, Operation *) { return printAfterAll; });
          },
          py::arg("print_after_all") = true,
          py::arg("print_before_all") = false,
          "Prints the IR to stderr around each pass.")
      .def(
          "run",
          [](PassManagerW &self, py::object operation) {
            OperationW op = toOperation(operation);
            Operation *raw = op.get();
            if (raw->getContext() != self.context->get())
              throw py::value_error(
                  "the operation belongs to another Context than the "
                  "PassManager");
            DiagnosticCapture capture(raw->getContext());
            if (self.verifyInput && failed(mlir::verify(raw)))
              capture.raise("The IR is invalid; the pass pipeline was not run");
            RootRef root = RootState::resolve(op.root);
            self.recorder->begin(root->owned, &root->sourceSignatures);
            LogicalResult result = self.pm->run(raw);
            self.recorder->end();
            // Passes may have deleted anything under the root.
            RootState::resolve(op.root)->invalidate();
            if (failed(result))
              capture.raise("Failure while executing pass pipeline");
            capture.warnAboutNonErrors();
          },
          py::arg("operation"),
          "Runs the pipeline on `operation` (a Module's operation, usually); "
          "raises MLIRError with the diagnostics if a pass fails. Handles "
          "into the module other than the module itself become stale.")
      .def("__str__", [](PassManagerW &self) {
        std::string text;
        llvm::raw_string_ostream os(text);
        self.pm->printAsTextualPipeline(os);
        return text;
      });
}
