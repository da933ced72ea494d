"""The passes behave in Python as in rng-opt: the same input and pipeline
give the same output text (the project's lit inputs serve as inputs)."""

import pathlib
import subprocess

import pytest

import rng_mlir
from kernels import REPO
from rng_mlir.ir import Context, Module
from rng_mlir.passmanager import PassManager

# <build>/python_packages/rng_mlir -> <build>/bin/rng-opt (absent when the
# package is used from an install).
RNG_OPT = pathlib.Path(rng_mlir.__file__).resolve().parents[2] / "bin" / "rng-opt"

CASES = [
    ("test/Conversion/RngToArith/philox.mlir", "convert-rng-to-arith"),
    ("test/Conversion/RngToArith/triton-random.mlir", "convert-rng-to-arith"),
    ("test/Conversion/RoundToArith/shapes.mlir", "convert-round-to-arith"),
    ("test/Dialect/Rng/fold.mlir", "canonicalize"),
    ("test/Dialect/Rng/triton-fold.mlir", "canonicalize"),
    ("test/Conversion/RngToArith/philox.mlir", "rng-to-llvm"),
]


def chunks(path):
    return [c for c in path.read_text().split("// -----") if "func" in c]


@pytest.mark.skipif(not RNG_OPT.exists(), reason="needs the build tree")
@pytest.mark.parametrize("relative,pipeline", CASES)
def test_python_pipeline_matches_rng_opt(relative, pipeline):
    path = REPO / relative
    if not path.exists():
        pytest.skip(f"{relative} is not in this checkout")
    for chunk in chunks(path):
        anchored = f"builtin.module({pipeline})"
        expected = subprocess.run(
            [str(RNG_OPT), f"--pass-pipeline={anchored}", "-"], input=chunk,
            capture_output=True, text=True, check=True).stdout
        with Context():
            module = Module.parse(chunk)
            PassManager.parse(anchored).run(module.operation)
            assert str(module).rstrip() == expected.rstrip()
