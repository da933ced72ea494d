"""Builders derived from the operations MLIR registers.

``populate(namespace, dialect)`` adds one builder function per operation
registered by ``dialect`` (asked from MLIR at import time, so ops added to a
dialect get builders without binding code). A builder takes:

* leading ``Type`` arguments: the result types. They may be left out when
  the op infers them: through ``InferTypeOpInterface``, or, for the rng-mlir
  dialects, as the one type its verifier accepts for every result (see
  ``Operation.create``);
* then the operands, in the op's order, as ``Value``s (or operations with one
  result); a list is a variadic group (``memref.load(m, [i])``). For the
  rng-mlir ops, operands may also be passed by their ODS names
  (``rng.rand(seed=s, offset=o)``; a Python keyword takes a trailing '_',
  ``from_``; the docstring lists them in order);
* keyword attributes: ``Attribute``s, or Python values converted with the
  attribute's default type (``rounds=7``) or, for one without a default,
  the one scalar type its constraint accepts (``multiprocessors=132``: i64),
  ``True`` for a unit attribute (``saturate=True``). Names the op does not declare are rejected for the
  rng-mlir ops and when they look like a typo of a declared one; otherwise
  (``sym_name`` of ``gpu.func``, dotted discardable names) they pass;
* ``results=``, ``loc=``, ``ip=`` as in upstream's generated builders.

It returns the single result ``Value``, the list of results, or the
``Operation`` when there are none -- like upstream's op functions.
"""

import difflib
import keyword

from ..ir import Operation, Type, _dialect_operations, _op_info

try:  # Generated at build time from the op docs (rng-mlir ops only).
    from ._operand_names import OPERANDS as _OPERAND_NAMES
    from ._operand_names import RESULTS as _RESULT_NAMES
except ImportError:  # pragma: no cover - a source tree without a build
    _OPERAND_NAMES, _RESULT_NAMES = {}, {}

__all__ = [
    "get_op_result_or_op_results",
    "make_builder",
    "populate",
    "python_name",
]

# Python names an op function must not take.
_RESERVED = set(keyword.kwlist) | {"print", "type", "range", "max", "min"}


def python_name(op_name):
    """The builder's name for ``op_name``: its mnemonic with '.' as '_', and
    a trailing '_' if that is a Python keyword (``scf.yield`` ->
    ``yield_``)."""
    name = op_name.split(".", 1)[1].replace(".", "_")
    if name in _RESERVED:
        name += "_"
    return name


def get_op_result_or_op_results(op):
    """The value of a one-result op, the list of results of a multi-result
    op, the op itself when it has none."""
    op = op.operation
    results = op.results
    if len(results) == 1:
        return results[0]
    if not results:
        return op
    return results


def _describe(info):
    def count(exact, minimum):
        return str(exact) if exact is not None else f"at least {minimum}"

    lines = [
        f"Builds `{info['name']}` (builder derived from the registered op).",
        "",
    ]
    names = _OPERAND_NAMES.get(info["name"])
    if names is not None:
        keywords = [_operand_keyword(name) for name in names]
        lines.append(f"Operands ({len(names)}, in this order, positional or "
                     f"by keyword): {', '.join(keywords) or 'none'}.")
    else:
        lines.append(
            f"Operands: {count(info['num_operands'], info['min_operands'])}.")
    result_names = _RESULT_NAMES.get(info["name"])
    if result_names:
        lines.append(f"Result names: {', '.join(result_names)}.")
    results = count(info["num_results"], info["min_results"])
    if info["num_results"] == 0:
        lines.append("Results: none (returns the Operation).")
    elif info["infers_result_types"]:
        lines.append(f"Results: {results}, types inferred "
                     "(InferTypeOpInterface).")
    elif info["rng_dialect"] and info["elementwise"]:
        lines.append(f"Results: {results}; types inferred by the verifier "
                     "when unique, else pass them as leading Types.")
    else:
        lines.append(f"Results: {results}; pass their types as leading "
                     "Type arguments.")
    attrs = []
    for name in info["attributes"]:
        default = info["defaults"].get(name)
        attrs.append(f"{name}={default}" if default else name)
    if attrs:
        lines.append("Attributes: " + ", ".join(attrs) + ".")
    return "\n".join(lines)


def _operand_keyword(name):
    """The keyword that passes operand ``name``: the name, with a trailing
    '_' if it is a Python keyword (``rng.torch_uniform``'s ``from_``)."""
    return name + "_" if keyword.iskeyword(name) else name


def _bind_operands(op_name, names, args, keywords):
    """The operands of ``op_name`` in order: the positional ``args``, then
    those of ``names`` after them taken (and removed) from ``keywords``, by
    their keyword (``from_`` for an operand named ``from``; ``**{"from":
    v}`` works too). TypeError for an operand given twice, a missing one, or
    too many."""
    keys = [_operand_keyword(name) for name in names]
    for name, key in zip(names, keys):
        if key != name and name in keywords and key not in keywords:
            keywords[key] = keywords.pop(name)
    if not any(key in keywords for key in keys):
        return args  # Positional only: Operation.create checks the count.
    signature = f"{op_name}({', '.join(keys)})"
    if len(args) > len(keys):
        raise TypeError(f"{signature} takes {len(keys)} operands, but "
                        f"{len(args)} were given")
    for key in keys[:len(args)]:
        if key in keywords:
            raise TypeError(f"{signature}: operand '{key}' given both by "
                            "position and by keyword")
    bound = list(args)
    for key in keys[len(args):]:
        if key not in keywords:
            missing = [k for k in keys[len(bound):] if k not in keywords]
            raise TypeError(f"{signature}: missing operand"
                            f"{'s' if len(missing) > 1 else ''} "
                            f"{', '.join(repr(k) for k in missing)}")
        bound.append(keywords.pop(key))
    return bound


def _check_unknown_attribute(op_name, name, known, strict):
    """Rejects an attribute the op does not declare if it looks like a typo
    of one it does, or always for rng-mlir ops; dotted names
    (``llvm.emit_c_interface``) are discardable attributes and pass."""
    if "." in name:
        return
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.75)
    if strict or close:
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise TypeError(
            f"'{op_name}' has no attribute '{name}' (its attributes: "
            f"{', '.join(known) or 'none'}){hint}")


def make_builder(op_name):
    """A builder function for the registered operation ``op_name``."""
    info = _op_info(op_name)
    known_attributes = tuple(info["attributes"])
    # Our ops declare every attribute they use; upstream ones may rely on
    # others (gpu.func's sym_name, gpu.kernel).
    strict = info["rng_dialect"]

    operand_names = _OPERAND_NAMES.get(op_name)

    def builder(*args, results=None, loc=None, ip=None, **attributes):
        args = list(args)
        if results is None:
            leading = []
            while args and isinstance(args[0], Type):
                leading.append(args.pop(0))
            if leading:
                results = leading
        if operand_names is not None:
            args = _bind_operands(op_name, operand_names, args, attributes)
        if strict and info["num_operands"] is not None:
            # A fixed operand list: no None (an absent optional operand) and
            # no list (a variadic group); Operation.create checks the rest.
            for position, arg in enumerate(args):
                if arg is None or isinstance(arg, (list, tuple)):
                    name = (f" ({operand_names[position]})"
                            if operand_names and position < len(operand_names)
                            else "")
                    raise TypeError(
                        f"'{op_name}' operand #{position}{name}: expected a "
                        f"Value, got {type(arg).__name__}")
        for name in attributes:
            if name not in known_attributes:
                _check_unknown_attribute(op_name, name, known_attributes,
                                         strict)
        op = Operation.create(
            op_name, results=results, operands=args, attributes=attributes,
            loc=loc, ip=ip, infer_type=results is None)
        return get_op_result_or_op_results(op)

    builder.__name__ = builder.__qualname__ = python_name(op_name)
    builder.__doc__ = _describe(info)
    builder.OPERATION_NAME = op_name
    return builder


def populate(namespace, dialect):
    """Adds a builder for each operation registered by ``dialect`` to
    ``namespace`` (a module's globals), and a module ``__getattr__`` naming
    the available builders when a name is missing. Returns the op names."""
    op_names = _dialect_operations(dialect)
    builders = {}
    for op_name in op_names:
        name = python_name(op_name)
        builders[name] = make_builder(op_name)
        namespace[name] = builders[name]
    namespace["OPERATIONS"] = {name: f.OPERATION_NAME
                               for name, f in builders.items()}
    module_name = namespace.get("__name__", dialect)

    def __getattr__(name):
        if name.startswith("__"):
            raise AttributeError(name)
        if not op_names:
            raise AttributeError(
                f"module '{module_name}' has no attribute '{name}': no "
                f"dialect '{dialect}' is registered in this build")
        raise AttributeError(
            f"module '{module_name}' has no attribute '{name}' (the "
            f"'{dialect}' dialect has: {', '.join(sorted(builders))})")

    namespace["__getattr__"] = __getattr__
    return op_names
