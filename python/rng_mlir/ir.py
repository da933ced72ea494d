"""Core IR: contexts, locations, types, attributes, operations, values.

Mirrors ``mlir.ir`` from upstream MLIR's Python bindings. Every ``Context``
knows every upstream dialect and the rng-mlir dialects.

Differences from upstream worth knowing:

* Operations without regions are verified as soon as they are created; an
  invalid one raises ``MLIRError`` and is not inserted.
* Running a pass manager on a module, or erasing an operation, makes every
  handle into that module (except the module itself) stale: using one raises
  ``RuntimeError`` instead of touching freed memory.
* Operands must come from the IR the new operation is inserted into.
"""

from ._mlir_libs._rng_mlir.ir import *  # noqa: F401,F403
from ._mlir_libs._rng_mlir.ir import (  # noqa: F401
    _dialect_operations,
    _op_info,
    _scalar_attr,
)


class OpView:
    """Base of the Python classes for specific operations (``FuncOp``,
    ``ForOp``...): a typed view over an ``Operation``.

    Anything taking an ``Operation`` also takes an ``OpView``.
    """

    OPERATION_NAME = None

    def __init__(self, operation):
        operation = operation.operation
        if self.OPERATION_NAME and operation.name != self.OPERATION_NAME:
            raise ValueError(
                f"expected a '{self.OPERATION_NAME}' operation, "
                f"got '{operation.name}'")
        self._operation = operation

    @property
    def operation(self):
        return self._operation

    @property
    def opview(self):
        return self

    @property
    def name(self):
        return self._operation.name

    @property
    def context(self):
        return self._operation.context

    @property
    def location(self):
        return self._operation.location

    @property
    def attributes(self):
        return self._operation.attributes

    @property
    def operands(self):
        return self._operation.operands

    @property
    def results(self):
        return self._operation.results

    @property
    def result(self):
        return self._operation.result

    @property
    def regions(self):
        return self._operation.regions

    @property
    def parent(self):
        return self._operation.parent

    def verify(self):
        return self._operation.verify()

    def get_asm(self, **kwargs):
        return self._operation.get_asm(**kwargs)

    def __eq__(self, other):
        return hasattr(other, "operation") and \
            other.operation == self._operation

    def __hash__(self):
        return hash(self._operation)

    def __str__(self):
        return str(self._operation)

    def __repr__(self):
        return f"<{type(self).__name__} '{self._operation.name}'>"
