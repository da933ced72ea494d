"""rng_mlir.target: PTX and AMDGCN assembly for gpu.modules using our ops."""

import pytest

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
    with pytest.raises(ValueError, match="no chipset given"):
        target.to_amdgcn(module)
    unlowered = Module.parse(KERNEL.replace("TARGET", '#nvvm.target'))
    with pytest.raises(MLIRError, match="Failed to translate to LLVM IR"):
        target.to_ptx(unlowered, chip="sm_90")
