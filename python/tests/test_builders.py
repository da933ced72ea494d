"""Op builders: derived for every registered op, plus the hand-written
func/arith/scf conveniences used to write kernel bodies."""

import importlib

import numpy as np
import pytest

from kernels import elementwise_module, jit
from rng_mlir.dialects import _ods_common, arith, func, memref, scf
from rng_mlir.ir import (
    Context,
    DenseElementsAttr,
    F32Type,
    IndexType,
    InsertionPoint,
    IntegerType,
    MemRefType,
    MLIRError,
    Module,
    Operation,
    UnitAttr,
    VectorType,
    rng_dialect_namespaces,
)


def dialect_module(namespace):
    return importlib.import_module(f"rng_mlir.dialects.{namespace}")


def test_every_registered_op_of_our_dialects_has_a_builder():
    # Enumerate the registered ops independently of the builder modules: in
    # a fresh Context, through MLIR's registry.
    with Context() as ctx:
        namespaces = rng_dialect_namespaces()
        assert {"rng", "round"} <= set(namespaces)
        seen = 0
        for namespace in namespaces:
            module = dialect_module(namespace)
            for op_name in ctx.registered_operations(namespace):
                name = op_name.split(".", 1)[1].replace(".", "_")
                builder = getattr(module, name, None) or \
                    getattr(module, name + "_")
                assert builder is not None, f"no builder for {op_name}"
                assert builder.OPERATION_NAME == op_name
                assert op_name in builder.__doc__
                seen += 1
        assert seen >= 2  # at least rng.philox_4x32 and round.stochastic


def test_builders_exist_for_upstream_dialects_without_module_files():
    math = dialect_module("math")
    gpu = dialect_module("gpu")
    assert math.sqrt.OPERATION_NAME == "math.sqrt"
    assert gpu.thread_id.OPERATION_NAME == "gpu.thread_id"
    assert gpu.return_.OPERATION_NAME == "gpu.return"
    assert scf.yield_.OPERATION_NAME == "scf.yield"
    with pytest.raises(AttributeError, match="the 'math' dialect has:"):
        math.no_such_op
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("rng_mlir.dialects.no_such_dialect")


def test_python_names():
    assert _ods_common.python_name("scf.yield") == "yield_"
    assert _ods_common.python_name("rng.philox_4x32") == "philox_4x32"
    assert _ods_common.python_name("vector.print") == "print_"
    assert _ods_common.python_name("gpu.module") == "module"


def test_rng_builder_keywords_and_inference(ctx):
    from rng_mlir.dialects import rng

    i32 = IntegerType.get_signless(32)
    v4 = VectorType.get([4], i32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([i32, v4], []))
    with InsertionPoint(f.add_entry_block()):
        s, v = f.arguments
        words = rng.philox_4x32(s, s, s, s, s, s)
        lanes = rng.philox_4x32(v, v, v, v, s, s, rounds=7)
        func.return_([])
    assert len(words) == 4 and all(w.type == i32 for w in words)
    assert all(w.type == v4 for w in lanes)  # inferred from the counters
    assert "attributes" not in str(module)
    text = str(module)
    assert "rng.philox_4x32 %arg1, %arg1, %arg1, %arg1 key %arg0, %arg0 rounds 7 : vector<4xi32>, i32" in text
    assert "key %arg0, %arg0 : i32, i32" in text  # the default 10 is implicit


def test_round_builder_takes_the_result_type_first(ctx):
    from rng_mlir.dialects import round_

    from rng_mlir.ir import BF16Type

    f32, i32 = F32Type.get(), IntegerType.get_signless(32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([f32, i32], []))
    with InsertionPoint(f.add_entry_block()):
        x, bits = f.arguments
        y = round_.stochastic(BF16Type.get(), x, bits, saturate=True)
        z = round_.stochastic(BF16Type.get(), x, bits)
        # The error lists every result type the verifier accepts, in the
        # words of the op's result type constraint.
        with pytest.raises(MLIRError) as error:
            round_.stochastic(x, bits)
        message = str(error.value)
        assert "'round.stochastic' accepts several result types" in message
        accepted = ("bf16, f16, f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, "
                    "f4E2M1FN, f6E2M3FN or f6E3M2FN")
        assert ("result #0 must be " + accepted + ", or a vector (fixed or "
                "scalable) or ranked tensor (static or dynamic sizes) of "
                + accepted) in message
        assert "pass the one you want as a leading Type argument" in message
        func.return_([])
    assert y.type == BF16Type.get()
    assert "round.stochastic %arg0, %arg1 saturate : f32, i32 -> bf16" in str(module)
    assert "saturate" not in str(z.owner)


def test_diagnostics_never_print_unknown_ssa_values(ctx):
    # Result type inference verifies a detached trial operation; its
    # diagnostics must not carry a "see current operation" note that prints
    # the operands as <<UNKNOWN SSA VALUE>> (and placeholder result types).
    from rng_mlir.dialects import rng, round_

    from rng_mlir.ir import BF16Type

    f32, i32 = F32Type.get(), IntegerType.get_signless(32)
    i8 = IntegerType.get_signless(8)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([f32, i32], []))
    with InsertionPoint(f.add_entry_block()):
        x, bits = f.arguments
        failing = [
            lambda: rng.rand(x, bits),              # f32 seed
            lambda: arith.addi(x, bits),            # operand types differ
            lambda: round_.stochastic(x, bits),     # result type left out
            lambda: round_.stochastic(i8, x, bits),  # result type not allowed
            lambda: round_.stochastic(BF16Type.get(), bits, x),  # swapped
        ]
        for build in failing:
            with pytest.raises(MLIRError) as error:
                build()
            text = str(error.value)
            assert "UNKNOWN SSA VALUE" not in text, text
            assert "-> none" not in text, text
        # Where the note is kept (the operation was inserted), it names the
        # operands as the function does.
        with pytest.raises(MLIRError) as error:
            round_.stochastic(i8, x, bits)
        assert ('see current operation: %0 = "round.stochastic"(%arg0, %arg1)'
                in str(error.value))
        func.return_([])


def test_round_has_a_name_that_keeps_the_builtin(ctx):
    import builtins

    from rng_mlir.dialects import round_
    from rng_mlir.dialects import round as round_dialect

    assert round_ is round_dialect
    assert round_.OPERATIONS["stochastic"] == "round.stochastic"
    assert round is builtins.round  # this module never imported the name


def test_arith_builders(ctx):
    i32, f32 = IntegerType.get_signless(32), F32Type.get()
    v2 = VectorType.get([2], f32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([f32, f32], []))
    with InsertionPoint(f.add_entry_block()):
        a, b = f.arguments
        lt = arith.cmpf("olt", a, b)
        arith.cmpi("ult", arith.constant(i32, 1), arith.constant(i32, -1))
        sel = arith.select(lt, a, b)
        arith.bitcast(i32, sel)
        arith.constant(v2, 1.5)
        arith.constant(v2, np.array([1.0, 2.0], np.float32))
        arith.constant(v2, DenseElementsAttr.get(
            np.array([3.0, 4.0], np.float32), type=v2))
        arith.divf(arith.mulf(a, b), b)
        func.return_([])
    text = str(module)
    for line in ["arith.cmpf olt, %arg0, %arg1 : f32",
                 "arith.cmpi ult, %c1_i32, %c-1_i32 : i32",
                 "arith.select %0, %arg0, %arg1 : f32",
                 "arith.bitcast %2 : f32 to i32",
                 "arith.constant dense<1.500000e+00> : vector<2xf32>",
                 "arith.constant dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>",
                 "arith.constant dense<[3.000000e+00, 4.000000e+00]> : vector<2xf32>",
                 "arith.divf"]:
        assert line in text
    with pytest.raises(ValueError, match="unknown arith.cmpf predicate 'lt'"):
        with InsertionPoint(f.entry_block):
            arith.cmpf("lt", a, b)


def test_func_from_py_func_and_call(ctx):
    i32 = IntegerType.get_signless(32)
    module = Module.create()
    with InsertionPoint(module.body):
        @func.FuncOp.from_py_func(i32, i32)
        def add(x, y):
            return arith.addi(x, y)

        @func.FuncOp.from_py_func(i32)
        def twice(x):
            return add(x, x)

    assert str(add.func_op.type) == "(i32, i32) -> i32"
    assert "call @add(%arg0, %arg0) : (i32, i32) -> i32" in str(module)
    assert module.operation.verify()
    engine = jit(module)
    assert engine.invoke("twice", 21) == 42


def test_scf_for_with_iter_args_and_if(ctx):
    i32 = IntegerType.get_signless(32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("sum_below", ([i32], [i32]))
    with InsertionPoint(f.add_entry_block()):
        (limit,) = f.arguments
        zero = arith.constant(i32, 0)
        n = arith.index_cast(IndexType.get(), limit)
        one = arith.constant(IndexType.get(), 1)
        for i, acc, total in scf.for_(0, n, one, iter_args=[zero]):
            value = arith.index_cast(i32, i)
            is_odd = arith.cmpi("ne", arith.andi(value, arith.constant(i32, 1)),
                                zero)
            choice = scf.IfOp(is_odd, [i32], has_else=True)
            with InsertionPoint(choice.then_block):
                scf.yield_([arith.addi(acc, value)])
            with InsertionPoint(choice.else_block):
                scf.yield_([acc])
            scf.yield_([choice.result])
        func.return_([total])
    assert module.operation.verify()
    engine = jit(module)
    # Sum of the odd numbers below n.
    assert engine.invoke("sum_below", 10) == 1 + 3 + 5 + 7 + 9
    assert engine.invoke("sum_below", 0) == 0


def test_memref_alloc_with_segments(ctx):
    f32 = F32Type.get()
    dyn = MemRefType.get([-9223372036854775808], f32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("alloc", ([IndexType.get()], []))
    with InsertionPoint(f.add_entry_block()):
        m = memref.alloc(dyn, [f.arguments[0]], [])
        memref.dealloc(m)
        func.return_([])
    assert "memref.alloc(%arg0) : memref<?xf32>" in str(module)
    assert module.operation.verify()


def test_elementwise_kernel_runs(ctx):
    f32 = F32Type.get()
    module = elementwise_module(
        "axpy", [f32, f32], [f32], lambda x, y, a: arith.addf(
            arith.mulf(a, x), y), scalars=[f32])
    engine = jit(module)
    x = np.arange(5, dtype=np.float32)
    y = np.full(5, 0.5, np.float32)
    out = np.zeros(5, np.float32)
    engine.invoke("axpy", x, y, out, 2.0)
    np.testing.assert_array_equal(out, 2 * x + 0.5)


def test_builder_argument_errors(ctx):
    from rng_mlir.dialects import rng

    i32 = IntegerType.get_signless(32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([i32, F32Type.get()], []))
    with InsertionPoint(f.add_entry_block()):
        s, x = f.arguments
        with pytest.raises(TypeError, match="takes 6 operands, got 5"):
            rng.philox_4x32(s, s, s, s, s)
        with pytest.raises(TypeError, match="has no attribute 'round'"):
            rng.philox_4x32(s, s, s, s, s, s, round=3)
        with pytest.raises(MLIRError, match="'rounds' must be in \\[1, 16\\]"):
            rng.philox_4x32(s, s, s, s, s, s, rounds=17)
        with pytest.raises(ValueError, match="does not fit in 32 bits"):
            rng.philox_4x32(s, s, s, s, s, s, rounds=1 << 40)
        with pytest.raises(TypeError, match="expected a value like 10 : i32"):
            rng.philox_4x32(s, s, s, s, s, s, rounds="seven")
        with pytest.raises(MLIRError, match="operand #0 must be"):
            rng.philox_4x32(x, s, s, s, s, s)
        with pytest.raises(TypeError, match="expected a Value, got int"):
            rng.philox_4x32(1, s, s, s, s, s)
        with pytest.raises(MLIRError, match="operand #0 must be .*memref"):
            memref.load(s, [])
        with pytest.raises(ValueError, match="unknown operation 'rng.nope'"):
            Operation.create("rng.nope")
        func.return_([])
    # Nothing invalid was left behind.
    assert module.operation.verify()
    assert len(f.entry_block.operations) == 1


def test_operands_must_come_from_the_same_ir(ctx):
    i32 = IntegerType.get_signless(32)
    first, second = Module.create(), Module.create()
    with InsertionPoint(first.body):
        f = func.FuncOp("f", ([i32], []))
    with InsertionPoint(f.add_entry_block()):
        x = f.arguments[0]
    with InsertionPoint(second.body):
        g = func.FuncOp("g", ([], []))
    with InsertionPoint(g.add_entry_block()):
        with pytest.raises(ValueError, match="belongs to other IR"):
            arith.addi(x, x)
    with pytest.raises(ValueError, match="must be created at an insertion"):
        Operation.create("arith.addi", operands=[x, x], infer_type=True)


def test_discardable_and_unit_attributes(ctx):
    i32 = IntegerType.get_signless(32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([i32], [i32]))
    f.attributes["llvm.emit_c_interface"] = UnitAttr.get()
    with InsertionPoint(f.add_entry_block()):
        c = arith.constant(i32, 3)
        op = Operation.create("arith.addi", operands=[c, c], infer_type=True,
                              attributes={"my.count": 4, "my.flag": True})
        func.return_([op.result])
    assert "{my.count = 4 : i64, my.flag}" in str(module)
    assert "attributes {llvm.emit_c_interface}" in str(module)


@pytest.mark.parametrize("name,facts", [
    # name: (num_operands, min_operands, num_results, num_regions,
    #        infers_result_types, attr_sized_operand_segments, is_terminator)
    ("arith.addi", (2, 0, 1, 0, True, False, False)),
    ("memref.store", (None, 2, 0, 0, False, False, False)),
    ("memref.alloc", (None, 0, 1, 0, False, True, False)),
    ("scf.for", (None, 3, None, 1, False, False, False)),
    ("func.return", (None, 0, 0, 0, False, False, True)),
    ("gpu.launch", (None, 6, None, 1, False, True, False)),
    ("rng.philox_4x32", (6, 0, 4, 0, True, False, False)),
    ("rng.randint4x", (2, 0, 4, 0, True, False, False)),
    ("round.stochastic", (2, 0, 1, 0, False, False, False)),
])
def test_op_info_reads_traits_of_upstream_and_our_ops(name, facts):
    """Trait queries work for ops compiled by libMLIR.so's compiler as well
    as ours (see hasOpTrait)."""
    from rng_mlir.ir import _op_info

    info = _op_info(name)
    keys = ("num_operands", "min_operands", "num_results", "num_regions",
            "infers_result_types", "attr_sized_operand_segments",
            "is_terminator")
    assert tuple(info[k] for k in keys) == facts
