//===- IRCore.cpp - Python bindings: contexts, IR objects, diagnostics ----===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace rng_python;

//===----------------------------------------------------------------------===//
// ContextObj
//===----------------------------------------------------------------------===//

/// Live contexts, to find the owner of a context from a raw MLIR object.
/// Only touched with the GIL held.
static llvm::DenseMap<MLIRContext *, std::weak_ptr<ContextObj>> &
getLiveContexts() {
  static auto *contexts =
      new llvm::DenseMap<MLIRContext *, std::weak_ptr<ContextObj>>();
  return *contexts;
}

ContextObj::ContextObj() {
  DialectRegistry registry;
  populateRegistry(registry);
  context = std::make_unique<MLIRContext>(registry);
  // The dialects nearly every program uses; the others load on first use
  // (parsing, or creating one of their operations).
  for (StringRef name : {"builtin", "func", "arith", "memref", "scf"})
    context->getOrLoadDialect(name);
  for (const std::string &name : getRngDialectNamespaces())
    context->getOrLoadDialect(name);
}

ContextObj::~ContextObj() { getLiveContexts().erase(context.get()); }

ContextRef ContextObj::forContext(MLIRContext *context) {
  auto it = getLiveContexts().find(context);
  if (it != getLiveContexts().end())
    if (ContextRef ref = it->second.lock())
      return ref;
  throw std::runtime_error("MLIR context not owned by rng_mlir");
}

std::vector<std::string>
rng_python::getDialectOperationNames(MLIRContext *context, StringRef dialect) {
  std::vector<std::string> names;
  for (RegisteredOperationName name : context->getRegisteredOperations())
    if (name.getDialectNamespace() == dialect)
      names.push_back(name.getStringRef().str());
  llvm::sort(names);
  return names;
}

namespace {
/// Gives access to MLIR's name-keyed TypeID registry.
struct TypeIDByName : detail::FallbackTypeIDResolver {
  static TypeID get(StringRef name) { return registerImplicitTypeID(name); }
};
} // namespace

bool rng_python::hasOpTrait(OperationName name, TypeID ownID,
                            StringRef spelling) {
  if (name.hasTrait(ownID))
    return true;
  // How clang's __PRETTY_FUNCTION__ spells TypeID::get<Trait>()'s
  // `Trait<Empty>` (llvm::getTypeName). The registry keeps the StringRef it
  // is given, so the names must outlive it.
  static auto *names = new llvm::StringSet<>();
  StringRef clangName =
      names->insert(("mlir::OpTrait::" + spelling + "<Empty>").str())
          .first->getKey();
  return name.hasTrait(TypeIDByName::get(clangName));
}

static ContextRef createContext() {
  auto ref = std::make_shared<ContextObj>();
  getLiveContexts()[ref->get()] = ref;
  return ref;
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

/// The location as MLIR's own diagnostic printer shows it: `file:line:col`
/// for file locations, nothing for unknown ones, `loc(...)` otherwise.
static std::string formatLocation(Location loc) {
  if (isa<UnknownLoc>(loc))
    return "";
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return (fileLoc.getFilename().getValue() + ":" +
            llvm::Twine(fileLoc.getLine()) + ":" +
            llvm::Twine(fileLoc.getColumn()))
        .str();
  return printToString(loc);
}

static const char *getSeverityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

static DiagnosticInfo toDiagnosticInfo(Diagnostic &diag) {
  DiagnosticInfo info;
  info.severity = getSeverityName(diag.getSeverity());
  info.location = formatLocation(diag.getLocation());
  info.message = StringRef(diag.str()).rtrim().str();
  for (Diagnostic &note : diag.getNotes())
    info.notes.push_back(toDiagnosticInfo(note));
  return info;
}

std::string DiagnosticInfo::str(unsigned indent) const {
  std::string text(indent, ' ');
  if (!location.empty())
    text += location + ": ";
  text += severity + ": " + message;
  for (const DiagnosticInfo &note : notes)
    text += "\n" + note.str(indent + 2);
  return text;
}

MLIRErrorException::MLIRErrorException(std::string message,
                                       std::vector<DiagnosticInfo> diagnostics)
    : message(std::move(message)), diagnostics(std::move(diagnostics)) {
  full = this->message;
  if (!this->diagnostics.empty()) {
    full += ":";
    for (const DiagnosticInfo &diag : this->diagnostics)
      full += "\n" + diag.str();
  }
}

DiagnosticCapture::DiagnosticCapture(MLIRContext *context) : context(context) {
  handlerID = context->getDiagEngine().registerHandler([this](Diagnostic &d) {
    diags.push_back(toDiagnosticInfo(d));
    return success();
  });
}

DiagnosticCapture::~DiagnosticCapture() {
  context->getDiagEngine().eraseHandler(handlerID);
}

bool DiagnosticCapture::hasErrors() const {
  return llvm::any_of(diags, [](const DiagnosticInfo &diag) {
    return diag.severity == "error";
  });
}

void DiagnosticCapture::raise(const std::string &what) {
  throw MLIRErrorException(what, diags);
}

void DiagnosticCapture::warnAboutNonErrors() {
  for (const DiagnosticInfo &diag : diags) {
    if (diag.severity == "error")
      continue;
    PyObject *category =
        diag.severity == "warning" ? PyExc_RuntimeWarning : PyExc_UserWarning;
    if (PyErr_WarnEx(category, diag.str().c_str(), 1) < 0)
      throw py::error_already_set();
  }
  diags.clear();
}

//===----------------------------------------------------------------------===//
// Ownership
//===----------------------------------------------------------------------===//

RootState::~RootState() {
  if (owned)
    owned->erase();
}

RootRef RootState::resolve(RootRef root) {
  while (root->forward)
    root = root->forward;
  return root;
}

bool IRRef::isValid(const void *ptr) const {
  const RootState *state = root.get();
  uint64_t gen = generation;
  while (true) {
    if (state->owned && ptr == state->owned)
      return true;
    if (gen != state->generation)
      return false;
    if (!state->forward)
      return true;
    gen = state->forwardGeneration;
    state = state->forward.get();
  }
}

void IRRef::check(const void *ptr, const char *what) const {
  if (!isValid(ptr))
    throw StaleHandleError(
        std::string(what) +
        " handle is stale: the IR it pointed into was changed by a pass "
        "manager run or an erase since it was obtained; get it again from "
        "its module");
}

IRRef IRRef::current() const {
  RootRef resolved = RootState::resolve(root);
  return IRRef(resolved, resolved->generation);
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

py::object rng_python::wrapValue(const IRRef &ref, Value value) {
  IRRef current = ref.current();
  if (isa<OpResult>(value))
    return py::cast(OpResultW(current, value));
  return py::cast(BlockArgumentW(current, value));
}

static std::string getPyTypeName(py::handle object) {
  return py::str(py::type::handle_of(object).attr("__name__"));
}

OperationW rng_python::toOperation(py::handle object) {
  if (py::isinstance<OperationW>(object))
    return object.cast<OperationW>();
  if (py::hasattr(object, "operation")) {
    py::object op = object.attr("operation");
    if (py::isinstance<OperationW>(op))
      return op.cast<OperationW>();
  }
  throw py::type_error("expected an Operation, got " + getPyTypeName(object));
}

ValueW rng_python::toValue(py::handle object, const std::string &what) {
  if (py::isinstance<ValueW>(object))
    return object.cast<ValueW>();
  if (py::isinstance<OperationW>(object) || py::hasattr(object, "operation")) {
    OperationW op = toOperation(object);
    Operation *raw = op.get();
    if (raw->getNumResults() != 1)
      throw py::type_error(what + ": expected a Value, got the operation '" +
                           raw->getName().getStringRef().str() + "' with " +
                           std::to_string(raw->getNumResults()) + " results");
    return ValueW(op.current(), raw->getResult(0));
  }
  throw py::type_error(what + ": expected a Value, got " +
                       getPyTypeName(object));
}

mlir::Type rng_python::toType(py::handle object, const std::string &what,
                              MLIRContext *context) {
  if (!py::isinstance<TypeW>(object))
    throw py::type_error(what + ": expected a Type, got " +
                         getPyTypeName(object));
  Type type = object.cast<TypeW>().type;
  if (context && type.getContext() != context)
    throw py::value_error(what + " " + printToString(type) +
                          " belongs to another Context; make it in the "
                          "Context of the IR it goes into");
  return type;
}

void rng_python::checkAttributeContext(Attribute attr, MLIRContext *context,
                                       const std::string &what) {
  if (attr && attr.getContext() != context)
    throw py::value_error(what + " " + printToString(attr) +
                          " belongs to another Context; make it in the "
                          "Context of the IR it goes into");
}

//===----------------------------------------------------------------------===//
// Thread context stack
//===----------------------------------------------------------------------===//

static std::vector<ThreadFrame> &getStack() {
  // Never destroyed: frames hold Python objects, which must not be released
  // at thread exit without the GIL.
  thread_local auto *stack = new std::vector<ThreadFrame>();
  return *stack;
}

ThreadFrame *rng_python::currentFrame() {
  std::vector<ThreadFrame> &stack = getStack();
  return stack.empty() ? nullptr : &stack.back();
}

void rng_python::pushFrame(py::object pushed, ContextRef context,
                           std::optional<LocationW> location,
                           std::optional<InsertionPointW> insertionPoint) {
  getStack().push_back(ThreadFrame{std::move(pushed), std::move(context),
                                   std::move(location),
                                   std::move(insertionPoint)});
}

void rng_python::popFrame(py::handle pushed) {
  std::vector<ThreadFrame> &stack = getStack();
  if (stack.empty() || !stack.back().pushed.is(pushed))
    throw std::runtime_error(
        "unbalanced context manager exit: this object is not the innermost "
        "active Context, Location or InsertionPoint");
  stack.pop_back();
}

ContextRef rng_python::resolveContext(py::handle explicitContext) {
  if (explicitContext && !explicitContext.is_none())
    return explicitContext.cast<ContextRef>();
  if (ThreadFrame *frame = currentFrame())
    return frame->context;
  throw py::value_error("no current Context: enter one with `with Context():` "
                        "or pass context=");
}

Location rng_python::resolveLocation(py::handle explicitLoc,
                                     const ContextRef &context) {
  if (explicitLoc && !explicitLoc.is_none()) {
    LocationW loc = explicitLoc.cast<LocationW>();
    if (loc.context != context)
      throw py::value_error("the location belongs to another Context");
    return loc.loc;
  }
  if (ThreadFrame *frame = currentFrame())
    if (frame->location && frame->location->context == context)
      return frame->location->loc;
  return UnknownLoc::get(context->get());
}

std::optional<InsertionPointW>
rng_python::resolveInsertionPoint(py::handle explicitIp) {
  if (explicitIp && !explicitIp.is_none())
    return explicitIp.cast<InsertionPointW>();
  if (ThreadFrame *frame = currentFrame())
    return frame->insertionPoint;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// InsertionPoint
//===----------------------------------------------------------------------===//

Block::iterator InsertionPointW::getIterator() const {
  Block *raw = block.get();
  if (!ref)
    return raw->end();
  Operation *refOp = ref->get();
  if (refOp->getBlock() != raw)
    throw py::value_error(
        "insertion point is stale: its reference operation moved");
  return Block::iterator(refOp);
}

void InsertionPointW::insert(OperationW &op) const {
  Operation *raw = op.get();
  RootRef source = RootState::resolve(op.root);
  if (source->owned != raw || raw->getBlock())
    throw py::value_error("the operation is already inserted in a block; only "
                          "detached operations can be inserted");
  RootRef dest = RootState::resolve(block.root);
  if (dest == source)
    throw py::value_error("cannot insert an operation into its own body");
  if (dest->context != source->context)
    throw py::value_error("the operation belongs to another Context");
  Block::iterator it = getIterator();
  block.block->getOperations().insert(it, raw);
  source->owned = nullptr;
  source->forward = dest;
  source->forwardGeneration = dest->generation;
}

//===----------------------------------------------------------------------===//
// Printing helpers
//===----------------------------------------------------------------------===//

static std::string printOperation(Operation *op, bool generic, bool debugInfo,
                                  bool prettyDebugInfo, bool localScope,
                                  std::optional<int64_t> largeElementsLimit) {
  OpPrintingFlags flags;
  if (generic)
    flags.printGenericOpForm();
  if (debugInfo || prettyDebugInfo)
    flags.enableDebugInfo(/*enable=*/true, prettyDebugInfo);
  if (localScope)
    flags.useLocalScope();
  if (largeElementsLimit)
    flags.elideLargeElementsAttrs(*largeElementsLimit);
  // The printer verifies the operation first and falls back to the generic
  // form if it is invalid, so custom printers never see invalid IR; those
  // verifier diagnostics are its own business.
  DiagnosticCapture quiet(op->getContext());
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, flags);
  return text;
}

static std::string printValueName(Value value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  value.printAsOperand(os, OpPrintingFlags());
  return text;
}

//===----------------------------------------------------------------------===//
// Python object helpers
//===----------------------------------------------------------------------===//

namespace {
/// `Operation.attributes`: a mutable mapping over the op's attributes,
/// inherent and discardable.
struct OpAttributeMap {
  OperationW op;
};

/// `Region.blocks`.
struct BlockList {
  RegionW region;
};
} // namespace

static py::list getOperations(const BlockW &block) {
  py::list ops;
  IRRef ref = block.current();
  for (Operation &op : *block.get())
    ops.append(OperationW(ref, &op));
  return ops;
}

static std::vector<Location> getArgLocations(py::object argLocs, size_t count,
                                             const ContextRef &context) {
  std::vector<Location> locs;
  if (argLocs.is_none()) {
    Location loc = resolveLocation(py::none(), context);
    locs.assign(count, loc);
    return locs;
  }
  for (py::handle loc : argLocs)
    locs.push_back(loc.cast<LocationW>().loc);
  if (locs.size() != count)
    throw py::value_error("expected " + std::to_string(count) +
                          " argument locations, got " +
                          std::to_string(locs.size()));
  return locs;
}

static BlockW appendBlock(const RegionW &region, py::args argTypes,
                          py::object argLocs) {
  Region *raw = region.get();
  ContextRef context = region.current().root->context;
  std::vector<Type> types;
  for (py::handle type : argTypes) {
    // Accept both append(t1, t2) and append([t1, t2]).
    if (py::isinstance<py::list>(type) || py::isinstance<py::tuple>(type)) {
      for (py::handle inner : type)
        types.push_back(toType(inner, "block argument type"));
      continue;
    }
    types.push_back(toType(type, "block argument type"));
  }
  std::vector<Location> locs = getArgLocations(argLocs, types.size(), context);
  auto *block = new Block();
  block->addArguments(types, locs);
  raw->push_back(block);
  return BlockW(region.current(), block);
}

static OperationW moduleOperation(const ModuleW &module) {
  return OperationW(IRRef(module.root), module.root->owned);
}

//===----------------------------------------------------------------------===//
// Bindings
//===----------------------------------------------------------------------===//

/// Removes attribute `name` of `op`; a default-valued inherent attribute
/// (a property with a default, like `rounds`) goes back to its default, as
/// when the op was built without it, instead of being left null.
static Attribute removeAttribute(Operation *op, StringRef name) {
  Attribute removed = op->removeAttr(name);
  if (removed && op->getPropertiesStorageSize())
    op->getName().populateDefaultProperties(op->getPropertiesStorage());
  return removed;
}

void rng_python::populateIRCore(py::module_ &m) {
  //===--------------------------------------------------------------------===//
  // DiagnosticInfo
  //===--------------------------------------------------------------------===//
  py::class_<DiagnosticInfo>(m, "DiagnosticInfo",
                             "A diagnostic captured from MLIR.")
      .def_readonly("severity", &DiagnosticInfo::severity,
                    "'error', 'warning', 'note' or 'remark'.")
      .def_readonly("location", &DiagnosticInfo::location)
      .def_readonly("message", &DiagnosticInfo::message)
      .def_readonly("notes", &DiagnosticInfo::notes)
      .def("__str__", [](const DiagnosticInfo &d) { return d.str(); })
      .def("__repr__", [](const DiagnosticInfo &d) {
        return "DiagnosticInfo(" + d.str() + ")";
      });

  //===--------------------------------------------------------------------===//
  // Context
  //===--------------------------------------------------------------------===//
  py::class_<ContextObj, ContextRef>(
      m, "Context",
      "Owns MLIR's global state (types, attributes, loaded dialects). Every "
      "upstream dialect and the rng-mlir dialects are registered.")
      .def(py::init(&createContext))
      .def_property_readonly_static(
          "current",
          [](py::object) -> ContextRef {
            if (ThreadFrame *frame = currentFrame())
              return frame->context;
            throw py::value_error("no current Context");
          },
          "The innermost Context entered with `with`.")
      .def("__enter__",
           [](py::object self) {
             pushFrame(self, self.cast<ContextRef>(), std::nullopt,
                       std::nullopt);
             return self;
           })
      .def("__exit__",
           [](py::object self, py::args) {
             popFrame(self);
             return false;
           })
      .def_property(
          "allow_unregistered_dialects",
          [](ContextObj &self) {
            return self.get()->allowsUnregisteredDialects();
          },
          [](ContextObj &self, bool allow) {
            self.get()->allowUnregisteredDialects(allow);
          })
      .def(
          "enable_multithreading",
          [](ContextObj &self, bool enable) {
            self.get()->enableMultithreading(enable);
          },
          py::arg("enable"))
      .def(
          "is_registered_operation",
          [](ContextObj &self, const std::string &name) {
            StringRef dialect = StringRef(name).split('.').first;
            self.get()->getOrLoadDialect(dialect);
            return RegisteredOperationName::lookup(name, self.get())
                .has_value();
          },
          py::arg("name"))
      .def_property_readonly(
          "available_dialects",
          [](ContextObj &self) {
            std::vector<std::string> names;
            for (StringRef name : self.get()->getAvailableDialects())
              names.push_back(name.str());
            return names;
          },
          "Namespaces of every registered dialect (loaded or not).")
      .def(
          "registered_operations",
          [](ContextObj &self, const std::string &dialect) {
            if (!self.get()->getOrLoadDialect(dialect))
              throw py::value_error("no dialect '" + dialect +
                                    "' is registered");
            return getDialectOperationNames(self.get(), dialect);
          },
          py::arg("dialect"),
          "Names of the operations of `dialect` (loading it if needed).")
      .def("load_all_available_dialects",
           [](ContextObj &self) { self.get()->loadAllAvailableDialects(); });

  m.def(
      "rng_dialect_namespaces", [] { return getRngDialectNamespaces(); },
      "Namespaces of the dialects rng-mlir defines ('rng', 'round', ...).");

  //===--------------------------------------------------------------------===//
  // Location
  //===--------------------------------------------------------------------===//
  py::class_<LocationW>(m, "Location", "A source location.")
      .def_static(
          "unknown",
          [](py::object context) {
            return LocationW(UnknownLoc::get(resolveContext(context)->get()));
          },
          py::arg("context") = py::none())
      .def_static(
          "file",
          [](const std::string &filename, unsigned line, unsigned col,
             py::object context) {
            return LocationW(FileLineColLoc::get(resolveContext(context)->get(),
                                                 filename, line, col));
          },
          py::arg("filename"), py::arg("line"), py::arg("col"),
          py::arg("context") = py::none())
      .def_static(
          "name",
          [](const std::string &name, std::optional<LocationW> child,
             py::object context) {
            MLIRContext *ctx = resolveContext(context)->get();
            if (child)
              return LocationW(
                  NameLoc::get(StringAttr::get(ctx, name), child->loc));
            return LocationW(NameLoc::get(StringAttr::get(ctx, name)));
          },
          py::arg("name"), py::arg("childLoc") = py::none(),
          py::arg("context") = py::none())
      .def_static(
          "fused",
          [](std::vector<LocationW> locs, py::object context) {
            MLIRContext *ctx = resolveContext(context)->get();
            SmallVector<Location> raw;
            for (LocationW &loc : locs)
              raw.push_back(loc.loc);
            return LocationW(FusedLoc::get(ctx, raw));
          },
          py::arg("locations"), py::arg("context") = py::none())
      .def_static(
          "callsite",
          [](LocationW callee, std::vector<LocationW> frames) {
            if (frames.empty())
              throw py::value_error("callsite needs at least one frame");
            Location caller = frames.back().loc;
            for (auto it = std::next(frames.rbegin()); it != frames.rend();
                 ++it)
              caller = CallSiteLoc::get(it->loc, caller);
            return LocationW(CallSiteLoc::get(callee.loc, caller));
          },
          py::arg("callee"), py::arg("frames"))
      .def_property_readonly_static("current",
                                    [](py::object) -> LocationW {
                                      if (ThreadFrame *frame = currentFrame())
                                        if (frame->location)
                                          return *frame->location;
                                      throw py::value_error(
                                          "no current Location");
                                    })
      .def_property_readonly("context",
                             [](LocationW &self) { return self.context; })
      .def("__enter__",
           [](py::object self) {
             LocationW loc = self.cast<LocationW>();
             std::optional<InsertionPointW> ip;
             if (ThreadFrame *frame = currentFrame())
               if (frame->context == loc.context)
                 ip = frame->insertionPoint;
             pushFrame(self, loc.context, loc, ip);
             return self;
           })
      .def("__exit__",
           [](py::object self, py::args) {
             popFrame(self);
             return false;
           })
      .def("__eq__",
           [](LocationW &self, py::object other) {
             return py::isinstance<LocationW>(other) &&
                    other.cast<LocationW>().loc == self.loc;
           })
      .def("__hash__",
           [](LocationW &self) {
             return static_cast<size_t>(
                 llvm::hash_value(self.loc.getAsOpaquePointer()));
           })
      .def("__str__", [](LocationW &self) { return printToString(self.loc); })
      .def("__repr__", [](LocationW &self) { return printToString(self.loc); });

  //===--------------------------------------------------------------------===//
  // Module
  //===--------------------------------------------------------------------===//
  py::class_<ModuleW>(m, "Module", "Owns a builtin.module.")
      .def_static(
          "parse",
          [](const std::string &asm_, py::object context) {
            ContextRef ctx = resolveContext(context);
            DiagnosticCapture capture(ctx->get());
            OwningOpRef<ModuleOp> module =
                parseSourceString<ModuleOp>(asm_, ParserConfig(ctx->get()));
            if (!module)
              capture.raise("Unable to parse module assembly");
            capture.warnAboutNonErrors();
            return ModuleW{std::make_shared<RootState>(ctx, module.release())};
          },
          py::arg("asm"), py::arg("context") = py::none(),
          "Parses (and verifies) a module; raises MLIRError with the "
          "parser's or verifier's diagnostics on failure.")
      .def_static(
          "create",
          [](py::object loc) {
            ContextRef ctx = loc.is_none() ? resolveContext(py::none())
                                           : loc.cast<LocationW>().context;
            ModuleOp module = ModuleOp::create(resolveLocation(loc, ctx));
            return ModuleW{std::make_shared<RootState>(ctx, module)};
          },
          py::arg("loc") = py::none(), "Creates an empty module.")
      .def_property_readonly("operation", &moduleOperation)
      .def_property_readonly("body",
                             [](const ModuleW &self) {
                               return BlockW(IRRef(self.root),
                                             &self.get()->getRegion(0).front());
                             })
      .def_property_readonly(
          "context", [](const ModuleW &self) { return self.root->context; })
      .def("dump", [](const ModuleW &self) { self.get()->dump(); })
      .def("__str__", [](const ModuleW &self) {
        return printOperation(self.get(), false, false, false, false,
                              std::nullopt);
      });

  //===--------------------------------------------------------------------===//
  // Operation
  //===--------------------------------------------------------------------===//
  py::class_<OperationW>(m, "Operation", "A handle to an operation.")
      .def_static("create", &createOperation, py::arg("name"),
                  py::arg("results") = py::none(),
                  py::arg("operands") = py::none(),
                  py::arg("attributes") = py::none(),
                  py::arg("successors") = py::none(),
                  py::arg("regions") = py::none(), py::arg("loc") = py::none(),
                  py::arg("ip") = py::none(), py::arg("infer_type") = false,
                  R"(Creates an operation by name.

results: result types (None with infer_type=True: inferred).
operands: Values; an element may be a list of Values (a variadic group;
  for ops with AttrSizedOperandSegments, operandSegmentSizes is derived).
attributes: dict of name to Attribute, or to a Python value converted
  with the op's default for that attribute (bool for unit attributes).
regions: number of regions (default: what the op's traits say).
Operations without regions are verified on creation; MLIRError on failure.)")
      .def_property_readonly("operation", [](py::object self) { return self; })
      .def_property_readonly("opview", [](py::object self) { return self; })
      .def_property_readonly(
          "name",
          [](const OperationW &self) {
            return self.get()->getName().getStringRef().str();
          })
      .def_property_readonly(
          "context",
          [](const OperationW &self) { return self.current().root->context; })
      .def_property_readonly("location",
                             [](const OperationW &self) {
                               return LocationW(self.get()->getLoc());
                             })
      .def_property_readonly("operands",
                             [](const OperationW &self) {
                               py::list values;
                               for (Value v : self.get()->getOperands())
                                 values.append(wrapValue(self, v));
                               return values;
                             })
      .def_property_readonly("results",
                             [](const OperationW &self) {
                               py::list values;
                               for (Value v : self.get()->getResults())
                                 values.append(wrapValue(self, v));
                               return values;
                             })
      .def_property_readonly(
          "result",
          [](const OperationW &self) {
            Operation *op = self.get();
            if (op->getNumResults() != 1)
              throw py::value_error("'" + op->getName().getStringRef().str() +
                                    "' has " +
                                    std::to_string(op->getNumResults()) +
                                    " results; use .results");
            return wrapValue(self, op->getResult(0));
          },
          "The single result (ValueError unless there is exactly one).")
      .def_property_readonly("regions",
                             [](const OperationW &self) {
                               py::list regions;
                               for (Region &r : self.get()->getRegions())
                                 regions.append(RegionW(self.current(), &r));
                               return regions;
                             })
      .def_property_readonly("successors",
                             [](const OperationW &self) {
                               py::list blocks;
                               for (Block *b : self.get()->getSuccessors())
                                 blocks.append(BlockW(self.current(), b));
                               return blocks;
                             })
      .def_property_readonly("attributes",
                             [](const OperationW &self) {
                               self.get();
                               return OpAttributeMap{self};
                             })
      .def_property_readonly(
          "parent",
          [](const OperationW &self) -> py::object {
            if (Operation *parent = self.get()->getParentOp())
              return py::cast(OperationW(self.current(), parent));
            return py::none();
          })
      .def_property_readonly("block",
                             [](const OperationW &self) -> py::object {
                               if (Block *block = self.get()->getBlock())
                                 return py::cast(BlockW(self.current(), block));
                               return py::none();
                             })
      .def(
          "verify",
          [](const OperationW &self) {
            Operation *op = self.get();
            DiagnosticCapture capture(op->getContext());
            if (failed(mlir::verify(op)))
              capture.raise("Verification failed");
            capture.warnAboutNonErrors();
            return true;
          },
          "Verifies the operation and everything nested in it; returns True "
          "or raises MLIRError with the verifier's diagnostics.")
      .def(
          "erase",
          [](const OperationW &self) {
            Operation *op = self.get();
            RootRef root = RootState::resolve(self.root);
            if (root->owned == op && !op->getBlock() && isa<ModuleOp>(op))
              throw py::value_error(
                  "a Module's operation is owned by the Module; drop the "
                  "Module instead");
            if (!op->use_empty())
              throw py::value_error("cannot erase '" +
                                    op->getName().getStringRef().str() +
                                    "': its results are still used");
            if (root->owned == op)
              root->owned = nullptr;
            op->erase();
            root->invalidate();
          },
          "Erases the operation. Every handle into the same module, other "
          "than the module itself, becomes stale.")
      .def(
          "get_asm",
          [](const OperationW &self, bool binary,
             std::optional<int64_t> largeElementsLimit, bool enableDebugInfo,
             bool prettyDebugInfo, bool printGenericOpForm,
             bool useLocalScope) -> py::object {
            std::string text = printOperation(
                self.get(), printGenericOpForm, enableDebugInfo,
                prettyDebugInfo, useLocalScope, largeElementsLimit);
            if (binary)
              return py::bytes(text);
            return py::str(text);
          },
          py::arg("binary") = false,
          py::arg("large_elements_limit") = py::none(),
          py::arg("enable_debug_info") = false,
          py::arg("pretty_debug_info") = false,
          py::arg("print_generic_op_form") = false,
          py::arg("use_local_scope") = false)
      .def(
          "print",
          [](const OperationW &self, bool printGenericOpForm,
             bool enableDebugInfo, bool useLocalScope) {
            py::print(printOperation(self.get(), printGenericOpForm,
                                     enableDebugInfo, false, useLocalScope,
                                     std::nullopt));
          },
          py::arg("print_generic_op_form") = false,
          py::arg("enable_debug_info") = false,
          py::arg("use_local_scope") = false)
      .def(
          "walk",
          [](const OperationW &self, py::function callback) {
            // Collect first: the callback may build IR.
            std::vector<Operation *> ops;
            self.get()->walk([&](Operation *op) { ops.push_back(op); });
            IRRef ref = self.current();
            for (Operation *op : ops) {
              py::object result = callback(OperationW(ref, op));
              if (!result.is_none() && !result.cast<bool>())
                break;
            }
          },
          py::arg("callback"),
          "Calls `callback(op)` on this operation and every nested one, "
          "post-order; a callback returning False stops the walk.")
      .def("__eq__",
           [](const OperationW &self, py::object other) {
             return py::isinstance<OperationW>(other) &&
                    other.cast<OperationW>().op == self.op;
           })
      .def("__hash__",
           [](const OperationW &self) {
             return static_cast<size_t>(llvm::hash_value(self.op));
           })
      .def("__str__",
           [](const OperationW &self) {
             return printOperation(self.get(), false, false, false, false,
                                   std::nullopt);
           })
      .def("__repr__", [](const OperationW &self) {
        return "<Operation '" + self.get()->getName().getStringRef().str() +
               "'>";
      });

  py::class_<OpAttributeMap>(m, "OpAttributeMap",
                             "The attributes of an operation.")
      .def("__getitem__",
           [](const OpAttributeMap &self, const std::string &name) {
             Attribute attr = self.op.get()->getAttr(name);
             if (!attr)
               throw py::key_error(name);
             return wrapAttribute(attr);
           })
      .def("__setitem__",
           [](const OpAttributeMap &self, const std::string &name,
              py::handle value) {
             // Any Python value reaches here, so that a wrong one gets a
             // message naming the attribute, not pybind's overload list.
             if (!py::isinstance<AttributeW>(value))
               throw py::type_error(
                   "attribute '" + name + "': expected an Attribute (e.g. " +
                   "IntegerAttr.get(IntegerType.get_signless(32), 7)), got " +
                   getPyTypeName(value));
             const AttributeW &attr = value.cast<const AttributeW &>();
             Operation *op = self.op.get();
             checkAttributeContext(attr.attr, op->getContext(),
                                   "attribute '" + name + "'");
             Attribute previous = op->getAttr(name);
             op->setAttr(name, attr.attr);
             if (op->getAttr(name) != attr.attr) {
               // A property that cannot hold the value keeps the old one.
               if (previous)
                 op->setAttr(name, previous);
               else
                 removeAttribute(op, name);
               throw py::type_error("attribute '" + name + "' of '" +
                                    op->getName().getStringRef().str() +
                                    "' cannot hold " +
                                    printToString(attr.attr));
             }
           })
      .def("__delitem__",
           [](const OpAttributeMap &self, const std::string &name) {
             if (!removeAttribute(self.op.get(), name))
               throw py::key_error(name);
           })
      .def("__contains__",
           [](const OpAttributeMap &self, const std::string &name) {
             return static_cast<bool>(self.op.get()->getAttr(name));
           })
      .def("__len__",
           [](const OpAttributeMap &self) {
             return self.op.get()->getAttrDictionary().size();
           })
      .def("keys",
           [](const OpAttributeMap &self) {
             std::vector<std::string> names;
             for (NamedAttribute attr : self.op.get()->getAttrDictionary())
               names.push_back(attr.getName().str());
             return names;
           })
      .def("__iter__",
           [](const OpAttributeMap &self) {
             std::vector<std::string> names;
             for (NamedAttribute attr : self.op.get()->getAttrDictionary())
               names.push_back(attr.getName().str());
             return py::iter(py::cast(names));
           })
      .def("items", [](const OpAttributeMap &self) {
        py::list items;
        for (NamedAttribute attr : self.op.get()->getAttrDictionary())
          items.append(py::make_tuple(attr.getName().str(),
                                      wrapAttribute(attr.getValue())));
        return items;
      });

  //===--------------------------------------------------------------------===//
  // Region, Block, BlockList
  //===--------------------------------------------------------------------===//
  py::class_<RegionW>(m, "Region", "A handle to a region.")
      .def_property_readonly("blocks",
                             [](const RegionW &self) {
                               self.get();
                               return BlockList{self};
                             })
      .def_property_readonly("owner",
                             [](const RegionW &self) {
                               return OperationW(self.current(),
                                                 self.get()->getParentOp());
                             })
      .def("__iter__",
           [](const RegionW &self) {
             py::list blocks;
             for (Block &b : *self.get())
               blocks.append(BlockW(self.current(), &b));
             return py::iter(blocks);
           })
      .def("__eq__", [](const RegionW &self, py::object other) {
        return py::isinstance<RegionW>(other) &&
               other.cast<RegionW>().region == self.region;
      });

  py::class_<BlockList>(m, "BlockList", "The blocks of a region.")
      .def("__len__",
           [](const BlockList &self) {
             return self.region.get()->getBlocks().size();
           })
      .def("__getitem__",
           [](const BlockList &self, int64_t index) {
             Region *region = self.region.get();
             int64_t size = region->getBlocks().size();
             if (index < 0)
               index += size;
             if (index < 0 || index >= size)
               throw py::index_error("block index out of range");
             auto it = region->begin();
             std::advance(it, index);
             return BlockW(self.region.current(), &*it);
           })
      .def("__iter__",
           [](const BlockList &self) {
             py::list blocks;
             for (Block &b : *self.region.get())
               blocks.append(BlockW(self.region.current(), &b));
             return py::iter(blocks);
           })
      .def(
          "append",
          [](const BlockList &self, py::args argTypes, py::object argLocs) {
            return appendBlock(self.region, argTypes, argLocs);
          },
          py::kw_only(), py::arg("arg_locs") = py::none(),
          "Appends a block with arguments of the given types; returns it.");

  py::class_<BlockW>(m, "Block", "A handle to a block.")
      .def_static(
          "create_at_start",
          [](const RegionW &parent, py::object argTypes, py::object argLocs) {
            Region *region = parent.get();
            ContextRef context = parent.current().root->context;
            std::vector<Type> types;
            for (py::handle type : argTypes)
              types.push_back(toType(type, "block argument type"));
            std::vector<Location> locs =
                getArgLocations(argLocs, types.size(), context);
            auto *block = new Block();
            block->addArguments(types, locs);
            region->push_front(block);
            return BlockW(parent.current(), block);
          },
          py::arg("parent"), py::arg("arg_types") = py::list(),
          py::arg("arg_locs") = py::none())
      .def_property_readonly("arguments",
                             [](const BlockW &self) {
                               py::list args;
                               for (BlockArgument arg :
                                    self.get()->getArguments())
                                 args.append(wrapValue(self, arg));
                               return args;
                             })
      .def_property_readonly("operations", &getOperations)
      .def("__iter__",
           [](const BlockW &self) { return py::iter(getOperations(self)); })
      .def_property_readonly("owner",
                             [](const BlockW &self) -> py::object {
                               if (Operation *op = self.get()->getParentOp())
                                 return py::cast(
                                     OperationW(self.current(), op));
                               return py::none();
                             })
      .def_property_readonly("region",
                             [](const BlockW &self) {
                               return RegionW(self.current(),
                                              self.get()->getParent());
                             })
      .def(
          "add_argument",
          [](const BlockW &self, const TypeW &type, py::object loc) {
            Block *block = self.get();
            Location l = resolveLocation(loc, self.current().root->context);
            Type argType = toType(py::cast(type), "block argument type",
                                  self.current().root->context->get());
            return wrapValue(self, block->addArgument(argType, l));
          },
          py::arg("type"), py::arg("loc") = py::none())
      .def(
          "append",
          [](const BlockW &self, py::object op) {
            OperationW handle = toOperation(op);
            InsertionPointW{self, std::nullopt}.insert(handle);
          },
          py::arg("operation"),
          "Moves a detached operation to the end of the block.")
      .def("__eq__",
           [](const BlockW &self, py::object other) {
             return py::isinstance<BlockW>(other) &&
                    other.cast<BlockW>().block == self.block;
           })
      .def("__hash__",
           [](const BlockW &self) {
             return static_cast<size_t>(llvm::hash_value(self.block));
           })
      .def("__str__", [](const BlockW &self) {
        std::string text;
        llvm::raw_string_ostream os(text);
        self.get()->print(os);
        return text;
      });

  //===--------------------------------------------------------------------===//
  // Values
  //===--------------------------------------------------------------------===//
  py::class_<ValueW>(m, "Value", "A handle to an SSA value.")
      .def_property_readonly(
          "type",
          [](const ValueW &self) { return wrapType(self.get().getType()); })
      .def_property_readonly(
          "context",
          [](const ValueW &self) { return self.current().root->context; })
      .def_property_readonly(
          "owner",
          [](const ValueW &self) -> py::object {
            Value v = self.get();
            if (auto result = dyn_cast<OpResult>(v))
              return py::cast(OperationW(self.current(), result.getOwner()));
            return py::cast(
                BlockW(self.current(), cast<BlockArgument>(v).getOwner()));
          },
          "The defining Operation of a result, the Block of an argument.")
      .def("get_name",
           [](const ValueW &self) { return printValueName(self.get()); })
      .def(
          "set_type",
          [](const ValueW &self, py::handle type) {
            Value v = self.get();
            v.setType(toType(type, "set_type: the type", v.getContext()));
          },
          py::arg("type"),
          "Changes the value's type in place (an operation result or a block "
          "argument), as upstream's Value.set_type; the IR may need "
          "verifying afterwards.")
      .def("__eq__",
           [](const ValueW &self, py::object other) {
             return py::isinstance<ValueW>(other) &&
                    other.cast<ValueW>().value == self.value;
           })
      .def("__hash__",
           [](const ValueW &self) {
             return static_cast<size_t>(
                 llvm::hash_value(self.value.getAsOpaquePointer()));
           })
      .def("__str__",
           [](const ValueW &self) {
             Value v = self.get();
             return "Value(" + printValueName(v) + " : " +
                    printToString(v.getType()) + ")";
           })
      .def("__repr__", [](const ValueW &self) {
        Value v = self.get();
        return "Value(" + printValueName(v) + " : " +
               printToString(v.getType()) + ")";
      });

  py::class_<OpResultW, ValueW>(m, "OpResult", "An operation result.")
      .def_property_readonly("result_number", [](const OpResultW &self) {
        return cast<OpResult>(self.get()).getResultNumber();
      });

  py::class_<BlockArgumentW, ValueW>(m, "BlockArgument", "A block argument.")
      .def_property_readonly("arg_number", [](const BlockArgumentW &self) {
        return cast<BlockArgument>(self.get()).getArgNumber();
      });

  //===--------------------------------------------------------------------===//
  // InsertionPoint
  //===--------------------------------------------------------------------===//
  py::class_<InsertionPointW>(
      m, "InsertionPoint",
      "Where new operations go: before an operation, or at the end of a "
      "block. Use as a context manager.")
      .def(py::init([](const BlockW &block) {
             block.get();
             return InsertionPointW{block, std::nullopt};
           }),
           py::arg("block"), "At the end of `block`.")
      .def(py::init([](const OperationW &beforeOperation) {
             Operation *op = beforeOperation.get();
             if (!op->getBlock())
               throw py::value_error("the operation is not in a block");
             return InsertionPointW{
                 BlockW(beforeOperation.current(), op->getBlock()),
                 OperationW(beforeOperation.current(), op)};
           }),
           py::arg("beforeOperation"), "Before `beforeOperation`.")
      .def_static(
          "at_block_begin",
          [](const BlockW &block) {
            Block *raw = block.get();
            if (raw->empty())
              return InsertionPointW{block, std::nullopt};
            return InsertionPointW{block,
                                   OperationW(block.current(), &raw->front())};
          },
          py::arg("block"))
      .def_static(
          "at_end",
          [](const BlockW &block) {
            block.get();
            return InsertionPointW{block, std::nullopt};
          },
          py::arg("block"), "Same as InsertionPoint(block).")
      .def_static(
          "at_block_terminator",
          [](const BlockW &block) {
            Block *raw = block.get();
            if (raw->empty() ||
                !hasOpTrait(raw->back().getName(),
                            TypeID::get<OpTrait::IsTerminator>(),
                            "IsTerminator"))
              throw py::value_error("the block has no terminator");
            return InsertionPointW{block,
                                   OperationW(block.current(), &raw->back())};
          },
          py::arg("block"))
      .def_static(
          "after",
          [](const OperationW &operation) {
            Operation *op = operation.get();
            Block *block = op->getBlock();
            if (!block)
              throw py::value_error("the operation is not in a block");
            Operation *next = op->getNextNode();
            BlockW blockW(operation.current(), block);
            if (!next)
              return InsertionPointW{blockW, std::nullopt};
            return InsertionPointW{blockW,
                                   OperationW(operation.current(), next)};
          },
          py::arg("operation"))
      .def_property_readonly_static("current",
                                    [](py::object) -> InsertionPointW {
                                      if (ThreadFrame *frame = currentFrame())
                                        if (frame->insertionPoint)
                                          return *frame->insertionPoint;
                                      throw py::value_error(
                                          "no current InsertionPoint");
                                    })
      .def_property_readonly(
          "block", [](const InsertionPointW &self) { return self.block; })
      .def_property_readonly("ref_operation",
                             [](const InsertionPointW &self) -> py::object {
                               if (self.ref)
                                 return py::cast(*self.ref);
                               return py::none();
                             })
      .def(
          "insert",
          [](const InsertionPointW &self, py::object op) {
            OperationW handle = toOperation(op);
            self.insert(handle);
          },
          py::arg("operation"), "Inserts a detached operation here.")
      .def("__enter__",
           [](py::object self) {
             InsertionPointW ip = self.cast<InsertionPointW>();
             ContextRef context = ip.block.current().root->context;
             std::optional<LocationW> loc;
             if (ThreadFrame *frame = currentFrame())
               if (frame->context == context)
                 loc = frame->location;
             pushFrame(self, context, loc, ip);
             return self;
           })
      .def("__exit__", [](py::object self, py::args) {
        popFrame(self);
        return false;
      });
}
