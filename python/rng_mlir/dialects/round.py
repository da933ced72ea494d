"""Builders for the ``round`` dialect (stochastic rounding).

One function per registered ``round`` op, derived from the registry (see
``rng_mlir.dialects._ods_common``). The result type of
``round.stochastic`` is a choice, so it comes first::

    from rng_mlir.dialects import round_
    y = round_.stochastic(BF16Type.get(), x, rbits, saturate=True)

Import it as ``round_`` (the same module; ``rng_mlir.dialects.round_``) to
keep Python's builtin ``round`` usable; ``from rng_mlir.dialects import
round`` works too, and shadows the builtin in that scope.
"""

from ._ods_common import populate as _populate

_populate(globals(), "round")
