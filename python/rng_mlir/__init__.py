"""rng-mlir Python bindings.

Build MLIR with counter-based random numbers (the ``rng`` dialect) and
stochastic rounding (the ``round`` dialect), lower it with pass pipelines,
run it on the CPU on numpy arrays, or emit PTX / AMDGCN assembly.

The API follows upstream MLIR's Python bindings where the concept is the
same: ``rng_mlir.ir``, ``rng_mlir.passmanager``, ``rng_mlir.execution_engine``
and op builders in ``rng_mlir.dialects.<dialect>``. See docs/Python.md.
"""

__version__ = "0.1.0"
