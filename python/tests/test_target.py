"""rng_mlir.target: PTX and AMDGCN assembly for gpu.modules using our ops,
through upstream's GPU lowerings and through the rng-to-nvvm / rng-to-rocdl
pipelines."""

import pathlib
import subprocess

import pytest

from rng_mlir.dialects import arith, gpu, memref, rng
from rng_mlir.dialects import round_
from rng_mlir.ir import (
    Attribute,
    BF16Type,
    F32Type,
    FunctionType,
    InsertionPoint,
    IntegerType,
    MemRefType,
    ShapedType,
)

from rng_mlir import target
from rng_mlir.ir import MLIRError, Module
from rng_mlir.passmanager import PassManager

KERNEL = """
module attributes {gpu.container_module} {
  gpu.module @kernels [TARGET] {
    gpu.func @philox(%c: memref<?xi32>, %out: memref<?xi32>, %k: i32) kernel {
      %i = gpu.thread_id x
      %v = memref.load %c[%i] : memref<?xi32>
      %x:4 = rng.philox_4x32 %v, %v, %v, %v key %k, %k : i32, i32
      memref.store %x#0, %out[%i] : memref<?xi32>
      gpu.return
    }
  }
}
"""

NVVM = "builtin.module(gpu.module(convert-rng-to-arith,convert-gpu-to-nvvm)," \
       "reconcile-unrealized-casts)"
ROCDL = "builtin.module(gpu.module(convert-rng-to-arith," \
        "convert-gpu-to-rocdl{chipset=gfx942}),reconcile-unrealized-casts)"


def lowered(target_attr, pipeline):
    module = Module.parse(KERNEL.replace("TARGET", target_attr))
    PassManager.parse(pipeline).run(module.operation)
    return module


def test_ptx_from_the_nvvm_target_attribute(ctx):
    module = lowered('#nvvm.target<chip = "sm_90", features = "+ptx80">', NVVM)
    ptx = target.to_ptx(module)
    assert ".target sm_90" in ptx and ".version 8.0" in ptx
    assert ".entry philox(" in ptx
    # Philox's 32x32->64 products and the xors of its rounds.
    assert "mul.wide.u32" in ptx or "mul.hi.u32" in ptx
    assert "xor.b32" in ptx
    # Explicit arguments override the attribute.
    assert ".target sm_80" in target.to_ptx(module, chip="sm_80",
                                            features="+ptx75")


def test_amdgcn_from_the_rocdl_target_attribute(ctx):
    module = lowered('#rocdl.target<chip = "gfx942">', ROCDL)
    asm = target.to_amdgcn(module)
    assert "gfx942" in asm
    assert "v_mul_hi_u32" in asm or "v_mad_u64_u32" in asm
    assert "v_xor" in asm or "v_xad" in asm or "v_xor3" in asm


def test_llvm_ir_of_a_gpu_module(ctx):
    module = lowered('#nvvm.target<chip = "sm_90">', NVVM)
    ir = target.translate_to_llvm_ir(module)
    assert "define ptx_kernel void @philox" in ir
    assert "mul i64" in ir or "mul nuw i64" in ir or "zext i32" in ir


def test_gpu_module_to_binary_objects(ctx):
    module = lowered('#nvvm.target<chip = "sm_90", features = "+ptx80">', NVVM)
    PassManager.parse("builtin.module(gpu-module-to-binary{format=isa})").run(
        module.operation)
    (obj,) = target.gpu_binary_objects(module)
    assert obj["binary"] == "kernels"
    assert obj["target"].startswith("#nvvm.target")
    assert b".entry philox(" in obj["object"]


def test_target_errors(ctx):
    module = lowered('#nvvm.target<chip = "sm_90">', NVVM)
    with pytest.raises(ValueError, match="'sm_1' is not a processor"):
        target.to_ptx(module, chip="sm_1")
    with pytest.raises(ValueError, match="no gpu.module named 'nope'"):
        target.to_ptx(module, gpu_module="nope")
    with pytest.raises(ValueError, match="no chipset given, and no gpu.module "
                       "with a #rocdl.target"):
        target.to_amdgcn(module)
    unlowered = Module.parse(KERNEL.replace("TARGET", '#nvvm.target'))
    with pytest.raises(MLIRError, match="Failed to translate to LLVM IR"):
        target.to_ptx(unlowered, chip="sm_90")


def python_built_kernel():
    """A gpu.module built with the builders: per thread, tl.randint bits and
    a stochastic rounding of x[tid] to bf16."""
    f32, i32 = F32Type.get(), IntegerType.get_signless(32)
    dynamic = ShapedType.get_dynamic_size()
    src = MemRefType.get([dynamic], f32)
    dst = MemRefType.get([dynamic], BF16Type.get())
    module = Module.create()
    with InsertionPoint(module.body):
        kernels = gpu.module(sym_name="kernels")
    with InsertionPoint(kernels.regions[0].blocks.append()):
        kernel = gpu.func(function_type=FunctionType.get([src, dst, i32], []),
                          sym_name="sr", **{"gpu.kernel": True})
    entry = kernel.regions[0].blocks.append(src, dst, i32)
    with InsertionPoint(entry):
        x, out, seed = entry.arguments
        tid = gpu.thread_id(dimension=Attribute.parse("#gpu<dim x>"))
        bits = rng.randint(seed, arith.index_cast(i32, tid))
        value = memref.load(x, [tid])
        memref.store(round_.stochastic(BF16Type.get(), value, bits), out, [tid])
        gpu.return_()
    assert module.operation.verify()
    return module


def test_rng_to_nvvm_pipeline_to_ptx(ctx):
    module = python_built_kernel()
    PassManager.parse(
        "builtin.module(rng-to-nvvm{chip=sm_100a keep-gpu-module=true})").run(
            module.operation)
    ptx = target.to_ptx(module)  # sm_100a, +ptx87 from the #nvvm.target
    assert ".target sm_100a" in ptx
    assert "cvt.rs.bf16x2.f32" in ptx  # the hardware stochastic rounding
    # Philox's products through mul.hi (two per round, the last round's
    # partly dead), no 64-bit multiply.
    assert ptx.count("mul.hi.u32") >= 18 and "mul.lo.s64" not in ptx
    ptxas = pathlib.Path("/usr/local/cuda/bin/ptxas")
    if ptxas.exists():
        result = subprocess.run([str(ptxas), "-arch=sm_100a", "-o", "/dev/null",
                                 "-"], input=ptx, text=True,
                                capture_output=True)
        assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("chip,hardware", [("sm_90", False),
                                           ("sm_100a", True)])
def test_rng_to_nvvm_without_the_gpu_module(ctx, chip, hardware):
    # The chip is named once, in the pipeline: the module it leaves keeps it
    # (llvm.target), and to_ptx takes it from there.
    module = python_built_kernel()
    PassManager.parse(f"builtin.module(rng-to-nvvm{{chip={chip}}})").run(
        module.operation)
    assert f'chip = "{chip}"' in str(module.operation.attributes["llvm.target"])
    ptx = target.to_ptx(module)
    assert f".target {chip}" in ptx and ("cvt.rs" in ptx) == hardware
    if hardware:
        assert ".version 8.7" in ptx  # +ptx87 kept from the #nvvm.target
    else:  # an explicit chip still wins
        assert ".target sm_80" in target.to_ptx(module, chip="sm_80")
    # Without anything saying which chip, it must be named.
    del module.operation.attributes["llvm.target"]
    with pytest.raises(ValueError, match="no chip given"):
        target.to_ptx(module)
    assert f".target {chip}" in target.to_ptx(module, chip=chip,
                                               features="+ptx87")


def test_rng_to_rocdl_without_the_gpu_module(ctx):
    module = python_built_kernel()
    # AMD's SR instructions are opt-in (unverified-sr-instructions).
    PassManager.parse("builtin.module(rng-to-rocdl{chipset=gfx950 "
                      "unverified-sr-instructions=true})").run(module.operation)
    asm = target.to_amdgcn(module)
    assert '.amdgcn_target "amdgcn-amd-amdhsa--gfx950' in asm
    assert "v_cvt_sr_bf16_f32" in asm
    # An NVPTX emission does not take an AMD module.
    with pytest.raises(ValueError, match="the module was lowered for "
                       "amdgcn-amd-amdhsa \\(its llvm.target_triple\\), not "
                       "nvptx64-nvidia-cuda: use to_amdgcn"):
        target.to_ptx(module)
    # Nor another chipset where the module uses the SR instructions, which
    # LLVM would abort on.
    with pytest.raises(ValueError, match="the module was lowered for chipset "
                       "gfx950 and uses its stochastic-rounding instructions, "
                       "which gfx942 may lack"):
        target.to_amdgcn(module, chipset="gfx942")


@pytest.mark.parametrize("chipset,unverified,hardware",
                         [("gfx950", False, False), ("gfx950", True, True),
                          ("gfx942", True, False)])
def test_rng_to_rocdl_pipeline_to_amdgcn(ctx, chipset, unverified, hardware):
    module = python_built_kernel()
    option = " unverified-sr-instructions=true" if unverified else ""
    PassManager.parse(
        f"builtin.module(rng-to-rocdl{{chipset={chipset} "
        f"keep-gpu-module=true{option}}})").run(module.operation)
    asm = target.to_amdgcn(module)
    assert f".amdgcn_target \"amdgcn-amd-amdhsa--{chipset}" in asm
    # bf16 stochastic rounding has an instruction on gfx950 only, and it is
    # used only with the opt-in unverified-sr-instructions.
    assert ("v_cvt_sr_bf16_f32" in asm) == hardware


def test_target_pipeline_options_are_checked(ctx):
    with pytest.raises(ValueError, match="unknown chip 'sm_99'"):
        PassManager.parse("builtin.module(rng-to-nvvm{chip=sm_99})")
    with pytest.raises(ValueError, match="gfx999"):
        PassManager.parse("builtin.module(rng-to-rocdl{chipset=gfx999})")
