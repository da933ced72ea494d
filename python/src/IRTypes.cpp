//===- IRTypes.cpp - Python bindings: builtin types -----------------------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// `rng_mlir.ir.Type` and its builtin subclasses, named as in upstream MLIR's
// Python bindings. Types are handed to Python as their most specific class
// (a result of type i32 has `.type` of class IntegerType). Constructors that
// can fail use MLIR's checked getters, so invalid types raise MLIRError with
// MLIR's message.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace rng_python;

namespace {
struct IntegerTypeW : TypeW {
  using TypeW::TypeW;
};
struct IndexTypeW : TypeW {
  using TypeW::TypeW;
};
struct NoneTypeW : TypeW {
  using TypeW::TypeW;
};
struct FloatTypeW : TypeW {
  using TypeW::TypeW;
};
/// One Python class per builtin float type (F32Type, Float8E4M3FNType...).
template <typename MlirT> struct SpecificFloatTypeW : FloatTypeW {
  using FloatTypeW::FloatTypeW;
};
struct ShapedTypeW : TypeW {
  using TypeW::TypeW;
};
struct VectorTypeW : ShapedTypeW {
  using ShapedTypeW::ShapedTypeW;
};
struct RankedTensorTypeW : ShapedTypeW {
  using ShapedTypeW::ShapedTypeW;
};
struct UnrankedTensorTypeW : ShapedTypeW {
  using ShapedTypeW::ShapedTypeW;
};
struct MemRefTypeW : ShapedTypeW {
  using ShapedTypeW::ShapedTypeW;
};
struct FunctionTypeW : TypeW {
  using TypeW::TypeW;
};
} // namespace

// X(C++ class, Python name): every builtin float type.
#define RNG_FLOAT_TYPES(X)                                                     \
  X(Float16Type, "F16Type")                                                    \
  X(BFloat16Type, "BF16Type")                                                  \
  X(Float32Type, "F32Type")                                                    \
  X(Float64Type, "F64Type")                                                    \
  X(FloatTF32Type, "FloatTF32Type")                                            \
  X(Float80Type, "F80Type")                                                    \
  X(Float128Type, "F128Type")                                                  \
  X(Float8E5M2Type, "Float8E5M2Type")                                          \
  X(Float8E4M3Type, "Float8E4M3Type")                                          \
  X(Float8E4M3FNType, "Float8E4M3FNType")                                      \
  X(Float8E5M2FNUZType, "Float8E5M2FNUZType")                                  \
  X(Float8E4M3FNUZType, "Float8E4M3FNUZType")                                  \
  X(Float8E4M3B11FNUZType, "Float8E4M3B11FNUZType")                            \
  X(Float8E3M4Type, "Float8E3M4Type")                                          \
  X(Float8E8M0FNUType, "Float8E8M0FNUType")                                    \
  X(Float4E2M1FNType, "Float4E2M1FNType")                                      \
  X(Float6E2M3FNType, "Float6E2M3FNType")                                      \
  X(Float6E3M2FNType, "Float6E3M2FNType")

py::object rng_python::wrapType(Type type) {
  if (!type)
    return py::none();
  if (isa<IntegerType>(type))
    return py::cast(IntegerTypeW(type));
  if (isa<IndexType>(type))
    return py::cast(IndexTypeW(type));
  if (isa<NoneType>(type))
    return py::cast(NoneTypeW(type));
#define RNG_WRAP_FLOAT(CppT, Name)                                             \
  if (isa<CppT>(type))                                                         \
    return py::cast(SpecificFloatTypeW<CppT>(type));
  RNG_FLOAT_TYPES(RNG_WRAP_FLOAT)
#undef RNG_WRAP_FLOAT
  if (isa<FloatType>(type))
    return py::cast(FloatTypeW(type));
  if (isa<VectorType>(type))
    return py::cast(VectorTypeW(type));
  if (isa<RankedTensorType>(type))
    return py::cast(RankedTensorTypeW(type));
  if (isa<UnrankedTensorType>(type))
    return py::cast(UnrankedTensorTypeW(type));
  if (isa<MemRefType>(type))
    return py::cast(MemRefTypeW(type));
  if (isa<ShapedType>(type))
    return py::cast(ShapedTypeW(type));
  if (isa<FunctionType>(type))
    return py::cast(FunctionTypeW(type));
  return py::cast(TypeW(type));
}

/// Adds the upstream-style casting constructor `Cls(type)` and
/// `Cls.isinstance(type)` for the MLIR type class `MlirT`.
template <typename MlirT, typename WrapperT, typename... Bases>
static py::class_<WrapperT, Bases...> defineTypeClass(py::module_ &m,
                                                      const char *name) {
  py::class_<WrapperT, Bases...> cls(m, name);
  std::string pyName = name;
  cls.def(py::init([pyName](const TypeW &type) {
            if (!isa<MlirT>(type.type))
              throw py::value_error("Cannot cast type to " + pyName +
                                    " (from " + printToString(type.type) + ")");
            return WrapperT(type.type);
          }),
          py::arg("cast_from_type"));
  cls.def_static(
      "isinstance", [](const TypeW &type) { return isa<MlirT>(type.type); },
      py::arg("other"));
  return cls;
}

/// Runs `get` with a diagnostic emitter at `loc`, raising MLIRError with the
/// diagnostics if the result is null.
template <typename T, typename GetFn>
static T getChecked(const ContextRef &context, py::handle loc,
                    const std::string &what, GetFn get) {
  Location l = resolveLocation(loc, context);
  DiagnosticCapture capture(context->get());
  T result = get([&]() { return mlir::emitError(l); });
  if (!result)
    capture.raise("Invalid " + what);
  return result;
}

static std::vector<int64_t> toShape(const std::vector<int64_t> &shape) {
  return shape;
}

static ContextRef contextOf(const TypeW &type) { return type.context; }

void rng_python::populateIRTypes(py::module_ &m) {
  py::class_<TypeW>(m, "Type", "An MLIR type.")
      .def_static(
          "parse",
          [](const std::string &asm_, py::object context) {
            ContextRef ctx = resolveContext(context);
            DiagnosticCapture capture(ctx->get());
            Type type = parseType(asm_, ctx->get());
            if (!type)
              capture.raise("Unable to parse type '" + asm_ + "'");
            return wrapType(type);
          },
          py::arg("asm"), py::arg("context") = py::none())
      .def_property_readonly("context", &contextOf)
      .def("maybe_downcast",
           [](const TypeW &self) { return wrapType(self.type); })
      .def("__eq__",
           [](const TypeW &self, py::object other) {
             return py::isinstance<TypeW>(other) &&
                    other.cast<TypeW>().type == self.type;
           })
      .def("__hash__",
           [](const TypeW &self) {
             return static_cast<size_t>(
                 llvm::hash_value(self.type.getAsOpaquePointer()));
           })
      .def("__str__",
           [](const TypeW &self) { return printToString(self.type); })
      .def("__repr__", [](const TypeW &self) {
        return "Type(" + printToString(self.type) + ")";
      });

  defineTypeClass<IntegerType, IntegerTypeW, TypeW>(m, "IntegerType")
      .def_static(
          "get_signless",
          [](unsigned width, py::object context) {
            ContextRef ctx = resolveContext(context);
            return IntegerTypeW(getChecked<IntegerType>(
                ctx, py::none(), "integer type", [&](auto emitError) {
                  return IntegerType::getChecked(emitError, ctx->get(), width);
                }));
          },
          py::arg("width"), py::arg("context") = py::none())
      .def_static(
          "get_signed",
          [](unsigned width, py::object context) {
            ContextRef ctx = resolveContext(context);
            return IntegerTypeW(getChecked<IntegerType>(
                ctx, py::none(), "integer type", [&](auto emitError) {
                  return IntegerType::getChecked(emitError, ctx->get(), width,
                                                 IntegerType::Signed);
                }));
          },
          py::arg("width"), py::arg("context") = py::none())
      .def_static(
          "get_unsigned",
          [](unsigned width, py::object context) {
            ContextRef ctx = resolveContext(context);
            return IntegerTypeW(getChecked<IntegerType>(
                ctx, py::none(), "integer type", [&](auto emitError) {
                  return IntegerType::getChecked(emitError, ctx->get(), width,
                                                 IntegerType::Unsigned);
                }));
          },
          py::arg("width"), py::arg("context") = py::none())
      .def_property_readonly("width",
                             [](const IntegerTypeW &t) {
                               return cast<IntegerType>(t.type).getWidth();
                             })
      .def_property_readonly("is_signless",
                             [](const IntegerTypeW &t) {
                               return cast<IntegerType>(t.type).isSignless();
                             })
      .def_property_readonly("is_signed",
                             [](const IntegerTypeW &t) {
                               return cast<IntegerType>(t.type).isSigned();
                             })
      .def_property_readonly("is_unsigned", [](const IntegerTypeW &t) {
        return cast<IntegerType>(t.type).isUnsigned();
      });

  defineTypeClass<IndexType, IndexTypeW, TypeW>(m, "IndexType")
      .def_static(
          "get",
          [](py::object context) {
            return IndexTypeW(IndexType::get(resolveContext(context)->get()));
          },
          py::arg("context") = py::none());

  defineTypeClass<NoneType, NoneTypeW, TypeW>(m, "NoneType")
      .def_static(
          "get",
          [](py::object context) {
            return NoneTypeW(NoneType::get(resolveContext(context)->get()));
          },
          py::arg("context") = py::none());

  defineTypeClass<FloatType, FloatTypeW, TypeW>(m, "FloatType")
      .def_property_readonly("width", [](const FloatTypeW &t) {
        return cast<FloatType>(t.type).getWidth();
      });

#define RNG_DEFINE_FLOAT(CppT, Name)                                           \
  defineTypeClass<CppT, SpecificFloatTypeW<CppT>, FloatTypeW>(m, Name)         \
      .def_static(                                                             \
          "get",                                                               \
          [](py::object context) {                                             \
            return SpecificFloatTypeW<CppT>(                                   \
                CppT::get(resolveContext(context)->get()));                    \
          },                                                                   \
          py::arg("context") = py::none());
  RNG_FLOAT_TYPES(RNG_DEFINE_FLOAT)
#undef RNG_DEFINE_FLOAT

  defineTypeClass<ShapedType, ShapedTypeW, TypeW>(m, "ShapedType")
      .def_property_readonly("element_type",
                             [](const ShapedTypeW &t) {
                               return wrapType(
                                   cast<ShapedType>(t.type).getElementType());
                             })
      .def_property_readonly("has_rank",
                             [](const ShapedTypeW &t) {
                               return cast<ShapedType>(t.type).hasRank();
                             })
      .def_property_readonly("rank",
                             [](const ShapedTypeW &t) {
                               auto shaped = cast<ShapedType>(t.type);
                               if (!shaped.hasRank())
                                 throw py::value_error("the type is unranked");
                               return shaped.getRank();
                             })
      .def_property_readonly("shape",
                             [](const ShapedTypeW &t) {
                               auto shaped = cast<ShapedType>(t.type);
                               if (!shaped.hasRank())
                                 throw py::value_error("the type is unranked");
                               return std::vector<int64_t>(
                                   shaped.getShape().begin(),
                                   shaped.getShape().end());
                             })
      .def_property_readonly("has_static_shape",
                             [](const ShapedTypeW &t) {
                               return cast<ShapedType>(t.type).hasStaticShape();
                             })
      .def(
          "is_dynamic_dim",
          [](const ShapedTypeW &t, int64_t dim) {
            auto shaped = cast<ShapedType>(t.type);
            if (!shaped.hasRank() || dim < 0 || dim >= shaped.getRank())
              throw py::index_error("dimension out of range");
            return shaped.isDynamicDim(dim);
          },
          py::arg("dim"))
      .def_static("get_dynamic_size", [] { return ShapedType::kDynamic; })
      .def_static("is_dynamic_size",
                  [](int64_t size) { return ShapedType::isDynamic(size); });

  defineTypeClass<VectorType, VectorTypeW, ShapedTypeW>(m, "VectorType")
      .def_static(
          "get",
          [](std::vector<int64_t> shape, const TypeW &elementType,
             std::optional<std::vector<bool>> scalable, py::object loc) {
            std::vector<bool> scalableDims =
                scalable ? *scalable : std::vector<bool>(shape.size(), false);
            if (scalableDims.size() != shape.size())
              throw py::value_error("scalable needs one flag per dimension");
            SmallVector<bool> flags(scalableDims.begin(), scalableDims.end());
            return VectorTypeW(getChecked<VectorType>(
                elementType.context, loc, "vector type", [&](auto emitError) {
                  return VectorType::getChecked(emitError, toShape(shape),
                                                elementType.type, flags);
                }));
          },
          py::arg("shape"), py::arg("element_type"), py::kw_only(),
          py::arg("scalable") = py::none(), py::arg("loc") = py::none())
      .def_property_readonly("scalable", [](const VectorTypeW &t) {
        return cast<VectorType>(t.type).isScalable();
      });

  defineTypeClass<RankedTensorType, RankedTensorTypeW, ShapedTypeW>(
      m, "RankedTensorType")
      .def_static(
          "get",
          [](std::vector<int64_t> shape, const TypeW &elementType,
             std::optional<AttributeW> encoding, py::object loc) {
            Attribute enc = encoding ? encoding->attr : Attribute();
            return RankedTensorTypeW(getChecked<RankedTensorType>(
                elementType.context, loc, "tensor type", [&](auto emitError) {
                  return RankedTensorType::getChecked(emitError, toShape(shape),
                                                      elementType.type, enc);
                }));
          },
          py::arg("shape"), py::arg("element_type"),
          py::arg("encoding") = py::none(), py::arg("loc") = py::none())
      .def_property_readonly("encoding", [](const RankedTensorTypeW &t) {
        return wrapAttribute(cast<RankedTensorType>(t.type).getEncoding());
      });

  defineTypeClass<UnrankedTensorType, UnrankedTensorTypeW, ShapedTypeW>(
      m, "UnrankedTensorType")
      .def_static(
          "get",
          [](const TypeW &elementType, py::object loc) {
            return UnrankedTensorTypeW(getChecked<UnrankedTensorType>(
                elementType.context, loc, "tensor type", [&](auto emitError) {
                  return UnrankedTensorType::getChecked(emitError,
                                                        elementType.type);
                }));
          },
          py::arg("element_type"), py::arg("loc") = py::none());

  defineTypeClass<MemRefType, MemRefTypeW, ShapedTypeW>(m, "MemRefType")
      .def_static(
          "get",
          [](std::vector<int64_t> shape, const TypeW &elementType,
             std::optional<AttributeW> layout,
             std::optional<AttributeW> memorySpace, py::object loc) {
            MemRefLayoutAttrInterface layoutAttr;
            if (layout) {
              layoutAttr = dyn_cast<MemRefLayoutAttrInterface>(layout->attr);
              if (!layoutAttr)
                throw py::value_error("not a memref layout attribute: " +
                                      printToString(layout->attr));
            }
            Attribute space = memorySpace ? memorySpace->attr : Attribute();
            return MemRefTypeW(getChecked<MemRefType>(
                elementType.context, loc, "memref type", [&](auto emitError) {
                  return MemRefType::getChecked(emitError, toShape(shape),
                                                elementType.type, layoutAttr,
                                                space);
                }));
          },
          py::arg("shape"), py::arg("element_type"),
          py::arg("layout") = py::none(), py::arg("memory_space") = py::none(),
          py::arg("loc") = py::none())
      .def_property_readonly("layout",
                             [](const MemRefTypeW &t) {
                               return wrapAttribute(
                                   cast<MemRefType>(t.type).getLayout());
                             })
      .def_property_readonly("memory_space", [](const MemRefTypeW &t) {
        return wrapAttribute(cast<MemRefType>(t.type).getMemorySpace());
      });

  defineTypeClass<FunctionType, FunctionTypeW, TypeW>(m, "FunctionType")
      .def_static(
          "get",
          [](py::object inputs, py::object results, py::object context) {
            ContextRef ctx = resolveContext(context);
            SmallVector<Type> in, out;
            for (py::handle t : inputs)
              in.push_back(toType(t, "function input", ctx->get()));
            for (py::handle t : results)
              out.push_back(toType(t, "function result", ctx->get()));
            return FunctionTypeW(FunctionType::get(ctx->get(), in, out));
          },
          py::arg("inputs"), py::arg("results"),
          py::arg("context") = py::none())
      .def_property_readonly("inputs",
                             [](const FunctionTypeW &t) {
                               py::list types;
                               for (Type in :
                                    cast<FunctionType>(t.type).getInputs())
                                 types.append(wrapType(in));
                               return types;
                             })
      .def_property_readonly("results", [](const FunctionTypeW &t) {
        py::list types;
        for (Type out : cast<FunctionType>(t.type).getResults())
          types.append(wrapType(out));
        return types;
      });
}
