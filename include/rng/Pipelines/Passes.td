//===- Passes.td - Helper passes of the rng-mlir pipelines -*- tablegen -*-===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The passes the rng-to-llvm, rng-to-nvvm and rng-to-rocdl pipelines add
// around the conversion passes: input checks, workarounds for upstream
// passes, and the GPU module steps. Each is registered, so that a printed
// pipeline parses back, and usable alone.
//
//===----------------------------------------------------------------------===//

#ifndef RNG_PIPELINES_PASSES_TD
#define RNG_PIPELINES_PASSES_TD

include "mlir/Pass/PassBase.td"

def CheckUnshardedInputPass : Pass<"rng-check-unsharded-input"> {
  let summary = "Reject sharding annotations in rng-to-llvm's input";
  let description = [{
    Rejects, with a diagnostic, a `shard.sharding` or `shard.shard` op:
    `rng-to-llvm` lowers a program for one device, and a sharded program
    must be partitioned first (`rng-shard-to-llvm` does both;
    docs/Sharding.md). The annotations would otherwise stay behind
    ("op was not bufferized"), and LLVM 22's canonicalizer crashes on some
    verifier-valid shardings before that
    (docs/upstream/shard-sharding-dynamic-marker.md). The first step of
    `rng-to-llvm`, which `rng-shard-to-llvm` runs after partitioning; it
    changes nothing.
  }];
}

def CheckScalableVectorsPass : Pass<"rng-check-scalable-vectors"> {
  let summary = "Reject rng and round ops on scalable vectors that "
                "arith-to-llvm cannot lower";
  let description = [{
    Rejects, each with a diagnostic, the `rng` and `round` ops on scalable
    vectors whose scalable dimension is not the last one alone
    (`vector<[4]x2xi32>`): upstream's `arith-to-llvm` cannot lower their
    lowered arithmetic. The first step of `rng-to-llvm`; it changes nothing.
  }];
}

def CheckElementwiseToLinalgInputPass
    : Pass<"rng-check-elementwise-to-linalg-input"> {
  let summary = "Reject the elementwise ops upstream's "
                "convert-elementwise-to-linalg cannot convert";
  let description = [{
    Rejects, each with a diagnostic, the elementwise ops that LLVM 22's
    `convert-elementwise-to-linalg` crashes on: a scalar first operand beside
    ranked tensor operands and a result type no operand has
    (docs/upstream/elementwise-to-linalg-scalar-first-operand.md). A step of
    `rng-to-llvm`, before that pass; it changes nothing.
  }];
}

def ApproximateMathPass : Pass<"rng-approximate-math"> {
  let summary = "Replace f32 math.log/sin/cos marked fastmath<afn> with "
                "polynomial approximations";
  let description = [{
    The f32 `math.log`, `math.sin` and `math.cos` that carry
    `fastmath<afn>` (or `fast`) become upstream's polynomial approximations
    (`populateMathPolynomialApproximationPatterns`), which vectorize; LLVM
    otherwise calls libm's `logf`, `sinf` and `cosf` once per lane. Ops
    without `afn`, other functions and other element types are left alone.
    A step of `rng-to-llvm{fast-math=true}`, right after
    `convert-rng-to-arith`, whose `fast-math` marks the normals' Box-Muller
    steps `afn`: the normals are then within 1.9e-6 (absolute) of their
    formula (docs/Targets.md, "Fast math on the CPU").
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def ExpandVectorMulUIExtendedPass
    : Pass<"rng-expand-vector-mului-extended"> {
  let summary = "Rewrite arith.mului_extended on n-D or scalable vectors "
                "into arithmetic arith-to-llvm lowers";
  let description = [{
    `arith.mului_extended` on n-D vectors becomes the same op on the 1-D
    vector of the elements, and on scalable vectors 64-bit products of the
    extended operands: upstream's `arith-to-llvm` lowers neither form
    (docs/upstream/arith-mului-extended-scalable.md). Vectorizing our lowered
    ops creates them. A step of `rng-to-llvm`, `rng-to-nvvm` and
    `rng-to-rocdl`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

def UnrollVectorSincosPass : Pass<"rng-unroll-vector-sincos"> {
  let summary = "Unroll math.sincos on fixed-size vectors into scalar "
                "math.sincos";
  let description = [{
    `convert-gpu-to-nvvm` (LLVM 22) turns only scalar `math.sincos` into
    `__nv_sincosf` and leaves a vector one behind
    (docs/upstream/gpu-to-nvvm-vector-sincos.md), while it scalarizes vector
    `sin` and `cos` itself. So `rng-to-nvvm` fuses Box-Muller's sin and cos
    (`math-sincos-fusion`) and then unrolls the fused op with this pass.
  }];
  let dependentDialects = ["::mlir::vector::VectorDialect"];
}

def CheckGpuPipelineInputPass
    : Pass<"rng-check-gpu-input", "::mlir::ModuleOp"> {
  let summary = "Reject the rng and round ops that the GPU pipelines cannot "
                "lower";
  let description = [{
    The first step of `rng-to-nvvm` and `rng-to-rocdl`: rejects, each with a
    diagnostic, the `rng` and `round` ops they cannot lower, instead of
    leaving them behind: ops outside any `gpu.module` (the pipelines lower
    only the kernels of `gpu.module`s), inside one ops on ranked tensors
    (kernels hold no tensors) or on scalable vectors (NVPTX and AMDGPU have
    none), and ops in a `gpu.module` nested below the top-level module. A
    `gpu.module` that already carries a target of another dialect or chip
    than `target-dialect` and `chip` is an error too (it would be built for
    both).
  }];
  let options = [
    Option<"pipeline", "pipeline", "std::string",
           /*default=*/"\"rng-check-gpu-input\"",
           "The pipeline named in diagnostics">,
    Option<"targetDialect", "target-dialect", "std::string",
           /*default=*/"\"\"",
           "nvvm or rocdl: a gpu.module may only already carry a target of "
           "this dialect and `chip` (empty: no check)">,
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "The chip the pipeline compiles for">
  ];
}

def GpuModuleDataLayoutPass
    : Pass<"rng-gpu-module-data-layout", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Set llvm.data_layout on gpu.modules that have no data "
                "layout, from LLVM's target for `triple`";
  let description = [{
    Gives a `gpu.module` without a data layout (neither `llvm.data_layout`
    nor a DLTI spec) the layout of LLVM's target for `triple` as
    `llvm.data_layout`, which `mlir-translate` (and `gpu-module-to-binary`)
    use for the alignment of every load and store they emit. Without it the
    translation takes LLVM's default layout, whose i64 is 4-byte aligned, and
    the NVPTX back end splits each i64 access into two 32-bit ones
    (docs/upstream/gpu-to-nvvm-data-layout.md). A module's own layout is
    kept. A triple this LLVM has no target for is an error; the GPU
    pipelines add the pass only where LLVM has their target.
  }];
  let options = [
    Option<"triple", "triple", "std::string", /*default=*/"\"\"",
           "The LLVM target triple whose data layout is set">
  ];
}

def HoistGpuModulePass : Pass<"rng-hoist-gpu-module", "::mlir::ModuleOp"> {
  let summary = "Hoist the body of the only gpu.module to the top-level "
                "module";
  let description = [{
    Moves the body of the only `gpu.module` of a module (already in the LLVM
    dialect) to the module itself, with `llvm.target_triple` set to `triple`
    and the `gpu.module`'s target as `llvm.target`, so that `mlir-translate
    --mlir-to-llvmir` translates the device code (it skips nested
    `gpu.module`s). The last step of `rng-to-nvvm` and `rng-to-rocdl` unless
    `keep-gpu-module`. A module that holds anything beside one `gpu.module`,
    or a `gpu.module` that still holds `gpu` ops, is an error.
  }];
  let options = [
    Option<"pipeline", "pipeline", "std::string",
           /*default=*/"\"rng-hoist-gpu-module\"",
           "The pipeline named in diagnostics">,
    Option<"triple", "triple", "std::string", /*default=*/"\"\"",
           "Target triple given to the hoisted module (empty: none)">
  ];
}

#endif // RNG_PIPELINES_PASSES_TD
