"""Pass management: ``PassManager.parse(pipeline).run(op)``, as upstream.

Every upstream pass and every rng-mlir pass and pipeline is registered
(``rng-to-llvm``, ``convert-rng-to-arith``, ...). Invalid pipelines raise
``ValueError``; failing passes raise ``rng_mlir.ir.MLIRError`` with the
diagnostics.
"""

from ._mlir_libs._rng_mlir.passmanager import *  # noqa: F401,F403
