"""``rng_mlir.dialects.round`` under a name that does not shadow Python's
builtin ``round``, following the trailing ``_`` of ``scf.yield_`` and
``func.return_``::

    from rng_mlir.dialects import round_
    y = round_.stochastic(BF16Type.get(), x, rbits)

It is the same module object as ``rng_mlir.dialects.round``.
"""

import sys

from . import round as _round

sys.modules[__name__] = _round
