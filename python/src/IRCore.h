//===- IRCore.h - Python bindings: IR objects and ownership -----*- C++ -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The C++ side of `rng_mlir.ir`: Python-visible wrappers around the MLIR C++
// API (Debian ships neither upstream's Python bindings nor the C API in
// libMLIR.so, so the module binds the C++ API directly with pybind11).
//
// Ownership model
// ---------------
// * `ContextObj` owns an MLIRContext. Every wrapper holds a shared reference
//   to its ContextObj, so a context lives as long as anything built in it.
// * `RootState` owns one top-level operation: a module (from Module.parse /
//   Module.create) or a detached operation (built without an insertion
//   point). Handles to operations, blocks, regions and values nested in that
//   operation hold a reference to its RootState, so the IR they point into
//   cannot be freed under them.
// * IR can be deleted by C++ while Python holds handles (a pass pipeline
//   rewrites a module; Operation.erase). Each RootState therefore carries a
//   generation counter, bumped whenever IR under it may have been deleted;
//   handles remember the generation they were made in and refuse to be used
//   once it changed (a Python RuntimeError instead of a use-after-free). The
//   root operation itself always stays valid.
//
// Diagnostics
// -----------
// `DiagnosticCapture` collects every diagnostic emitted while it is alive;
// failing calls raise `rng_mlir.ir.MLIRError` carrying MLIR's text.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_MLIR_PYTHON_IRCORE_H
#define RNG_MLIR_PYTHON_IRCORE_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

// Hidden like pybind11's own namespace (the types hold pybind11 objects);
// only MLIR's template instantiations need default visibility.
namespace rng_python __attribute__((visibility("hidden"))) {
  namespace py = pybind11;

  //===----------------------------------------------------------------------===//
  // Context
  //===----------------------------------------------------------------------===//

  /// Owns one MLIRContext with every upstream dialect, extension and LLVM IR
  /// translation and every rng-mlir dialect registered (the same set as
  /// `rng-opt`).
  class ContextObj {
  public:
    ContextObj();
    ~ContextObj();
    ContextObj(const ContextObj &) = delete;
    ContextObj &operator=(const ContextObj &) = delete;

    mlir::MLIRContext *get() const { return context.get(); }

    /// Returns the ContextObj owning `context`; throws if there is none (the
    /// context was not created by these bindings).
    static std::shared_ptr<ContextObj> forContext(mlir::MLIRContext *context);

  private:
    std::unique_ptr<mlir::MLIRContext> context;
  };
  using ContextRef = std::shared_ptr<ContextObj>;

  /// Fills `registry` with what every Context registers (Registration.cpp).
  void populateRegistry(mlir::DialectRegistry & registry);
  /// Registers every pass and pass pipeline once (Registration.cpp).
  void registerAllPassesOnce();
  /// Sorted names of the operations registered by the loaded `dialect`.
  /// (MLIRContext::getRegisteredOperationsByDialect misses some dialects in
  /// MLIR 22, so this filters the full list.)
  std::vector<std::string> getDialectOperationNames(mlir::MLIRContext * context,
                                                    llvm::StringRef dialect);
  /// Whether operation `name` has the OpTrait whose TypeID in this module is
  /// `ownID` and whose C++ spelling is `mlir::OpTrait::<spelling><...>`
  /// (e.g. "ZeroResults", "NOperands<2>::Impl").
  ///
  /// A trait's TypeID lives in a static variable of an inline template,
  /// initialized from the compiler's spelling of the trait type (through
  /// MLIR's name-keyed registry). Where this module's copy of that variable is
  /// not the one libMLIR.so uses (hidden copies; copies libMLIR.so binds
  /// internally, as for `NOperands<N>::Impl`), it is initialized from GCC's
  /// spelling while libMLIR.so's was initialized from clang's, and
  /// `hasTrait<...>()` is false for every upstream op. This also asks for
  /// clang's spelling.
  bool hasOpTrait(mlir::OperationName name, mlir::TypeID ownID,
                  llvm::StringRef spelling);
  /// Namespaces of the dialects defined by rng-mlir (`rng`, `round`, ...).
  const std::vector<std::string> &getRngDialectNamespaces();

  //===----------------------------------------------------------------------===//
  // Diagnostics and errors
  //===----------------------------------------------------------------------===//

  /// One diagnostic as Python sees it (`rng_mlir.ir.DiagnosticInfo`).
  struct DiagnosticInfo {
    std::string severity; // "error", "warning", "note" or "remark"
    std::string location;
    std::string message;
    std::vector<DiagnosticInfo> notes;

    /// `<location>: <severity>: <message>` followed by the notes, indented.
    std::string str(unsigned indent = 0) const;
  };

  /// Thrown by the bindings and translated into `rng_mlir.ir.MLIRError`.
  struct MLIRErrorException : std::exception {
    MLIRErrorException(std::string message,
                       std::vector<DiagnosticInfo> diagnostics = {});
    const char *what() const noexcept override { return full.c_str(); }

    std::string message;
    std::vector<DiagnosticInfo> diagnostics;
    std::string full; // message + formatted diagnostics
  };

  /// Thrown when a handle into IR that has since been rewritten is used;
  /// translated into a Python RuntimeError.
  struct StaleHandleError : std::runtime_error {
    using std::runtime_error::runtime_error;
  };

  /// Collects every diagnostic emitted in `context` while alive (it takes
  /// precedence over handlers registered before it).
  class DiagnosticCapture {
  public:
    explicit DiagnosticCapture(mlir::MLIRContext *context);
    ~DiagnosticCapture();

    bool hasErrors() const;
    const std::vector<DiagnosticInfo> &getDiagnostics() const { return diags; }
    /// Forgets everything captured so far.
    void clear() { diags.clear(); }

    /// Throws MLIRErrorException(`what`) with the captured diagnostics.
    [[noreturn]] void raise(const std::string &what);
    /// Reports captured warnings and remarks through Python's `warnings`
    /// module (call after a successful operation).
    void warnAboutNonErrors();

  private:
    mlir::MLIRContext *context;
    mlir::DiagnosticEngine::HandlerID handlerID;
    std::vector<DiagnosticInfo> diags;
  };

  //===----------------------------------------------------------------------===//
  // Ownership of IR
  //===----------------------------------------------------------------------===//

  /// Owns a top-level operation (see the file comment).
  struct RootState {
    explicit RootState(ContextRef context, mlir::Operation *owned)
        : context(std::move(context)), owned(owned) {}
    ~RootState();

    ContextRef context;
    /// The owned top-level operation; null once it was moved into another
    /// root's IR (see `forward`) or erased.
    mlir::Operation *owned;
    uint64_t generation = 0;
    /// Set when the owned operation was inserted into another root's IR: the
    /// handles made under this root now live under `forward`, which was at
    /// generation `forwardGeneration` at the time.
    std::shared_ptr<RootState> forward;
    uint64_t forwardGeneration = 0;
    /// The parameter types of the public `func.func` functions directly in
    /// the owned module, as a pass pipeline run from Python last saw them
    /// before each of its passes (so, for a function that a pipeline
    /// lowered to `llvm.func`, the types it was lowered from). The
    /// ExecutionEngine checks arrays against their memrefs' static sizes
    /// and passes narrow float scalars (lowered to integers) as floats.
    llvm::StringMap<mlir::FunctionType> sourceSignatures;

    /// Follows `forward` links to the root that owns the IR today.
    static std::shared_ptr<RootState> resolve(std::shared_ptr<RootState> root);
    /// Marks all handles under this root (except the root operation) stale.
    void invalidate() { ++generation; }
  };
  using RootRef = std::shared_ptr<RootState>;

  /// Common part of every handle into IR owned by a RootState.
  struct IRRef {
    IRRef(RootRef root) : root(root), generation(root->generation) {}
    IRRef(RootRef root, uint64_t generation)
        : root(std::move(root)), generation(generation) {}

    /// Whether the IR under the handle may still be used. `ptr` is the
    /// pointed-to object: the root operation is valid regardless of the
    /// generation.
    bool isValid(const void *ptr) const;
    /// Throws StaleHandleError unless `isValid(ptr)`.
    void check(const void *ptr, const char *what) const;
    /// The root owning the IR today and a handle-compatible generation.
    IRRef current() const;

    RootRef root;
    uint64_t generation;
  };

  struct OperationW : IRRef {
    OperationW(const IRRef &ref, mlir::Operation *op) : IRRef(ref), op(op) {}
    mlir::Operation *get() const {
      check(op, "Operation");
      return op;
    }
    mlir::Operation *op;
  };

  struct BlockW : IRRef {
    BlockW(const IRRef &ref, mlir::Block *block) : IRRef(ref), block(block) {}
    mlir::Block *get() const {
      check(block, "Block");
      return block;
    }
    mlir::Block *block;
  };

  struct RegionW : IRRef {
    RegionW(const IRRef &ref, mlir::Region *region)
        : IRRef(ref), region(region) {}
    mlir::Region *get() const {
      check(region, "Region");
      return region;
    }
    mlir::Region *region;
  };

  struct ValueW : IRRef {
    ValueW(const IRRef &ref, mlir::Value value) : IRRef(ref), value(value) {}
    mlir::Value get() const {
      check(value.getAsOpaquePointer(), "Value");
      return value;
    }
    mlir::Value value;
  };
  struct OpResultW : ValueW {
    using ValueW::ValueW;
  };
  struct BlockArgumentW : ValueW {
    using ValueW::ValueW;
  };

  /// `rng_mlir.ir.Module`: the Python owner of a builtin.module.
  struct ModuleW {
    RootRef root;
    mlir::Operation *get() const { return root->owned; }
  };

  //===----------------------------------------------------------------------===//
  // Types, attributes, locations
  //===----------------------------------------------------------------------===//

  struct TypeW {
    TypeW(mlir::Type type)
        : context(ContextObj::forContext(type.getContext())), type(type) {}
    ContextRef context;
    mlir::Type type;
  };

  struct AttributeW {
    AttributeW(mlir::Attribute attr)
        : context(ContextObj::forContext(attr.getContext())), attr(attr) {}
    ContextRef context;
    mlir::Attribute attr;
  };

  struct LocationW {
    LocationW(mlir::Location loc)
        : context(ContextObj::forContext(loc.getContext())), loc(loc) {}
    ContextRef context;
    mlir::Location loc;
  };

  /// `rng_mlir.ir.InsertionPoint`: before `ref`, or at the end of `block`.
  struct InsertionPointW {
    BlockW block;
    std::optional<OperationW> ref;

    /// Inserts the detached `op` here and makes this IR its owner.
    void insert(OperationW &op) const;
    /// Where a new operation goes (validates the handles).
    mlir::Block::iterator getIterator() const;
  };

  //===----------------------------------------------------------------------===//
  // The thread's context stack (`with Context()`, `with Location...`,
  // `with InsertionPoint(...)`)
  //===----------------------------------------------------------------------===//

  struct ThreadFrame {
    py::object pushed; // the object whose __enter__ pushed this frame
    ContextRef context;
    std::optional<LocationW> location;
    std::optional<InsertionPointW> insertionPoint;
  };

  /// Pushes a frame inheriting the current one with the given overrides.
  void pushFrame(py::object pushed, ContextRef context,
                 std::optional<LocationW> location,
                 std::optional<InsertionPointW> insertionPoint);
  /// Pops the top frame, checking that `pushed` pushed it.
  void popFrame(py::handle pushed);
  ThreadFrame *currentFrame();

  /// The context to use: `explicitContext` if not None, else the current one.
  /// Throws ValueError if there is none.
  ContextRef resolveContext(py::handle explicitContext);
  /// The location to use: `explicitLoc` if not None, else the current
  /// location, else `unknown` in `context`.
  mlir::Location resolveLocation(py::handle explicitLoc,
                                 const ContextRef &context);
  /// The insertion point to use: `explicitIp` if not None, else the current
  /// one, else none.
  std::optional<InsertionPointW> resolveInsertionPoint(py::handle explicitIp);

  //===----------------------------------------------------------------------===//
  // Conversions between C++ and Python
  //===----------------------------------------------------------------------===//

  /// Wraps `type` in its most specific Python class (IntegerType, F32Type...).
  py::object wrapType(mlir::Type type);
  /// Wraps `attr` in its most specific Python class (IntegerAttr, ...).
  py::object wrapAttribute(mlir::Attribute attr);
  /// Wraps `value` as an OpResult or a BlockArgument.
  py::object wrapValue(const IRRef &ref, mlir::Value value);

  /// Accepts a Value, an Operation with exactly one result, or an object with
  /// an `operation` or `result` attribute (op views); throws TypeError else.
  ValueW toValue(py::handle object, const std::string &what);
  /// Accepts an Operation or an op view (anything with `.operation`).
  OperationW toOperation(py::handle object);
  /// Accepts a Type; with `context`, one of that context (ValueError for a
  /// type of another, whose context may be gone when the IR is used).
  mlir::Type toType(py::handle object, const std::string &what,
                    mlir::MLIRContext *context = nullptr);
  /// Throws ValueError unless `context` owns `attr` (see toType).
  void checkAttributeContext(mlir::Attribute attr, mlir::MLIRContext * context,
                             const std::string &what);
  /// Python number (or bool) `value` as an attribute of integer, index or
  /// float `type`; ValueError if it does not fit.
  mlir::Attribute makeScalarAttr(mlir::Type type, py::handle value);

  /// Text of anything printable.
  template <typename T> std::string printToString(const T &printable) {
    std::string text;
    llvm::raw_string_ostream os(text);
    printable.print(os);
    return text;
  }

  //===----------------------------------------------------------------------===//
  // Generic operation creation and introspection (OpBuilders.cpp)
  //===----------------------------------------------------------------------===//

  /// Creates `name` (see `Operation.create` in the Python docs).
  OperationW createOperation(const std::string &name, py::object results,
                             py::object operands, py::object attributes,
                             py::object successors, py::object regions,
                             py::object loc, py::object ip, bool inferType);

  //===----------------------------------------------------------------------===//
  // Submodule population
  //===----------------------------------------------------------------------===//

  void populateIRCore(py::module_ & m);
  void populateIRTypes(py::module_ & m);
  void populateIRAttributes(py::module_ & m);
  void populateOpBuilders(py::module_ & m);
  void populatePassManager(py::module_ & m);
  void populateExecutionEngine(py::module_ & m);
  void populateTarget(py::module_ & m);

  // clang-format 14 misreads the attribute and would rename this comment.
  // clang-format off
} // namespace rng_python
// clang-format on

#endif // RNG_MLIR_PYTHON_IRCORE_H
