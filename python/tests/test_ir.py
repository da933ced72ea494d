"""rng_mlir.ir: contexts, locations, modules, types, attributes, operations,
blocks, values and insertion points."""

import gc

import numpy as np
import pytest

from rng_mlir.dialects import arith, func
from rng_mlir.ir import (
    ArrayAttr,
    Attribute,
    BF16Type,
    Block,
    BlockArgument,
    BoolAttr,
    Context,
    DenseElementsAttr,
    DenseI32ArrayAttr,
    DictAttr,
    F16Type,
    F32Type,
    F64Type,
    FlatSymbolRefAttr,
    Float8E4M3FNType,
    Float8E4M3FNUZType,
    Float8E5M2FNUZType,
    Float8E5M2Type,
    FloatAttr,
    FloatType,
    FunctionType,
    IndexType,
    InsertionPoint,
    IntegerAttr,
    IntegerType,
    Location,
    MemRefType,
    MLIRError,
    Module,
    OpResult,
    Operation,
    RankedTensorType,
    ShapedType,
    StringAttr,
    Type,
    TypeAttr,
    UnitAttr,
    VectorType,
    rng_dialect_namespaces,
)


# ---------------------------------------------------------------------------
# Context and Location
# ---------------------------------------------------------------------------

def test_context_is_entered_and_exited():
    with pytest.raises(ValueError, match="no current Context"):
        Context.current
    with Context() as outer:
        assert Context.current == outer
        with Context() as inner:
            assert Context.current == inner
        assert Context.current == outer
    with pytest.raises(ValueError):
        Context.current


def test_context_registers_upstream_and_rng_dialects(ctx):
    assert {"rng", "round"} <= set(rng_dialect_namespaces())
    available = set(ctx.available_dialects)
    assert {"rng", "round", "arith", "func", "memref", "scf", "gpu", "nvvm",
            "rocdl", "llvm", "vector", "math"} <= available
    assert ctx.is_registered_operation("rng.philox_4x32")
    assert ctx.is_registered_operation("round.stochastic")
    assert ctx.is_registered_operation("gpu.thread_id")
    assert not ctx.is_registered_operation("rng.nonexistent")
    assert "rng.philox_4x32" in ctx.registered_operations("rng")
    assert "memref.load" in ctx.registered_operations("memref")
    with pytest.raises(ValueError, match="no dialect 'nope'"):
        ctx.registered_operations("nope")


def test_location_kinds_and_context_manager():
    with Context() as ctx:
        unknown = Location.unknown()
        assert str(unknown) == "loc(unknown)"
        file_loc = Location.file("kernel.py", 12, 3)
        assert str(file_loc) == 'loc("kernel.py":12:3)'
        assert file_loc == Location.file("kernel.py", 12, 3)
        assert str(Location.name("x", file_loc)) == 'loc("x"("kernel.py":12:3))'
        assert str(Location.fused([file_loc, Location.file("a.py", 1, 1)])) == \
            'loc(fused["kernel.py":12:3, "a.py":1:1])'
        assert file_loc.context == ctx
        with pytest.raises(ValueError, match="no current Location"):
            Location.current
        with file_loc:
            assert Location.current == file_loc
        with pytest.raises(ValueError):
            Location.current


def test_location_is_attached_to_operations(ctx):
    module = Module.create()
    with InsertionPoint(module.body), Location.file("gen.py", 7, 1):
        c = arith.constant(IntegerType.get_signless(32), 5)
    assert c.owner.location == Location.file("gen.py", 7, 1)
    assert 'loc("gen.py":7:1)' in module.operation.get_asm(
        enable_debug_info=True)


def test_unbalanced_exit_is_reported():
    first, second = Context(), Context()
    first.__enter__()
    second.__enter__()
    with pytest.raises(RuntimeError, match="unbalanced"):
        first.__exit__(None, None, None)
    second.__exit__(None, None, None)
    first.__exit__(None, None, None)


# ---------------------------------------------------------------------------
# Module
# ---------------------------------------------------------------------------

PHILOX_FUNC = """
func.func @block(%c: i32, %k: i32) -> i32 {
  %x:4 = rng.philox_4x32 %c, %c, %c, %c key %k, %k rounds 7 : i32, i32
  return %x#2 : i32
}
"""


def test_module_parse_print_and_body(ctx):
    module = Module.parse(PHILOX_FUNC)
    assert module.operation.name == "builtin.module"
    text = str(module)
    assert "rng.philox_4x32 %arg0, %arg0, %arg0, %arg0 key %arg1, %arg1 rounds 7" in text
    assert Module.parse(text).operation.get_asm() == text
    (f,) = module.body.operations
    assert f.name == "func.func"
    assert module.context == ctx
    assert module.operation.verify() is True


def test_module_create_is_empty(ctx):
    module = Module.create()
    assert module.body.operations == []
    assert str(module).strip() == "module {\n}"


def test_module_parse_takes_explicit_context():
    context = Context()
    module = Module.parse("module {}", context=context)
    assert module.context == context


def test_generic_form(ctx):
    module = Module.parse(PHILOX_FUNC)
    generic = module.operation.get_asm(print_generic_op_form=True)
    assert '"rng.philox_4x32"' in generic
    assert "<{rounds = 7 : i32}>" in generic


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------

def test_scalar_types(ctx):
    i32 = IntegerType.get_signless(32)
    assert str(i32) == "i32" and i32.width == 32 and i32.is_signless
    assert str(IntegerType.get_signed(8)) == "si8"
    assert str(IntegerType.get_unsigned(16)) == "ui16"
    assert str(IndexType.get()) == "index"
    expected = {F16Type: "f16", BF16Type: "bf16", F32Type: "f32",
                F64Type: "f64", Float8E4M3FNType: "f8E4M3FN",
                Float8E5M2Type: "f8E5M2",
                Float8E4M3FNUZType: "f8E4M3FNUZ",
                Float8E5M2FNUZType: "f8E5M2FNUZ"}
    for cls, text in expected.items():
        t = cls.get()
        assert str(t) == text
        assert isinstance(t, FloatType) and isinstance(t, Type)
        assert cls.isinstance(t)
    assert F32Type.get().width == 32 and Float8E5M2Type.get().width == 8


def test_shaped_types(ctx):
    i32 = IntegerType.get_signless(32)
    dyn = ShapedType.get_dynamic_size()
    v = VectorType.get([2, 4], i32)
    assert str(v) == "vector<2x4xi32>"
    assert v.shape == [2, 4] and v.rank == 2 and v.element_type == i32
    assert str(VectorType.get([4], i32, scalable=[True])) == "vector<[4]xi32>"
    m = MemRefType.get([dyn], F32Type.get())
    assert str(m) == "memref<?xf32>"
    assert m.is_dynamic_dim(0) and not m.has_static_shape
    assert str(RankedTensorType.get([3], BF16Type.get())) == "tensor<3xbf16>"
    ft = FunctionType.get([i32, m], [i32])
    assert str(ft) == "(i32, memref<?xf32>) -> i32"
    assert ft.inputs == [i32, m] and ft.results == [i32]


def test_type_parse_downcast_and_cast(ctx):
    t = Type.parse("vector<8xi16>")
    assert isinstance(t, VectorType)  # downcast to the most specific class
    assert isinstance(t.element_type, IntegerType)
    assert VectorType(Type.parse("vector<8xi16>")) == t
    with pytest.raises(ValueError, match="Cannot cast type to IntegerType"):
        IntegerType(F32Type.get())
    assert not IntegerType.isinstance(t)
    assert hash(Type.parse("i32")) == hash(IntegerType.get_signless(32))
    assert {IntegerType.get_signless(32): 1}[Type.parse("i32")] == 1


def test_invalid_types_raise_mlir_errors(ctx):
    i32 = IntegerType.get_signless(32)
    with pytest.raises(MLIRError, match="Invalid vector type") as info:
        VectorType.get([0], i32)
    assert info.value.error_diagnostics
    with pytest.raises(MLIRError, match="Invalid memref type"):
        MemRefType.get([2], FunctionType.get([], []))
    with pytest.raises(MLIRError, match="Unable to parse type"):
        Type.parse("vector<4xi32")


# ---------------------------------------------------------------------------
# Attributes
# ---------------------------------------------------------------------------

def test_attributes(ctx):
    i32 = IntegerType.get_signless(32)
    a = IntegerAttr.get(i32, 0xFFFFFFFF)  # unsigned range accepted
    assert a.value == -1 and str(a) == "-1 : i32"
    assert IntegerAttr.get(IndexType.get(), 5).value == 5
    with pytest.raises(ValueError, match="does not fit in 32 bits"):
        IntegerAttr.get(i32, 1 << 32)
    with pytest.raises(TypeError):
        IntegerAttr.get(F32Type.get(), 1)
    assert FloatAttr.get(F32Type.get(), 0.5).value == 0.5
    assert FloatAttr.get_f32(2.0).type == F32Type.get()
    assert BoolAttr.get(True).value is True
    assert StringAttr.get("abc").value == "abc"
    assert TypeAttr.get(i32).value == i32
    assert str(UnitAttr.get()) == "unit"
    assert FlatSymbolRefAttr.get("f").value == "f"
    arr = ArrayAttr.get([UnitAttr.get(), StringAttr.get("x")])
    assert len(arr) == 2 and isinstance(arr[1], StringAttr)
    d = DictAttr.get({"k": BoolAttr.get(False)})
    assert "k" in d and d["k"].value is False
    assert list(DenseI32ArrayAttr.get([1, 2, 3])) == [1, 2, 3]
    parsed = Attribute.parse("7 : i64")
    assert isinstance(parsed, IntegerAttr) and parsed.value == 7
    with pytest.raises(MLIRError, match="Unable to parse attribute"):
        Attribute.parse("7 : ")


def test_dense_elements(ctx):
    dense = DenseElementsAttr.get(np.array([1, 2, 3], dtype=np.int32))
    assert str(dense) == "dense<[1, 2, 3]> : tensor<3xi32>"
    assert dense[2] == 3
    v = VectorType.get([2], F32Type.get())
    assert str(DenseElementsAttr.get(np.array([0.5, 1.5], np.float32),
                                     type=v)) == \
        "dense<[5.000000e-01, 1.500000e+00]> : vector<2xf32>"
    splat = DenseElementsAttr.get_splat(v, FloatAttr.get_f32(1.0))
    assert splat.is_splat and len(splat) == 2
    with pytest.raises(ValueError, match="does not match"):
        DenseElementsAttr.get(np.array([1, 2], np.int64), type=v)


# ---------------------------------------------------------------------------
# Operations, blocks, values, insertion points
# ---------------------------------------------------------------------------

def test_operation_accessors(ctx):
    module = Module.parse(PHILOX_FUNC)
    f = module.body.operations[0]
    (entry,) = f.regions[0].blocks
    philox, ret = entry.operations
    assert philox.name == "rng.philox_4x32"
    assert len(philox.operands) == 6 and len(philox.results) == 4
    assert philox.operands[0] == entry.arguments[0]
    assert isinstance(philox.results[1], OpResult)
    assert philox.results[1].result_number == 1
    assert philox.results[1].owner == philox
    assert isinstance(entry.arguments[1], BlockArgument)
    assert entry.arguments[1].arg_number == 1
    assert entry.arguments[1].owner == entry
    assert entry.owner == f and philox.parent == f and philox.block == entry
    assert ret.operands[0] == philox.results[2]
    assert philox.attributes["rounds"].value == 7
    assert "rounds" in philox.attributes and len(philox.attributes) == 1
    assert dict(philox.attributes.items())["rounds"] == \
        IntegerAttr.get(IntegerType.get_signless(32), 7)
    with pytest.raises(KeyError):
        philox.attributes["nope"]
    with pytest.raises(ValueError, match="has 4 results"):
        philox.result
    assert philox.results[0].get_name() == "%x0"  # OpAsmOpInterface names
    assert isinstance(philox.results[0].type, IntegerType)
    assert str(entry.arguments[0]) == "Value(%arg0 : i32)"


def test_attribute_assignment_is_checked(ctx):
    module = Module.parse(PHILOX_FUNC)
    philox = module.body.operations[0].regions[0].blocks[0].operations[0]
    philox.attributes["rounds"] = IntegerAttr.get(IntegerType.get_signless(32), 3)
    assert "rounds 3" in str(module)
    with pytest.raises(TypeError, match="cannot hold"):
        philox.attributes["rounds"] = StringAttr.get("x")
    # A refused value leaves the old one (printing verifies the op).
    assert philox.attributes["rounds"].value == 3
    assert "rounds 3" in str(module) and module.operation.verify()
    philox.attributes["my.tag"] = UnitAttr.get()
    assert "my.tag" in philox.attributes
    del philox.attributes["my.tag"]
    assert "my.tag" not in philox.attributes
    # Deleting a default-valued inherent attribute restores its default
    # (Philox: 10 rounds), as when the op is built without it.
    del philox.attributes["rounds"]
    assert philox.attributes["rounds"].value == 10
    assert module.operation.verify() and "rounds" not in str(module)
    # The same for a required one that a refused value would have cleared.
    bitgen = Module.parse(
        "func.func @g(%s: tensor<2xi64>) -> tensor<4xi32> {\n"
        "  %n, %o = rng.bit_generator three_fry %s : tensor<2xi64> -> tensor<4xi32>\n"
        "  return %o : tensor<4xi32>\n}")
    op = bitgen.body.operations[0].regions[0].blocks[0].operations[0]
    with pytest.raises(TypeError, match="cannot hold"):
        op.attributes["algorithm"] = UnitAttr.get()
    assert "bit_generator three_fry" in str(bitgen) and bitgen.operation.verify()


def test_insertion_points(ctx):
    i32 = IntegerType.get_signless(32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([i32], [i32]))
    entry = f.add_entry_block()
    with InsertionPoint(entry):
        ret = func.return_([entry.arguments[0]])
    with InsertionPoint.at_block_terminator(entry):
        a = arith.constant(i32, 1)
    with InsertionPoint.at_block_begin(entry):
        arith.constant(i32, 2)
    with InsertionPoint(a.owner):  # before an operation
        arith.constant(i32, 3)
    with InsertionPoint.after(a.owner):
        arith.constant(i32, 4)
    with InsertionPoint.at_end(entry):
        assert InsertionPoint.current.block == entry
    names = [str(op.attributes["value"]) for op in entry.operations[:-1]]
    assert names == ["2 : i32", "3 : i32", "1 : i32", "4 : i32"]
    assert entry.operations[-1] == ret
    assert module.operation.verify()
    with pytest.raises(ValueError, match="no current InsertionPoint"):
        InsertionPoint.current
    with pytest.raises(ValueError, match="no terminator"):
        InsertionPoint.at_block_terminator(Module.create().body)


def test_detached_operation_is_inserted_later(ctx):
    i32 = IntegerType.get_signless(32)
    f = func.FuncOp("detached", ([i32], []))  # no insertion point: detached
    assert f.parent is None
    with pytest.raises(ValueError, match="into its own body"):
        f.add_entry_block().append(f)
    module = Module.create()
    InsertionPoint(module.body).insert(f)
    assert f.parent == module.operation
    with pytest.raises(ValueError, match="already inserted"):
        InsertionPoint(module.body).insert(f)
    del module
    gc.collect()
    # The handle kept the module alive.
    assert f.parent.name == "builtin.module"


def test_block_creation_and_arguments(ctx):
    i32 = IntegerType.get_signless(32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("g", ([], []))
    block = Block.create_at_start(f.regions[0], [i32, F32Type.get()])
    assert [str(a.type) for a in block.arguments] == ["i32", "f32"]
    extra = block.add_argument(IndexType.get())
    assert extra.arg_number == 2
    extra.set_type(i32)
    assert block.arguments[2].type == i32
    second = f.regions[0].blocks.append(i32)
    assert len(f.regions[0].blocks) == 2 and second.region == f.regions[0]


def test_set_type_on_results_and_arguments(ctx):
    """Value.set_type, documented for every value: an operation result too
    (upstream's binding has it on Value), with a type of this Context only."""
    module = Module.parse(PHILOX_FUNC)
    op = module.body.operations[0].regions[0].blocks[0].operations[0]
    result = op.results[0]
    i64 = IntegerType.get_signless(64)
    result.set_type(i64)
    assert str(result.type) == "i64"
    # The op no longer verifies (the four words share one type): the IR is
    # the caller's to repair, as with upstream's set_type.
    with pytest.raises(MLIRError, match="Verification failed"):
        op.verify()
    result.set_type(IntegerType.get_signless(32))
    with Context():
        foreign = IntegerType.get_signless(16)
    with pytest.raises(ValueError, match="belongs to another Context"):
        result.set_type(foreign)
    with pytest.raises(TypeError, match="expected a Type"):
        result.set_type(None)
    assert str(result.type) == "i32"


def test_handles_keep_their_ir_alive(ctx):
    module = Module.parse(PHILOX_FUNC)
    value = module.body.operations[0].regions[0].blocks[0].operations[0].results[3]
    del module
    gc.collect()
    assert value.owner.name == "rng.philox_4x32"


def test_erase_makes_handles_stale(ctx):
    i32 = IntegerType.get_signless(32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([], []))
    with InsertionPoint(f.add_entry_block()):
        used = arith.constant(i32, 1)
        arith.addi(used, used)
        func.return_([])
    with pytest.raises(ValueError, match="still used"):
        used.owner.erase()
    unused = f.entry_block.operations[1]
    unused.erase()
    with pytest.raises(RuntimeError, match="stale"):
        f.name
    with pytest.raises(ValueError, match="owned by the Module"):
        module.operation.erase()
    (f2,) = module.body.operations
    assert [op.name for op in f2.regions[0].blocks[0].operations] == \
        ["arith.constant", "func.return"]


def test_walk(ctx):
    module = Module.parse(PHILOX_FUNC)
    names = []
    module.operation.walk(lambda op: names.append(op.name))
    assert names == ["rng.philox_4x32", "func.return", "func.func",
                     "builtin.module"]
    first = []
    module.operation.walk(lambda op: first.append(op.name) or False)
    assert first == ["rng.philox_4x32"]


def test_operation_create_generic(ctx):
    i32 = IntegerType.get_signless(32)
    module = Module.create()
    with InsertionPoint(module.body):
        f = func.FuncOp("f", ([i32], [i32]))
    with InsertionPoint(f.add_entry_block()):
        x = f.arguments[0]
        op = Operation.create("rng.philox_4x32", results=[i32] * 4,
                              operands=[x] * 6,
                              attributes={"rounds": 5})
        inferred = Operation.create("arith.addi", operands=[x, x],
                                    infer_type=True)
        Operation.create("func.return", operands=[inferred.result])
    assert op.attributes["rounds"].value == 5
    assert inferred.result.type == i32
    assert module.operation.verify()


def test_one_mlir_in_the_process(ctx):
    """Only the shared libMLIR.so is mapped (no second MLIR, static or
    shared, as in libMLIRExecutionEngineShared.so)."""
    import os

    if not os.path.exists("/proc/self/maps"):
        pytest.skip("needs /proc")
    Module.parse(PHILOX_FUNC)  # everything loaded by now
    with open("/proc/self/maps") as maps:
        files = {line.split()[-1] for line in maps if "/" in line}
    mlir = {os.path.basename(f) for f in files
            if os.path.basename(f).startswith("libMLIR")}
    assert mlir == {"libMLIR.so.22.1"}
