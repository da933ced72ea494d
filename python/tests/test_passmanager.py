"""rng_mlir.passmanager and error reporting through MLIRError."""

import re

import pytest

from rng_mlir.ir import MLIRError, Module
from rng_mlir.passmanager import PassManager

PHILOX = """
func.func @f(%c: i32, %k: i32) -> i32 {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : i32, i32
  return %x#0 : i32
}
"""


def test_parse_run_and_print(ctx):
    module = Module.parse(PHILOX)
    pm = PassManager.parse("builtin.module(convert-rng-to-arith)")
    assert str(pm) == (
        "builtin.module(convert-rng-to-arith{fast-math=false lane-pair-products=false outline-above=256})")
    pm.run(module.operation)
    text = str(module)
    assert "rng." not in text and "arith.mului_extended" in text


def test_add_appends_passes(ctx):
    module = Module.parse(PHILOX)
    pm = PassManager("builtin.module")
    pm.add("convert-rng-to-arith,canonicalize")
    assert "canonicalize" in str(pm)
    pm.run(module.operation)
    assert "rng." not in str(module)


def test_nested_pipeline_and_rng_to_llvm(ctx):
    module = Module.parse(PHILOX)
    PassManager.parse(
        "builtin.module(func.func(convert-rng-to-arith))").run(module.operation)
    assert "rng." not in str(module)
    PassManager.parse("builtin.module(rng-to-llvm)").run(module.operation)
    assert "llvm.func @f" in str(module)


def test_unknown_pass_or_pipeline(ctx):
    with pytest.raises(ValueError, match="'no-such-pass' does not refer to a "
                       "registered pass or pass pipeline"):
        PassManager.parse("builtin.module(no-such-pass)")
    with pytest.raises(ValueError, match="invalid pass pipeline"):
        PassManager.parse("builtin.module(canonicalize")
    with pytest.raises(ValueError, match="invalid pass pipeline"):
        PassManager("builtin.module").add("no-such-pass")


def test_bad_pass_option(ctx):
    with pytest.raises(ValueError, match="no-such-option"):
        PassManager.parse("builtin.module(canonicalize{no-such-option=1})")


def test_failing_pass_raises_with_diagnostics(ctx):
    module = Module.parse(PHILOX)
    pm = PassManager.parse(
        "builtin.module(convert-to-llvm{filter-dialects=bogus})")
    with pytest.raises(MLIRError) as info:
        pm.run(module.operation)
    assert str(info.value) == \
        "Failure while executing pass pipeline:\nerror: dialect not loaded: bogus"
    (diag,) = info.value.error_diagnostics
    assert diag.severity == "error" and diag.message == "dialect not loaded: bogus"


def test_invalid_ir_is_not_run(ctx):
    module = Module.parse(PHILOX)
    philox = module.body.operations[0].regions[0].blocks[0].operations[0]
    from rng_mlir.ir import IntegerAttr, IntegerType

    philox.attributes["rounds"] = IntegerAttr.get(IntegerType.get_signless(32),
                                                  99)
    with pytest.raises(MLIRError) as info:
        PassManager.parse("builtin.module(rng-to-llvm)").run(module.operation)
    message = str(info.value)
    assert "The IR is invalid; the pass pipeline was not run" in message
    assert "'rounds' must be in [1, 16] (Philox round count), but got 99" in \
        message
    assert info.value.error_diagnostics[0].severity == "error"
    assert "rng.philox_4x32" in info.value.error_diagnostics[0].message


def test_anchor_mismatch(ctx):
    module = Module.parse(PHILOX)
    f = module.body.operations[0]
    with pytest.raises(MLIRError, match="can't run 'builtin.module' pass "
                       "manager on 'func.func' op"):
        PassManager.parse("builtin.module(canonicalize)").run(f)


def test_run_makes_nested_handles_stale(ctx):
    module = Module.parse(PHILOX)
    f = module.body.operations[0]
    PassManager.parse("builtin.module(canonicalize)").run(module.operation)
    with pytest.raises(RuntimeError, match="stale"):
        f.name
    assert module.body.operations[0].name == "func.func"  # refetch works


def test_parse_errors_carry_locations(ctx):
    with pytest.raises(MLIRError) as info:
        Module.parse("func.func @f() {\n  %x = rng.philox_4x32\n}")
    assert "Unable to parse module assembly" in str(info.value)
    diag = info.value.error_diagnostics[0]
    assert diag.location.endswith(":2:24") or ":2:" in diag.location
    with pytest.raises(MLIRError, match="'rounds' must be in \\[1, 16\\]"):
        Module.parse(PHILOX.replace("key %k, %k", "key %k, %k rounds 0"))


@pytest.mark.parametrize("pipeline, detail", [
    ("builtin.module(rng-to-nvvm{chp=sm_90})", "no such option chp"),
    ("builtin.module(canonicalize{max-iterations=x})",
     "'x' value invalid for long argument"),
])
def test_bad_pass_option_detail_in_exception(ctx, capfd, pipeline, detail):
    """LLVM's option parser reports a bad pass option on stderr; the
    exception carries that detail instead, and nothing is printed."""
    with pytest.raises(ValueError, match=re.escape(detail)):
        PassManager.parse(pipeline)
    with pytest.raises(ValueError, match=re.escape(detail)):
        PassManager("builtin.module").add(pipeline[len("builtin.module("):-1])
    out, err = capfd.readouterr()
    assert err == "" and out == ""
