#!/usr/bin/env python3
"""Times the MXFP4 stochastic-rounding quantizer (bench/mxfp4/mxfp4.mlir,
lowered to PTX by bench/mxfp4/build.sh) on an NVIDIA GPU against the same
run's device copy and a PyTorch eager MXFP4 SR quantizer, after checking its
bits against the independent model of test/lib (Philox, scale, SR).

    python3 bench/mxfp4/run.py PTX [--log2n 28] [--rounds 5] [--launches 20]

Bytes counted: 4N read (f32) + N/2 (packed E2M1) + N/32 (scales) written;
the copy moves 8N (f32 read + write).
"""

import argparse
import pathlib
import statistics
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "test" / "lib"))
sys.dont_write_bytecode = True
import stochastic_rounding_harness as harness  # noqa: E402
import stochastic_rounding_model as model  # noqa: E402

E2M1 = model.MX_FORMATS["f4E2M1FN"]


def expected(x, seed, blocks):
    """Packed bytes and scales of the first `blocks` blocks, from the model."""
    xb = x[:blocks * 32].view(np.uint32).reshape(blocks, 32)
    amax = np.abs(x[:blocks * 32].reshape(blocks, 32)).max(axis=1)
    field = (amax.view(np.uint32) >> 23).astype(np.int64)
    scales = np.clip(field - 2, 0, 254).astype(np.uint8)
    b = np.arange(blocks, dtype=np.uint64)
    zero = np.zeros(blocks, np.uint32)
    key = [np.full(blocks, seed & 0xFFFFFFFF, np.uint32),
           np.full(blocks, 0xFFFFFFFF if seed < 0 else 0, np.uint32)]
    words = []
    for j in range(2):
        counter = ((2 * b + j) & 0xFFFFFFFF).astype(np.uint32)
        words += harness.philox4x32([counter, zero, zero, zero], key)
    rbits = np.stack(words, axis=1).astype(np.uint32).view(np.uint8)  # [blk, 32]
    quotient = model.scaled_quotient(xb.reshape(-1), np.repeat(scales, 32))
    q = model.stochastic_round(E2M1, quotient, rbits.reshape(-1), 8, True)
    q = q.reshape(blocks, 16, 2)
    packed = (q[:, :, 0] | (q[:, :, 1] << 4)).astype(np.uint8)
    return packed.reshape(-1), scales


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ptx")
    parser.add_argument("--log2n", type=int, default=28)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--launches", type=int, default=20)
    args = parser.parse_args()

    import cupy as cp
    import torch

    n = 1 << args.log2n
    blocks = n // 32
    seed = 1234
    dev = torch.cuda.get_device_name()
    print(f"device: {dev}; torch {torch.__version__}, cupy {cp.__version__}; "
          f"N = 2^{args.log2n} f32")
    gen = torch.Generator(device="cuda").manual_seed(0)
    x = torch.randn(n, device="cuda", generator=gen) * torch.exp2(
        torch.randint(-20, 20, (n // 32, 1), device="cuda", generator=gen)
        .float()).repeat_interleave(32, dim=0).view(-1)
    q = torch.empty(n // 2, dtype=torch.uint8, device="cuda")
    s = torch.empty(blocks, dtype=torch.uint8, device="cuda")
    y = torch.empty_like(x)

    kernel = cp.RawModule(path=args.ptx).get_function("mxfp4_sr")

    def memref(t, size):
        p = np.uint64(t.data_ptr())
        return [p, p, np.int64(0), np.int64(size), np.int64(1)]

    def launch(block):
        grid = (blocks + block - 1) // block
        kernel((grid,), (block,),
               (*memref(x, n // 4), *memref(q, n // 32), *memref(s, blocks),
                np.int32(seed), np.int64(blocks)))

    # Correctness on the first 2^16 blocks.
    launch(256)
    torch.cuda.synchronize()
    check = min(blocks, 1 << 16)
    want_q, want_s = expected(x[:check * 32].cpu().numpy(), seed, check)
    got_q = q[:check * 16].cpu().numpy()
    got_s = s[:check].cpu().numpy()
    bad = int(np.count_nonzero(got_q != want_q) + np.count_nonzero(got_s != want_s))
    print(f"check: {check} blocks against the model: {bad} mismatches")

    def torch_mxfp4_sr():
        xv = x.view(-1, 32)
        amax = xv.abs().amax(dim=1, keepdim=True)
        field = (amax.view(torch.int32) >> 23)
        e = (field - 2).clamp(0, 254)
        scale = torch.exp2((e - 127).float())
        a = (xv / scale).abs()
        ulp = torch.where(a < 2, 0.5, torch.where(a < 4, 1.0, 2.0))
        down = torch.floor(a / ulp) * ulp
        up = torch.rand(a.shape, device="cuda") < (a - down) / ulp
        v = torch.clamp(down + up * ulp, max=6.0)
        code = torch.where(v < 2, v * 2, torch.where(v < 4, v + 2, v / 2 + 4))
        code = code.to(torch.uint8) | ((xv < 0).to(torch.uint8) << 3)
        code = code.view(-1, 16, 2)
        return (code[:, :, 0] | (code[:, :, 1] << 4)), e.to(torch.uint8)

    def time_it(fn):
        rounds = []
        for _ in range(3):
            fn()
        for _ in range(args.rounds):
            start = torch.cuda.Event(enable_timing=True)
            stop = torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(args.launches):
                fn()
            stop.record()
            torch.cuda.synchronize()
            rounds.append(start.elapsed_time(stop) / args.launches * 1e-3)
        return statistics.median(rounds), (max(rounds) - min(rounds)) / statistics.median(rounds)

    copy_t, copy_sp = time_it(lambda: y.copy_(x))
    copy_gbs = 8 * n / copy_t / 1e9
    rows = [("torch copy (8N bytes)", copy_t, copy_sp, copy_gbs)]
    best = None
    for block in (64, 128, 256, 512):
        t, sp = time_it(lambda b=block: launch(b))
        if best is None or t < best[1]:
            best = (block, t, sp)
    quant_bytes = 4 * n + n // 2 + n // 32
    rows.append((f"rng-mlir mxfp4_sr (block {best[0]})", best[1], best[2],
                 quant_bytes / best[1] / 1e9))
    t, sp = time_it(torch_mxfp4_sr)
    rows.append(("torch eager MXFP4 SR", t, sp, quant_bytes / t / 1e9))

    print("| kernel | time (ms) | spread | GB/s | x copy |")
    print("|---|---:|---:|---:|---:|")
    for name, t, sp, gbs in rows:
        print(f"| {name} | {t * 1e3:.3f} | {sp:.1%} | {gbs:.0f} | {gbs / copy_gbs:.2f} |")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
