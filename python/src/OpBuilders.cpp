//===- OpBuilders.cpp - Python bindings: generic operation creation -------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `Operation.create` builds any registered operation from its name, and
// `_op_info` describes a registered operation from what MLIR knows at run
// time (its traits, interfaces and inherent attributes). The Python op
// builders (`rng_mlir.dialects.*`) are derived from these two for every
// operation registered in a dialect, so a new op gets a builder without any
// binding code.
//
// Creation checks, in order, everything that could otherwise reach code
// that assumes valid IR (Debian's MLIR has no assertions):
//   1. the operation is registered (or the context allows unregistered ops);
//   2. operands come from the IR the operation is inserted into;
//   3. operand and result counts match the op's traits;
//   4. attributes have the kind the op declares (ODS's own check);
//   5. for result type inference, ODS's operand and attribute constraints
//      hold before the op's inference code runs;
//   6. the new operation verifies (operations without regions; those with
//      regions are verified when their body is complete: `verify()`, or a
//      pass manager run).
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "rng/Support/TypeUtilities.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"

#include <utility>

using namespace mlir;
using namespace rng_python;

//===----------------------------------------------------------------------===//
// Arity from traits
//===----------------------------------------------------------------------===//

namespace {
/// How many of something (operands, results, regions) an op takes: exactly
/// `exact`, or at least `min` when `exact` is unset.
struct Arity {
  std::optional<unsigned> exact;
  unsigned min = 0;

  bool accepts(unsigned n) const { return exact ? n == *exact : n >= min; }
  std::string describe() const {
    return exact ? std::to_string(*exact) : "at least " + std::to_string(min);
  }
};
} // namespace

/// The N in Ns for which `info` has trait `Trait<N>::Impl` (spelled
/// `<spelling><N>::Impl`).
template <template <unsigned> class Trait, unsigned... Ns>
static std::optional<unsigned>
findCountTrait(RegisteredOperationName info, StringRef spelling,
               std::integer_sequence<unsigned, Ns...>) {
  std::optional<unsigned> found;
  ((hasOpTrait(info, TypeID::get<Trait<Ns>::template Impl>(),
               (spelling + "<" + llvm::Twine(Ns) + ">::Impl").str())
        ? (void)(found = Ns)
        : void()),
   ...);
  return found;
}

#define RNG_HAS_TRAIT(info, Trait)                                             \
  hasOpTrait(info, TypeID::get<OpTrait::Trait>(), #Trait)

using Counts = std::integer_sequence<unsigned, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                     12, 13, 14, 15, 16>;

static Arity getOperandArity(RegisteredOperationName info) {
  if (RNG_HAS_TRAIT(info, ZeroOperands))
    return {0u};
  if (RNG_HAS_TRAIT(info, OneOperand))
    return {1u};
  if (auto n = findCountTrait<OpTrait::NOperands>(info, "NOperands", Counts()))
    return {*n};
  if (auto n = findCountTrait<OpTrait::AtLeastNOperands>(
          info, "AtLeastNOperands",
          std::integer_sequence<unsigned, 1, 2, 3, 4, 5, 6, 7, 8>()))
    return {std::nullopt, *n};
  return {std::nullopt, 0};
}

static Arity getResultArity(RegisteredOperationName info) {
  if (RNG_HAS_TRAIT(info, ZeroResults))
    return {0u};
  if (RNG_HAS_TRAIT(info, OneResult))
    return {1u};
  if (auto n = findCountTrait<OpTrait::NResults>(info, "NResults", Counts()))
    return {*n};
  if (auto n = findCountTrait<OpTrait::AtLeastNResults>(
          info, "AtLeastNResults",
          std::integer_sequence<unsigned, 1, 2, 3, 4, 5, 6, 7, 8>()))
    return {std::nullopt, *n};
  return {std::nullopt, 0};
}

static Arity getRegionArity(RegisteredOperationName info) {
  if (RNG_HAS_TRAIT(info, ZeroRegions))
    return {0u};
  if (RNG_HAS_TRAIT(info, OneRegion))
    return {1u};
  if (auto n = findCountTrait<OpTrait::NRegions>(
          info, "NRegions",
          std::integer_sequence<unsigned, 2, 3, 4, 5, 6, 7, 8>()))
    return {*n};
  if (auto n = findCountTrait<OpTrait::AtLeastNRegions>(
          info, "AtLeastNRegions",
          std::integer_sequence<unsigned, 1, 2, 3, 4>()))
    return {std::nullopt, *n};
  return {std::nullopt, 0};
}

static bool isRngDialectOp(OperationName name) {
  StringRef dialect = name.getDialectNamespace();
  return llvm::is_contained(getRngDialectNamespaces(), dialect.str());
}

//===----------------------------------------------------------------------===//
// Default attribute values
//===----------------------------------------------------------------------===//

/// The op's default-valued inherent attributes (`rounds = 10 : i32`...), as
/// ODS populates them when parsing. Their types tell how to convert a Python
/// number given for them.
static DictionaryAttr getDefaultAttributes(RegisteredOperationName info,
                                           MLIRContext *ctx) {
  NamedAttrList defaults;
  info.populateDefaultAttrs(defaults);
  if (info.getOpPropertyByteSize() > 0) {
    // Properties live in an operation: make a scratch one.
    OperationState state(UnknownLoc::get(ctx), info);
    Operation *scratch = Operation::create(state);
    llvm::scope_exit cleanup([&] { scratch->destroy(); });
    info.populateDefaultProperties(scratch->getPropertiesStorage());
    if (auto dict = dyn_cast_or_null<DictionaryAttr>(
            scratch->getPropertiesAsAttribute()))
      for (NamedAttribute attr : dict)
        if (attr.getValue())
          defaults.set(attr.getName(), attr.getValue());
  }
  return defaults.getDictionary(ctx);
}

//===----------------------------------------------------------------------===//
// Attribute conversion
//===----------------------------------------------------------------------===//

static std::string getPyTypeName(py::handle object) {
  return py::str(py::type::handle_of(object).attr("__name__"));
}

/// The type of a Python number given for the inherent attribute `name` of
/// `info` that has no default value to tell it (rng.torch_threads'
/// `multiprocessors`): the one common scalar type whose attribute the op's
/// ODS constraint accepts (I64Attr: i64, I32Attr: i32), integer types first
/// for an int. Null when none or several are accepted (an unconstrained or
/// unknown attribute).
static Type inferScalarAttributeType(RegisteredOperationName info,
                                     StringRef name, bool isFloat,
                                     MLIRContext *ctx) {
  Builder b(ctx);
  SmallVector<Type> integers = {b.getI64Type(), b.getI32Type(),
                                b.getI16Type(), b.getI8Type(),
                                b.getI1Type(),  b.getIndexType()};
  SmallVector<Type> floats = {b.getF64Type(), b.getF32Type(), b.getF16Type(),
                              b.getBF16Type()};
  auto acceptedAmong = [&](ArrayRef<Type> candidates) {
    Type accepted;
    for (Type type : candidates) {
      NamedAttrList attrs;
      attrs.set(name, isa<FloatType>(type)
                          ? Attribute(b.getFloatAttr(type, 0.0))
                          : Attribute(b.getIntegerAttr(type, 0)));
      DiagnosticCapture capture(ctx);
      if (failed(info.verifyInherentAttrs(
              attrs, [&] { return mlir::emitError(UnknownLoc::get(ctx)); })))
        continue;
      if (accepted)
        return Type();
      accepted = type;
    }
    return accepted;
  };
  if (isFloat)
    return acceptedAmong(floats);
  if (Type type = acceptedAmong(integers))
    return type;
  return acceptedAmong(floats);
}

/// Converts the Python value given for attribute `name` of `opName` (`info`
/// when registered). Returns a null attribute for "leave it out" (None, or
/// False for a unit attribute).
static Attribute convertAttribute(py::handle value, StringRef name,
                                  Attribute defaultValue, MLIRContext *ctx,
                                  StringRef opName,
                                  std::optional<RegisteredOperationName> info) {
  auto fail = [&](const std::string &why) -> Attribute {
    throw py::type_error("attribute '" + name.str() + "' of '" + opName.str() +
                         "': " + why);
  };
  if (value.is_none())
    return {};
  if (py::isinstance<AttributeW>(value))
    return value.cast<AttributeW>().attr;
  if (py::isinstance<TypeW>(value))
    return TypeAttr::get(value.cast<TypeW>().type);
  if (py::isinstance<py::bool_>(value)) {
    bool flag = value.cast<bool>();
    if (defaultValue && isa<BoolAttr>(defaultValue))
      return BoolAttr::get(ctx, flag);
    if (defaultValue && !isa<UnitAttr>(defaultValue))
      return fail("expected a value like " + printToString(defaultValue) +
                  ", got a bool");
    return flag ? UnitAttr::get(ctx) : Attribute();
  }
  if (py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value)) {
    auto typed = dyn_cast_or_null<TypedAttr>(defaultValue);
    if (typed && isa<IntegerAttr, FloatAttr>(typed)) {
      if (isa<IntegerAttr>(typed) && py::isinstance<py::float_>(value))
        return fail("expected an integer, got a float");
      return makeScalarAttr(typed.getType(), value);
    }
    if (!defaultValue && info && !name.contains('.'))
      if (Type type = inferScalarAttributeType(
              *info, name, py::isinstance<py::float_>(value), ctx))
        return makeScalarAttr(type, value);
    if (!defaultValue && name.contains('.') &&
        py::isinstance<py::int_>(value)) {
      // A discardable attribute: i64, as in MLIR's textual format.
      return makeScalarAttr(IntegerType::get(ctx, 64), value);
    }
    return fail("cannot tell which type a Python " + getPyTypeName(value) +
                " should have here; pass an Attribute (e.g. "
                "IntegerAttr.get(IntegerType.get_signless(32), value))");
  }
  if (py::isinstance<py::str>(value)) {
    if (defaultValue && !isa<StringAttr>(defaultValue))
      return fail("expected a value like " + printToString(defaultValue) +
                  ", got a str");
    return StringAttr::get(ctx, value.cast<std::string>());
  }
  if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    if (defaultValue && isa<DenseI64ArrayAttr>(defaultValue))
      return DenseI64ArrayAttr::get(ctx, value.cast<std::vector<int64_t>>());
    if (defaultValue && isa<DenseI32ArrayAttr>(defaultValue))
      return DenseI32ArrayAttr::get(ctx, value.cast<std::vector<int32_t>>());
    SmallVector<Attribute> elements;
    for (py::handle element : value) {
      if (!py::isinstance<AttributeW>(element))
        return fail("a list must hold Attributes, got " +
                    getPyTypeName(element));
      elements.push_back(element.cast<AttributeW>().attr);
    }
    return ArrayAttr::get(ctx, elements);
  }
  return fail("cannot convert a Python " + getPyTypeName(value) +
              " to an attribute");
}

//===----------------------------------------------------------------------===//
// Result type inference
//===----------------------------------------------------------------------===//

/// Whether a diagnostic from verifying an op with placeholder results is
/// about its operands or attributes (ODS checks those before the results).
static bool isOperandOrAttributeError(const DiagnosticInfo &diag) {
  if (diag.severity != "error")
    return false;
  StringRef message = diag.message;
  if (message.contains("result"))
    return false;
  return message.contains("operand #") || message.contains("operand group") ||
         message.contains("attribute '") ||
         message.contains("requires attribute");
}

namespace {
/// Everything needed to build the operation, prepared once.
struct Prepared {
  Location location;
  OperationName name;
  std::optional<RegisteredOperationName> info;
  SmallVector<Value> operands;
  NamedAttrList attributes;
  SmallVector<Block *> successors;
  unsigned numRegions = 0;

  /// Creates a detached operation with `types` as results.
  Operation *create(TypeRange types) const {
    OperationState state(location, name);
    state.addOperands(operands);
    state.addTypes(types);
    state.attributes = attributes;
    state.addSuccessors(successors);
    for (unsigned i = 0; i < numRegions; ++i)
      state.addRegion();
    if (info)
      info->populateDefaultAttrs(state.attributes);
    Operation *op = Operation::create(state);
    if (info && info->getOpPropertyByteSize() > 0)
      info->populateDefaultProperties(op->getPropertiesStorage());
    return op;
  }
};
} // namespace

namespace {
/// While alive, MLIR attaches no "see current operation" note to the
/// diagnostics of `context`. For the trial operations of result type
/// inference: they are detached, so the note would print their operands as
/// <<UNKNOWN SSA VALUE>>, and their results are placeholders.
class NoCurrentOperationNote {
public:
  explicit NoCurrentOperationNote(MLIRContext *context)
      : context(context), saved(context->shouldPrintOpOnDiagnostic()) {
    context->printOpOnDiagnostic(false);
  }
  ~NoCurrentOperationNote() { context->printOpOnDiagnostic(saved); }
  NoCurrentOperationNote(const NoCurrentOperationNote &) = delete;
  NoCurrentOperationNote &operator=(const NoCurrentOperationNote &) = delete;

private:
  MLIRContext *context;
  bool saved;
};
} // namespace

static std::string joinTypes(ArrayRef<Type> types) {
  std::string text;
  for (auto [i, type] : llvm::enumerate(types))
    text += (i ? ", " : "") + printToString(type);
  return text;
}

/// What the op's result type constraint allows, in ODS's words: "result #0
/// must be bf16, f16, ..." from the verifier's message for a result of type
/// `none` (which no constraint of ours allows), without its ", but got ...";
/// "" if the first diagnostic is not about a result.
static std::string
describeResultConstraint(const std::vector<DiagnosticInfo> &diagnostics) {
  if (diagnostics.empty())
    return "";
  StringRef message = diagnostics.front().message;
  size_t start = message.find("result #");
  if (start == StringRef::npos || !message.contains(" must be "))
    return "";
  message = message.drop_front(start);
  return message.take_front(message.rfind(", but got ")).str();
}

/// Result types by the verifier: the unique type T such that the op with
/// every result of type T verifies, among the operand types and the common
/// scalar types in the operands' shapes. Used for rng-mlir ops that do not
/// implement InferTypeOpInterface. When several or none are accepted, the
/// error quotes `resultConstraint` (describeResultConstraint), the complete
/// list of what the op accepts, rather than the candidates tried here.
static SmallVector<Type> inferByVerifier(const Prepared &p, unsigned count,
                                         const std::string &resultConstraint) {
  MLIRContext *ctx = p.location.getContext();
  Builder b(ctx);
  SmallVector<Type> elements = {
      b.getI1Type(),  b.getI8Type(),    b.getI16Type(), b.getI32Type(),
      b.getI64Type(), b.getIndexType(), b.getF16Type(), b.getBF16Type(),
      b.getF32Type(), b.getF64Type()};
  llvm::SetVector<Type> candidates;
  for (Value operand : p.operands)
    candidates.insert(operand.getType());
  for (Value operand : p.operands)
    if (auto shaped = dyn_cast<ShapedType>(operand.getType()))
      elements.push_back(shaped.getElementType());
  for (Value operand : p.operands) {
    Type type = operand.getType();
    // Scalars, vectors and ranked tensors: the elementwise ops' types.
    if (isa<ShapedType>(type) && !isa<VectorType, RankedTensorType>(type))
      continue;
    for (Type element : elements)
      if (!isa<VectorType>(type) || VectorType::isValidElementType(element))
        candidates.insert(rng::getTypeWithElementType(type, element));
  }

  SmallVector<Type> accepted;
  // The diagnostics to show when no candidate verifies: those of the first
  // candidate the verifier rejects for something else than its results (a
  // constant operand out of range), which no result type would fix; else
  // those of the first candidate.
  std::vector<DiagnosticInfo> firstFailure;
  bool failureIsAboutResults = true;
  for (Type candidate : candidates) {
    SmallVector<Type> types(count, candidate);
    Operation *trial = p.create(types);
    NoCurrentOperationNote noNote(ctx);
    DiagnosticCapture capture(ctx);
    if (succeeded(mlir::verify(trial, /*verifyRecursively=*/false))) {
      accepted.push_back(candidate);
    } else if (failureIsAboutResults) {
      const std::vector<DiagnosticInfo> &diags = capture.getDiagnostics();
      bool aboutResults =
          !diags.empty() && StringRef(diags.front().message).contains("result");
      if (firstFailure.empty() || !aboutResults) {
        firstFailure = diags;
        failureIsAboutResults = aboutResults;
      }
    }
    trial->destroy();
  }
  std::string name = p.name.getStringRef().str();
  if (accepted.size() == 1)
    return SmallVector<Type>(count, accepted.front());
  if (accepted.empty())
    throw MLIRErrorException(
        "Unable to infer the result types of '" + name +
            "': no candidate type was accepted by its verifier (the "
            "diagnostics for one follow); pass the result types as leading "
            "Type arguments",
        firstFailure);
  std::string allowed = resultConstraint.empty()
                            ? "among them " + joinTypes(accepted)
                            : resultConstraint;
  throw MLIRErrorException("'" + name + "' accepts several result types (" +
                           allowed +
                           "); pass the one you want as a leading Type "
                           "argument");
}

static SmallVector<Type> inferResultTypes(const Prepared &p) {
  MLIRContext *ctx = p.location.getContext();
  std::string name = p.name.getStringRef().str();
  if (!p.info)
    throw MLIRErrorException("Unable to infer the result types of the "
                             "unregistered operation '" +
                             name + "'");
  Arity results = getResultArity(*p.info);
  if (results.exact && *results.exact == 0)
    return {};

  // Let ODS check the operands and attributes first: inference code may
  // assume they satisfy the op's constraints. Placeholder `none` results
  // fail only after those checks.
  SmallVector<Type> placeholders(results.exact.value_or(0), NoneType::get(ctx));
  Operation *trial = p.create(placeholders);
  llvm::scope_exit cleanup([&] { trial->destroy(); });
  std::string resultConstraint;
  {
    NoCurrentOperationNote noNote(ctx);
    DiagnosticCapture capture(ctx);
    if (failed(mlir::verify(trial, /*verifyRecursively=*/false)) &&
        !capture.getDiagnostics().empty() &&
        isOperandOrAttributeError(capture.getDiagnostics().front()))
      capture.raise("Invalid operands or attributes for '" + name + "'");
    resultConstraint = describeResultConstraint(capture.getDiagnostics());
  }

  if (auto *iface = p.info->getInterface<InferTypeOpInterface>()) {
    SmallVector<Type> inferred;
    DiagnosticCapture capture(ctx);
    if (failed(iface->inferReturnTypes(
            ctx, p.location, trial->getOperands(), trial->getAttrDictionary(),
            trial->getPropertiesStorage(), trial->getRegions(), inferred)))
      capture.raise("Unable to infer the result types of '" + name + "'");
    return inferred;
  }
  // Only an elementwise op's results follow its operands' shapes; the others
  // (rng.bit_generator's output) would get a type that merely verifies.
  if (isRngDialectOp(p.name) && results.exact &&
      RNG_HAS_TRAIT(*p.info, Elementwise))
    return inferByVerifier(p, *results.exact, resultConstraint);
  throw MLIRErrorException(
      "'" + name +
      "' does not infer its result types; pass them (as leading Type "
      "arguments of its builder, or results=[...])");
}

//===----------------------------------------------------------------------===//
// createOperation
//===----------------------------------------------------------------------===//

/// Throws unless `value` lives in the IR owned by `dest`.
static Value checkSameIR(const ValueW &value, const RootRef &dest,
                         const std::string &what) {
  Value raw = value.get();
  if (!dest)
    throw py::value_error(
        what + ": an operation with operands must be created at an "
               "insertion point (`with InsertionPoint(block):` or ip=)");
  if (RootState::resolve(value.root) != dest)
    throw py::value_error(what + " belongs to other IR (another module or a "
                                 "detached operation)");
  return raw;
}

OperationW rng_python::createOperation(const std::string &name,
                                       py::object results, py::object operands,
                                       py::object attributes,
                                       py::object successors,
                                       py::object regions, py::object loc,
                                       py::object ip, bool inferType) {
  // Context, insertion point, location.
  std::optional<InsertionPointW> insertion = resolveInsertionPoint(ip);
  ContextRef context;
  if (insertion)
    context = insertion->block.current().root->context;
  else if (!loc.is_none())
    context = loc.cast<LocationW>().context;
  else
    context = resolveContext(py::none());
  MLIRContext *ctx = context->get();
  RootRef dest =
      insertion ? RootState::resolve(insertion->block.root) : nullptr;

  // The operation name.
  StringRef dialect = StringRef(name).split('.').first;
  if (!StringRef(name).contains('.'))
    throw py::value_error("operation name '" + name +
                          "' lacks a dialect prefix");
  Dialect *loaded = ctx->getOrLoadDialect(dialect);
  std::optional<RegisteredOperationName> info =
      RegisteredOperationName::lookup(name, ctx);
  if (!info && !ctx->allowsUnregisteredDialects()) {
    std::string message = "unknown operation '" + name + "'";
    if (loaded) {
      message += "; the '" + dialect.str() + "' dialect has:";
      for (const std::string &op : getDialectOperationNames(ctx, dialect))
        message += " " + op;
    } else {
      message += " (no dialect '" + dialect.str() + "' is registered)";
    }
    throw py::value_error(message);
  }

  Prepared p{resolveLocation(loc, context), OperationName(name, ctx), info};

  // Operands; nested lists are variadic groups.
  SmallVector<int32_t> segments;
  bool grouped = false;
  if (!operands.is_none()) {
    size_t index = 0;
    for (py::handle item : operands) {
      std::string what = "operand #" + std::to_string(index++);
      if (item.is_none()) {
        grouped = true;
        segments.push_back(0);
      } else if (py::isinstance<py::list>(item) ||
                 py::isinstance<py::tuple>(item)) {
        grouped = true;
        int32_t count = 0;
        for (py::handle v : item) {
          p.operands.push_back(checkSameIR(toValue(v, what), dest, what));
          ++count;
        }
        segments.push_back(count);
      } else {
        p.operands.push_back(checkSameIR(toValue(item, what), dest, what));
        segments.push_back(1);
      }
    }
  }

  // Attributes, converted with the op's defaults as a guide.
  DictionaryAttr defaults =
      info ? getDefaultAttributes(*info, ctx) : DictionaryAttr();
  if (!attributes.is_none()) {
    for (auto item : attributes.cast<py::dict>()) {
      std::string attrName = item.first.cast<std::string>();
      Attribute attr = convertAttribute(
          item.second, attrName,
          defaults ? defaults.get(attrName) : Attribute(), ctx, name, info);
      checkAttributeContext(attr, ctx, "attribute '" + attrName + "'");
      if (attr)
        p.attributes.set(attrName, attr);
    }
  }
  if (info && grouped && RNG_HAS_TRAIT(*info, AttrSizedOperandSegments) &&
      !p.attributes.get("operandSegmentSizes"))
    p.attributes.set("operandSegmentSizes",
                     DenseI32ArrayAttr::get(ctx, segments));

  // Successors.
  if (!successors.is_none()) {
    for (py::handle item : successors) {
      BlockW block = item.cast<BlockW>();
      Block *raw = block.get();
      if (!dest || RootState::resolve(block.root) != dest)
        throw py::value_error("successor blocks must be in the IR the "
                              "operation is inserted into");
      p.successors.push_back(raw);
    }
  }

  // Regions.
  if (!regions.is_none()) {
    if (!py::isinstance<py::int_>(regions) || regions.cast<int64_t>() < 0)
      throw py::type_error("regions must be a number of regions");
    p.numRegions = regions.cast<unsigned>();
  } else if (info)
    p.numRegions =
        getRegionArity(*info).min + getRegionArity(*info).exact.value_or(0);

  if (info) {
    Arity operandArity = getOperandArity(*info);
    if (!operandArity.accepts(p.operands.size()))
      throw py::type_error("'" + name + "' takes " + operandArity.describe() +
                           " operands, got " +
                           std::to_string(p.operands.size()));
    Arity regionArity = getRegionArity(*info);
    if (!regionArity.accepts(p.numRegions))
      throw py::type_error("'" + name + "' has " + regionArity.describe() +
                           " regions, got " + std::to_string(p.numRegions));
    // ODS's check of the attribute kinds and constraints.
    DiagnosticCapture capture(ctx);
    NamedAttrList attrs = p.attributes;
    if (failed(info->verifyInherentAttrs(attrs, [&]() {
          return mlir::emitError(p.location) << "'" << name << "' op ";
        })))
      capture.raise("Invalid attributes for '" + name + "'");
  }

  // Result types.
  SmallVector<Type> types;
  if (!results.is_none()) {
    for (py::handle t : results)
      types.push_back(toType(t, "result type", ctx));
  } else if (inferType) {
    types = inferResultTypes(p);
  }
  if (info) {
    Arity resultArity = getResultArity(*info);
    if (!resultArity.accepts(types.size()))
      throw py::type_error("'" + name + "' has " + resultArity.describe() +
                           " results, got " + std::to_string(types.size()) +
                           " result types" +
                           (results.is_none() && !inferType
                                ? " (pass results= or infer_type=True)"
                                : ""));
  }

  // Create, then make sure every inherent attribute we set was taken (a
  // property of another kind silently drops the value otherwise).
  Operation *op = p.create(types);
  for (NamedAttribute attr : p.attributes) {
    if (op->getAttr(attr.getName()) != attr.getValue()) {
      op->destroy();
      throw py::type_error("attribute '" + attr.getName().str() + "' of '" +
                           name + "' cannot hold " +
                           printToString(attr.getValue()));
    }
  }

  RootRef owner = dest;
  if (insertion) {
    Block::iterator it;
    try {
      it = insertion->getIterator();
    } catch (...) {
      op->destroy();
      throw;
    }
    insertion->block.block->getOperations().insert(it, op);
  } else {
    owner = std::make_shared<RootState>(context, op);
  }
  OperationW handle(IRRef(owner), op);

  // Verify what is complete now.
  if (p.numRegions == 0 && info) {
    DiagnosticCapture capture(ctx);
    if (failed(mlir::verify(op, /*verifyRecursively=*/false))) {
      if (insertion) {
        op->erase();
      } else {
        owner->owned = nullptr;
        op->destroy();
      }
      capture.raise("'" + name + "' op is invalid");
    }
    capture.warnAboutNonErrors();
  }
  return handle;
}

//===----------------------------------------------------------------------===//
// Introspection
//===----------------------------------------------------------------------===//

/// A context only for describing operations (never handed to Python).
static MLIRContext *getMetadataContext() {
  static auto *context = new ContextObj();
  return context->get();
}

static py::object arityToPy(const Arity &arity) {
  if (arity.exact)
    return py::int_(*arity.exact);
  return py::none();
}

static py::dict describeOperation(const std::string &name) {
  MLIRContext *ctx = getMetadataContext();
  ctx->getOrLoadDialect(StringRef(name).split('.').first);
  std::optional<RegisteredOperationName> info =
      RegisteredOperationName::lookup(name, ctx);
  if (!info)
    throw py::value_error("unknown operation '" + name + "'");
  py::dict d;
  d["name"] = name;
  d["dialect"] = info->getDialectNamespace().str();
  std::vector<std::string> attrNames;
  for (StringAttr attr : info->getAttributeNames())
    attrNames.push_back(attr.str());
  d["attributes"] = attrNames;
  py::dict defaults;
  for (NamedAttribute attr : getDefaultAttributes(*info, ctx))
    defaults[py::str(attr.getName().str())] = printToString(attr.getValue());
  d["defaults"] = defaults;
  Arity operands = getOperandArity(*info), results = getResultArity(*info),
        regions = getRegionArity(*info);
  d["num_operands"] = arityToPy(operands);
  d["min_operands"] = operands.min;
  d["num_results"] = arityToPy(results);
  d["min_results"] = results.min;
  d["num_regions"] = arityToPy(regions);
  d["infers_result_types"] = info->hasInterface<InferTypeOpInterface>();
  d["attr_sized_operand_segments"] =
      RNG_HAS_TRAIT(*info, AttrSizedOperandSegments);
  d["is_terminator"] = RNG_HAS_TRAIT(*info, IsTerminator);
  d["rng_dialect"] = isRngDialectOp(OperationName(name, ctx));
  d["elementwise"] = RNG_HAS_TRAIT(*info, Elementwise);
  return d;
}

void rng_python::populateOpBuilders(py::module_ &m) {
  m.def("_op_info", &describeOperation, py::arg("name"),
        "What MLIR knows about a registered operation: inherent attributes "
        "and their defaults, operand/result/region counts (None: "
        "variadic), whether it infers its result types.");
  m.def(
      "_dialect_operations",
      [](const std::string &dialect) {
        MLIRContext *ctx = getMetadataContext();
        if (!ctx->getOrLoadDialect(dialect))
          return std::vector<std::string>();
        return getDialectOperationNames(ctx, dialect);
      },
      py::arg("dialect"),
      "Names of the operations registered by `dialect` (empty if no such "
      "dialect is registered).");
}
