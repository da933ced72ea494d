"""rng_mlir.execution_engine: argument and result marshalling, errors."""

import numpy as np
import pytest

from kernels import jit
from rng_mlir.execution_engine import RUNNER_UTILS, ExecutionEngine
from rng_mlir.ir import MLIRError, Module
from rng_mlir.passmanager import PassManager

SCALARS = """
func.func @ident_i1(%x: i1) -> i1 { return %x : i1 }
func.func @ident_i8(%x: i8) -> i8 { return %x : i8 }
func.func @ident_i16(%x: i16) -> i16 { return %x : i16 }
func.func @ident_i32(%x: i32) -> i32 { return %x : i32 }
func.func @ident_i64(%x: i64) -> i64 { return %x : i64 }
func.func @ident_index(%x: index) -> index { return %x : index }
func.func @ident_f16(%x: f16) -> f16 { return %x : f16 }
func.func @ident_bf16(%x: bf16) -> bf16 { return %x : bf16 }
func.func @ident_f32(%x: f32) -> f32 { return %x : f32 }
func.func @ident_f64(%x: f64) -> f64 { return %x : f64 }
func.func @pair(%a: i8, %b: f64, %c: i32) -> (i8, f64, i32) {
  return %a, %b, %c : i8, f64, i32
}
func.func private @hidden(%x: i32) -> i32 { return %x : i32 }
func.func @calls_hidden(%x: i32) -> i32 {
  %r = call @hidden(%x) : (i32) -> i32
  return %r : i32
}
func.func @scale2d(%m: memref<?x?xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c1 {
      %v = memref.load %m[%i, %j] : memref<?x?xf32>
      %w = arith.mulf %v, %s : f32
      memref.store %w, %m[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
"""


@pytest.fixture(scope="module")
def engine():
    from rng_mlir.ir import Context, Location

    with Context(), Location.unknown():
        module = Module.parse(SCALARS)
        yield jit(module, opt_level=0)


def test_scalar_round_trips(engine):
    assert engine.invoke("ident_i1", True) is True
    assert engine.invoke("ident_i1", 0) is False
    assert engine.invoke("ident_i8", -128) == -128
    assert engine.invoke("ident_i8", 255) == -1  # unsigned range accepted
    assert engine.invoke("ident_i16", 0x7FFF) == 0x7FFF
    assert engine.invoke("ident_i32", 0xDEADBEEF) == 0xDEADBEEF - 2**32
    assert engine.invoke("ident_i32", np.int32(-5)) == -5
    assert engine.invoke("ident_i64", -2**63) == -2**63
    assert engine.invoke("ident_i64", 2**64 - 1) == -1
    assert engine.invoke("ident_index", 12345) == 12345
    assert engine.invoke("ident_f16", 1.5) == 1.5
    assert engine.invoke("ident_f16", 1.0 + 2**-11) == 1.0  # to nearest even
    assert engine.invoke("ident_bf16", 3.0) == 3.0
    assert engine.invoke("ident_bf16", 1.0 + 2**-9) == 1.0
    assert engine.invoke("ident_f32", 0.1) == float(np.float32(0.1))
    assert engine.invoke("ident_f32", np.float32(2.5)) == 2.5
    assert engine.invoke("ident_f64", 0.1) == 0.1
    assert engine.invoke("pair", 7, 0.25, -9) == (7, 0.25, -9)


def test_functions_and_their_lowered_signatures(engine):
    assert engine.invoke("calls_hidden", 3) == 3
    assert engine.functions["pair"] == \
        "!llvm.func<struct<(i8, f64, i32)> (i8, f64, i32)>"
    assert engine.functions["scale2d"] == \
        "!llvm.func<void (ptr, ptr, i64, i64, i64, i64, i64, f32)>"


def test_two_dimensional_arrays(engine):
    m = np.arange(6, dtype=np.float32).reshape(2, 3)
    engine.invoke("scale2d", m, 2.0)
    np.testing.assert_array_equal(m, np.arange(6).reshape(2, 3) * 2.0)


def test_argument_errors(engine):
    with pytest.raises(ValueError, match="no function 'nope'.*ident_i32"):
        engine.invoke("nope")
    with pytest.raises(TypeError, match="too few arguments"):
        engine.invoke("ident_i32")
    with pytest.raises(TypeError, match="too many arguments"):
        engine.invoke("ident_i32", 1, 2)
    with pytest.raises(ValueError, match="does not fit in i8"):
        engine.invoke("ident_i8", 256)
    with pytest.raises(ValueError, match="does not fit in i8"):
        engine.invoke("ident_i8", -129)
    with pytest.raises(TypeError, match="expected an integer for i32"):
        engine.invoke("ident_i32", 1.5)
    with pytest.raises(TypeError, match="expected a number for f32"):
        engine.invoke("ident_f32", "x")
    # The pipeline ran from Python: the memref types it lowered are known.
    with pytest.raises(TypeError, match=r"argument 0: got a numpy array of "
                       r"rank 3, but the parameter is memref<\?x\?xf32> "
                       r"\(before lowering\), of rank 2"):
        engine.invoke("scale2d", np.zeros((1, 1, 1), np.float32), 1.0)
    with pytest.raises(TypeError, match=r"got a numpy array of rank 1, but "
                       r"the parameter is memref<\?x\?xf32>"):
        engine.invoke("scale2d", np.zeros(3, np.float32), 1.0)
    with pytest.raises(TypeError, match="expects a memref"):
        engine.invoke("scale2d", 1.0, 1.0)
    with pytest.raises(TypeError, match="got a numpy array"):
        engine.invoke("ident_i32", np.zeros(2, np.int32))
    with pytest.raises(ValueError, match="not C-contiguous"):
        engine.invoke("scale2d", np.zeros((3, 2), np.float32).T, 1.0)
    read_only = np.zeros((2, 2), np.float32)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        engine.invoke("scale2d", read_only, 1.0)


def test_unlowered_module_is_rejected(ctx):
    module = Module.parse("func.func @f() { return }")
    with pytest.raises(MLIRError, match="Failed to create the ExecutionEngine"):
        ExecutionEngine(module)
    with pytest.raises(ValueError, match="opt_level"):
        ExecutionEngine(module, opt_level=7)


PRINT = """
func.func @print(%x: i64) {
  vector.print %x : i64
  return
}
"""


def test_runner_utils_print(ctx, capfd):
    module = Module.parse(PRINT)
    PassManager.parse("builtin.module(rng-to-llvm)").run(module.operation)
    engine = ExecutionEngine(module, opt_level=3, shared_libs=RUNNER_UTILS)
    engine.invoke("print", 424242)
    assert "424242" in capfd.readouterr().out


def test_missing_symbols_raise(ctx):
    module = Module.parse("""
      func.func private @rng_mlir_no_such_symbol(i64)
      func.func @f(%x: i64) {
        call @rng_mlir_no_such_symbol(%x) : (i64) -> ()
        return
      }""")
    PassManager.parse("builtin.module(rng-to-llvm)").run(module.operation)
    with pytest.raises(MLIRError, match="neither defined in it nor loaded in "
                       "the process: rng_mlir_no_such_symbol"):
        ExecutionEngine(module)


def test_missing_shared_library_raises(ctx):
    """LLVM only warns about a library it cannot load: invoke would then
    fail later (or the print never happen); the engine refuses it."""
    module = Module.parse(PRINT)
    PassManager.parse("builtin.module(rng-to-llvm)").run(module.operation)
    with pytest.raises(ValueError, match=r"shared_libs: cannot load "
                       r"'/nonexistent/librng_mlir_nothing.so': .*No such "
                       r"file"):
        ExecutionEngine(module, shared_libs=RUNNER_UTILS +
                        ["/nonexistent/librng_mlir_nothing.so"])


NARROW = """
func.func @ident_e4m3(%x: f8E4M3FN) -> f8E4M3FN { return %x : f8E4M3FN }
func.func @ident_e5m2(%x: f8E5M2) -> f8E5M2 { return %x : f8E5M2 }
func.func @ident_e2m1(%x: f4E2M1FN) -> f4E2M1FN { return %x : f4E2M1FN }
func.func @fill_e5m2(%m: memref<2xf8E5M2>, %x: f8E5M2) -> f8E5M2 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.store %x, %m[%c0] : memref<2xf8E5M2>
  memref.store %x, %m[%c1] : memref<2xf8E5M2>
  return %x : f8E5M2
}
func.func @sr_e4m3(%x: f32, %r: i32) -> (f8E4M3FN, i8) {
  %y = round.stochastic %x, %r : f32, i32 -> f8E4M3FN
  %b = arith.bitcast %y : f8E4M3FN to i8
  return %y, %b : f8E4M3FN, i8
}
"""


def test_narrow_float_scalars(ctx):
    """Scalars of f8/f6/f4 types are integers after lowering; a module lowered
    by a PassManager run passes and returns them as Python floats (rounded
    to nearest even on the way in), not as their signed integer bits."""
    engine = jit(Module.parse(NARROW), opt_level=0)
    assert engine.invoke("ident_e4m3", -2.0) == -2.0
    assert engine.invoke("ident_e4m3", 448.0) == 448.0
    # 0.1 lies between 0.09375 and 0.1015625 (e4m3's step 2^-7 there).
    assert engine.invoke("ident_e4m3", 0.1) == 0.1015625
    assert engine.invoke("ident_e5m2", -57344.0) == -57344.0
    assert engine.invoke("ident_e2m1", -6.0) == -6.0
    assert engine.invoke("ident_e2m1", 1.25) == 1.0  # tie to even (1.0)
    # Exact values round to themselves whatever the random bits: -1.5 is
    # 0xBC in e4m3 (sign, exponent 7, mantissa 4).
    value, bits = engine.invoke("sr_e4m3", -1.5, 0x7FFFFFFF)
    assert (value, bits & 0xFF) == (-1.5, 0xBC)
    # Beside a memref (whose elements are the bits, np.uint8): 0.75 in e5m2
    # is 0x3A (exponent 14, mantissa 2).
    cells = np.zeros(2, np.uint8)
    assert engine.invoke("fill_e5m2", cells, 0.75) == 0.75
    assert list(cells) == [0x3A, 0x3A]
    with pytest.raises(TypeError, match=r"expected a number for "
                       r"f8E4M3FN \(i8\)"):
        engine.invoke("ident_e4m3", "x")
    # Without the source types (the lowered text parsed again) they are the
    # integers they were lowered to.
    lowered = Module.parse(NARROW)
    PassManager.parse("builtin.module(rng-to-llvm)").run(lowered.operation)
    plain = ExecutionEngine(Module.parse(str(lowered)), opt_level=0)
    assert plain.invoke("ident_e4m3", 0xBC) == -68  # i8 0xBC, signed


STATIC = """
func.func @iota(%out: memref<16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %out[%i] : memref<16xi32>
  }
  return
}
func.func @rows(%m: memref<4x?xf32>, %n: i32) { return }
func.func @unused(%m: memref<2xf64>) { return }
func.func @scalar_then_memref(%x: i32, %m: memref<?xi32>) { return }
func.func @contiguous(%m: memref<2x3xf32, strided<[3, 1]>>) { return }
func.func @every_other(%m: memref<4xf32, strided<[2]>>) { return }
func.func @shifted(%m: memref<4xf32, strided<[1], offset: 4>>) { return }
func.func @any_strides(%m: memref<4xf32, strided<[?], offset: ?>>) { return }
"""


def test_static_memref_sizes(ctx):
    """The lowered code of a static memref ignores the descriptor's sizes: an
    array of another shape would be read and written out of bounds, so
    invoke compares it with the memref the pipeline lowered."""
    module = Module.parse(STATIC)
    engine = jit(module, opt_level=0)
    out = np.full(16, -1, np.int32)
    engine.invoke("iota", out)
    np.testing.assert_array_equal(out, np.arange(16))
    with pytest.raises(ValueError, match=r"argument 0: the parameter is "
                       r"memref<16xi32> \(before lowering\), which needs an "
                       r"array of shape \(16,\), but the array has shape "
                       r"\(8,\) \(the lowered code uses the memref's static "
                       r"sizes, not the array's\)"):
        engine.invoke("iota", np.zeros(8, np.int32))
    with pytest.raises(ValueError, match=r"needs an array of shape \(16,\)"):
        engine.invoke("iota", np.zeros(17, np.int32))
    # Static and dynamic sizes: only the static ones are checked.
    engine.invoke("rows", np.zeros((4, 9), np.float32), 1)
    engine.invoke("rows", np.zeros((4, 0), np.float32), 1)
    with pytest.raises(ValueError, match=r"memref<4x\?xf32> \(before "
                       r"lowering\), which needs an array of shape \(4, n\) "
                       r"\(n: any size\), but the array has shape \(3, 9\)"):
        engine.invoke("rows", np.zeros((3, 9), np.float32), 1)
    # The element type is known even where the function never accesses it.
    with pytest.raises(TypeError, match=r"argument 0: the memref's elements "
                       r"are f64, but the array's dtype is float32; pass an "
                       r"array of dtype float64"):
        engine.invoke("unused", np.zeros(2, np.float32))
    engine.invoke("unused", np.zeros(2, np.int64))  # the bits
    # An array where the source has a scalar.
    with pytest.raises(TypeError, match=r"argument 0: got a numpy array of "
                       r"rank 1, but the parameter here is not a memref"):
        engine.invoke("scalar_then_memref", np.zeros(1, np.int32),
                      np.zeros(1, np.int32))
    engine.invoke("scalar_then_memref", 3, np.zeros(5, np.int32))
    # Strided layouts: static strides and offsets are the lowered code's.
    engine.invoke("contiguous", np.zeros((2, 3), np.float32))
    engine.invoke("any_strides", np.zeros(4, np.float32))
    for name in ("every_other", "shifted"):
        with pytest.raises(ValueError, match=r"argument 0: the parameter is "
                           r"memref<4xf32, strided<.*\(before lowering\), "
                           r"whose static strides or offset the lowered code "
                           r"uses, but invoke passes each array C-contiguous at "
                           r"offset 0"):
            engine.invoke(name, np.zeros(4, np.float32))


def test_source_types_unknown(ctx):
    """A module that was not lowered by a PassManager run in this process
    (here: the lowered text parsed again) has only its lowered signature:
    ranks and item sizes are checked, static sizes cannot be."""
    module = Module.parse(STATIC)
    PassManager.parse("builtin.module(rng-to-llvm)").run(module.operation)
    engine = ExecutionEngine(Module.parse(str(module)), opt_level=0)
    out = np.zeros(16, np.int32)
    engine.invoke("iota", out)
    np.testing.assert_array_equal(out, np.arange(16))
    with pytest.raises(TypeError, match="no memref of that rank"):
        engine.invoke("iota", np.zeros((16, 1), np.int32))
    # A 1-D descriptor is a prefix of a 2-D one: the next argument is off.
    with pytest.raises(TypeError, match=r"expected an integer for i64.*"
                       r"takes \(!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, "
                       r"i64, i32\)"):
        engine.invoke("rows", np.zeros(3, np.float32), 1.5, 1)


def test_source_types_follow_the_pipeline(ctx):
    """Tensor parameters that bufferization turns into memrefs are checked
    as the memrefs they became (the types before each pass are recorded,
    so the last ones are those func-to-llvm lowered)."""
    module = Module.parse("""
      func.func @double(%t: tensor<8xf32>, %out: memref<8xf32>) {
        %d = arith.addf %t, %t : tensor<8xf32>
        bufferization.materialize_in_destination %d in restrict writable %out
          : (tensor<8xf32>, memref<8xf32>) -> ()
        return
      }""")
    engine = jit(module, opt_level=0)
    x = np.arange(8, dtype=np.float32)
    y = np.zeros(8, np.float32)
    engine.invoke("double", x.copy(), y)  # may bufferize in place
    np.testing.assert_array_equal(y, 2 * x)
    with pytest.raises(ValueError, match=r"argument 0: the parameter is "
                       r"memref<8xf32.*needs an array of shape \(8,\)"):
        engine.invoke("double", np.zeros(4, np.float32), y)
