"""Builders for the ``round`` dialect (stochastic rounding).

One function per registered ``round`` op, derived from the registry (see
``rng_mlir.dialects._ods_common``). The result type of
``round.stochastic`` is a choice, so it comes first::

    y = round.stochastic(BF16Type.get(), x, rbits, saturate=True)
"""

from ._ods_common import populate as _populate

_populate(globals(), "round")
