"""Builders for the ``arith`` dialect.

Every registered op has a derived builder (``addi``, ``mulf``, ``select``,
``bitcast(type, x)``, ``index_cast(type, x)``...); ``constant``, ``cmpi``
and ``cmpf`` are written by hand to take Python values and predicate names,
as upstream's do.
"""

from ._ods_common import get_op_result_or_op_results
from ._ods_common import populate as _populate
from ..ir import (
    Attribute,
    DenseElementsAttr,
    IntegerAttr,
    IntegerType,
    Operation,
    ShapedType,
    _scalar_attr,
)

_populate(globals(), "arith")

#: Predicate names of ``arith.cmpf`` and their values.
CMPF_PREDICATES = {
    "false": 0, "oeq": 1, "ogt": 2, "oge": 3, "olt": 4, "ole": 5, "one": 6,
    "ord": 7, "ueq": 8, "ugt": 9, "uge": 10, "ult": 11, "ule": 12,
    "une": 13, "uno": 14, "true": 15,
}
#: Predicate names of ``arith.cmpi`` and their values.
CMPI_PREDICATES = {
    "eq": 0, "ne": 1, "slt": 2, "sle": 3, "sgt": 4, "sge": 5, "ult": 6,
    "ule": 7, "ugt": 8, "uge": 9,
}


def _constant_attribute(result, value):
    if isinstance(value, Attribute):
        return value
    if ShapedType.isinstance(result):
        element_type = ShapedType(result).element_type
        if isinstance(value, (bool, int, float)):
            return DenseElementsAttr.get_splat(
                result, _scalar_attr(element_type, value))
        import numpy as np

        return DenseElementsAttr.get(np.asarray(value), type=result)
    return _scalar_attr(result, value)


def constant(result, value, *, loc=None, ip=None):
    """``arith.constant`` of type ``result``.

    ``value``: an Attribute; a Python number (bool, int or float; a splat for
    vector and tensor types); or, for vector and tensor types, a numpy array
    whose bytes hold the elements (its dtype must have the element width).
    """
    op = Operation.create(
        "arith.constant", results=[result],
        attributes={"value": _constant_attribute(result, value)},
        loc=loc, ip=ip)
    return op.result


def _predicate(predicate, names, op_name, operand):
    if isinstance(predicate, Attribute):
        return predicate
    if isinstance(predicate, str):
        if predicate not in names:
            raise ValueError(
                f"unknown {op_name} predicate '{predicate}' (known: "
                f"{', '.join(names)})")
        predicate = names[predicate]
    i64 = IntegerType.get_signless(64, context=operand.context)
    return IntegerAttr.get(i64, predicate)


def cmpf(predicate, lhs, rhs, *, fastmath=None, loc=None, ip=None):
    """``arith.cmpf``: ``predicate`` is a name (``"olt"``, ``"ugt"``...),
    its value, or an Attribute."""
    attributes = {"predicate": _predicate(predicate, CMPF_PREDICATES,
                                          "arith.cmpf", lhs)}
    if fastmath is not None:
        attributes["fastmath"] = fastmath
    op = Operation.create("arith.cmpf", operands=[lhs, rhs],
                          attributes=attributes, loc=loc, ip=ip,
                          infer_type=True)
    return get_op_result_or_op_results(op)


def cmpi(predicate, lhs, rhs, *, loc=None, ip=None):
    """``arith.cmpi``: ``predicate`` is a name (``"slt"``, ``"ult"``...),
    its value, or an Attribute."""
    op = Operation.create(
        "arith.cmpi", operands=[lhs, rhs],
        attributes={"predicate": _predicate(predicate, CMPI_PREDICATES,
                                            "arith.cmpi", lhs)},
        loc=loc, ip=ip, infer_type=True)
    return get_op_result_or_op_results(op)
