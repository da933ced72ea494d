"""Native part of the rng_mlir package (the ``_rng_mlir`` extension)."""
