//===- ExecutionEngine.cpp - Python bindings: rng_mlir.execution_engine ---===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// JIT-compiles a module in the LLVM dialect with mlir::ExecutionEngine and
// calls its functions with numpy arrays and Python numbers.
//
// Calls go through the ExecutionEngine's packed wrapper `_mlir_<name>`
// (generated for every public function), which takes one pointer per
// parameter of the function's *lowered* signature. A memref argument of
// rank r was lowered to the r+3... fields of its descriptor
// (allocated ptr, aligned ptr, offset, sizes[r], strides[r]), so `invoke`
// walks the lowered signature, builds a descriptor over each numpy array's
// own buffer (kernels write results straight into the array) and converts
// each Python number to the width of its parameter. The lowered signature is
// read from the module when the engine is created, so mismatched arguments
// raise TypeError instead of corrupting memory. Static memref sizes are not
// in the lowered signature: when a PassManager run from Python lowered the
// module, its root recorded the types the functions had before each pass
// (RootState::sourceSignatures), and arrays are checked against those.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/TargetSelect.h"

#include <pybind11/numpy.h>

#include <cstdio>
#include <cstring>
#include <mutex>

using namespace mlir;
using namespace rng_python;

namespace {
/// One parameter or result of a lowered function, as far as `invoke` cares.
struct Slot {
  /// NarrowFloat: an 8-bit or narrower float (f8*, f6*, f4) that the
  /// lowering turned into an integer of `width` bits; known only from the
  /// source types (attachSourceTypes), otherwise such a slot is an Integer.
  enum Kind {
    Pointer,
    Integer,
    NarrowFloat,
    F16,
    BF16,
    F32,
    F64,
    Unsupported
  } kind;
  unsigned width = 0; // integers and narrow floats: bits
  std::string text;   // the LLVM dialect type, for messages
  Type element;       // pointers: the element type accessed through it;
                      // narrow floats: the float type

  unsigned size() const {
    switch (kind) {
    case Pointer:
    case F64:
      return 8;
    case F32:
      return 4;
    case F16:
    case BF16:
      return 2;
    case Integer:
    case NarrowFloat:
      return width <= 8 ? 1 : width <= 16 ? 2 : width <= 32 ? 4 : 8;
    case Unsupported:
      return 0;
    }
    return 0;
  }
};

struct Signature {
  std::vector<Slot> params;
  /// The memref each memref descriptor of `params` was lowered from, by the
  /// index of its first (allocated pointer) parameter; empty when the
  /// function's source types are unknown (see attachSourceTypes).
  llvm::DenseMap<size_t, MemRefType> memrefs;
  std::vector<Slot> results; // the fields of a returned struct, or one
  bool isPublic = true;
  std::string text;
};

struct ExecutionEngineW {
  ContextRef context;
  std::unique_ptr<ExecutionEngine> engine;
  llvm::StringMap<Signature> functions;
};
} // namespace

static Slot toSlot(Type type) {
  Slot slot{Slot::Unsupported, 0, printToString(type)};
  if (isa<LLVM::LLVMPointerType>(type))
    slot.kind = Slot::Pointer;
  else if (auto intType = dyn_cast<IntegerType>(type)) {
    if (intType.getWidth() <= 64) {
      slot.kind = Slot::Integer;
      slot.width = intType.getWidth();
    }
  } else if (type.isF16())
    slot.kind = Slot::F16;
  else if (type.isBF16())
    slot.kind = Slot::BF16;
  else if (type.isF32())
    slot.kind = Slot::F32;
  else if (type.isF64())
    slot.kind = Slot::F64;
  return slot;
}

/// The element type that the function accesses memory through `pointer`
/// (a parameter) as: the element type of the GEPs based on it and the
/// types loaded or stored through it, followed through the memref
/// descriptor structs that func-to-llvm builds (insertvalue, then
/// extractvalue at the same position). Null when there is no such access
/// or the accesses disagree (e.g. the pointer is passed to another call).
static Type accessedElementType(Value pointer) {
  Type found;
  bool conflict = false;
  auto note = [&](Type type) {
    if (auto vector = dyn_cast<VectorType>(type))
      type = vector.getElementType();
    if (!found)
      found = type;
    else if (found != type)
      conflict = true;
  };
  SmallVector<Value> work{pointer};
  llvm::DenseSet<Value> seen;
  while (!work.empty()) {
    Value value = work.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (auto gep = dyn_cast<LLVM::GEPOp>(user)) {
        if (gep.getBase() == value)
          note(gep.getElemType());
      } else if (auto load = dyn_cast<LLVM::LoadOp>(user)) {
        note(load.getType());
      } else if (auto store = dyn_cast<LLVM::StoreOp>(user)) {
        if (store.getAddr() == value)
          note(store.getValue().getType());
      } else if (auto insert = dyn_cast<LLVM::InsertValueOp>(user)) {
        if (insert.getValue() != value)
          continue;
        ArrayRef<int64_t> position = insert.getPosition();
        SmallVector<Value> structs{insert.getResult()};
        while (!structs.empty()) {
          Value aggregate = structs.pop_back_val();
          for (Operation *next : aggregate.getUsers()) {
            if (auto more = dyn_cast<LLVM::InsertValueOp>(next)) {
              if (more.getContainer() == aggregate &&
                  more.getPosition() != position)
                structs.push_back(more.getResult());
            } else if (auto extract = dyn_cast<LLVM::ExtractValueOp>(next)) {
              if (extract.getPosition() == position)
                work.push_back(extract.getResult());
            }
          }
        }
      }
    }
  }
  return conflict ? Type() : found;
}

static Signature getSignature(LLVM::LLVMFuncOp func) {
  Signature sig;
  LLVM::LLVMFunctionType type = func.getFunctionType();
  sig.text = printToString(Type(type));
  for (Type param : type.getParams())
    sig.params.push_back(toSlot(param));
  if (!func.isExternal())
    for (auto [slot, arg] : llvm::zip(sig.params, func.getArguments()))
      if (slot.kind == Slot::Pointer)
        slot.element = accessedElementType(arg);
  Type result = type.getReturnType();
  if (auto structType = dyn_cast<LLVM::LLVMStructType>(result)) {
    for (Type field : structType.getBody())
      sig.results.push_back(toSlot(field));
  } else if (!isa<LLVM::LLVMVoidType>(result)) {
    sig.results.push_back(toSlot(result));
  }
  LLVM::Linkage linkage = func.getLinkage();
  sig.isPublic =
      linkage != LLVM::Linkage::Private && linkage != LLVM::Linkage::Internal;
  return sig;
}

/// The number of parameters that func-to-llvm's default calling convention
/// lowers a parameter of `type` to, or 0 when not known here.
static size_t getLoweredParamCount(Type type) {
  if (auto memref = dyn_cast<MemRefType>(type))
    return 3 + 2 * memref.getRank();
  if (isa<UnrankedMemRefType>(type))
    return 2;
  if (type.isIntOrIndexOrFloat())
    return 1;
  return 0;
}

/// Records in `sig` the memrefs that its descriptors were lowered from,
/// given the function's parameter types before lowering (`source`). Does
/// nothing unless the source types expand to exactly the lowered
/// parameters (e.g. not under the bare-pointer calling convention).
static void attachSourceTypes(Signature &sig, FunctionType function) {
  // Scalar floats of 8 bits or fewer became integers of their width.
  auto markNarrowFloat = [](Slot &slot, Type source) {
    auto floatType = dyn_cast<FloatType>(source);
    if (floatType && floatType.getWidth() <= 8 && slot.kind == Slot::Integer &&
        slot.width == floatType.getWidth()) {
      slot.kind = Slot::NarrowFloat;
      slot.element = floatType;
      slot.text = printToString(source) + " (" + slot.text + ")";
    }
  };
  if (function.getNumResults() == sig.results.size())
    for (auto [slot, type] : llvm::zip(sig.results, function.getResults()))
      markNarrowFloat(slot, type);
  llvm::DenseMap<size_t, MemRefType> memrefs;
  SmallVector<std::pair<size_t, Type>> scalars;
  size_t cursor = 0;
  for (Type type : function.getInputs()) {
    size_t count = getLoweredParamCount(type);
    if (count == 0 || cursor + count > sig.params.size())
      return;
    if (auto memref = dyn_cast<MemRefType>(type)) {
      if (sig.params[cursor].kind != Slot::Pointer ||
          sig.params[cursor + 1].kind != Slot::Pointer)
        return;
      for (size_t i = 2; i < count; ++i)
        if (sig.params[cursor + i].kind != Slot::Integer ||
            sig.params[cursor + i].width != 64)
          return;
      memrefs[cursor] = memref;
    } else if (count == 1) {
      if (sig.params[cursor].kind == Slot::Pointer)
        return;
      scalars.push_back({cursor, type});
    }
    cursor += count;
  }
  if (cursor != sig.params.size())
    return;
  sig.memrefs = std::move(memrefs);
  for (auto [index, type] : scalars)
    markNarrowFloat(sig.params[index], type);
}

/// "(2, 3)" for numpy's shape of `array`.
static std::string describeShape(const py::array &array) {
  std::string text = "(";
  for (ssize_t d = 0; d < array.ndim(); ++d)
    text += (d ? ", " : "") + std::to_string(array.shape(d));
  return text + (array.ndim() == 1 ? ",)" : ")");
}

/// "(2, n)" for a memref's shape, n for each dynamic size.
static std::string describeShape(MemRefType memref) {
  std::string text = "(";
  for (auto [d, size] : llvm::enumerate(memref.getShape()))
    text += (d ? ", " : "") +
            (ShapedType::isDynamic(size) ? "n" : std::to_string(size));
  return text + (memref.getRank() == 1 ? ",)" : ")");
}

/// The numpy dtype(s) holding `element` (as invoke's doc lists them), or
/// "" when invoke does not check the type.
static std::string dtypeFor(Type element) {
  if (!element.isIntOrFloat())
    return "";
  if (auto intType = dyn_cast<IntegerType>(element)) {
    unsigned w = intType.getWidth();
    if (w == 1)
      return "bool";
    if (w == 8 || w == 16 || w == 32 || w == 64)
      return "int" + std::to_string(w) + " or uint" + std::to_string(w);
    if (w < 8)
      return "uint8 (the integer's bits)";
    return "";
  }
  if (element.isF16())
    return "float16";
  if (element.isBF16())
    return "uint16 (bf16 bits)";
  if (element.isF32())
    return "float32";
  if (element.isF64())
    return "float64";
  if (auto floatType = dyn_cast<FloatType>(element))
    if (floatType.getWidth() <= 8)
      return "uint8 (the float's bits)";
  return "";
}

/// Whether an array of `dtype` can hold the memref's `element`s: the item
/// sizes agree (a same-sized dtype reads the bits, e.g. uint32 for f32).
static bool dtypeMatches(Type element, py::dtype dtype) {
  unsigned bits = element.getIntOrFloatBitWidth();
  unsigned bytes = bits <= 8 ? 1 : (bits + 7) / 8;
  return dtype.itemsize() == static_cast<ssize_t>(bytes);
}

static void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

static std::string describeParams(const Signature &sig) {
  std::string text;
  for (auto [i, slot] : llvm::enumerate(sig.params))
    text += (i ? ", " : "") + slot.text;
  return "(" + text + ")";
}

/// Stores Python number `value` into `slot`'s storage at `dst`.
static void storeScalar(const Slot &slot, py::handle value, void *dst,
                        const std::string &what) {
  if (slot.kind == Slot::Integer) {
    if (!PyIndex_Check(value.ptr()))
      throw py::type_error(
          what + ": expected an integer for " + slot.text + ", got " +
          std::string(py::str(py::type::handle_of(value).attr("__name__"))));
    py::int_ number =
        py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
    int overflow = 0;
    long long asSigned = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
    uint64_t bits;
    bool fits;
    unsigned w = slot.width;
    if (!overflow) {
      bits = static_cast<uint64_t>(asSigned);
      fits = w >= 64 || (asSigned >= -(1LL << (w - 1)) &&
                         (asSigned < 0 || static_cast<uint64_t>(asSigned) <
                                              (uint64_t(1) << w)));
    } else {
      unsigned long long asUnsigned = PyLong_AsUnsignedLongLong(number.ptr());
      if (PyErr_Occurred()) {
        PyErr_Clear();
        fits = false;
        bits = 0;
      } else {
        bits = asUnsigned;
        fits = w == 64;
      }
    }
    if (!fits)
      throw py::value_error(what + ": " + std::string(py::str(number)) +
                            " does not fit in " + slot.text);
    if (w < 64)
      bits &= (uint64_t(1) << w) - 1;
    std::memcpy(dst, &bits, slot.size());
    return;
  }
  if (slot.kind == Slot::NarrowFloat || slot.kind == Slot::F16 ||
      slot.kind == Slot::BF16 || slot.kind == Slot::F32 ||
      slot.kind == Slot::F64) {
    if (py::isinstance<py::array>(value) || py::isinstance<py::str>(value))
      throw py::type_error(what + ": expected a number for " + slot.text);
    double number = PyFloat_AsDouble(value.ptr());
    if (PyErr_Occurred()) {
      PyErr_Clear();
      throw py::type_error(what + ": expected a number for " + slot.text);
    }
    if (slot.kind == Slot::F64) {
      std::memcpy(dst, &number, 8);
      return;
    }
    if (slot.kind == Slot::F32) {
      float f = static_cast<float>(number);
      std::memcpy(dst, &f, 4);
      return;
    }
    llvm::APFloat f(number);
    bool losesInfo;
    f.convert(slot.kind == Slot::F16 ? llvm::APFloat::IEEEhalf()
              : slot.kind == Slot::BF16
                  ? llvm::APFloat::BFloat()
                  : cast<FloatType>(slot.element).getFloatSemantics(),
              llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    uint64_t bits = f.bitcastToAPInt().getZExtValue();
    std::memcpy(dst, &bits, slot.size()); // little-endian host
    return;
  }
  if (slot.kind == Slot::Pointer)
    throw py::type_error(
        what + ": the function expects a memref (a numpy array) here, got " +
        (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)
             ? std::string("a Python ") +
                   std::string(
                       py::str(py::type::handle_of(value).attr("__name__"))) +
                   " (pass numpy.array(...) with the memref's dtype)"
         : value.is_none()
             ? std::string("None")
             : std::string("a scalar (") +
                   std::string(
                       py::str(py::type::handle_of(value).attr("__name__"))) +
                   ")"));
  throw py::type_error(what + ": parameters of type " + slot.text +
                       " are not supported by invoke");
}

static py::object loadScalar(const Slot &slot, const char *src) {
  switch (slot.kind) {
  case Slot::Integer: {
    uint64_t bits = 0;
    std::memcpy(&bits, src, slot.size());
    unsigned w = slot.width;
    if (w == 1)
      return py::bool_(bits & 1);
    if (w < 64) {
      bits &= (uint64_t(1) << w) - 1;
      // Sign-extend: integers are signless; return them as signed.
      if (bits >> (w - 1))
        bits |= ~((uint64_t(1) << w) - 1);
    }
    return py::int_(static_cast<int64_t>(bits));
  }
  case Slot::F32: {
    float f;
    std::memcpy(&f, src, 4);
    return py::float_(f);
  }
  case Slot::F64: {
    double d;
    std::memcpy(&d, src, 8);
    return py::float_(d);
  }
  case Slot::NarrowFloat:
  case Slot::F16:
  case Slot::BF16: {
    uint64_t bits = 0;
    std::memcpy(&bits, src, slot.size()); // little-endian host
    unsigned width = slot.kind == Slot::NarrowFloat ? slot.width : 16;
    llvm::APFloat f(slot.kind == Slot::F16 ? llvm::APFloat::IEEEhalf()
                    : slot.kind == Slot::BF16
                        ? llvm::APFloat::BFloat()
                        : cast<FloatType>(slot.element).getFloatSemantics(),
                    llvm::APInt(width, bits & ((uint64_t(1) << width) - 1)));
    bool losesInfo;
    f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
              &losesInfo);
    return py::float_(f.convertToDouble());
  }
  default:
    throw py::type_error("cannot return a value of type " + slot.text);
  }
}

static py::object invoke(ExecutionEngineW &self, const std::string &name,
                         py::args args) {
  auto it = self.functions.find(name);
  if (it == self.functions.end()) {
    std::string names;
    for (auto &entry : self.functions)
      if (entry.second.isPublic)
        names += (names.empty() ? "" : ", ") + entry.first().str();
    throw py::value_error("no function '" + name +
                          "' in the module (public functions: " + names + ")");
  }
  const Signature &sig = it->second;
  if (!sig.isPublic)
    throw py::value_error("function '" + name +
                          "' is private; only public functions can be "
                          "invoked");

  // One 8-byte-aligned, 16-byte cell per lowered parameter.
  std::vector<std::array<uint64_t, 2>> cells(sig.params.size(), {0, 0});
  std::vector<void *> packed;
  size_t cursor = 0;
  auto expected = [&]() {
    return "; '" + name + "' takes " + describeParams(sig) +
           " after lowering (a memref of rank r is a ptr, a ptr and 1 + 2r "
           "i64)";
  };
  for (auto [index, arg] : llvm::enumerate(args)) {
    std::string what = "argument " + std::to_string(index);
    if (cursor >= sig.params.size())
      throw py::type_error("too many arguments: " +
                           std::to_string(args.size()) + " given" + expected());
    if (py::isinstance<py::array>(arg)) {
      py::array array = py::reinterpret_borrow<py::array>(arg);
      size_t rank = array.ndim();
      // The memref this descriptor was lowered from, when known: its rank
      // and static sizes (which the lowered code uses instead of the
      // descriptor's) must be the array's.
      auto source = sig.memrefs.find(cursor);
      if (source != sig.memrefs.end()) {
        MemRefType memref = source->second;
        if (memref.getRank() != static_cast<int64_t>(rank))
          throw py::type_error(
              what + ": got a numpy array of rank " + std::to_string(rank) +
              ", but the parameter is " + printToString(Type(memref)) +
              " (before lowering), of rank " +
              std::to_string(memref.getRank()));
        bool sameSizes = true;
        for (size_t d = 0; d < rank; ++d)
          sameSizes &= ShapedType::isDynamic(memref.getDimSize(d)) ||
                       memref.getDimSize(d) == array.shape(d);
        if (!sameSizes)
          throw py::value_error(
              what + ": the parameter is " + printToString(Type(memref)) +
              " (before lowering), which needs an array of shape " +
              describeShape(memref) +
              (memref.hasStaticShape() ? "" : " (n: any size)") +
              ", but the array has shape " + describeShape(array) +
              " (the lowered code uses the memref's static sizes, not the "
              "array's)");
        // A strided layout's static strides and offset are also the
        // lowered code's own; invoke passes the array at offset 0.
        SmallVector<int64_t> strides;
        int64_t offset = 0;
        if (!memref.getLayout().isIdentity() &&
            succeeded(memref.getStridesAndOffset(strides, offset))) {
          bool sameLayout = ShapedType::isDynamic(offset) || offset == 0;
          for (size_t d = 0; sameLayout && d < rank; ++d)
            sameLayout = ShapedType::isDynamic(strides[d]) ||
                         array.shape(d) <= 1 ||
                         strides[d] * array.itemsize() == array.strides(d);
          if (!sameLayout)
            throw py::value_error(
                what + ": the parameter is " + printToString(Type(memref)) +
                " (before lowering), whose static strides or offset the "
                "lowered code uses, but invoke passes each array C-contiguous "
                "at offset 0; only a layout with those strides (or dynamic "
                "ones) can take a numpy array");
        }
      } else if (!sig.memrefs.empty()) {
        throw py::type_error(
            what + ": got a numpy array of rank " + std::to_string(rank) +
            ", but the parameter here is not a memref" + expected());
      }
      size_t need = 3 + 2 * rank;
      bool matches = cursor + need <= sig.params.size() &&
                     sig.params[cursor].kind == Slot::Pointer &&
                     sig.params[cursor + 1].kind == Slot::Pointer;
      for (size_t i = 2; matches && i < need; ++i)
        matches = sig.params[cursor + i].kind == Slot::Integer &&
                  sig.params[cursor + i].width == 64;
      if (!matches)
        throw py::type_error(what + ": got a numpy array of rank " +
                             std::to_string(rank) +
                             ", but the function has no memref of that rank "
                             "here" +
                             expected());
      if (!array.writeable())
        throw py::value_error(what + ": the array is read-only (kernels may "
                                     "write to their memrefs); pass a copy");
      // A memref with the default (identity) layout is contiguous: its
      // lowered code ignores the strides of the descriptor.
      if (!(array.flags() & py::array::c_style))
        throw py::value_error(what + ": the array is not C-contiguous (a "
                                     "memref with the default layout is); "
                                     "pass np.ascontiguousarray(a) and read "
                                     "results from that");
      ssize_t itemsize = array.itemsize();
      // The lowered signature has no element type: check the array's dtype
      // against how the function accesses the memref (a wrong item size
      // would let the kernel write past the array).
      Type element = sig.params[cursor + 1].element
                         ? sig.params[cursor + 1].element
                         : sig.params[cursor].element;
      if (source != sig.memrefs.end() &&
          source->second.getElementType().isIntOrFloat())
        element = source->second.getElementType();
      if (element) {
        std::string expectedDtype = dtypeFor(element);
        // LLVM pads such elements to its own alloc size (i13: 2 bytes, i33:
        // 8), which no numpy dtype states: refused rather than guessed.
        if (expectedDtype.empty() && element.isIntOrFloat())
          throw py::type_error(
              what + ": invoke does not pass memrefs of " +
              printToString(element) +
              " (no numpy dtype has its layout); use a memref of i1, i8, "
              "i16, i32, i64 or a float type, or a width up to 8 bits");
        if (!expectedDtype.empty() && !dtypeMatches(element, array.dtype()))
          throw py::type_error(
              what + ": the memref's elements are " + printToString(element) +
              ", but the array's dtype is " +
              std::string(py::str(array.dtype())) +
              "; pass an array of dtype " + expectedDtype +
              " (or another dtype of that item size, to read the bits)");
      }
      void *data = array.mutable_data();
      std::memcpy(&cells[cursor][0], &data, sizeof(void *));
      std::memcpy(&cells[cursor + 1][0], &data, sizeof(void *));
      cells[cursor + 2][0] = 0; // offset
      for (size_t d = 0; d < rank; ++d) {
        int64_t size = array.shape(d);
        int64_t stride = array.strides(d);
        if (stride % itemsize != 0)
          throw py::value_error(what + ": array strides must be multiples of "
                                       "its item size");
        int64_t elements = stride / itemsize;
        std::memcpy(&cells[cursor + 3 + d][0], &size, 8);
        std::memcpy(&cells[cursor + 3 + rank + d][0], &elements, 8);
      }
      cursor += need;
      continue;
    }
    try {
      storeScalar(sig.params[cursor], arg, &cells[cursor][0], what);
    } catch (py::type_error &e) {
      throw py::type_error(std::string(e.what()) + expected());
    }
    ++cursor;
  }
  if (cursor != sig.params.size())
    throw py::type_error("too few arguments: " + std::to_string(args.size()) +
                         " given" + expected());
  for (auto &cell : cells)
    packed.push_back(&cell[0]);

  // Results: scalars only, laid out as the C struct of the return type.
  std::vector<size_t> offsets;
  size_t resultSize = 0;
  for (const Slot &slot : sig.results) {
    if (slot.kind == Slot::Pointer || slot.kind == Slot::Unsupported)
      throw py::type_error(
          "'" + name + "' returns " + slot.text +
          (slot.kind == Slot::Pointer
               ? " (a pointer: after bufferization a function returning a "
                 "tensor or memref returns its memref descriptor)"
               : "") +
          "; invoke supports functions returning nothing or scalars. Write "
          "array results into memref arguments instead: take an output "
          "memref<...> argument and store the tensor into it with "
          "bufferization.materialize_in_destination (or read inputs with "
          "bufferization.to_tensor); docs/Python.md, 'Tensor results', "
          "shows the pattern");
    size_t align = slot.size();
    resultSize = (resultSize + align - 1) / align * align;
    offsets.push_back(resultSize);
    resultSize += slot.size();
  }
  std::vector<uint64_t> resultBuffer((resultSize + 7) / 8 + 1, 0);
  if (!sig.results.empty())
    packed.push_back(resultBuffer.data());

  llvm::Error error = llvm::Error::success();
  {
    py::gil_scoped_release release;
    error = self.engine->invokePacked(name, packed);
    // Kernels print through C stdio (vector.print): show it now, in order
    // with Python's output, also when stdout is a pipe.
    std::fflush(nullptr);
  }
  if (error)
    throw MLIRErrorException("Failed to invoke '" + name +
                             "': " + llvm::toString(std::move(error)));

  auto *bytes = reinterpret_cast<const char *>(resultBuffer.data());
  if (sig.results.empty())
    return py::none();
  if (sig.results.size() == 1)
    return loadScalar(sig.results[0], bytes);
  py::tuple values(sig.results.size());
  for (size_t i = 0; i < sig.results.size(); ++i)
    values[i] = loadScalar(sig.results[i], bytes + offsets[i]);
  return values;
}

void rng_python::populateExecutionEngine(py::module_ &m) {
  py::class_<ExecutionEngineW>(m, "ExecutionEngine",
                               "JIT-compiles a module in the LLVM dialect for "
                               "the host CPU.")
      .def(py::init([](py::object module, int optLevel,
                       std::vector<std::string> sharedLibs,
                       bool enableObjectDump) {
             OperationW handle = toOperation(module);
             Operation *op = handle.get();
             if (optLevel < 0 || optLevel > 3)
               throw py::value_error("opt_level must be in [0, 3]");
             initializeNativeTarget();
             ExecutionEngineW self;
             self.context = handle.current().root->context;
             DiagnosticCapture capture(op->getContext());
             if (failed(mlir::verify(op)))
               capture.raise("The module is invalid");
             auto moduleOp = dyn_cast<ModuleOp>(op);
             if (!moduleOp)
               throw py::type_error("ExecutionEngine needs a builtin.module, "
                                    "got '" +
                                    op->getName().getStringRef().str() + "'");
             // The types the functions were lowered from, when a pass
             // pipeline run from Python lowered this module.
             RootRef root = RootState::resolve(handle.root);
             const llvm::StringMap<FunctionType> *sources =
                 root->owned == op ? &root->sourceSignatures : nullptr;
             for (auto func : moduleOp.getOps<LLVM::LLVMFuncOp>()) {
               if (func.isExternal())
                 continue;
               Signature sig = getSignature(func);
               if (sources) {
                 auto source = sources->find(func.getName());
                 if (source != sources->end())
                   attachSourceTypes(sig, source->second);
               }
               self.functions[func.getName()] = std::move(sig);
             }
             // GPU code would abort the process in the host's instruction
             // selection: refuse it here.
             op->walk([&](Operation *nested) {
               StringRef dialect = nested->getDialect()
                                       ? nested->getDialect()->getNamespace()
                                       : StringRef();
               StringRef intrinsic;
               if (auto call = dyn_cast<LLVM::CallIntrinsicOp>(nested))
                 intrinsic = call.getIntrin();
               if (dialect == "nvvm" || dialect == "rocdl" ||
                   intrinsic.starts_with("llvm.nvvm.") ||
                   intrinsic.starts_with("llvm.amdgcn."))
                 throw py::value_error(
                     "the module holds GPU code ('" +
                     (intrinsic.empty() ? nested->getName().getStringRef()
                                        : intrinsic)
                         .str() +
                     "'), which the CPU JIT cannot compile: lower host code "
                     "with rng-to-llvm alone, not after "
                     "convert-rng-to-nvvm or convert-round-to-nvvm/rocdl");
             });
             std::function<llvm::Error(llvm::Module *)> transformer =
                 makeOptimizingTransformer(optLevel, /*sizeLevel=*/0,
                                           /*targetMachine=*/nullptr);
             // LLVM only prints a warning for a library it cannot load and
             // goes on: refuse it here, naming the path and the reason.
             for (const std::string &lib : sharedLibs) {
               std::string why;
               if (!llvm::sys::DynamicLibrary::getPermanentLibrary(lib.c_str(),
                                                                   &why)
                        .isValid())
                 throw py::value_error("shared_libs: cannot load '" + lib +
                                       "': " + why);
             }
             SmallVector<StringRef> libs(sharedLibs.begin(), sharedLibs.end());
             ExecutionEngineOptions options;
             options.transformer = transformer;
             options.jitCodeGenOptLevel =
                 static_cast<llvm::CodeGenOptLevel>(optLevel);
             options.sharedLibPaths = libs;
             options.enableObjectDump = enableObjectDump;
             auto engine = ExecutionEngine::create(op, options);
             if (!engine)
               capture.raise("Failed to create the ExecutionEngine: " +
                             llvm::toString(engine.takeError()) +
                             " (is the module lowered to the LLVM dialect, "
                             "e.g. with the rng-to-llvm pipeline?)");
             capture.warnAboutNonErrors();
             self.engine = std::move(*engine);
             // The JIT would report unresolved functions at the first call,
             // with the names only on stderr: check them here.
             std::string unresolved;
             for (auto func : moduleOp.getOps<LLVM::LLVMFuncOp>())
               if (func.isExternal() &&
                   !llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(
                       func.getName().str()))
                 unresolved += " " + func.getName().str();
             if (!unresolved.empty())
               throw MLIRErrorException(
                   "The module calls functions that are neither defined in "
                   "it nor loaded in the process:" +
                   unresolved +
                   " (load their libraries with shared_libs=, e.g. "
                   "RUNNER_UTILS for vector.print)");
             return self;
           }),
           py::arg("module"), py::arg("opt_level") = 2,
           py::arg("shared_libs") = std::vector<std::string>(),
           py::arg("enable_object_dump") = false,
           "Translates `module` (lowered to the LLVM dialect) to LLVM IR, "
           "optimizes it at `opt_level` and JIT-compiles it, loading "
           "`shared_libs` (e.g. RUNNER_UTILS for printing).")
      .def("invoke", &invoke, py::arg("name"),
           R"(Calls function `name` of the module.

Arguments follow the function's parameters: a numpy array for each memref
(C-contiguous, of the memref's rank and, when a PassManager run lowered
the module, of its static sizes; its dtype must match the memref element type, e.g.
np.uint16 for bf16, or have its item size to read the bits; a wrong item size is
a TypeError; results are written into it), a Python number for each
integer, index or float scalar. Returns None, the result, or a tuple of
results (integers as signed Python ints, i1 as bool).)")
      .def_property_readonly(
          "functions",
          [](ExecutionEngineW &self) {
            py::dict functions;
            for (auto &entry : self.functions)
              if (entry.second.isPublic)
                functions[py::str(entry.first().str())] = entry.second.text;
            return functions;
          },
          "Public functions and their lowered LLVM signatures.")
      .def(
          "raw_lookup",
          [](ExecutionEngineW &self, const std::string &name) {
            auto fn = self.engine->lookupPacked(name);
            if (!fn)
              throw py::value_error(llvm::toString(fn.takeError()));
            return reinterpret_cast<uintptr_t>(*fn);
          },
          py::arg("name"),
          "Address of the packed wrapper `void _mlir_<name>(void **)`.")
      .def(
          "dump_to_object_file",
          [](ExecutionEngineW &self, const std::string &path) {
            self.engine->dumpToObjectFile(path);
          },
          py::arg("path"),
          "Writes the compiled object (needs enable_object_dump=True).");
}
