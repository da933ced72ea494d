"""Builders for the ``rng`` dialect (counter-based random numbers).

One function per registered ``rng`` op, derived from the registry (see
``rng_mlir.dialects._ods_common``): operands in the op's order, ``rounds=``
as a keyword, result types inferred. For example::

    x0, x1, x2, x3 = rng.philox_4x32(c0, c1, c2, c3, k0, k1, rounds=7)
    r = rng.rand(seed, offset)
"""

from ._ods_common import populate as _populate

_populate(globals(), "rng")
