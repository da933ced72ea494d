//===- IRAttributes.cpp - Python bindings: builtin attributes -------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `rng_mlir.ir.Attribute` and the builtin attribute classes programs need,
// named as in upstream MLIR's Python bindings. Attributes are handed to
// Python as their most specific class.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallString.h"

#include <pybind11/numpy.h>

using namespace mlir;
using namespace rng_python;

namespace {
struct IntegerAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct BoolAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct FloatAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct UnitAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct StringAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct TypeAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct ArrayAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct DictAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct FlatSymbolRefAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct SymbolRefAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct DenseI32ArrayAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct DenseI64ArrayAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct DenseElementsAttrW : AttributeW {
  using AttributeW::AttributeW;
};
struct DenseIntElementsAttrW : DenseElementsAttrW {
  using DenseElementsAttrW::DenseElementsAttrW;
};
struct DenseFPElementsAttrW : DenseElementsAttrW {
  using DenseElementsAttrW::DenseElementsAttrW;
};
} // namespace

py::object rng_python::wrapAttribute(Attribute attr) {
  if (!attr)
    return py::none();
  // BoolAttr is an IntegerAttr of type i1: test it first.
  if (isa<BoolAttr>(attr))
    return py::cast(BoolAttrW(attr));
  if (isa<IntegerAttr>(attr))
    return py::cast(IntegerAttrW(attr));
  if (isa<FloatAttr>(attr))
    return py::cast(FloatAttrW(attr));
  if (isa<UnitAttr>(attr))
    return py::cast(UnitAttrW(attr));
  if (isa<StringAttr>(attr))
    return py::cast(StringAttrW(attr));
  if (isa<TypeAttr>(attr))
    return py::cast(TypeAttrW(attr));
  if (isa<ArrayAttr>(attr))
    return py::cast(ArrayAttrW(attr));
  if (isa<DictionaryAttr>(attr))
    return py::cast(DictAttrW(attr));
  if (isa<FlatSymbolRefAttr>(attr))
    return py::cast(FlatSymbolRefAttrW(attr));
  if (isa<SymbolRefAttr>(attr))
    return py::cast(SymbolRefAttrW(attr));
  if (isa<DenseI32ArrayAttr>(attr))
    return py::cast(DenseI32ArrayAttrW(attr));
  if (isa<DenseI64ArrayAttr>(attr))
    return py::cast(DenseI64ArrayAttrW(attr));
  if (isa<DenseIntElementsAttr>(attr))
    return py::cast(DenseIntElementsAttrW(attr));
  if (isa<DenseFPElementsAttr>(attr))
    return py::cast(DenseFPElementsAttrW(attr));
  if (isa<DenseElementsAttr>(attr))
    return py::cast(DenseElementsAttrW(attr));
  return py::cast(AttributeW(attr));
}

template <typename MlirT, typename WrapperT, typename... Bases>
static py::class_<WrapperT, Bases...> defineAttrClass(py::module_ &m,
                                                      const char *name) {
  py::class_<WrapperT, Bases...> cls(m, name);
  std::string pyName = name;
  cls.def(py::init([pyName](const AttributeW &attr) {
            if (!isa<MlirT>(attr.attr))
              throw py::value_error("Cannot cast attribute to " + pyName +
                                    " (from " + printToString(attr.attr) + ")");
            return WrapperT(attr.attr);
          }),
          py::arg("cast_from_attr"));
  cls.def_static(
      "isinstance",
      [](const AttributeW &attr) { return isa<MlirT>(attr.attr); },
      py::arg("other"));
  return cls;
}

/// The APInt of `width` bits for Python integer `value`, accepting both the
/// signed and the unsigned range of that width.
static APInt toAPInt(py::int_ value, unsigned width) {
  // Go through the decimal text: Python integers are unbounded.
  std::string text = py::str(value);
  bool negative = !text.empty() && text[0] == '-';
  StringRef digits = negative ? StringRef(text).drop_front() : StringRef(text);
  if (digits.size() > 40)
    throw py::value_error("integer " + text + " does not fit in " +
                          std::to_string(width) + " bits");
  // 40 decimal digits need at most 133 bits.
  APInt magnitude(width + 140, digits, 10);
  // Reject anything outside [-2^(w-1), 2^w).
  unsigned active = magnitude.getActiveBits();
  bool fits =
      negative ? (active < width || (active == width && magnitude.isPowerOf2()))
               : active <= width;
  if (!fits)
    throw py::value_error("integer " + text + " does not fit in " +
                          std::to_string(width) + " bits");
  APInt result = magnitude.trunc(width);
  return negative ? -result : result;
}

static py::int_ toPyInt(const APInt &value, bool isSigned) {
  SmallString<32> text;
  value.toString(text, 10, isSigned);
  return py::int_(py::reinterpret_steal<py::object>(
      PyLong_FromString(text.c_str(), nullptr, 10)));
}

/// `value` converted to an element of `type` (an integer, index or float
/// type) as an attribute.
Attribute rng_python::makeScalarAttr(Type type, py::handle value) {
  if (isa<IndexType, IntegerType>(type) && !py::isinstance<py::int_>(value))
    throw py::type_error(
        "expected an int for type " + printToString(type) + ", got " +
        std::string(py::str(py::type::handle_of(value).attr("__name__"))));
  if (isa<FloatType>(type) && !py::isinstance<py::int_>(value) &&
      !py::isinstance<py::float_>(value))
    throw py::type_error("expected a number for type " + printToString(type));
  if (isa<IndexType>(type))
    return IntegerAttr::get(type, toAPInt(value.cast<py::int_>(), 64));
  if (auto intType = dyn_cast<IntegerType>(type)) {
    if (py::isinstance<py::bool_>(value))
      return IntegerAttr::get(
          type, APInt(intType.getWidth(), value.cast<bool>() ? 1 : 0));
    return IntegerAttr::get(
        type, toAPInt(value.cast<py::int_>(), intType.getWidth()));
  }
  if (auto floatType = dyn_cast<FloatType>(type)) {
    APFloat f(value.cast<double>());
    bool losesInfo;
    f.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
              &losesInfo);
    return FloatAttr::get(type, f);
  }
  throw py::type_error("expected an integer, index or float type, got " +
                       printToString(type));
}

/// The builtin type matching numpy dtype `dtype`.
static Type getTypeForDtype(MLIRContext *ctx, py::dtype dtype, bool signless) {
  char kind = dtype.kind();
  unsigned bits = dtype.itemsize() * 8;
  if (kind == 'b')
    return IntegerType::get(ctx, 1);
  if (kind == 'i')
    return IntegerType::get(
        ctx, bits, signless ? IntegerType::Signless : IntegerType::Signed);
  if (kind == 'u')
    return IntegerType::get(
        ctx, bits, signless ? IntegerType::Signless : IntegerType::Unsigned);
  if (kind == 'f' && bits == 16)
    return Float16Type::get(ctx);
  if (kind == 'f' && bits == 32)
    return Float32Type::get(ctx);
  if (kind == 'f' && bits == 64)
    return Float64Type::get(ctx);
  throw py::type_error("unsupported numpy dtype " +
                       std::string(py::str(dtype)));
}

void rng_python::populateIRAttributes(py::module_ &m) {
  py::class_<AttributeW>(m, "Attribute", "An MLIR attribute.")
      .def_static(
          "parse",
          [](const std::string &asm_, py::object context) {
            ContextRef ctx = resolveContext(context);
            DiagnosticCapture capture(ctx->get());
            Attribute attr = parseAttribute(asm_, ctx->get());
            if (!attr)
              capture.raise("Unable to parse attribute '" + asm_ + "'");
            return wrapAttribute(attr);
          },
          py::arg("asm"), py::arg("context") = py::none())
      .def_property_readonly(
          "context", [](const AttributeW &self) { return self.context; })
      .def_property_readonly("type",
                             [](const AttributeW &self) -> py::object {
                               if (auto typed = dyn_cast<TypedAttr>(self.attr))
                                 return wrapType(typed.getType());
                               return py::none();
                             })
      .def("maybe_downcast",
           [](const AttributeW &self) { return wrapAttribute(self.attr); })
      .def("__eq__",
           [](const AttributeW &self, py::object other) {
             return py::isinstance<AttributeW>(other) &&
                    other.cast<AttributeW>().attr == self.attr;
           })
      .def("__hash__",
           [](const AttributeW &self) {
             return static_cast<size_t>(
                 llvm::hash_value(self.attr.getAsOpaquePointer()));
           })
      .def("__str__",
           [](const AttributeW &self) { return printToString(self.attr); })
      .def("__repr__", [](const AttributeW &self) {
        return "Attribute(" + printToString(self.attr) + ")";
      });

  defineAttrClass<IntegerAttr, IntegerAttrW, AttributeW>(m, "IntegerAttr")
      .def_static(
          "get",
          [](const TypeW &type, py::int_ value) {
            if (!isa<IntegerType, IndexType>(type.type))
              throw py::type_error("IntegerAttr needs an integer or index "
                                   "type, got " +
                                   printToString(type.type));
            return IntegerAttrW(makeScalarAttr(type.type, value));
          },
          py::arg("type"), py::arg("value"))
      .def_property_readonly("value", [](const IntegerAttrW &self) {
        auto attr = cast<IntegerAttr>(self.attr);
        bool isUnsigned = attr.getType().isUnsignedInteger();
        return toPyInt(attr.getValue(), !isUnsigned);
      });

  defineAttrClass<BoolAttr, BoolAttrW, AttributeW>(m, "BoolAttr")
      .def_static(
          "get",
          [](bool value, py::object context) {
            return BoolAttrW(
                BoolAttr::get(resolveContext(context)->get(), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_property_readonly("value", [](const BoolAttrW &self) {
        return cast<BoolAttr>(self.attr).getValue();
      });

  defineAttrClass<FloatAttr, FloatAttrW, AttributeW>(m, "FloatAttr")
      .def_static(
          "get",
          [](const TypeW &type, double value) {
            if (!isa<FloatType>(type.type))
              throw py::type_error("FloatAttr needs a float type, got " +
                                   printToString(type.type));
            return FloatAttrW(makeScalarAttr(type.type, py::float_(value)));
          },
          py::arg("type"), py::arg("value"))
      .def_static(
          "get_f32",
          [](double value, py::object context) {
            return FloatAttrW(FloatAttr::get(
                Float32Type::get(resolveContext(context)->get()), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_static(
          "get_f64",
          [](double value, py::object context) {
            return FloatAttrW(FloatAttr::get(
                Float64Type::get(resolveContext(context)->get()), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_property_readonly("value", [](const FloatAttrW &self) {
        return cast<FloatAttr>(self.attr).getValueAsDouble();
      });

  defineAttrClass<UnitAttr, UnitAttrW, AttributeW>(m, "UnitAttr")
      .def_static(
          "get",
          [](py::object context) {
            return UnitAttrW(UnitAttr::get(resolveContext(context)->get()));
          },
          py::arg("context") = py::none());

  defineAttrClass<StringAttr, StringAttrW, AttributeW>(m, "StringAttr")
      .def_static(
          "get",
          [](const std::string &value, py::object context) {
            return StringAttrW(
                StringAttr::get(resolveContext(context)->get(), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_property_readonly("value", [](const StringAttrW &self) {
        return cast<StringAttr>(self.attr).getValue().str();
      });

  defineAttrClass<TypeAttr, TypeAttrW, AttributeW>(m, "TypeAttr")
      .def_static(
          "get",
          [](const TypeW &type) { return TypeAttrW(TypeAttr::get(type.type)); },
          py::arg("value"))
      .def_property_readonly("value", [](const TypeAttrW &self) {
        return wrapType(cast<TypeAttr>(self.attr).getValue());
      });

  defineAttrClass<ArrayAttr, ArrayAttrW, AttributeW>(m, "ArrayAttr")
      .def_static(
          "get",
          [](std::vector<AttributeW> attrs, py::object context) {
            MLIRContext *ctx = resolveContext(context)->get();
            SmallVector<Attribute> raw;
            for (auto [i, a] : llvm::enumerate(attrs)) {
              checkAttributeContext(
                  a.attr, ctx, "ArrayAttr.get: element " + std::to_string(i));
              raw.push_back(a.attr);
            }
            return ArrayAttrW(ArrayAttr::get(ctx, raw));
          },
          py::arg("attributes"), py::arg("context") = py::none())
      .def("__len__",
           [](const ArrayAttrW &self) {
             return cast<ArrayAttr>(self.attr).size();
           })
      .def("__getitem__",
           [](const ArrayAttrW &self, int64_t index) {
             auto array = cast<ArrayAttr>(self.attr);
             int64_t size = array.size();
             if (index < 0)
               index += size;
             if (index < 0 || index >= size)
               throw py::index_error("ArrayAttr index out of range");
             return wrapAttribute(array[index]);
           })
      .def("__iter__", [](const ArrayAttrW &self) {
        py::list items;
        for (Attribute a : cast<ArrayAttr>(self.attr))
          items.append(wrapAttribute(a));
        return py::iter(items);
      });

  defineAttrClass<DictionaryAttr, DictAttrW, AttributeW>(m, "DictAttr")
      .def_static(
          "get",
          [](py::dict values, py::object context) {
            MLIRContext *ctx = resolveContext(context)->get();
            SmallVector<NamedAttribute> attrs;
            for (auto item : values) {
              auto name = item.first.cast<std::string>();
              Attribute value = item.second.cast<AttributeW>().attr;
              checkAttributeContext(value, ctx,
                                    "DictAttr.get: entry '" + name + "'");
              attrs.emplace_back(StringAttr::get(ctx, name), value);
            }
            return DictAttrW(DictionaryAttr::get(ctx, attrs));
          },
          py::arg("value") = py::dict(), py::arg("context") = py::none())
      .def("__len__",
           [](const DictAttrW &self) {
             return cast<DictionaryAttr>(self.attr).size();
           })
      .def("__contains__",
           [](const DictAttrW &self, const std::string &name) {
             return static_cast<bool>(
                 cast<DictionaryAttr>(self.attr).get(name));
           })
      .def("__getitem__", [](const DictAttrW &self, const std::string &name) {
        Attribute attr = cast<DictionaryAttr>(self.attr).get(name);
        if (!attr)
          throw py::key_error(name);
        return wrapAttribute(attr);
      });

  defineAttrClass<FlatSymbolRefAttr, FlatSymbolRefAttrW, AttributeW>(
      m, "FlatSymbolRefAttr")
      .def_static(
          "get",
          [](const std::string &value, py::object context) {
            return FlatSymbolRefAttrW(
                FlatSymbolRefAttr::get(resolveContext(context)->get(), value));
          },
          py::arg("value"), py::arg("context") = py::none())
      .def_property_readonly("value", [](const FlatSymbolRefAttrW &self) {
        return cast<FlatSymbolRefAttr>(self.attr).getValue().str();
      });

  defineAttrClass<SymbolRefAttr, SymbolRefAttrW, AttributeW>(m,
                                                             "SymbolRefAttr");

  defineAttrClass<DenseI32ArrayAttr, DenseI32ArrayAttrW, AttributeW>(
      m, "DenseI32ArrayAttr")
      .def_static(
          "get",
          [](std::vector<int32_t> values, py::object context) {
            return DenseI32ArrayAttrW(
                DenseI32ArrayAttr::get(resolveContext(context)->get(), values));
          },
          py::arg("values"), py::arg("context") = py::none())
      .def("__len__",
           [](const DenseI32ArrayAttrW &self) {
             return cast<DenseI32ArrayAttr>(self.attr).size();
           })
      .def("__iter__", [](const DenseI32ArrayAttrW &self) {
        ArrayRef<int32_t> values =
            cast<DenseI32ArrayAttr>(self.attr).asArrayRef();
        return py::iter(
            py::cast(std::vector<int32_t>(values.begin(), values.end())));
      });

  defineAttrClass<DenseI64ArrayAttr, DenseI64ArrayAttrW, AttributeW>(
      m, "DenseI64ArrayAttr")
      .def_static(
          "get",
          [](std::vector<int64_t> values, py::object context) {
            return DenseI64ArrayAttrW(
                DenseI64ArrayAttr::get(resolveContext(context)->get(), values));
          },
          py::arg("values"), py::arg("context") = py::none())
      .def("__len__",
           [](const DenseI64ArrayAttrW &self) {
             return cast<DenseI64ArrayAttr>(self.attr).size();
           })
      .def("__iter__", [](const DenseI64ArrayAttrW &self) {
        ArrayRef<int64_t> values =
            cast<DenseI64ArrayAttr>(self.attr).asArrayRef();
        return py::iter(
            py::cast(std::vector<int64_t>(values.begin(), values.end())));
      });

  defineAttrClass<DenseElementsAttr, DenseElementsAttrW, AttributeW>(
      m, "DenseElementsAttr")
      .def_static(
          "get",
          [](py::object object, bool signless, std::optional<TypeW> type,
             py::object context) {
            ContextRef ctx = type ? type->context : resolveContext(context);
            py::array array = py::array::ensure(object, py::array::c_style);
            if (!array)
              throw py::type_error("expected a numpy array or an object "
                                   "convertible to one");
            std::vector<int64_t> shape(array.shape(),
                                       array.shape() + array.ndim());
            ShapedType shapedType;
            if (type) {
              shapedType = dyn_cast<ShapedType>(type->type);
              if (!shapedType || !shapedType.hasStaticShape())
                throw py::type_error("type must be a statically shaped "
                                     "vector or tensor type, got " +
                                     printToString(type->type));
            } else {
              Type element =
                  getTypeForDtype(ctx->get(), array.dtype(), signless);
              shapedType = RankedTensorType::get(shape, element);
            }
            if (shapedType.getElementType().isInteger(1)) {
              if (array.dtype().kind() != 'b')
                throw py::type_error("i1 elements need a numpy bool array");
              auto data = static_cast<const bool *>(array.data());
              SmallVector<bool> values(data, data + array.size());
              if (static_cast<int64_t>(values.size()) !=
                  shapedType.getNumElements())
                throw py::value_error("element count does not match the type");
              return wrapAttribute(DenseElementsAttr::get(shapedType, values));
            }
            ArrayRef<char> raw(static_cast<const char *>(array.data()),
                               array.nbytes());
            bool detectedSplat = false;
            if (!DenseElementsAttr::isValidRawBuffer(shapedType, raw,
                                                     detectedSplat) ||
                array.size() != shapedType.getNumElements())
              throw py::value_error(
                  "the array's size or element width does not match " +
                  printToString(Type(shapedType)));
            return wrapAttribute(
                DenseElementsAttr::getFromRawBuffer(shapedType, raw));
          },
          py::arg("array"), py::arg("signless") = true,
          py::arg("type") = py::none(), py::arg("context") = py::none(),
          "From a numpy array (C order); `type` reinterprets its bytes.")
      .def_static(
          "get_splat",
          [](const TypeW &shapedType, const AttributeW &element) {
            auto shaped = dyn_cast<ShapedType>(shapedType.type);
            if (!shaped || !shaped.hasStaticShape())
              throw py::type_error("expected a statically shaped type, got " +
                                   printToString(shapedType.type));
            auto typed = dyn_cast<TypedAttr>(element.attr);
            if (!typed || typed.getType() != shaped.getElementType())
              throw py::type_error("the element attribute must have type " +
                                   printToString(shaped.getElementType()));
            return wrapAttribute(DenseElementsAttr::get(shaped, element.attr));
          },
          py::arg("shaped_type"), py::arg("element_attr"))
      .def_property_readonly(
          "is_splat",
          [](const DenseElementsAttrW &self) {
            return cast<DenseElementsAttr>(self.attr).isSplat();
          })
      .def("__len__", [](const DenseElementsAttrW &self) {
        return cast<DenseElementsAttr>(self.attr).getNumElements();
      });

  defineAttrClass<DenseIntElementsAttr, DenseIntElementsAttrW,
                  DenseElementsAttrW>(m, "DenseIntElementsAttr")
      .def("__getitem__", [](const DenseIntElementsAttrW &self, int64_t index) {
        auto dense = cast<DenseIntElementsAttr>(self.attr);
        if (index < 0)
          index += dense.getNumElements();
        if (index < 0 || index >= dense.getNumElements())
          throw py::index_error("index out of range");
        bool isUnsigned = dense.getElementType().isUnsignedInteger();
        return toPyInt(*(dense.value_begin<APInt>() + index), !isUnsigned);
      });

  defineAttrClass<DenseFPElementsAttr, DenseFPElementsAttrW,
                  DenseElementsAttrW>(m, "DenseFPElementsAttr")
      .def("__getitem__", [](const DenseFPElementsAttrW &self, int64_t index) {
        auto dense = cast<DenseFPElementsAttr>(self.attr);
        if (index < 0)
          index += dense.getNumElements();
        if (index < 0 || index >= dense.getNumElements())
          throw py::index_error("index out of range");
        APFloat value = *(dense.value_begin<APFloat>() + index);
        bool losesInfo;
        value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                      &losesInfo);
        return value.convertToDouble();
      });

  m.def(
      "_scalar_attr",
      [](const TypeW &type, py::object value) {
        return wrapAttribute(makeScalarAttr(type.type, value));
      },
      py::arg("type"), py::arg("value"),
      "The attribute for Python number `value` as an element of `type`.");
}
