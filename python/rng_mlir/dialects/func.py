"""Builders for the ``func`` dialect.

Derived builders for every op (``func.return_(values)``, ...), plus, as
upstream: ``FuncOp`` (with ``add_entry_block`` and the ``from_py_func``
decorator) and ``CallOp`` / ``call``.
"""

import functools

from ._ods_common import get_op_result_or_op_results
from ._ods_common import populate as _populate
from ..ir import (
    FlatSymbolRefAttr,
    FunctionType,
    InsertionPoint,
    OpView,
    Operation,
    TypeAttr,
)

_populate(globals(), "func")


class FuncOp(OpView):
    """``func.func``: a function with a name and a type.

    ``type`` is a FunctionType or an ``(inputs, results)`` pair of type
    lists. The body is empty (an external function) until
    ``add_entry_block()``; ``body_builder(func_op)`` fills it at once.
    """

    OPERATION_NAME = "func.func"

    def __init__(self, name, type, *, visibility=None, body_builder=None,
                 loc=None, ip=None):
        if isinstance(type, tuple):
            inputs, results = type
            type = FunctionType.get(inputs, results)
        attributes = {"sym_name": name, "function_type": type}
        if visibility is not None:
            attributes["sym_visibility"] = visibility
        op = Operation.create("func.func", attributes=attributes, regions=1,
                              loc=loc, ip=ip)
        super().__init__(op)
        if body_builder is not None:
            entry_block = self.add_entry_block()
            with InsertionPoint(entry_block):
                body_builder(self)

    @property
    def type(self):
        return FunctionType(TypeAttr(self.attributes["function_type"]).value)

    @property
    def sym_name(self):
        return self.attributes["sym_name"]

    @property
    def visibility(self):
        if "sym_visibility" in self.attributes:
            return self.attributes["sym_visibility"].value
        return None

    @property
    def body(self):
        return self.regions[0]

    @property
    def is_external(self):
        return len(self.body.blocks) == 0

    @property
    def entry_block(self):
        if self.is_external:
            raise IndexError("external function has no body")
        return self.body.blocks[0]

    @property
    def arguments(self):
        return self.entry_block.arguments

    def add_entry_block(self, arg_locs=None):
        """Adds the entry block, with one argument per input; returns it."""
        if not self.is_external:
            raise IndexError("the function already has an entry block")
        return self.body.blocks.append(*self.type.inputs, arg_locs=arg_locs)

    @classmethod
    def from_py_func(cls, *inputs, results=None, name=None):
        """Decorator: defines a function whose body is built by calling the
        decorated Python function on the block arguments; the values it
        returns (one, a list/tuple, or None) are returned with func.return,
        and give the result types unless ``results`` is given. The decorated
        function, when called while building another body, emits a
        ``func.call`` of it; ``.func_op`` is the FuncOp."""

        def decorator(f):
            symbol_name = name or f.__name__
            func_op = cls(symbol_name, (list(inputs), list(results or [])))
            with InsertionPoint(func_op.add_entry_block()):
                returned = f(*func_op.arguments)
                if returned is None:
                    values = []
                elif isinstance(returned, (list, tuple)):
                    values = list(returned)
                else:
                    values = [returned]
                if results is None:
                    types = [v.type for v in values]
                    func_op.attributes["function_type"] = TypeAttr.get(
                        FunctionType.get(list(inputs), types))
                return_(values)  # noqa: F821 (a derived builder)

            @functools.wraps(f)
            def emit_call(*call_args, loc=None, ip=None):
                return call(func_op, list(call_args), loc=loc, ip=ip)

            emit_call.func_op = func_op
            return emit_call

        return decorator


class CallOp(OpView):
    """``func.call``, as upstream: ``CallOp(func_op, arguments)`` or
    ``CallOp(result_types, "callee", arguments)``."""

    OPERATION_NAME = "func.call"

    def __init__(self, callee_or_results, arguments_or_callee,
                 arguments=None, *, loc=None, ip=None):
        if isinstance(callee_or_results, FuncOp):
            callee = callee_or_results
            results = callee.type.results
            arguments = arguments_or_callee
            callee_attr = FlatSymbolRefAttr.get(callee.sym_name.value,
                                                context=callee.context)
        else:
            results = list(callee_or_results)
            callee_attr = arguments_or_callee
            if isinstance(callee_attr, str):
                callee_attr = FlatSymbolRefAttr.get(
                    callee_attr, context=_context_of(arguments, results))
        op = Operation.create("func.call", results=results,
                              operands=list(arguments or []),
                              attributes={"callee": callee_attr},
                              loc=loc, ip=ip)
        super().__init__(op)


def _context_of(values, types):
    for v in list(values or []) + list(types or []):
        return v.context
    return None


def call(callee, arguments, results=None, *, loc=None, ip=None):
    """``func.call`` of ``callee`` (a FuncOp, or a symbol name together with
    ``results``, the result types); returns like an op builder."""
    if isinstance(callee, FuncOp):
        op = CallOp(callee, arguments, loc=loc, ip=ip)
    else:
        op = CallOp(list(results or []), callee, arguments, loc=loc, ip=ip)
    return get_op_result_or_op_results(op)
