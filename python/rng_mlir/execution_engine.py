"""CPU execution: ``ExecutionEngine(module).invoke(name, *args)``.

``module`` must be lowered to the LLVM dialect (e.g. with the ``rng-to-llvm``
pipeline). ``invoke`` takes a numpy array for each memref parameter (results
are written into it) and a Python number for each scalar parameter; see
``ExecutionEngine.invoke``. ``RUNNER_UTILS`` lists MLIR's runner utility
libraries, to pass as ``shared_libs`` when a kernel prints.
"""

from ._mlir_libs._rng_mlir.execution_engine import *  # noqa: F401,F403
from ._mlir_libs._rng_mlir.execution_engine import RUNNER_UTILS  # noqa: F401
