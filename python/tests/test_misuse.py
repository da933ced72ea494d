"""Misuse of the Python entry points raises an exception that says what to
do; nothing crashes. One test per kind of misuse; the messages are matched
in full so that test/lib/check_diagnostics.py counts each as tested."""

import gc

import numpy as np
import pytest

from kernels import jit
from rng_mlir.dialects import arith, func
from rng_mlir.execution_engine import ExecutionEngine
from rng_mlir.ir import (
    ArrayAttr,
    BF16Type,
    Block,
    Context,
    DenseElementsAttr,
    DictAttr,
    F32Type,
    FloatAttr,
    IndexType,
    InsertionPoint,
    IntegerAttr,
    IntegerType,
    Location,
    MemRefType,
    MLIRError,
    Module,
    Operation,
    RankedTensorType,
    ShapedType,
    UnrankedTensorType,
    VectorType,
)
from rng_mlir.passmanager import PassManager
from rng_mlir.target import emit_assembly

PHILOX = """
func.func @philox(%c: i32, %k: i32) -> i32 {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k : i32, i32
  return %x#0 : i32
}
"""


# ---------------------------------------------------------------------------
# ExecutionEngine.invoke
# ---------------------------------------------------------------------------
KERNELS = """
func.func private @hidden(%x: i32) -> i32 { return %x : i32 }
func.func @uses_hidden(%x: i32) -> i32 {
  %r = call @hidden(%x) : (i32) -> i32
  return %r : i32
}
func.func @takes_vector(%v: vector<4xf32>) { return }
func.func @returns_memref(%m: memref<?xi32>) -> memref<?xi32> {
  return %m : memref<?xi32>
}
func.func @fill(%m: memref<?xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  memref.store %v, %m[%c0] : memref<?xi32>
  return
}
"""


@pytest.fixture(scope="module")
def engine():
    with Context(), Location.unknown():
        compiled = jit(Module.parse(KERNELS), opt_level=0)
    # The engine keeps its context alive; no context stays entered.
    return compiled


def test_invoke_private_function():
    with Context(), Location.unknown():
        module = Module.parse("""
            llvm.func private @hidden() { llvm.return }
            llvm.func @visible() {
              llvm.call @hidden() : () -> ()
              llvm.return
            }""")
        engine = ExecutionEngine(module, opt_level=0)
        with pytest.raises(ValueError, match="function 'hidden' is private; "
                           "only public functions can be invoked"):
            engine.invoke("hidden")
        engine.invoke("visible")


def test_invoke_unsupported_parameter(engine):
    with pytest.raises(TypeError, match="are not supported by invoke"):
        engine.invoke("takes_vector", 1.0)


def test_invoke_list_for_a_memref(engine):
    with pytest.raises(TypeError, match=r"the function expects a memref \(a "
                       r"numpy array\) here, got a Python list \(pass "
                       r"numpy.array\(...\) with the memref's dtype\)"):
        engine.invoke("fill", [1, 2], 3)
    with pytest.raises(TypeError, match=r"here, got a scalar \(int\)"):
        engine.invoke("fill", 7, 3)
    with pytest.raises(TypeError, match="here, got None;"):
        engine.invoke("fill", None, 3)


def test_builder_operands_must_be_values(ctx):
    from rng_mlir.dialects import rng
    with Location.unknown():
        module = Module.create()
        i32 = IntegerType.get_signless(32)
        with InsertionPoint(module.body):
            f = func.FuncOp("f", ([i32, i32], []))
        with InsertionPoint(f.add_entry_block()):
            k, i = f.arguments
            with pytest.raises(TypeError, match=r"'rng.jax_normal' operand "
                               r"#1 \(k1\): expected a Value, got NoneType"):
                rng.jax_normal(k, None, i)
            with pytest.raises(TypeError, match=r"'rng.jax_normal' operand "
                               r"#3: expected a Value, got NoneType"):
                rng.jax_normal(k, k, i, None)
            with pytest.raises(TypeError, match=r"operand #1 \(k1\): "
                               r"expected a Value, got list"):
                rng.jax_normal(k, [k], i)
            assert str(rng.jax_normal(k, k, i).type) == "f32"
            # An operation with one result still stands for its result.
            one = arith.constant(IntegerType.get_signless(32), 1).owner
            assert str(rng.jax_normal(k, k, one).type) == "f32"


def test_invoke_memref_result(engine):
    with pytest.raises(TypeError, match=r"returns !llvm.ptr \(a pointer: after "
                       r"bufferization .* invoke supports functions "
                       r"returning nothing or scalars. Write array results "
                       r"into memref arguments"):
        engine.invoke("returns_memref", np.zeros(4, np.int32))


def test_invoke_read_only_and_strided_arrays(engine):
    frozen = np.zeros(4, np.int32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match=r"the array is read-only \(kernels "
                       r"may write to their memrefs\); pass a copy"):
        engine.invoke("fill", frozen, 1)
    # C-contiguous for numpy (one element), but a stride of 3 bytes.
    odd = np.lib.stride_tricks.as_strided(np.zeros(4, np.int32), shape=(1,),
                                          strides=(3,))
    if odd.flags.c_contiguous:
        with pytest.raises(ValueError, match="array strides must be "
                           "multiples of its item size"):
            engine.invoke("fill", odd, 1)
    # Wrong dtypes: the kernel would write 4-byte words past a smaller array.
    with pytest.raises(TypeError, match="the memref's elements are i32, but "
                       "the array's dtype is int8; pass "
                       "an array of dtype int32 or uint32"):
        engine.invoke("fill", np.zeros(4, np.int8), 1)
    with pytest.raises(TypeError, match="dtype is float64; pass an array of "
                       "dtype int32 or uint32 \\(or another dtype of that "
                       "item size, to read the bits\\)"):
        engine.invoke("fill", np.zeros(4, np.float64), 1)
    # A dtype of the same item size reads and writes the bits.
    bits = np.zeros(4, np.float32)
    engine.invoke("fill", bits, 0x3F800000)
    assert bits[0] == 1.0
    # Wrong argument counts.
    with pytest.raises(TypeError, match="too few arguments"):
        engine.invoke("fill")
    with pytest.raises(TypeError, match="too many arguments"):
        engine.invoke("fill", np.zeros(4, np.int32), 1, 2)
    out = np.zeros(4, np.int32)
    engine.invoke("fill", out, 7)
    assert out[0] == 7


def test_engine_options():
    with Context(), Location.unknown():
        module = Module.parse("module {}")
        with pytest.raises(ValueError, match=r"opt_level must be in \[0, 3\]"):
            ExecutionEngine(module, opt_level=-1)


# ---------------------------------------------------------------------------
# Attributes
# ---------------------------------------------------------------------------
def test_attribute_construction_errors(ctx):
    i32 = IntegerType.get_signless(32)
    f32 = F32Type.get()
    with pytest.raises(ValueError, match="Cannot cast attribute to "
                       "IntegerAttr"):
        IntegerAttr(FloatAttr.get(f32, 1.0))
    with pytest.raises(TypeError, match="IntegerAttr needs an integer or "
                       "index type, got f32"):
        IntegerAttr.get(f32, 1)
    with pytest.raises(TypeError, match="FloatAttr needs a float type, got "
                       "i32"):
        FloatAttr.get(i32, 1.0)
    array = ArrayAttr.get([IntegerAttr.get(i32, 1)])
    with pytest.raises(IndexError, match="ArrayAttr index out of range"):
        array[1]


def test_dense_elements_errors(ctx):
    i1 = IntegerType.get_signless(1)
    i32 = IntegerType.get_signless(32)
    i64 = IntegerType.get_signless(64)
    with pytest.raises(TypeError, match="unsupported numpy dtype complex128"):
        DenseElementsAttr.get(np.array([1 + 2j]))
    with pytest.raises(TypeError, match="i1 elements need a numpy bool array"):
        DenseElementsAttr.get(np.array([1, 0], np.int8),
                              type=VectorType.get([2], i1))
    dynamic = RankedTensorType.get([ShapedType.get_dynamic_size()], i32)
    with pytest.raises(TypeError, match="expected a statically shaped type, "
                       "got tensor<\\?xi32>"):
        DenseElementsAttr.get_splat(dynamic, IntegerAttr.get(i32, 1))
    with pytest.raises(TypeError, match="the element attribute must have "
                       "type i32"):
        DenseElementsAttr.get_splat(RankedTensorType.get([2], i32),
                                    IntegerAttr.get(i64, 1))
    ints = DenseElementsAttr.get(np.array([1, 2], np.int32))
    with pytest.raises(IndexError, match="index out of range"):
        ints[2]
    floats = DenseElementsAttr.get(np.array([1.0, 2.0], np.float32))
    with pytest.raises(IndexError, match="index out of range"):
        floats[-3]


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------
def test_type_errors(ctx):
    f32 = F32Type.get()
    unranked = UnrankedTensorType.get(f32)
    with pytest.raises(ValueError, match="the type is unranked"):
        unranked.rank
    with pytest.raises(ValueError, match="the type is unranked"):
        unranked.shape
    with pytest.raises(IndexError, match="dimension out of range"):
        VectorType.get([4], f32).is_dynamic_dim(1)
    with pytest.raises(ValueError, match="scalable needs one flag per "
                       "dimension"):
        VectorType.get([2, 4], f32, scalable=[True])
    with pytest.raises(ValueError, match="not a memref layout attribute: "
                       "1 : i32"):
        MemRefType.get([2], f32,
                       layout=IntegerAttr.get(IntegerType.get_signless(32), 1))


# ---------------------------------------------------------------------------
# Contexts, locations, operations
# ---------------------------------------------------------------------------
def test_no_context():
    with pytest.raises(ValueError, match="no current Context: enter one with "
                       "`with Context\\(\\):` or pass context="):
        IntegerType.get_signless(32)


def test_objects_outlive_their_context():
    with Context():
        module = Module.parse(PHILOX)
        i32 = IntegerType.get_signless(32)
    gc.collect()
    # The handles keep their context alive: still usable, no crash.
    assert "rng.philox_4x32" in str(module)
    assert str(i32) == "i32"


def test_mixed_contexts():
    other = Context()
    with other:
        foreign_loc = Location.unknown()
        foreign_module = Module.parse(PHILOX)
        foreign_op = func.FuncOp("g", ([], []))
    with Context():
        module = Module.create()
        with pytest.raises(ValueError, match="the location belongs to "
                           "another Context"):
            Operation.create("func.return", loc=foreign_loc,
                             ip=InsertionPoint(module.body))
        with pytest.raises(ValueError, match="the operation belongs to "
                           "another Context"):
            InsertionPoint(module.body).insert(foreign_op)
        pm = PassManager.parse("builtin.module(canonicalize)")
        with pytest.raises(ValueError, match="the operation belongs to "
                           "another Context than the PassManager"):
            pm.run(foreign_module.operation)
    # Types and attributes of another Context, which may be gone by the time
    # the IR is printed or run.
    with other:
        foreign_bf16 = BF16Type.get()
        foreign_i32 = IntegerType.get_signless(32)
        foreign_attr = IntegerAttr.get(foreign_i32, 7)
    with Context(), Location.unknown():
        i32 = IntegerType.get_signless(32)
        module = Module.create()
        with InsertionPoint(module.body):
            with pytest.raises(ValueError, match=r"function input i32 belongs "
                               "to another Context; make it in the Context of "
                               "the IR it goes into"):
                func.FuncOp("h", ([foreign_i32], []))
            f = func.FuncOp("f", ([i32, i32], []))
        entry = f.add_entry_block()
        with pytest.raises(ValueError, match="block argument type i32 belongs "
                           "to another Context"):
            entry.add_argument(foreign_i32)
        with InsertionPoint(entry):
            x, r = entry.arguments
            with pytest.raises(ValueError, match="result type bf16 belongs to "
                               "another Context"):
                Operation.create("arith.bitcast", results=[foreign_bf16],
                                 operands=[x])
            with pytest.raises(ValueError, match="attribute 'rounds' 7 : i32 "
                               "belongs to another Context"):
                Operation.create("rng.rand", operands=[x, r],
                                 attributes={"rounds": foreign_attr})
            rand = Operation.create("rng.rand", operands=[x, r],
                                    infer_type=True)
            with pytest.raises(ValueError, match="attribute 'rounds' 7 : i32 "
                               "belongs to another Context"):
                rand.attributes["rounds"] = foreign_attr
            assert rand.attributes["rounds"].value == 10
            # Nested in an array or a dictionary of this Context: it would
            # outlive its own Context there.
            with pytest.raises(ValueError, match="ArrayAttr.get: element 1 "
                               "7 : i32 belongs to another Context"):
                ArrayAttr.get([rand.attributes["rounds"], foreign_attr])
            with pytest.raises(ValueError, match="DictAttr.get: entry 'r' "
                               "7 : i32 belongs to another Context"):
                DictAttr.get({"r": foreign_attr})
            assert len(ArrayAttr.get([rand.attributes["rounds"]])) == 1


def test_operation_misuse(ctx):
    with Location.unknown():
        module = Module.parse(PHILOX)
    f = module.body.operations[0]
    philox = f.regions[0].blocks[0].operations[0]
    with pytest.raises(ValueError, match="'rng.philox_4x32' has 4 results; "
                       "use .results"):
        philox.result
    with pytest.raises(ValueError, match="cannot erase 'rng.philox_4x32': "
                       "its results are still used"):
        philox.erase()
    with pytest.raises(IndexError, match="block index out of range"):
        f.regions[0].blocks[1]
    with pytest.raises(TypeError, match="expected an Operation, got int"):
        PassManager.parse("builtin.module(canonicalize)").run(5)
    with pytest.raises(ValueError, match="no dialect 'nope' is registered"):
        ctx.registered_operations("nope")
    with pytest.raises(ValueError, match="callsite needs at least one frame"):
        Location.callsite(Location.unknown(), [])
    i32 = IntegerType.get_signless(32)
    with pytest.raises(ValueError, match="expected 1 argument locations, "
                       "got 0"):
        Block.create_at_start(f.regions[0], [i32], arg_locs=[])
    detached = func.FuncOp("detached", ([], []))
    with pytest.raises(ValueError, match="the operation is not in a block"):
        InsertionPoint(detached.operation)
    with pytest.raises(ValueError, match="the operation is not in a block"):
        InsertionPoint.after(detached.operation)


def test_operation_create_misuse(ctx):
    with Location.unknown():
        module = Module.create()
        ip = InsertionPoint(module.body)
        with pytest.raises(ValueError, match="operation name 'nodialect' "
                           "lacks a dialect prefix"):
            Operation.create("nodialect", ip=ip)
        with pytest.raises(TypeError, match="regions must be a number of "
                           "regions"):
            Operation.create("scf.execute_region", regions="one", ip=ip)
        with pytest.raises(TypeError, match="'func.func' has 1 regions, got "
                           "2"):
            Operation.create("func.func", regions=2, ip=ip)
        with pytest.raises(TypeError, match="expected a Type, got int"):
            Operation.create("arith.constant", results=[5], ip=ip)
        other = Module.parse("func.func @f() { cf.br ^bb1\n^bb1:\n return }")
        target = other.body.operations[0].regions[0].blocks[1]
        with pytest.raises(ValueError, match="successor blocks must be in the "
                           "IR the operation is inserted into"):
            Operation.create("cf.br", successors=[target], ip=ip)
        with pytest.raises(MLIRError, match="Unable to parse"):
            Module.parse("func.func @f( { garbage")


# ---------------------------------------------------------------------------
# Pass managers and targets
# ---------------------------------------------------------------------------
def test_bad_pipelines(ctx):
    for pipeline in ["builtin.module(rng-to-nvvm{chip=sm_1})",
                     "builtin.module(rng-to-rocdl{chipset=gfx1})",
                     "builtin.module(convert-rng-to-arith{fast-math=maybe})",
                     "builtin.module(", "", "}{", "rng-to-llvm"]:
        with pytest.raises((ValueError, MLIRError)):
            PassManager.parse(pipeline).run(Module.parse(PHILOX).operation)


def test_pipelines_nested_below_the_module(ctx):
    # Nested on another op the pipelines' module passes cannot be added: a
    # ValueError naming where they run, not an abort of the interpreter.
    for pipeline, anchor in [("builtin.module(func.func(rng-to-llvm))", "func.func"),
                             ("builtin.module(gpu.module(rng-to-nvvm))", "gpu.module"),
                             ("builtin.module(any(rng-to-rocdl))", "any")]:
        name = pipeline.split("(")[2].rstrip(")")
        with pytest.raises(ValueError, match=f"{name} runs on a 'builtin.module', "
                           f"not nested on '{anchor}'"):
            PassManager.parse(pipeline)
    with pytest.raises(ValueError, match="no such option x; failed to add "
                       "`rng-to-llvm` with options `x=1`"):
        PassManager.parse("builtin.module(rng-to-llvm{x=1})")
    # Its documented knobs are options.
    assert "convert-rng-to-arith{fast-math=true lane-pair-products=true outline-above=0}" in str(
        PassManager.parse("builtin.module(rng-to-llvm{outline-above=0 fast-math=1})"))


def test_emit_assembly_misuse(ctx):
    with Location.unknown():
        two = Module.parse("gpu.module @a {}\ngpu.module @b {}")
        with pytest.raises(ValueError, match="the module holds several "
                           "gpu.modules; pick one with gpu_module="):
            emit_assembly(two, "nvptx64-nvidia-cuda", "sm_90", "", 2, None)
        empty = Module.parse("module {}")
        with pytest.raises(ValueError, match=r"opt_level must be in \[0, 3\]"):
            emit_assembly(empty, "nvptx64-nvidia-cuda", "sm_90", "", 9, None)
        with pytest.raises(ValueError, match="unknown target triple "
                           "'nope-nope-nope'"):
            emit_assembly(empty, "nope-nope-nope", "", "", 2, None)


def test_bad_chip_reports_only_our_message(ctx, capfd):
    with pytest.raises(ValueError, match="rng-to-nvvm: unknown chip 'sm_1'"):
        PassManager.parse("builtin.module(rng-to-nvvm{chip=sm_1})")
    with pytest.raises(ValueError, match="rng-to-rocdl: unknown chipset "
                       "'gfx1'"):
        PassManager.parse("builtin.module(rng-to-rocdl{chipset=gfx1})")
    with pytest.raises(MLIRError, match="convert-round-to-nvvm: unknown chip "
                       "'sm_1'"):
        PassManager.parse("builtin.module(convert-round-to-nvvm{chip=sm_1})") \
            .run(Module.parse(PHILOX).operation)
    # Nothing from LLVM (or anyone) on stderr.
    assert capfd.readouterr().err == ""


def test_gpu_code_refused_by_the_cpu_jit(ctx):
    """Host code lowered with the NVVM patterns calls NVVM intrinsics, which
    the host's instruction selection would abort on."""
    with Location.unknown():
        module = Module.parse(PHILOX)
        PassManager.parse("builtin.module(convert-rng-to-nvvm,rng-to-llvm)") \
            .run(module.operation)
        with pytest.raises(ValueError, match=r"the module holds GPU code "
                           r"\('llvm.nvvm.mulhi.ui'\), which the CPU JIT "
                           "cannot compile: lower host code with rng-to-llvm "
                           "alone"):
            ExecutionEngine(module)


def test_bad_features_and_targets_before_llvm(ctx):
    """Features and targets LLVM would abort on are refused up front."""
    with pytest.raises(ValueError, match="features '\\+ptx86' select PTX "
                       "8.6, but sm_100a's stochastic-rounding instructions "
                       "\\(cvt.rs\\) need \\+ptx87 or later"):
        PassManager.parse(
            "builtin.module(rng-to-nvvm{chip=sm_100a features=+ptx86})")
    with pytest.raises(ValueError, match="each comma-separated entry must be "
                       "\\+<feature> or -<feature>"):
        PassManager.parse(
            "builtin.module(rng-to-nvvm{chip=sm_90 features=ptx80})")
    with Location.unknown():
        module = Module.parse(
            'gpu.module @g [#nvvm.target<chip = "sm_80">] {\n'
            "  gpu.func @k(%s: i32, %o: i32) kernel {\n"
            "    %u = rng.rand %s, %o : i32, i32\n    gpu.return\n  }\n}")
        with pytest.raises(MLIRError, match="gpu.module @g already has the "
                           "target #nvvm.target<chip = \"sm_80\">, but "
                           "rng-to-nvvm compiles it for nvvm sm_100a"):
            PassManager.parse("builtin.module(rng-to-nvvm{chip=sm_100a})") \
                .run(module.operation)


def test_invoke_refuses_padded_integer_memrefs(ctx):
    """LLVM pads i13 to 2 bytes and i33 to 8: no dtype states that, so such
    memrefs are refused instead of written past the array."""
    with Location.unknown():
        module = Module.parse("""
          func.func @f(%a: memref<4xi33>) {
            %c0 = arith.constant 0 : index
            %m = arith.constant -1 : i33
            memref.store %m, %a[%c0] : memref<4xi33>
            return
          }
          func.func @g(%a: memref<4xi4>) { return }""")
        engine = jit(module)
    with pytest.raises(TypeError, match=r"argument 0: invoke does not pass "
                       r"memrefs of i33 \(no numpy dtype has its layout\)"):
        engine.invoke("f", np.zeros(4, np.int64))
    engine.invoke("g", np.zeros(4, np.uint8))
    with pytest.raises(TypeError, match="the memref's elements are i4"):
        engine.invoke("g", np.zeros(4, np.uint16))
