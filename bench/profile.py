#!/usr/bin/env python3
"""Launches chosen kernels once each so that Nsight
Compute can profile them: our kernels from $BENCH_PTX/<mode>/ (default
build/bench/ptx, bench/build.sh's output) and the Triton
peers with the same counter mappings.  Used by bench/device.sh as

    ncu --clock-control none --section SpeedOfLight --section ComputeWorkloadAnalysis \\
        --section InstructionStats --page raw --csv python3 bench/profile.py SPEC...

SPEC: <mode>:<kernel>:<block> for ours (e.g. ops:uniform_4x_k4:128,
hash:hashrandn_k4:512) or triton:<k_name>:<BLOCK>:<num_warps> for a Triton
peer (run.py's k_* kernels, or hashbench.py's peers by module name:
triton:hashrandn:4096:8).
"""
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import hashbench  # noqa: E402  (the hash peers)
import run  # noqa: E402  (the runner's Triton kernels)


def main():
    import cupy as cp
    import torch
    import triton

    n = 1 << 28
    seed, p = 0x2F6B1C3, 0.5
    scale = float(np.float32(1.0) / np.float32(1.0 - p))
    dev = torch.device("cuda")
    x = torch.randn(n, device=dev)
    y = torch.empty(n, device=dev)
    h = torch.empty(n, device=dev, dtype=torch.bfloat16)
    tk = run.triton_kernels()
    hash_tk = hashbench.triton_kernels()

    def mref(t, units):
        ptr = np.uint64(t.data_ptr())
        return (ptr, ptr, np.int64(0), np.int64(units), np.int64(1))

    for spec in sys.argv[1:]:
        parts = spec.split(":")
        if parts[0] == "triton" and parts[1] in hash_tk:
            name, block, warps = parts[1], int(parts[2]), int(parts[3])
            args = (y, seed, n) if name in ("hashrand", "hashrandn") else (x, y, seed, p, n)
            grid = (triton.cdiv(n, block),)
            launch = lambda: hash_tk[name][grid](*args, BLOCK=block, num_warps=warps)  # noqa: E731
        elif parts[0] == "triton":
            name, block, warps = parts[1], int(parts[2]), int(parts[3])
            per = 8 if name == "k_sr8x" else 4 if "4x" in name else 1
            args = {"k_rand": (y, seed, n), "k_rand4x": (y, seed, n), "k_randn": (y, seed, n),
                    "k_randn4x": (y, seed, n), "k_dropout": (x, y, seed, p, scale, n),
                    "k_dropout4x": (x, y, seed, p, scale, n), "k_sr": (x, h, seed, n),
                    "k_sr8x": (x, h, seed, n)}[name]
            grid = (triton.cdiv(n, block * per),)
            launch = lambda: tk[name][grid](*args, BLOCK=block, num_warps=warps)  # noqa: E731
        else:
            mode, kname, block = parts[0], parts[1], int(parts[2])
            kind = kname.split("_")[0]
            k = int(re.search(r"_k(\d+)$", kname).group(1))
            mod = cp.RawModule(path=os.path.join(run.default_ptx_dir(), mode, f"{kind}.ptx"))
            f = mod.get_function(kname)
            if kind in ("uniform", "normal", "hashrand", "hashrandn"):
                units = n // 4
                a = mref(y, units) + (np.int32(seed), np.int64(units))
            elif kind in ("hashdropout", "dropoutop"):
                units = n // 4
                a = mref(x, units) + mref(y, units) + (np.int32(seed), np.float32(p),
                                                       np.int64(units))
            elif kind == "dropout":
                units = n // 4
                a = mref(x, units) + mref(y, units) + (np.int32(seed), np.float32(p),
                                                       np.float32(scale), np.int64(units))
            else:
                units = n // 8
                a = mref(x, 2 * units) + mref(h, units) + (np.int32(seed), np.int64(units))
            grid = ((units + block * k - 1) // (block * k),)
            launch = lambda f=f, grid=grid, block=block, a=a: f(grid, (block,), a)  # noqa: E731
        launch()  # one launch each: ncu replays it as often as its metrics need
        torch.cuda.synchronize()
        print("profiled", spec, flush=True)


if __name__ == "__main__":
    main()
