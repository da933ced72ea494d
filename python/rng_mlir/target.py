"""LLVM IR and target assembly for modules lowered to the LLVM dialect.

``to_ptx`` and ``to_amdgcn`` translate a ``gpu.module`` (as left by the
``rng-to-nvvm{chip=...}`` / ``rng-to-rocdl{chipset=...}`` pipelines, or by
``convert-gpu-to-nvvm`` / ``convert-gpu-to-rocdl``) to LLVM IR with MLIR's
translation, optimize it and emit assembly with LLVM's NVPTX / AMDGPU
backends, as ``mlir-translate --mlir-to-llvmir | llc`` would. The chip and
features default to those the module was lowered for: the gpu.module's
``#nvvm.target`` / ``#rocdl.target`` attribute, or, where the pipeline
replaced the module by the gpu.module's body (without
``keep-gpu-module=true``), the ``llvm.target`` attribute it left on the
module. So the chip is named once, in the pipeline.

``gpu_binary_objects`` reads what the ``gpu-module-to-binary`` pass embedded
in ``gpu.binary`` ops (with ``format=isa``: the assembly text).
"""

import re

from ._mlir_libs._rng_mlir.target import (  # noqa: F401
    emit_assembly,
    gpu_binary_objects,
    translate_to_llvm_ir,
)

NVPTX_TRIPLE = "nvptx64-nvidia-cuda"
AMDGCN_TRIPLE = "amdgcn-amd-amdhsa"


def _gpu_modules(operation):
    operation = operation.operation
    found = []

    def visit(op):
        if op.name == "gpu.module":
            found.append(op)

    operation.walk(visit)
    return found


def _llvm_target(operation, triple):
    """(chip, features) from the operation's ``llvm.target`` attribute
    (``#llvm.target<triple = ..., chip = ..., features = ...>``) when its
    triple is ``triple``, or (None, None)."""
    attributes = operation.operation.attributes
    if "llvm.target" not in attributes:
        return None, None
    text = str(attributes["llvm.target"])
    found = re.search(r'triple = "([^"]*)"', text)
    if not found or found.group(1) != triple:
        return None, None
    chip = re.search(r'chip = "([^"]*)"', text)
    features = re.search(
        r'features = (?:#llvm\.target_features)?<\[([^\]]*)\]>', text)
    return (chip.group(1) if chip else None,
            ",".join(re.findall(r'"([^"]*)"', features.group(1)))
            if features else None)


def _target_attribute(operation, dialect, gpu_module, triple):
    """(chip, features) from the #<dialect>.target attribute of the selected
    gpu.module, or from the ``llvm.target`` of a module without gpu.modules,
    or (None, None)."""
    modules = _gpu_modules(operation)
    if not modules and gpu_module is None:
        return _llvm_target(operation, triple)
    if gpu_module is not None:
        modules = [m for m in modules
                   if m.attributes["sym_name"].value == gpu_module]
        if not modules:
            raise ValueError(f"no gpu.module named '{gpu_module}'")
    if len(modules) != 1 or "targets" not in modules[0].attributes:
        return None, None
    for target in modules[0].attributes["targets"]:
        text = str(target)
        if not text.startswith(f"#{dialect}.target"):
            continue
        chip = re.search(r'chip = "([^"]*)"', text)
        features = re.search(r'features = "([^"]*)"', text)
        return (chip.group(1) if chip else None,
                features.group(1) if features else None)
    return None, None


def _uses_sr_instructions(operation):
    """Whether the lowered module uses a chip's stochastic-rounding
    instructions (NVVM cvt.rs, AMDGPU v_cvt_sr_*)."""
    text = str(operation.operation)
    return "fp_rnd_mode<rs>" in text or '"llvm.amdgcn.cvt.sr' in text


def _emit(operation, triple, dialect, chip, features, opt_level, gpu_module,
          chip_option):
    attributes = operation.operation.attributes
    if "llvm.target_triple" in attributes:
        lowered_for = attributes["llvm.target_triple"].value
        if lowered_for != triple:
            raise ValueError(
                f"the module was lowered for {lowered_for} (its "
                f"llvm.target_triple), not {triple}: use "
                f"{'to_amdgcn' if 'amdgcn' in lowered_for else 'to_ptx'}, or "
                "lower it with the other pipeline")
    default_chip, default_features = _target_attribute(
        operation, dialect, gpu_module, triple)
    if chip and default_chip and chip != default_chip and \
            _uses_sr_instructions(operation):
        # cvt.rs / v_cvt_sr_* exist on few chips, and LLVM aborts the
        # process where they do not.
        raise ValueError(
            f"the module was lowered for {chip_option} {default_chip} and "
            f"uses its stochastic-rounding instructions, which {chip} may "
            f"lack: lower it again with {chip_option}={chip}, or leave "
            f"{chip_option} out")
    chip = chip or default_chip
    if chip is None:
        raise ValueError(
            f"no {chip_option} given, and no gpu.module with a "
            f"#{dialect}.target attribute nor an llvm.target attribute to "
            "take it from")
    if features is None:
        features = default_features or ""
    return emit_assembly(operation, triple, chip, features,
                         opt_level=opt_level, gpu_module=gpu_module)


def to_ptx(operation, chip=None, features=None, *, opt_level=2,
           gpu_module=None):
    """PTX text of the gpu.module in ``operation`` (lowered to NVVM + LLVM).

    ``chip`` (e.g. ``"sm_100a"``) and ``features`` (e.g. ``"+ptx87"``)
    default to those the module was lowered for (``rng-to-nvvm{chip=...}``):
    the gpu.module's ``#nvvm.target``, or the ``llvm.target`` of the module
    the pipeline left.
    """
    return _emit(operation, NVPTX_TRIPLE, "nvvm", chip, features, opt_level,
                 gpu_module, "chip")


def to_amdgcn(operation, chipset=None, features=None, *, opt_level=2,
              gpu_module=None):
    """AMDGCN assembly of the gpu.module in ``operation`` (lowered to ROCDL +
    LLVM). ``chipset`` (e.g. ``"gfx950"``) defaults to the one the module
    was lowered for (``rng-to-rocdl{chipset=...}``): the gpu.module's
    ``#rocdl.target``, or the ``llvm.target`` of the module the pipeline
    left."""
    return _emit(operation, AMDGCN_TRIPLE, "rocdl", chipset, features,
                 opt_level, gpu_module, "chipset")
