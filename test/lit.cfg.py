# -*- Python -*-
# lit configuration for the rng-mlir regression tests.

import os
import re
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "RNG"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt",
                   "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.rng_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%vectors", os.path.join(config.test_source_root, "vectors")))
config.substitutions.append(("%rng_src_root", config.rng_src_root))
config.substitutions.append(("%rng_obj_root", config.rng_obj_root))
config.substitutions.append(("%test_lib", os.path.join(config.test_source_root, "lib")))
config.substitutions.append(("%llvm_tools_dir", config.llvm_tools_dir))

# The rng_mlir Python package (built unless -DRNG_ENABLE_PYTHON=OFF).
if config.rng_python_packages_dir and os.path.isdir(
        os.path.join(config.rng_python_packages_dir, "rng_mlir")):
    config.available_features.add("python-bindings")
    config.substitutions.append(
        ("%rng_python_packages", config.rng_python_packages_dir))
    config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%cc", config.c_compiler))

# Shared libraries mlir-runner needs to print and to call the C runner utils.
runner_libs = ",".join(
    os.path.join(config.mlir_lib_dir, lib)
    for lib in ["libmlir_c_runner_utils.so", "libmlir_runner_utils.so"])
config.substitutions.append(("%mlir_runner_libs", runner_libs))
config.substitutions.append((
    "%run_cpu",
    "mlir-runner -e main -entry-point-result=void -shared-libs=" + runner_libs))

llvm_config.use_default_substitutions()
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])

tool_dirs = [config.rng_tools_dir, config.llvm_tools_dir]
tools = ["rng-opt", "rng-test-opt", "mlir-runner", "mlir-translate", "llc", "FileCheck", "not"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.rng_tools_dir, append_path=True)

if config.ptxas_executable and os.path.exists(config.ptxas_executable):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas_executable))
    # libdevice of the same CUDA (<cuda>/bin/ptxas, <cuda>/nvvm/libdevice).
    libdevice = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(
        config.ptxas_executable))), "nvvm", "libdevice", "libdevice.10.bc")
    if os.path.exists(libdevice):
        config.available_features.add("libdevice")
        config.substitutions.append(("%libdevice", libdevice))

# The formatter the tree is formatted with: Debian 12's clang-format 14
# (.clang-format: LLVM style). Another version formats some constructs
# differently, so test/Format runs only with this one.
clang_format = shutil.which("clang-format")
if clang_format:
    version = subprocess.run([clang_format, "--version"], capture_output=True,
                             text=True).stdout
    if re.search(r"clang-format version 14\.", version):
        config.available_features.add("clang-format-14")
        config.substitutions.append(("%clang_format", clang_format))
# Tests that list the tracked files need the git checkout.
if os.path.exists(os.path.join(config.rng_src_root, ".git")):
    config.available_features.add("git-checkout")

# MPI (test/Shard, test/Upstream): Debian's OpenMPI (the default `mpirun`)
# and MPICH, each as a feature with its launcher and its library for
# mlir-runner's -shared-libs. OpenMPI refuses to run as root without these
# two variables (containers run tests as root).
config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"


def find_library(name):
    import sysconfig
    multiarch = sysconfig.get_config_var("MULTIARCH") or ""
    for libdir in [os.path.join("/usr/lib", multiarch), "/usr/lib64", "/usr/lib"]:
        path = os.path.join(libdir, name)
        if os.path.exists(path):
            return path
    return None


mpi_runner = (os.path.join(config.llvm_tools_dir, "mlir-runner") +
              " -e main -entry-point-result=void -shared-libs={lib},"
              + runner_libs)
openmpi_launcher = shutil.which("mpirun.openmpi") or shutil.which("mpirun")
openmpi_library = find_library("libmpi.so")
if openmpi_launcher and openmpi_library:
    config.available_features.add("openmpi")
    config.substitutions.append(("%libmpi_openmpi", openmpi_library))
    # With --output-filename DIR, rank r's output is DIR/1/rank.r/stdout.
    config.substitutions.append(
        ("%mpirun_openmpi", openmpi_launcher + " --oversubscribe"))
    config.substitutions.append(
        ("%run_openmpi", mpi_runner.format(lib=openmpi_library)))
mpich_launcher = shutil.which("mpirun.mpich")
mpich_library = find_library("libmpich.so.12")
if mpich_launcher and mpich_library:
    config.available_features.add("mpich")
    config.substitutions.append(("%libmpi_mpich", mpich_library))
    config.substitutions.append(("%mpirun_mpich", mpich_launcher))
    config.substitutions.append(
        ("%run_mpich", mpi_runner.format(lib=mpich_library)))
