"""Op builders, one module per dialect: ``rng_mlir.dialects.<namespace>``.

Every operation registered by a dialect gets a builder function named after
its mnemonic (``rng.randint`` -> ``rng_mlir.dialects.rng.randint``;
``scf.yield`` -> ``scf.yield_``), derived at import time from what MLIR
registers (see ``_ods_common``), so new ops need no binding code. The
modules for ``rng``, ``round``, ``arith``, ``func``, ``memref`` and ``scf``
add hand-written conveniences in upstream's style (``arith.constant``,
``func.FuncOp``, ``scf.for_``...); any other registered dialect
(``math``, ``vector``, ``gpu``, ...) gets a module on first import.
"""

import importlib.abc
import importlib.util
import sys

from ._ods_common import populate as _populate
from ..ir import _dialect_operations


class _DialectModuleFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Creates ``rng_mlir.dialects.<ns>`` for registered dialects without a
    module file."""

    _prefix = __name__ + "."

    def find_spec(self, fullname, path, target=None):
        if not fullname.startswith(self._prefix):
            return None
        dialect = fullname[len(self._prefix):]
        if "." in dialect or dialect.startswith("_"):
            return None
        if not _dialect_operations(dialect):
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        dialect = module.__name__[len(self._prefix):]
        module.__doc__ = f"Builders for the operations of the '{dialect}' dialect."
        _populate(vars(module), dialect)


# After the regular finders: module files take precedence.
if not any(isinstance(f, _DialectModuleFinder) for f in sys.meta_path):
    sys.meta_path.append(_DialectModuleFinder())
